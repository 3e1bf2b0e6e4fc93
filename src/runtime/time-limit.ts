// Waiting with an upper bound, for the steps of a stop that must end in time whatever a peer does
// (decisions.md §1: SIGTERM ends within 10 s).

/** Waits for `work` at most `ms`: true when it settled (fulfilled or rejected) in time. A rejection is not
 *  rethrown: a caller that cares attaches its own handler to `work`. */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** `work`, unless `signal` aborts first: then the signal's reason. For a wait on work that cannot itself
 *  be stopped (a shared thread's answer), so the waiter keeps its own deadline; `work` runs on, and a
 *  rejection of it after that is not rethrown. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined);
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const aborted = () => reject(signal.reason as Error);
    signal.addEventListener('abort', aborted, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', aborted));
  });
}
