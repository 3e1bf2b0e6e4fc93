// gc.ts: a full collection on demand, and (ifGrownBy) only once the heap has grown by that much since
// the last one there (lead import collects at chunk boundaries: every chunk cost a third of its CPU).
// What is checked is collectGarbage's own decision (its answer), not V8's collections: V8 also collects on
// its own schedule, at any moment, so counting its collections in a window cannot tell the two apart.
import { collectGarbage } from '../../src/runtime/gc';

describe('collectGarbage', () => {
  it('collects at once when asked without a threshold', () => {
    expect(collectGarbage()).toBe(true);
  });

  it('with ifGrownBy, collects only once the heap has grown by that much since its last collection', () => {
    expect(collectGarbage()).toBe(true);
    expect(collectGarbage({ ifGrownBy: 64 * 1024 * 1024 })).toBe(false);
    const kept: number[][] = [];
    for (let i = 0; i < 64; i++) kept.push(new Array(32 * 1024).fill(i)); // about 16 MB kept alive
    expect(collectGarbage({ ifGrownBy: 64 * 1024 * 1024 })).toBe(false);
    expect(collectGarbage({ ifGrownBy: 8 * 1024 * 1024 })).toBe(true);
    // Measured from that collection on: nothing has grown since.
    expect(collectGarbage({ ifGrownBy: 8 * 1024 * 1024 })).toBe(false);
    expect(kept.length).toBe(64);
  });
});
