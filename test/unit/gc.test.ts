// gc.ts: a full collection on demand, and (ifGrownBy) only once the heap has grown by that much since
// the last one there (lead import collects at chunk boundaries: every chunk cost a third of its CPU).
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { collectGarbage } from '../../src/gc';

/** How many full (major) collections `fn` set off, as V8 reports them to perf_hooks. */
async function majorCollections(fn: () => void): Promise<number> {
  let n = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) n++;
  });
  observer.observe({ entryTypes: ['gc'] });
  fn();
  await new Promise((r) => setTimeout(r, 50)); // entries are delivered asynchronously
  observer.disconnect();
  return n;
}

describe('collectGarbage', () => {
  it('collects at once when asked without a threshold', async () => {
    expect(await majorCollections(() => collectGarbage())).toBeGreaterThanOrEqual(1);
  });

  it('with ifGrownBy, collects only once the heap has grown by that much since its last collection', async () => {
    collectGarbage();
    expect(await majorCollections(() => collectGarbage({ ifGrownBy: 64 * 1024 * 1024 }))).toBe(0);
    const kept: number[][] = [];
    for (let i = 0; i < 64; i++) kept.push(new Array(32 * 1024).fill(i)); // about 16 MB kept alive
    expect(await majorCollections(() => collectGarbage({ ifGrownBy: 8 * 1024 * 1024 }))).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBe(64);
  });
});
