// Bounded parallelism for work on many independent things (model calls, address checks): at most
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

/**
 * mapLimited for items that belong to keys (inboxes to workspaces), fair between keys (decisions.md §10):
 * at most `limit` at once, and while another key has an item waiting, at most `perKey` of one key's.
 * Each free slot goes to the next key in turn (round-robin over the keys, in the order they first
 * appear) that has an item waiting and fewer than `perKey` running, so every key's first items start in
 * the first rounds whatever the input order, and a key whose items hang holds `perKey` slots, not all of
 * them. A slot no such key can take goes to a key already at `perKey` (the one with the fewest running):
 * the other keys have nothing left to start, and leaving it idle would only make the whole run longer.
 * One key's items start in input order; results come in input order. A failure rejects the call and
 * starts nothing more, so callers that must go on past one failure catch inside `fn`.
 */
export function mapFair<T, R>(items: readonly T[], keyOf: (item: T) => string, opts: { limit: number; perKey: number }, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  if (!items.length) return Promise.resolve(out);
  const limit = Math.max(1, opts.limit);
  const perKey = Math.max(1, opts.perKey);
  const waiting = new Map<string, number[]>();
  items.forEach((item, i) => {
    const key = keyOf(item);
    const queue = waiting.get(key);
    if (queue) queue.push(i);
    else waiting.set(key, [i]);
  });
  /** Keys with items waiting, in turn order; `turn` is the next to be offered a slot. */
  const ring = [...waiting.keys()];
  let turn = 0;
  const running = new Map<string, number>();
  const busy = (key: string) => running.get(key) ?? 0;

  /** The ring position of the key the next slot goes to. */
  const nextKey = (): number => {
    for (let n = 0; n < ring.length; n++) {
      const at = (turn + n) % ring.length;
      if (busy(ring[at]!) < perKey) return at;
    }
    let best = turn % ring.length;
    for (let n = 1; n < ring.length; n++) {
      const at = (turn + n) % ring.length;
      if (busy(ring[at]!) < busy(ring[best]!)) best = at;
    }
    return best;
  };

  return new Promise<R[]>((resolve, reject) => {
    let active = 0;
    let finished = 0;
    let failed = false;
    const launch = () => {
      while (!failed && active < limit && ring.length) {
        const at = nextKey();
        const key = ring[at]!;
        const queue = waiting.get(key)!;
        const i = queue.shift()!;
        // The key's last waiting item: it leaves the ring, and the key after it (now at `at`) is next.
        if (queue.length) turn = (at + 1) % ring.length;
        else {
          ring.splice(at, 1);
          turn = ring.length ? at % ring.length : 0;
        }
        active++;
        running.set(key, busy(key) + 1);
        Promise.resolve()
          .then(() => fn(items[i]!, i))
          .then(
            (result) => {
              out[i] = result;
              active--;
              running.set(key, busy(key) - 1);
              if (++finished === items.length) resolve(out);
              else launch();
            },
            (err: unknown) => {
              failed = true;
              reject(err);
            },
          );
      }
    };
    launch();
  });
}
