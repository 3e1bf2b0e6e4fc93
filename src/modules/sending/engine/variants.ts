// Which variant of an email step a lead gets (api.md Steps rule 8, Campaign abWinnerMetric/abOptimizeAfter).
// Only enabled variants get new sends. A lead keeps the variant number it got on its first email while
// that number is enabled on the step, so a thread stays one voice; otherwise (first email, or its
// number is off or missing here) the step's enabled variants are shared out evenly (fewest sends
// first), until an A/B winner is known: once the step has `abOptimizeAfter` sends and a metric is set,
// every new choice takes the variant with the best rate on that metric.
import type { Variant } from '../../steps/step.entity';

export interface VariantStats {
  /** Variant number (from 1). */
  variant: number;
  sent: number;
  /** Emails of the variant with the metric's event (a reply, a positive reply, an open, a click). */
  hits: number;
}

export type WinnerMetric = 'reply' | 'positive' | 'open' | 'click' | null;

/** Variant numbers (from 1) that are enabled (a variant without `enabled` is on). */
export const enabledVariants = (variants: readonly Variant[]): number[] => variants.map((v, i) => (v.enabled === false ? 0 : i + 1)).filter((n) => n > 0);

export function chooseVariant(
  variants: readonly Variant[],
  leadVariant: number | null,
  stats: readonly VariantStats[],
  ab: { metric: WinnerMetric; after: number },
): number | null {
  const enabled = enabledVariants(variants);
  if (!enabled.length) return null;
  if (leadVariant !== null && enabled.includes(leadVariant)) return leadVariant;
  const of = (n: number) => stats.find((s) => s.variant === n) ?? { variant: n, sent: 0, hits: 0 };
  const total = stats.reduce((a, s) => a + s.sent, 0);
  if (ab.metric && ab.after > 0 && total >= ab.after && enabled.length > 1) {
    const rate = (n: number) => (of(n).sent ? of(n).hits / of(n).sent : 0);
    return [...enabled].sort((a, b) => rate(b) - rate(a) || a - b)[0]!;
  }
  return [...enabled].sort((a, b) => of(a).sent - of(b).sent || a - b)[0]!;
}
