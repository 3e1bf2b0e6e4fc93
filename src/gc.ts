// A full garbage collection on demand, for long streaming work (a big lead import) that would otherwise
// let V8 pile its short-lived garbage up in the old generation until its next full collection: rows
// parsed while the database works on the previous chunk live just long enough to be promoted, and the
// process's memory climbs by the size of the file before V8 gets round to it. Called while waiting on the
// database, the collection costs no wall time. Node exposes gc() only behind a flag, which V8 also
// accepts at run time; where that fails this does nothing and V8 collects on its own schedule.
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null | undefined;

export function collectGarbage(): void {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
}
