// Fair bounded parallelism (src/runtime/concurrency.ts mapFair), what reply polling shares its slots
// with (decisions.md §10): every key's first items start in the first rounds whatever the input order,
// one key holds at most `perKey` slots while another key has an item waiting, a slot nobody else can take
// is not left idle, and results come back in input order.
import { mapFair } from '../../src/runtime/concurrency';

/** Tasks that run until the test ends them, with what each key had running at each start. */
function heldTasks() {
  const started: string[] = [];
  const running = new Map<string, number>();
  const ends = new Map<string, () => void>();
  /** Per start: the key started and what every key then had running. */
  const snapshots: { key: string; running: Record<string, number> }[] = [];
  const fn = (item: string) =>
    new Promise<string>((resolve) => {
      const key = item[0]!;
      started.push(item);
      running.set(key, (running.get(key) ?? 0) + 1);
      snapshots.push({ key, running: Object.fromEntries(running) });
      ends.set(item, () => {
        running.set(key, running.get(key)! - 1);
        resolve(item.toUpperCase());
      });
    });
  /** Ends a running task, then lets the scheduler start what the freed slot lets in. */
  const end = async (item: string) => {
    const finish = ends.get(item);
    if (!finish) throw new Error(`${item} is not running`);
    ends.delete(item);
    finish();
    await tick();
  };
  /** Ends every task, those started meanwhile too. */
  const endAll = async () => {
    while (ends.size) for (const item of [...ends.keys()]) await end(item);
  };
  return { started, snapshots, fn, end, endAll };
}

const keyOf = (item: string) => item[0]!;
const tick = () => new Promise((r) => setImmediate(r));

it("starts every key's first item in the first round, whatever the input order", async () => {
  const t = heldTasks();
  const items = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'b1', 'c1'];
  const run = mapFair(items, keyOf, { limit: 3, perKey: 2 }, t.fn);
  await tick();
  // In input order (mapLimited) a1, a2 and a3 would have started, and b1 and c1 waited on them.
  expect(t.started).toEqual(['a1', 'b1', 'c1']);
  await t.endAll();
  expect(await run).toEqual(items.map((i) => i.toUpperCase()));
});

it('gives one key at most perKey slots while another key has an item waiting, taking turns', async () => {
  const t = heldTasks();
  const items = [...['a0', 'a1', 'a2', 'a3', 'a4', 'a5'], ...['b0', 'b1', 'b2', 'b3'], 'c0'];
  const run = mapFair(items, keyOf, { limit: 5, perKey: 2 }, t.fn);
  await tick();
  expect(t.started).toEqual(['a0', 'b0', 'c0', 'a1', 'b1']);
  // a's tasks hang while b's end one by one: each freed slot goes to b (a is at its share) until b has
  // nothing left waiting; only then does a get one more.
  for (const b of ['b0', 'b1', 'b2']) await t.end(b);
  expect(t.started.slice(5)).toEqual(['b2', 'b3', 'a2']);
  const whileBWaited = t.snapshots.slice(0, t.started.indexOf('b3') + 1);
  expect(Math.max(...whileBWaited.map((s) => s.running.a ?? 0))).toBe(2);
  await t.endAll();
  expect(await run).toEqual(items.map((i) => i.toUpperCase()));
});

it('lends a slot no other key can take to a key at its share, so no slot idles while items wait', async () => {
  const t = heldTasks();
  const run = mapFair(['a1', 'a2', 'a3', 'a4', 'a5', 'b1'], keyOf, { limit: 4, perKey: 2 }, t.fn);
  await tick();
  // a1 and a2 are a's share and b1 is b's only item; the fourth slot goes to a rather than idle.
  expect(t.started).toEqual(['a1', 'b1', 'a2', 'a3']);
  await t.end('b1');
  expect(t.started).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
  await t.endAll();
  expect(await run).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'B1']);
});

it('answers [] for no items, and rejects with the first failure, starting nothing more', async () => {
  expect(await mapFair([], keyOf, { limit: 2, perKey: 1 }, async () => 1)).toEqual([]);
  const started: string[] = [];
  const run = mapFair(['a1', 'a2', 'b1', 'b2'], keyOf, { limit: 1, perKey: 1 }, async (item) => {
    started.push(item);
    if (item === 'b1') throw new Error('b1 failed');
    return item;
  });
  await expect(run).rejects.toThrow('b1 failed');
  await tick();
  expect(started).toEqual(['a1', 'b1']);
});
