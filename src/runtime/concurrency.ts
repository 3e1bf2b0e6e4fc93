// Bounded parallelism for work on many independent things (inboxes to poll, model calls): at most
// `limit` at once, results in input order. A failure rejects the whole call, so callers that must go
// on past one failure catch inside `fn`.
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/** At most `perKey` tasks at once for one key (a workspace), in one process: `run` refuses the task
 *  beyond that with `refuse()` rather than queueing it, so a caller learns at once that it must wait. */
export class KeyedSlots {
  private readonly running = new Map<string, number>();

  constructor(readonly perKey: number) {}

  async run<T>(key: string, fn: () => Promise<T>, refuse: () => Error): Promise<T> {
    const taken = this.running.get(key) ?? 0;
    if (taken >= this.perKey) throw refuse();
    this.running.set(key, taken + 1);
    try {
      return await fn();
    } finally {
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
    }
  }

  /** Tasks running for `key` now. */
  count(key: string): number {
    return this.running.get(key) ?? 0;
  }
}
