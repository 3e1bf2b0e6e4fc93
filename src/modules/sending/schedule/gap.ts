// The gap between two sends of one inbox (decisions.md §5): minGapMinutes plus a uniform random
// 0..gapJitterMinutes, so sends do not tick like a clock. The random source is a parameter, so the
// engine draws once per send and tests are exact.

export type Random = () => number;

/** When the inbox may send again after a send at `lastSentAt`; `random` returns [0, 1). */
export function nextFreeAt(lastSentAt: Date, minGapMinutes: number, gapJitterMinutes: number, random: Random = Math.random): Date {
  const jitterMs = Math.floor(random() * (Math.max(0, gapJitterMinutes) * 60_000 + 1));
  return new Date(lastSentAt.getTime() + Math.max(0, minGapMinutes) * 60_000 + jitterMs);
}
