// Hostile input built to make a parser work hard (decisions.md §10): templates that made the old
// merge-field expression backtrack, deeply nested JSON, and a way to check that work grows in proportion
// to the input without asserting a time in milliseconds.

/** `head`, then `unit` repeated, cut to exactly `size` characters. */
const fill = (head: string, unit: string, size: number) => (head + unit.repeat(Math.ceil(size / unit.length))).slice(0, size);

/** Template families, each at any size: the report's `{{` and blanks, and its relatives. */
export const pathologicalTemplates = {
  'an unclosed {{ and blanks': (size: number) => fill('{{', ' ', size),
  'an unclosed {{ and blanks and tabs': (size: number) => fill('{{', ' \t', size),
  'a name between blanks, unclosed': (size: number) => fill('{{ a', ' ', size - 1) + 'b',
  'blanks around a pipe, unclosed': (size: number) => fill('{{', ' ', size / 2) + fill('|', ' ', size / 2),
  'opening braces only': (size: number) => fill('', '{', size),
  '{{ and a blank, again and again': (size: number) => fill('', '{{ ', size),
  'fields that never close': (size: number) => fill('', '{{a|b ', size),
  'closing braces only': (size: number) => fill('', '}', size),
  'fields back to back': (size: number) => fill('', '{{ a | x }}', size),
  'blank fields broken by line breaks': (size: number) => fill('', '{{   \n', size),
  // The block tags, RANDOM and their misuse (decisions.md §11): opens never closed, nesting far past 3,
  // stray elses and closes, braces that never balance, a RANDOM of 100,000 options.
  '{{#if a}} again and again': (size: number) => fill('', '{{#if a}}', size),
  'conditions nested deep, then closed': (size: number) => fill('', '{{#if a}}', Math.floor(size / 2)) + fill('', '{{/if}}', size - Math.floor(size / 2)),
  'an unclosed {{#if and blanks': (size: number) => fill('{{#if', ' ', size),
  'elses and closes with no block': (size: number) => fill('', '{{else}}{{/if}}{{/unless}}', size),
  'unbalanced braces': (size: number) => fill('', '{{{a}}}}}{{#', size),
  'conditions back to back': (size: number) => fill('', '{{#unless a}}x{{else}}{{a}}{{/unless}}', size),
  'a RANDOM of empty options': (size: number) => fill('{{RANDOM', '|', size - 2) + '}}',
  'RANDOMs back to back': (size: number) => fill('', '{{RANDOM|a|b}}', size),
} satisfies Record<string, (size: number) => string>;

/** The report's column template: `{{` followed by 4,000 spaces (25 s in the old expression). */
export const REPORTED_TEMPLATE = `{{${' '.repeat(4000)}`;

/** A JSON text of `depth` nested arrays around `inner` (the report's body was 5,000 deep). */
export const nestedArrays = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
/** A JSON text of `depth` nested objects `{"a": …}`. */
export const nestedObjects = (depth: number, inner = '1') => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;

/** CPU milliseconds of this process: time it spent running, not time other processes of a busy machine
 *  took from it (a wall clock would charge a long round for every preemption). */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** CPU milliseconds per call of `work`, the least of several rounds (the least is the one not disturbed). */
function msPerCall(work: () => void, calls: number, rounds: number): number {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const start = cpuMs();
    for (let i = 0; i < calls; i++) work();
    best = Math.min(best, (cpuMs() - start) / calls);
  }
  return best;
}

/** The sizes linearityRatio compares: `size / GROWTH` and `size`. */
export const GROWTH = 16;
/** A ratio below this is linear growth with room for a busy machine and for memory effects (allocation
 *  that grows with the text meets caches and collections at one size and not the other); quadratic work
 *  is 256, and the expressions replaced for decisions.md §10 needed seconds to minutes at these sizes. */
export const LINEAR_BOUND = 64;

/**
 * How much longer `work` takes on `make(size)` than on `make(size / 16)`: about 16 when the work is
 * linear, 256 when it is quadratic. The small input is repeated until a round lasts a few milliseconds,
 * so the timer's resolution does not decide the result; each size's best round counts.
 */
export function linearityRatio(make: (size: number) => string, size: number, work: (input: string) => void): number {
  const small = make(Math.floor(size / GROWTH));
  const large = make(size);
  work(small); // warm-up: compiled before it is timed
  work(large);
  let calls = 1;
  while (msPerCall(() => work(small), calls, 1) * calls < 5 && calls < 1 << 16) calls *= 2;
  const largeCalls = Math.max(1, Math.floor(calls / GROWTH));
  let smallMs = Infinity;
  let largeMs = Infinity;
  for (let round = 0; round < 7; round++) {
    smallMs = Math.min(
      smallMs,
      msPerCall(() => work(small), calls, 1),
    );
    largeMs = Math.min(
      largeMs,
      msPerCall(() => work(large), largeCalls, 1),
    );
  }
  return largeMs / smallMs;
}
