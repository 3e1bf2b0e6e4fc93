// api.md Conventions: `{{name}}` inserts a lead field, `{{name|fallback}}` the fallback when the field is
// empty, `{{unsubscribe}}` the lead's unsubscribe link; saved replies use `{{sendingAccountFirstName}}`.
// decisions.md §11: names match ignoring case, spaces, underscores and hyphens (exact first); RANDOM and
// conditions (their parsing: template-parse.test.ts; the draw: spin.test.ts).
import { fieldIndex, fieldKey, isReservedName, leadValue, sameField } from '../../../src/modules/templates/field-names';
import { renderTemplate } from '../../../src/modules/templates/render';
import { spinSeed } from '../../../src/modules/templates/spin';
import { conditionFieldsOf, mergeFieldsOf } from '../../../src/modules/templates/template-fields';

const unsubscribeUrl = 'https://t.example.com/u/TOKEN';
const seed = spinSeed('0190a0b0-aaaa-4bbb-8ccc-dddd11112222', { position: 1, variant: 1 });
const opts = { unsubscribeUrl, sender: { fromName: 'Sam Ünal' }, seed };
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

  it('matches the exact name first, then ignoring case, spaces, underscores and hyphens, in the lead field order', () => {
    const vars = { firstname: 'lower', firstName: 'camel' };
    expect(render('{{firstName}}', vars).text).toBe('camel');
    expect(render('{{firstname}}', vars).text).toBe('lower');
    expect(render('{{FIRSTNAME}}', vars).text).toBe('lower');
    expect(render('{{first name}}', { 'First Name': 'Imported' }).text).toBe('Imported');
  });

  it.each<Record<string, string>>([{ first_name: 'Ana' }, { 'First Name': 'Ana' }, { firstName: 'Ana' }, { 'first-name': 'Ana' }, { FIRSTNAME: 'Ana' }])(
    'finds %o by {{firstName}}, {{first_name}}, {{First Name}} and {{firstname}}',
    (vars) => {
      for (const t of ['{{firstName}}', '{{first_name}}', '{{First Name}}', '{{firstname}}', '{{ first-name }}', '{{FIRST_NAME|x}}']) expect(render(t, vars).text).toBe('Ana');
    },
  );

  it('lets an exact match win over a loose one, wherever it is in the lead', () => {
    const vars = { 'First Name': 'loose', first_name: 'exact' };
    expect(render('{{first_name}}', vars).text).toBe('exact');
    expect(render('{{First Name}}', vars).text).toBe('loose');
    expect(render('{{firstName}}', vars).text).toBe('loose');
    // An exact field that is blank is blank: the loose one does not stand in for it.
    expect(render('{{first_name|x}}', { 'First Name': 'loose', first_name: ' ' }).text).toBe('x');
  });

  it('keeps names apart that differ by more than case, spaces, underscores and hyphens', () => {
    expect(render('{{first.name}}|{{firstnames}}|{{first_name1}}', { first_name: 'Ana' }).text).toBe('||');
    expect(fieldKey('  First_Name-X ')).toBe('firstnamex');
    expect(sameField('Company Name', 'company_name')).toBe(true);
    expect(sameField('Company', 'company name')).toBe(false);
    expect(leadValue({ 'Company Name': 'Acme' }, 'companyName')).toBe('Acme');
    expect([...fieldIndex({ b_1: 'x', 'B 1': 'y' })]).toEqual([['b1', 'b_1']]);
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

  it('inserts the sender first name and full name from the inbox from name, by any spelling', () => {
    expect(render('{{sendingAccountFirstName}} / {{sendingAccountName}} / {{SENDINGACCOUNTFIRSTNAME}}').text).toBe('Sam / Sam Ünal / Sam');
    expect(render('{{sending_account_first_name}} / {{Sending Account Name}}').text).toBe('Sam / Sam Ünal');
    expect(render('{{ un-subscribe }}').text).toBe(unsubscribeUrl);
    expect(['unsubscribe', 'Sending Account Name', 'sending_account_first_name'].every(isReservedName)).toBe(true);
    expect(isReservedName('sender')).toBe(false);
  });

  it('does not let a lead field stand in for the sender', () => {
    expect(render('{{sendingAccountFirstName}}', { sendingAccountFirstName: 'Mallory' }).text).toBe('Sam');
  });

  it('reports sender fields as blank for the inbox when there is no sender or no from name', () => {
    const none = render('Hi, {{sendingAccountFirstName}}', {}, { unsubscribeUrl, sender: null, seed });
    expect(none).toEqual({ text: 'Hi, ', blanks: [{ field: 'sendingAccountFirstName', source: 'sender' }] });
    const empty = render('{{sendingAccountName|The team}}', {}, { unsubscribeUrl, sender: { fromName: ' ' }, seed });
    expect(empty).toEqual({ text: 'The team', blanks: [] });
  });

  it('renders the preview placeholder the caller gives for unsubscribe', () => {
    expect(render('{{unsubscribe}}', {}, { unsubscribeUrl: '{unsubscribe_url}', seed }).text).toBe('{unsubscribe_url}');
  });
});

