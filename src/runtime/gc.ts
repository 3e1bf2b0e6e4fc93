// A full garbage collection on demand, for long streaming work (a big lead import) that would otherwise
// let V8 pile its short-lived garbage up in the old generation until its next full collection: rows
// parsed while the database works on the previous chunk live just long enough to be promoted, and the
// process's memory climbs by the size of the file before V8 gets round to it. Node exposes gc() only
// behind a flag, which V8 also accepts at run time; where that fails this does nothing and V8 collects
// on its own schedule.
//
// A full collection marks the whole live heap (about 100 MB in the service: 150-300 ms each), however
// little garbage there is, so it runs only once the heap has grown by `ifGrownBy` since the last one
// here: collecting after every 10,000-row chunk of an import cost the service 1.5-1.7 s of CPU per
// 100,000 rows (10 collections of about 170 ms, lead-import benchmark), a third of its work, on a
// machine whose other core the database needs.
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null | undefined;
/** The heap in use right after the last collection here. */
let usedAfterLast = 0;

const heapUsed = () => v8.getHeapStatistics().used_heap_size;

/** A full collection, now or (`ifGrownBy`, bytes) once the heap has grown by that much since the last one.
 *  Returns whether it collected. */
export function collectGarbage(opts: { ifGrownBy?: number } = {}): boolean {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  if (!gc) return false;
  if (opts.ifGrownBy !== undefined && heapUsed() - usedAfterLast < opts.ifGrownBy) return false;
  gc();
  usedAfterLast = heapUsed();
  return true;
}
