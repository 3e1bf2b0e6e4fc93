// The one parser of the template language (templates/template-parse.ts; decisions.md §10 and §11).
// - It reads merge fields exactly as the regular expression it replaced did (checked against it on random
//   templates, where that expression is fast enough).
// - Every template parses, and printing the tree back gives the template (nothing is lost, broken tags
//   are kept as written).
// - Every condition form, RANDOM, and every broken tag with its offset.
// - Linear in the text's length on the inputs that make parsers work hard: the parser counts its own
//   work (`steps`), so these tests time nothing; `npm run bench -- template-render` prints the times.
import fc from 'fast-check';
import { TEMPLATE_MAX } from '../../../src/modules/columns/columns.inputs';
import { MAX_ANSWER } from '../../../src/modules/replies/replies.inputs';
import { MAX_BODY_CHARS } from '../../../src/modules/steps/step-rules';
import { renderTemplate } from '../../../src/modules/templates/render';
import { mergeFieldsOf } from '../../../src/modules/templates/template-fields';
import {
  firstTemplateError,
  MAX_ERRORS,
  MAX_NESTING,
  parseTemplate,
  templateErrorText,
  type TemplateErrorKind,
  type TemplateNode,
} from '../../../src/modules/templates/template-parse';
import { pathologicalTemplates, REPORTED_TEMPLATE } from '../../support/pathological';

const opts = { unsubscribeUrl: 'u', seed: 'lead|step:1:1' };
const render = (t: string, vars: Record<string, string> = {}) => renderTemplate(t, vars, opts).text;

/** The tree printed back as text: tags as written. */
function print(nodes: readonly TemplateNode[]): string {
  return nodes
    .map((n) => {
      if (n.kind === 'text') return n.text;
      if (n.kind !== 'condition') return n.raw;
      return n.raw + print(n.then) + (n.otherwise ? n.elseRaw! + print(n.otherwise) : '') + n.closeRaw;
    })
    .join('');
}

/** Nodes in the tree and its depth in blocks. */
function shape(nodes: readonly TemplateNode[]): { nodes: number; depth: number } {
  let count = 0;
  let depth = 0;
  for (const n of nodes) {
    count++;
    if (n.kind !== 'condition') continue;
    const inner = [shape(n.then), shape(n.otherwise ?? [])];
    count += inner[0]!.nodes + inner[1]!.nodes;
    depth = Math.max(depth, 1 + inner[0]!.depth, 1 + inner[1]!.depth);
  }
  return { nodes: count, depth };
}

// ---------------------------------------------------------------------------------------------------
describe('merge fields read as the old expression read them', () => {
  // The expression the scanner replaced, as the oracle of merge-field semantics (before issue 21).
  const OLD_FIELD = /\{\{[ \t]*([^{}|\r\n]*?)[ \t]*(?:\|([^{}\r\n]*))?\}\}/g;
  const oldRender = (template: string, vars: Record<string, string>) =>
    template.replace(OLD_FIELD, (whole, name: string, fallback: string | undefined) => {
      if (name === '') return whole;
      const value = Object.prototype.hasOwnProperty.call(vars, name) ? vars[name] : undefined;
      if (value !== undefined && value.trim() !== '') return value;
      return fallback !== undefined ? fallback.trim() : '';
    });
  const oldFields = (template: string) =>
    [...template.matchAll(OLD_FIELD)].filter((m) => m[1] !== '').map((m) => ({ field: m[1], fallback: m[2] === undefined ? null : m[2].trim() }));
  // Templates of the characters the merge-field grammar cares about (no `#`, `/`, else or RANDOM), so
  // braces, pipes, blanks and line breaks meet in every order.
  const templateText = fc.string({ unit: fc.constantFrom('{', '}', '|', ' ', '\t', '\n', '\r', 'a', 'B', '-', '\u00a0', 'é'), maxLength: 40 });

  it('finds the same fields, names and fallbacks', () => {
    fc.assert(
      fc.property(templateText, (t) => {
        expect(mergeFieldsOf(t).map(({ field, fallback }) => ({ field, fallback }))).toEqual(oldFields(t));
      }),
      { seed: 20261126, numRuns: 20_000 },
    );
  });

  it('renders the same text (names spelt as the lead has them)', () => {
    const vars = { a: 'A', B: 'bee', 'a a': 'two words', '-': ' ' };
    fc.assert(
      fc.property(templateText, (t) => {
        // The old expression matched names exactly; the same names here find the same fields.
        fc.pre(mergeFieldsOf(t).every((f) => f.field in vars || !/[aAbB]/.test(f.field)));
        expect(render(t, vars)).toBe(oldRender(t, vars));
      }),
      { seed: 20261127, numRuns: 20_000 },
    );
  });

  it('takes a brace before a field as text, and a field right after a broken one', () => {
    expect(render('{{{a}} {{a {{a}} {{a}\n}} {{a}b}} {{a}}}', { a: 'X' })).toBe('{X {{a X {{a}\n}} {{a}b}} X}');
    expect(mergeFieldsOf('{{ a \t| x | y }}')).toEqual([{ field: 'a', fallback: 'x | y', source: 'lead', guarded: false }]);
    expect(mergeFieldsOf('{{\u00a0a\u00a0}}')).toEqual([{ field: '\u00a0a\u00a0', fallback: null, source: 'lead', guarded: false }]);
  });
});