describe('renderTemplate: conditions and RANDOM', () => {
  it('reports blanks only from the branch rendered', () => {
    const t = '{{#if company}}At {{company}}, {{title}}{{else}}Hi {{firstName}}{{/if}}';
    expect(render(t, { company: 'Acme' })).toEqual({ text: 'At Acme, ', blanks: [{ field: 'title', source: 'lead' }] });
    expect(render(t, {})).toEqual({ text: 'Hi ', blanks: [{ field: 'firstName', source: 'lead' }] });
  });

  it('draws one option per RANDOM from the seed: the same every render, the RANDOMs of a text apart', () => {
    const t = '{{RANDOM|a|b|c|d|e|f|g|h}}{{RANDOM|a|b|c|d|e|f|g|h}}{{RANDOM|a|b|c|d|e|f|g|h}}{{RANDOM|a|b|c|d|e|f|g|h}}';
    const first = render(t).text;
    expect(first).toMatch(/^[a-h]{4}$/);
    for (let i = 0; i < 5; i++) expect(render(t).text).toBe(first);
    // Four draws of eight options all alike would be one seed in 512; over 50 seeds they are not all alike.
    const texts = Array.from({ length: 50 }, (_, i) => render(t, {}, { ...opts, seed: spinSeed(`lead-${i}`, { position: 1, variant: 1 }) }).text);
    expect(texts.filter((x) => new Set(x).size === 1).length).toBeLessThan(5);
    expect(new Set(texts).size).toBeGreaterThan(40);
  });
});

describe('mergeFieldsOf and conditionFieldsOf', () => {
  it('lists the well-formed fields with their fallback and source', () => {
    expect(mergeFieldsOf('{{ firstName | there }} {{company}} {{x|}} {{unsubscribe}} {{sendingAccountName}} {{}} {{RANDOM|a|b}}')).toEqual([
      { field: 'firstName', fallback: 'there', source: 'lead', guarded: false },
      { field: 'company', fallback: null, source: 'lead', guarded: false },
      { field: 'x', fallback: '', source: 'lead', guarded: false },
      { field: 'unsubscribe', fallback: null, source: 'unsubscribe', guarded: false },
      { field: 'sendingAccountName', fallback: null, source: 'sender', guarded: false },
    ]);
  });

  it('marks a field guarded inside a branch that renders only when that very field is non-blank, at any depth', () => {
    const t =
      '{{#if company}}{{company}} {{Company_Name}} {{title}}{{#unless x}}{{ COMPANY }}{{/unless}}{{else}}{{company}}{{/if}}' +
      '{{#unless title}}{{title}}{{else}}{{title}}{{/unless}}{{#if title}}{{#if company}}{{title}}{{/if}}{{/if}}{{company}}';
    expect(mergeFieldsOf(t).map((f) => [f.field, f.guarded])).toEqual([
      ['company', true],
      ['Company_Name', false],
      ['title', false],
      ['COMPANY', true],
      ['company', false], // the else of #if company: the field is blank there
      ['title', false], // #unless title: blank there
      ['title', true], // its else: non-blank
      ['title', true], // inside #if title, two deep
      ['company', false],
    ]);
  });

  it('lists the fields conditions test, in every branch', () => {
    expect(conditionFieldsOf('{{#if a}}{{#unless b}}{{/unless}}{{else}}{{#if c}}{{/if}}{{/if}}{{d}}')).toEqual(['a', 'b', 'c']);
  });
});
