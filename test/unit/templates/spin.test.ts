// decisions.md §11 Spintax: `{{RANDOM | one | two | three}}` renders one option, the same for a lead,
// step and variant on every render (preview, send, retry), spread evenly over leads: a stable hash of
// the lead id, step and variant (templates/spin.ts), never Math.random.
import { renderTemplate } from '../../../src/modules/templates/render';
import { seedHash, spinIndex, spinSeed } from '../../../src/modules/templates/spin';

const LEADS = 3000;
// Each option within 4 standard deviations of its even share, as a fair draw would be (for three options
// over 3,000 leads: 1,000 ± 103, about ±10%); a fixed set of ids makes the test repeatable.
const SIGMAS = 4;

/** Deterministic lead ids: UUIDs from a seeded generator (mulberry32), as random as PostgreSQL's. */
function leadIds(count: number, seed = 20261126): string[] {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  return Array.from({ length: count }, () => {
    const h = hex(next()) + hex(next()) + hex(next()) + hex(next());
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
  });
}

const render = (template: string, leadId: string, position = 1, variant = 1) =>
  renderTemplate(template, {}, { unsubscribeUrl: '', seed: spinSeed(leadId, { position, variant }) }).text;

function expectEven(counts: Map<string, number>, options: readonly string[], total: number) {
  expect([...counts.keys()].sort()).toEqual([...options].sort());
  const p = 1 / options.length;
  const tolerance = SIGMAS * Math.sqrt(total * p * (1 - p));
  for (const o of options) expect(Math.abs(counts.get(o)! - total * p)).toBeLessThan(tolerance);
}

const tally = (texts: string[]) => texts.reduce((m, t) => m.set(t, (m.get(t) ?? 0) + 1), new Map<string, number>());

describe('RANDOM over 3,000 leads', () => {
  const ids = leadIds(LEADS);
  const template = '{{RANDOM | one | two | three}}';

  it('gives each option an even share (random UUIDs)', () => {
    expectEven(tally(ids.map((id) => render(template, id))), ['one', 'two', 'three'], LEADS);
  });

  it('gives each option an even share when the ids are sequential', () => {
    const sequential = Array.from({ length: LEADS }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expectEven(tally(sequential.map((id) => render(template, id))), ['one', 'two', 'three'], LEADS);
  });

  it('gives a lead the same option every time, for its step and variant', () => {
    const first = ids.map((id) => render(template, id));
    // A second round (a retry, a preview): the same, option for option.
    expect(ids.map((id) => render(template, id))).toEqual(first);
    expect(ids.map((id) => render(`Hello {{first_name}} ${template}`, id).split(' ').pop())).toEqual(first);
  });

  it('draws anew for another step or variant (each even too), and for each RANDOM of one text', () => {
    const step1 = ids.map((id) => render(template, id, 1, 1));
    const step2 = ids.map((id) => render(template, id, 2, 1));
    const variant2 = ids.map((id) => render(template, id, 1, 2));
    expectEven(tally(step2), ['one', 'two', 'three'], LEADS);
    expectEven(tally(variant2), ['one', 'two', 'three'], LEADS);
    // Independent draws agree a third of the time, not always.
    const same = (a: string[], b: string[]) => a.filter((x, i) => x === b[i]).length / a.length;
    expect(same(step1, step2)).toBeGreaterThan(0.25);
    expect(same(step1, step2)).toBeLessThan(0.42);
    expect(same(step1, variant2)).toBeLessThan(0.42);
    const pairs = ids.map((id) => render(`${template} ${template}`, id).split(' '));
    expect(
      same(
        pairs.map((p) => p[0]!),
        pairs.map((p) => p[1]!),
      ),
    ).toBeLessThan(0.42);
    // Nine pairs, each about a ninth.
    expectEven(
      tally(pairs.map((p) => p.join(' '))),
      ['one', 'two', 'three'].flatMap((a) => ['one', 'two', 'three'].map((b) => `${a} ${b}`)),
      LEADS,
    );
  });

  it('spreads two to seven options evenly', () => {
    for (let n = 2; n <= 7; n++) {
      const options = Array.from({ length: n }, (_, i) => `o${i}`);
      expectEven(tally(ids.map((id) => render(`{{RANDOM|${options.join('|')}}}`, id))), options, LEADS);
    }
  });
});

describe('the seed and the hash', () => {
  it('names the lead and the place of the text', () => {
    expect(spinSeed('L', { position: 2, variant: 3 })).toBe('L|step:2:3');
    expect(spinSeed(null, { kind: 'saved-reply', id: 'R' })).toBe('|saved-reply:R');
  });

  it('is MurmurHash3 of the seed and a finalised mix per RANDOM and stream, fixed across processes', () => {
    // Fixed values: a change here changes which option every lead already got (a retry would differ).
    const h = seedHash('lead|step:1:1');
    expect(h).toBe(2692137455);
    expect([0, 1, 2, 3].map((k) => spinIndex(h, k, 1000))).toEqual([817, 623, 654, 137]);
    expect(spinIndex(h, 0, 1000, 1)).not.toBe(spinIndex(h, 0, 1000, 2));
    expect(spinIndex(123, 0, 1)).toBe(0);
    expect(seedHash('ab')).not.toBe(seedHash('ba'));
    expect(seedHash('a')).not.toBe(seedHash('a\u0000'));
  });
});
