// decisions.md §10: templates are parsed in linear time. The scanner (template-scan.ts) replaced a
// regular expression that took 25 s on `{{` and 4,000 spaces; it must read every template exactly as
// that expression did (checked against it on random templates, where it is fast enough), and its time
// must grow in proportion to the input on the inputs that made the expression backtrack.
import fc from 'fast-check';
import { mergeFieldsOf, renderTemplate } from '../../../src/modules/templates/render';
import { templateParts } from '../../../src/modules/templates/template-parse';
import { MAX_BODY_CHARS } from '../../../src/modules/steps/step-rules';
import { TEMPLATE_MAX } from '../../../src/modules/columns/columns.inputs';
import { MAX_ANSWER } from '../../../src/modules/replies/replies.inputs';
import { LINEAR_BOUND, linearityRatio, pathologicalTemplates } from '../../support/pathological';

// The expression the scanner replaced, as the oracle of today's semantics (merge.ts before issue 21).
const OLD_FIELD = /\{\{[ \t]*([^{}|\r\n]*?)[ \t]*(?:\|([^{}\r\n]*))?\}\}/g;

function oldRender(template: string, vars: Record<string, string>): string {
  return template.replace(OLD_FIELD, (whole, name: string, fallback: string | undefined) => {
    if (name === '') return whole;
    const value = Object.prototype.hasOwnProperty.call(vars, name) ? vars[name] : undefined;
    if (value !== undefined && value.trim() !== '') return value;
    return fallback !== undefined ? fallback.trim() : '';
  });
}

const oldFields = (template: string) =>
  [...template.matchAll(OLD_FIELD)].filter((m) => m[1] !== '').map((m) => ({ field: m[1], fallback: m[2] === undefined ? null : m[2].trim() }));

// Templates made of the characters the grammar cares about, so braces, pipes, blanks and line breaks
// meet in every order.
const templateText = fc.string({ unit: fc.constantFrom('{', '}', '|', ' ', '\t', '\n', '\r', 'a', 'B', '-', '\u00a0', 'é'), maxLength: 40 });

describe('templateParts reads templates as the old expression did', () => {
  it('finds the same fields, names and fallbacks', () => {
    fc.assert(
      fc.property(templateText, (t) => {
        expect(mergeFieldsOf(t).map(({ field, fallback }) => ({ field, fallback }))).toEqual(oldFields(t));
      }),
      { seed: 20261126, numRuns: 20_000 },
    );
  });

  it('renders the same text', () => {
    const vars = { a: 'A', B: 'bee', 'a a': 'two words', '-': ' ' };
    fc.assert(
      fc.property(templateText, (t) => {
        expect(renderTemplate(t, vars, { unsubscribeUrl: 'u' }).text).toBe(oldRender(t, vars));
      }),
      { seed: 20261127, numRuns: 20_000 },
    );
  });

  it('gives back the template when its parts are joined', () => {
    fc.assert(
      fc.property(templateText, (t) => {
        expect([...templateParts(t)].map((p) => (p.kind === 'text' ? p.text : p.raw)).join('')).toBe(t);
      }),
      { seed: 20261128, numRuns: 5_000 },
    );
  });

  it('takes a brace before a field as text, and a field right after a broken one', () => {
    expect(renderTemplate('{{{a}} {{a {{a}} {{a}\n}} {{a}b}} {{a}}}', { a: 'X' }, { unsubscribeUrl: '' }).text).toBe('{X {{a X {{a}\n}} {{a}b}} X}');
    expect(mergeFieldsOf('{{ a \t| x | y }}')).toEqual([{ field: 'a', fallback: 'x | y', source: 'lead' }]);
    expect(mergeFieldsOf('{{\u00a0a\u00a0}}')).toEqual([{ field: '\u00a0a\u00a0', fallback: null, source: 'lead' }]);
  });
});

describe('templateParts runs in linear time', () => {
  // Each template family at 1/16 of a size and at the size: the time may grow by about 16, not by 256
  // (quadratic) or 4,096 (cubic, as the old expression on `{{` and blanks).

  it.each(Object.keys(pathologicalTemplates))('%s', (family) => {
    const make = pathologicalTemplates[family as keyof typeof pathologicalTemplates];
    const work = (t: string) => {
      renderTemplate(t, { a: 'x' }, { unsubscribeUrl: '' });
      mergeFieldsOf(t);
    };
    expect(linearityRatio(make, MAX_BODY_CHARS, work)).toBeLessThan(LINEAR_BOUND);
  });

  it('renders and checks a template of every largest allowed size, of every pathological family', () => {
    // Step bodies, saved replies and answers (100,000 characters), column templates (10,000). Finishing at
    // all is the point: the old expression needed hours at these sizes; `npm run bench -- template-render` prints times.
    for (const size of [MAX_BODY_CHARS, MAX_ANSWER, TEMPLATE_MAX]) {
      for (const make of Object.values(pathologicalTemplates)) {
        const t = make(size);
        expect(t.length).toBe(size);
        expect(renderTemplate(t, {}, { unsubscribeUrl: '' }).text.length).toBeLessThanOrEqual(size);
        expect(Array.isArray(mergeFieldsOf(t))).toBe(true);
      }
    }
  });
});