// ---------------------------------------------------------------------------------------------------
describe('every template parses, and its tree prints back as the template', () => {
  const tagText = fc.string({
    unit: fc.constantFrom('{{', '}}', '{', '}', '|', ' ', '\n', 'a', '#if ', '#unless ', '#if', '#each', 'else', '/if', '/unless', '/', '#', 'RANDOM', 'x'),
    maxLength: 30,
  });

  it('keeps every character, in order, whatever the tags', () => {
    fc.assert(
      fc.property(tagText, (t) => {
        const parsed = parseTemplate(t);
        expect(print(parsed.nodes)).toBe(t);
        expect(shape(parsed.nodes).depth).toBeLessThanOrEqual(MAX_NESTING);
        expect(parsed.errors.map((e) => e.at)).toEqual([...parsed.errors.map((e) => e.at)].sort((x, y) => x - y));
      }),
      { seed: 20261201, numRuns: 20_000 },
    );
  });

  it('names each broken tag as written, at its offset', () => {
    fc.assert(
      fc.property(tagText, (t) => {
        for (const e of parseTemplate(t).errors) expect(t.startsWith(e.tag, e.at) && e.tag.startsWith('{{') && e.tag.endsWith('}}')).toBe(true);
      }),
      { seed: 20261202, numRuns: 5_000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------
describe('conditions', () => {
  const lead = { company: 'Acme', title: '', 'First Name': 'Ana' };

  it('{{#if}} renders its branch when the field is non-blank, else its {{else}}', () => {
    expect(render('Hi{{#if company}} at {{company}}{{/if}}.', lead)).toBe('Hi at Acme.');
    expect(render('Hi{{#if title}} the {{title}}{{/if}}.', lead)).toBe('Hi.');
    expect(render('{{#if title}}{{title}}{{else}}there{{/if}}', lead)).toBe('there');
    expect(render('{{#if nothing}}a{{else}}b{{/if}}', lead)).toBe('b');
    expect(render('{{#if company}}a{{else}}b{{/if}}', { company: ' \t' })).toBe('b');
  });

  it('{{#unless}} is the other way round, with or without {{else}}', () => {
    expect(render('{{#unless title}}no title{{/unless}}', lead)).toBe('no title');
    expect(render('{{#unless company}}no company{{else}}at {{company}}{{/unless}}', lead)).toBe('at Acme');
  });

  it('finds the field as merge fields do: exact first, then ignoring case, spaces, underscores and hyphens', () => {
    expect(render('{{#if first_name}}Hi {{firstName}}{{/if}}', lead)).toBe('Hi Ana');
    expect(render('{{#IF First-Name}}yes{{/If}}', lead)).toBe('yes');
    expect(render('{{#if sendingAccountName}}from {{sendingAccountName}}{{else}}anonymous{{/if}}', {})).toBe('anonymous');
    expect(renderTemplate('{{#if sending_account_name}}from {{sendingAccountFirstName}}{{/if}}', {}, { ...opts, sender: { fromName: 'Sam Lee' } }).text).toBe('from Sam');
  });

  it('nests up to three deep and holds merge fields and RANDOM', () => {
    const t = '{{#if company}}A{{#if First Name}}B {{ first name }}{{#unless title}}C{{RANDOM|x|x}}{{/unless}}{{/if}}{{/if}}';
    expect(firstTemplateError(t)).toBeNull();
    expect(render(t, lead)).toBe('AB AnaCx');
    const parsed = parseTemplate(t);
    expect(shape(parsed.nodes).depth).toBe(3);
    expect(parsed.randoms).toBe(1);
  });

  it('allows blanks inside the tags and any case of the keywords', () => {
    expect(firstTemplateError('{{ #if company }}x{{ ELSE }}y{{ /IF }}')).toBeNull();
    expect(render('{{ #if company }}x{{ ELSE }}y{{ /IF }}', lead)).toBe('x');
  });
});

// ---------------------------------------------------------------------------------------------------
describe('RANDOM', () => {
  it('is RANDOM, any case, with a pipe; its options are trimmed plain text, empty ones included', () => {
    const [node] = parseTemplate('{{ random | Hi there |Hello| }}').nodes;
    expect(node).toMatchObject({ kind: 'random', options: ['Hi there', 'Hello', ''], ordinal: 0 });
    // Without a pipe it is a merge field named RANDOM.
    expect(parseTemplate('{{RANDOM}}').nodes[0]).toMatchObject({ kind: 'field', name: 'RANDOM' });
    expect(parseTemplate('{{RANDOMLY|x}}').nodes[0]).toMatchObject({ kind: 'field', name: 'RANDOMLY', fallback: 'x' });
  });

  it('numbers the RANDOMs of a template in the order written, in every branch', () => {
    const parsed = parseTemplate('{{RANDOM|a|b}} {{#if x}}{{RANDOM|c|d}}{{else}}{{RANDOM|e|f}}{{/if}}');
    expect(parsed.randoms).toBe(3);
  });
});

// ---------------------------------------------------------------------------------------------------
describe('broken tags: each kind, at the offset of its `{{`', () => {
  const cases: [string, TemplateErrorKind, number][] = [
    ['Hi {{#each items}}x', 'unknown_tag', 3],
    ['{{#iffy a}}x{{/iffy}}', 'unknown_tag', 0],
    ['{{#if-a}}x{{/if}}', 'unknown_tag', 0],
    ['ab{{/for}}', 'unknown_tag', 2],
    ['{{#if}}x{{/if}}', 'no_field', 0],
    ['{{#unless  }}x{{/unless}}', 'no_field', 0],
    ['{{#if a|b}}x{{/if}}', 'no_field', 0],
    ['x {{else}} y', 'stray_else', 2],
    ['{{#if a}}x{{else}}y{{else}}z{{/if}}', 'second_else', 19],
    ['x{{/if}}', 'stray_close', 1],
    ['{{#if a}}x{{/unless}}', 'mismatched_close', 10],
    ['Hello {{#if a}}x', 'unclosed', 6],
    ['{{#if a}}{{#if b}}{{#if c}}{{#if d}}x{{/if}}{{/if}}{{/if}}{{/if}}', 'too_deep', 27],
  ];

  it.each(cases)('%s: %s at %i', (template, kind, at) => {
    const parsed = parseTemplate(template);
    expect(parsed.errors[0]).toMatchObject({ kind, at });
    expect(firstTemplateError(template)).toEqual(parsed.errors[0]);
    expect(templateErrorText(parsed.errors[0]!)).toContain(`at character ${at}`);
    // Broken tags render as written; the rest still works.
    expect(print(parsed.nodes)).toBe(template);
  });

  it('renders an unclosed block as text with its contents in place, and a ghost block too deep as text', () => {
    expect(render('Hello {{#if a}}{{b}} there', { a: 'A', b: 'B' })).toBe('Hello {{#if a}}B there');
    expect(render('{{#if a}}x{{else}}{{b}}', { b: 'B' })).toBe('{{#if a}}x{{else}}B');
    const deep = '{{#if a}}1{{#if a}}2{{#if a}}3{{#if a}}4{{else}}5{{/if}}6{{/if}}7{{/if}}8{{/if}}';
    expect(render(deep, { a: 'y' })).toBe('123{{#if a}}4{{else}}5{{/if}}678');
  });

  it('lists the errors in offset order, the unclosed ones among them, at most MAX_ERRORS', () => {
    const parsed = parseTemplate('{{#if a}}{{#if c}}{{/unless}}{{/unless}}{{/if}}{{#if b}}');
    expect(parsed.errors.map((e) => [e.kind, e.at])).toEqual([
      ['mismatched_close', 18],
      ['mismatched_close', 29],
      ['stray_close', 40],
      ['unclosed', 47],
    ]);
    expect(parseTemplate('{{#if a}}{{#if b}}{{/if}}').errors.map((e) => [e.kind, e.at])).toEqual([['unclosed', 0]]);
    expect(parseTemplate('{{else}}'.repeat(1000)).errors).toHaveLength(MAX_ERRORS);
    const opens = parseTemplate('{{#if a}}'.repeat(1000)).errors;
    expect(opens).toHaveLength(MAX_ERRORS);
    expect(opens[0]).toMatchObject({ kind: 'unclosed', at: 0 });
  });

  it('shows a long tag cut, and leaves merge fields and RANDOM unbreakable (anything else is text)', () => {
    expect(parseTemplate(`{{#each ${'x'.repeat(200)}}}`).errors[0]!.tag).toHaveLength(80);
    for (const ok of ['{{}}', '{{ }}', '{{|x}}', '{{a', '{{RANDOM|}}', '{{RANDOM', '{{a}', '}}', '{{#if a}\n}}', '{{#if a} }}', '{ {#if a}}'])
      expect(firstTemplateError(ok)).toBeNull();
    expect(firstTemplateError('x{{{#}}}')).toMatchObject({ kind: 'unknown_tag', at: 2, tag: '{{#}}' });
  });
});

// ---------------------------------------------------------------------------------------------------
describe('linear in the length of the text', () => {
  // The parser counts the characters it looks at and the tags and blocks it handles. Linear: at most a
  // few steps per character, and ten times the text is ten times the steps (quadratic would be 100×).
  const STEPS_PER_CHAR = 4;

  const families: Record<string, (size: number) => string> = {
    ...pathologicalTemplates,
    '{{ and 100,000 spaces': (size) => `{{${' '.repeat(size - 2)}`,
    '{{#if a}} 50,000 times': (size) => '{{#if a}}'.repeat(Math.ceil(size / 9)).slice(0, size),
  };

  it.each(Object.keys(families))('%s', (family) => {
    const make = families[family]!;
    const small = parseTemplate(make(10_000));
    const large = parseTemplate(make(100_000));
    expect(small.steps).toBeLessThanOrEqual(STEPS_PER_CHAR * 10_000);
    expect(large.steps).toBeLessThanOrEqual(STEPS_PER_CHAR * 100_000);
    const ratio = large.steps / small.steps;
    expect(ratio).toBeGreaterThan(9);
    expect(ratio).toBeLessThan(11);
    // The tree is no bigger than the work that built it, and never deeper than MAX_NESTING: whatever
    // walks it (rendering, the checks) is linear too.
    const { nodes, depth } = shape(large.nodes);
    expect(nodes).toBeLessThanOrEqual(large.steps);
    expect(depth).toBeLessThanOrEqual(MAX_NESTING);
  });

  it('parses 50,000 {{#if a}} (450,000 characters) in steps proportional to its length', () => {
    const t = '{{#if a}}'.repeat(50_000);
    const parsed = parseTemplate(t);
    expect(parsed.steps).toBeLessThanOrEqual(STEPS_PER_CHAR * t.length);
    expect(parsed.errors[0]).toMatchObject({ kind: 'unclosed', at: 0 });
    expect(render(t, { a: 'x' })).toBe(t);
  });

  it('renders and checks a template of every largest allowed size, of every pathological family', () => {
    // Step bodies, saved replies and answers (100,000 characters), column templates (10,000). Finishing at
    // all is the point: the old expression needed hours at these sizes; `npm run bench -- template-render` prints times.
    for (const size of [MAX_BODY_CHARS, MAX_ANSWER, TEMPLATE_MAX]) {
      for (const make of [...Object.values(pathologicalTemplates), () => REPORTED_TEMPLATE.padEnd(size)]) {
        const t = make(size);
        expect(t.length).toBe(size);
        expect(render(t, { a: 'x' }).length).toBeLessThanOrEqual(size);
        expect(Array.isArray(mergeFieldsOf(t))).toBe(true);
      }
    }
  });
});
