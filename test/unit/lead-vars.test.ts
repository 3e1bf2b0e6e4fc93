// api.md Leads rule 2: a vars value is one line without braces, pipes or angle brackets, at most 500
// characters; blank or null removes the field; a new field name is letters, numbers and underscores.
import { applyVarsPatch, cleanVarValue, clipVarValue, isValidVarName, VAR_VALUE_MAX } from '../../src/modules/leads/lead-vars';

describe('cleanVarValue', () => {
  it('makes one line of every kind of line break, tab and control character', () => {
    expect(cleanVarValue('Acme\r\nInc')).toBe('Acme Inc');
    expect(cleanVarValue('a\nb\rc\u2028d\u2029e\u0085f\tg\u000bh')).toBe('a b c d e f g h');
    expect(cleanVarValue('bell\u0007here')).toBe('bell here');
  });

  it('drops braces, pipes and angle brackets', () => {
    expect(cleanVarValue('{{unsubscribe}} <b>Hi</b> a|b')).toBe('unsubscribe bHi/b ab');
  });

  it('collapses whitespace runs and trims', () => {
    expect(cleanVarValue('  Jane \n\n  Doe  ')).toBe('Jane Doe');
  });

  it('gives an empty string for a value that is only whitespace or forbidden characters', () => {
    expect(cleanVarValue(' \r\n\t ')).toBe('');
    expect(cleanVarValue('{}|<>')).toBe('');
  });

  it('keeps other text, quotes and non-Latin letters as they are', () => {
    expect(cleanVarValue(`O'Brien & "Sons" — Zürich 東京 😀`)).toBe(`O'Brien & "Sons" — Zürich 東京 😀`);
  });
});

describe('clipVarValue', () => {
  it('cuts to 500 characters counting an emoji as one and never splits it', () => {
    const value = '😀'.repeat(VAR_VALUE_MAX + 5);
    const clipped = clipVarValue(value);
    expect(Array.from(clipped)).toHaveLength(VAR_VALUE_MAX);
    expect(clipped).toBe('😀'.repeat(VAR_VALUE_MAX));
    expect(clipVarValue('short')).toBe('short');
  });
});

describe('isValidVarName', () => {
  it.each(['first_name', 'Company', 'x1', '_', 'A_B_2'])('accepts %s', (name) => expect(isValidVarName(name)).toBe(true));
  it.each(['first name', 'e-mail', 'naïve', '', 'a.b', '{{x}}', 'a'.repeat(101)])('refuses %j', (name) => expect(isValidVarName(name)).toBe(false));
});

describe('applyVarsPatch', () => {
  const current = { 'First Name': 'Jane', company: 'Acme' };

  it('sets cleaned values, keeping field order and adding new fields at the end', () => {
    const r = applyVarsPatch(current, { company: ' Acme\nGmbH ', city: 'Berlin' });
    expect(r.problems).toEqual([]);
    expect(r.vars).toEqual({ 'First Name': 'Jane', company: 'Acme GmbH', city: 'Berlin' });
    expect(Object.keys(r.vars!)).toEqual(['First Name', 'company', 'city']);
  });

  it('removes a field sent as null, blank, or as a value that cleans to nothing', () => {
    expect(applyVarsPatch(current, { company: null }).vars).toEqual({ 'First Name': 'Jane' });
    expect(applyVarsPatch(current, { company: '   ' }).vars).toEqual({ 'First Name': 'Jane' });
    expect(applyVarsPatch(current, { company: '{}' }).vars).toEqual({ 'First Name': 'Jane' });
    expect(applyVarsPatch(current, { unknown_field: null }).vars).toEqual(current);
  });

  it('lets an existing field keep a name outside the naming rule; a new one must follow it', () => {
    expect(applyVarsPatch(current, { 'First Name': 'Janet' }).vars).toEqual({ 'First Name': 'Janet', company: 'Acme' });
    expect(applyVarsPatch(current, { 'Last Name': 'Doe' }).problems).toEqual([{ field: 'Last Name', code: 'invalid_field_name' }]);
  });

  it('measures the limit after cleaning: 500 is kept, 501 is refused', () => {
    expect(applyVarsPatch({}, { bio: `${'a'.repeat(VAR_VALUE_MAX)}{}\n` }).vars).toEqual({ bio: 'a'.repeat(VAR_VALUE_MAX) });
    expect(applyVarsPatch({}, { bio: 'a'.repeat(VAR_VALUE_MAX + 1) }).problems).toEqual([{ field: 'bio', code: 'value_too_long' }]);
  });

  it('refuses values that are not strings or null', () => {
    expect(applyVarsPatch({}, { n: 5, o: {}, a: [] }).problems.map((p) => p.code)).toEqual(['invalid_value', 'invalid_value', 'invalid_value']);
  });

  it('keeps a field named __proto__ as a plain field', () => {
    const r = applyVarsPatch({}, JSON.parse('{"__proto__": "x"}'));
    expect(Object.getPrototypeOf(r.vars)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(r.vars, '__proto__')).toBe(true);
    expect(JSON.stringify(r.vars)).toBe('{"__proto__":"x"}');
  });

  it('leaves the current fields untouched', () => {
    const before = { ...current };
    applyVarsPatch(current, { company: null, city: 'Paris' });
    expect(current).toEqual(before);
  });
});
