// Service values in words: snake_case keys and an error's or a reason's `details` object, so a refusal
// reads as a sentence rather than JSON.
import { count } from '../../ui/format';

/** "in_another_campaign" → "in another campaign". */
export const words = (key: string): string =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();

function valueInWords(value: unknown): string {
  if (typeof value === 'number') return count(value);
  if (Array.isArray(value)) return value.map(valueInWords).join('; ');
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    // {name, leads} and the like: the name first, then the figures.
    const name = typeof o.name === 'string' ? o.name : null;
    const rest = Object.entries(o).filter(([k]) => k !== 'name');
    const figures = rest.map(([k, v]) => `${valueInWords(v)} ${words(k)}`).join(', ');
    return name ? `${name} (${figures})` : figures;
  }
  return String(value);
}

/** One line per detail: "columns: company (3 leads); title (1 leads)". */
export function detailsInWords(details: Record<string, unknown> | null | undefined): string[] {
  if (!details) return [];
  return Object.entries(details).map(([k, v]) => `${words(k)}: ${valueInWords(v)}`);
}

/** ["a", "b", "c"] → "a, b or c". */
export function either(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
