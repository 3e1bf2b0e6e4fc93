// JSON nesting limit (decisions.md §10): a body nested deeper than 64 arrays or objects is refused with
// 400 validation_failed before any validator walks it. The validators recurse once per level, so a
// body of 5,000 nested arrays ran them out of stack (500 internal_error). This walk is iterative and
// stops at the first value past the limit.
import { AppError } from '../errors';

export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests arrays or objects more than `limit` levels deep (`[]` is one level, `[[]]` two). */
export function nestedDeeperThan(value: unknown, limit: number = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, above] = stack.pop()!;
    if (v === null || typeof v !== 'object' || v instanceof Date) continue;
    const depth = above + 1;
    if (depth > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, depth]);
  }
  return false;
}

export function tooDeep(what: string): AppError {
  return new AppError('validation_failed', `The ${what} is nested more than ${MAX_JSON_DEPTH} levels deep; no input of this API nests that far.`, {
    fields: { [what]: [`is nested more than ${MAX_JSON_DEPTH} levels deep`] },
  });
}

/** Throws 400 validation_failed when `value` nests deeper than the limit. */
export function assertJsonDepth(value: unknown, what = 'body'): void {
  if (nestedDeeperThan(value)) throw tooDeep(what);
}
