// gap.ts (decisions.md §5): the next send waits minGapMinutes plus a uniform random 0..gapJitterMinutes.
import { nextFreeAt } from '../../../src/modules/sending/schedule';

const SENT = new Date('2026-06-10T09:00:00Z');
const minutesAfter = (d: Date) => (d.getTime() - SENT.getTime()) / 60_000;

describe('nextFreeAt', () => {
  it('waits exactly the minimum gap when the draw is 0', () => {
    expect(minutesAfter(nextFreeAt(SENT, 9, 5, () => 0))).toBe(9);
  });

  it('adds the drawn share of the jitter', () => {
    expect(minutesAfter(nextFreeAt(SENT, 9, 5, () => 0.5))).toBeCloseTo(11.5, 3);
  });

  it('reaches the whole jitter at the top of the draw, never more', () => {
    expect(minutesAfter(nextFreeAt(SENT, 9, 5, () => 0.9999999999))).toBe(14);
  });

  it('has no jitter when gapJitterMinutes is 0', () => {
    expect(minutesAfter(nextFreeAt(SENT, 9, 0, () => 0.7))).toBe(9);
  });

  it('stays inside min..min+jitter for random draws', () => {
    for (let i = 0; i < 1000; i++) {
      const m = minutesAfter(nextFreeAt(SENT, 3, 2));
      expect(m).toBeGreaterThanOrEqual(3);
      expect(m).toBeLessThanOrEqual(5);
    }
  });
});
