// Response shaping for REST: api.md returns inbox, campaign, step and lead objects in camelCase and
// most other responses in snake_case. Services return camelCase; routes pick the shape.
import { snakeCase } from '../src/contracts/validation/validate-input';

/** Renames the keys of an object (and of nested plain objects/arrays) to snake_case. Leaves Dates and
 *  the objects named in `keep` (user data such as lead `vars`) untouched. */
export function snake(value: unknown, keep: ReadonlySet<string> = new Set()): unknown {
  if (Array.isArray(value)) return value.map((v) => snake(v, keep));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[snakeCase(k)] = keep.has(k) ? v : snake(v, keep);
  return out;
}
