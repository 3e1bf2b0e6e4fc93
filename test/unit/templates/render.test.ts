// api.md Conventions: `{{name}}` inserts a lead field, `{{name|fallback}}` the fallback when the field is
// empty, `{{unsubscribe}}` the lead's unsubscribe link; saved replies use `{{sendingAccountFirstName}}`.
import { mergeFieldsOf, renderTemplate } from '../../../src/modules/templates/render';

const unsubscribeUrl = 'https://t.example.com/u/TOKEN';
const opts = { unsubscribeUrl, sender: { fromName: 'Sam Ünal' } };
const render = (t: string, vars: Record<string, string> = {}, o: Parameters<typeof renderTemplate>[2] = opts) => renderTemplate(t, vars, o);

describe('renderTemplate: lead fields and fallbacks', () => {
  it('inserts a lead field', () => {
    expect(render('Hi {{firstName}}!', { firstName: 'Ana' })).toEqual({ text: 'Hi Ana!', blanks: [] });
  });

  it('uses the fallback when the field is missing or blank, and the field when it has a value', () => {
    expect(render('Hi {{firstName|there}}', {}).text).toBe('Hi there');
    expect(render('Hi {{firstName|there}}', { firstName: '  ' }).text).toBe('Hi there');
    expect(render('Hi {{firstName|there}}', { firstName: 'Ana' }).text).toBe('Hi Ana');
    expect(render('Hi {{firstName|there}}', {}).blanks).toEqual([]);
  });

  it('tolerates whitespace inside the braces and around the pipe', () => {
    expect(render('Hi {{ firstName }} / {{  lastName | friend  }}', { firstName: 'Ana' }).text).toBe('Hi Ana / friend');
  });

  it('keeps spaces inside a fallback', () => {
    expect(render('{{company|your team}}').text).toBe('your team');
  });

  it('matches the exact name first, then case-insensitively in the lead field order', () => {
    const vars = { firstname: 'lower', firstName: 'camel' };
    expect(render('{{firstName}}', vars).text).toBe('camel');
    expect(render('{{firstname}}', vars).text).toBe('lower');
    expect(render('{{FIRSTNAME}}', vars).text).toBe('lower');
    expect(render('{{first name}}', { 'First Name': 'Imported' }).text).toBe('Imported');
  });

  it('renders an unknown or empty field without fallback as empty and reports it once', () => {
    const r = render('Hi {{firstName}}, {{ company }} and {{firstName}} {{role}}', { role: '' });
    expect(r.text).toBe('Hi ,  and  ');
    expect(r.blanks).toEqual([
      { field: 'firstName', source: 'lead' },
      { field: 'company', source: 'lead' },
      { field: 'role', source: 'lead' },
    ]);
  });

  it('does not report a field whose empty fallback was asked for on purpose', () => {
    expect(render('Hi{{ title| }} Ana')).toEqual({ text: 'Hi Ana', blanks: [] });
  });

  it('handles field names that are object keys without reading the prototype', () => {
    expect(render('[{{__proto__}}][{{constructor}}][{{toString|x}}]').text).toBe('[][][x]');
  });
});

describe('renderTemplate: values are text, rendered once', () => {
  it('does not merge again inside an inserted value', () => {
    const r = render('{{a}} {{b}}', { a: '{{b}}', b: '{{unsubscribe}}' });
    expect(r.text).toBe('{{b}} {{unsubscribe}}');
  });

  it('inserts dollar patterns literally', () => {
    expect(render('{{a}}', { a: "$& $1 $' $$" }).text).toBe("$& $1 $' $$");
  });

  it('leaves text that is not a well-formed field as written', () => {
    expect(render('{{}} {{ }} {{firstName} {firstName}} {{first\nName}} {{|x}}', { firstName: 'Ana' }).text).toBe('{{}} {{ }} {{firstName} {firstName}} {{first\nName}} {{|x}}');
  });
});

describe('renderTemplate: reserved fields', () => {
  it('inserts the unsubscribe URL, whatever the case, ahead of a lead field of the same name', () => {
    expect(render('Stop: {{unsubscribe}} {{ Unsubscribe }}', { unsubscribe: 'https://evil.example/' }).text).toBe(`Stop: ${unsubscribeUrl} ${unsubscribeUrl}`);
  });

  it('inserts the sender first name and full name from the inbox from name', () => {
    expect(render('{{sendingAccountFirstName}} / {{sendingAccountName}} / {{SENDINGACCOUNTFIRSTNAME}}').text).toBe('Sam / Sam Ünal / Sam');
  });

  it('does not let a lead field stand in for the sender', () => {
    expect(render('{{sendingAccountFirstName}}', { sendingAccountFirstName: 'Mallory' }).text).toBe('Sam');
  });

  it('reports sender fields as blank for the inbox when there is no sender or no from name', () => {
    const none = render('Hi, {{sendingAccountFirstName}}', {}, { unsubscribeUrl, sender: null });
    expect(none).toEqual({ text: 'Hi, ', blanks: [{ field: 'sendingAccountFirstName', source: 'sender' }] });
    const empty = render('{{sendingAccountName|The team}}', {}, { unsubscribeUrl, sender: { fromName: ' ' } });
    expect(empty).toEqual({ text: 'The team', blanks: [] });
  });

  it('renders the preview placeholder the caller gives for unsubscribe', () => {
    expect(render('{{unsubscribe}}', {}, { unsubscribeUrl: '{unsubscribe_url}' }).text).toBe('{unsubscribe_url}');
  });
});

describe('mergeFieldsOf', () => {
  it('lists the well-formed fields with their fallback and source', () => {
    expect(mergeFieldsOf('{{ firstName | there }} {{company}} {{x|}} {{unsubscribe}} {{sendingAccountName}} {{}}')).toEqual([
      { field: 'firstName', fallback: 'there', source: 'lead' },
      { field: 'company', fallback: null, source: 'lead' },
      { field: 'x', fallback: '', source: 'lead' },
      { field: 'unsubscribe', fallback: null, source: 'unsubscribe' },
      { field: 'sendingAccountName', fallback: null, source: 'sender' },
    ]);
  });
});
