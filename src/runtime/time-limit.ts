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
