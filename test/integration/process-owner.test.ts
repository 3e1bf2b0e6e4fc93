// The process owner (src/storage/process-owner.ts) and the lease check every area's claims use
// (src/storage/owner-sql.ts), on the test run's PostgreSQL:
// - a lease counts while its time has not run out and its holder holds its owner lock, and not a moment
//   after the holder's connection ends;
// - a connection that stops answering (a network cut, played by a proxy that stops forwarding) is given
//   up by the process, and the holders of its locks told, with their grace still ahead before the server
//   would drop the locks; once the server is reachable again the owner lock is taken again.
import net from 'node:net';
import { Client } from 'pg';
import { leaseFreeSql, leaseHeldSql, ownerAliveSql } from '../../src/storage/owner-sql';
import { CLIENT_NOTICE_MS, HOLDER_GRACE_MS, ProcessOwner, SERVER_DROP_MS } from '../../src/storage/process-owner';
import { silentLogger, type Logger } from '../../src/observability/logger';
import { DELIVERY_TIMEOUT_MS } from '../../src/modules/webhooks/retry-schedule';
import { waitUntil } from '../support/service-process';

jest.setTimeout(120_000);

const url = () => process.env.TEST_DATABASE_URL!;
let sql: Client;
const owners: ProcessOwner[] = [];

beforeAll(async () => {
  sql = new Client({ connectionString: url() });
  await sql.connect();
});
afterAll(async () => {
  for (const o of owners) await o.close();
  await sql.end();
});

const start = async (dbUrl = url(), log: Logger = silentLogger) => {
  const owner = await ProcessOwner.start(dbUrl, log);
  owners.push(owner);
  return owner;
};

const alive = async (name: string) => (await sql.query<{ ok: boolean }>(`select ${ownerAliveSql('$1::text')} as ok`, [name])).rows[0]!.ok;

it('counts a lease while its time has not run out and its holder lives, and frees it the moment the holder is gone', async () => {
  const holder = await start();
  const gone = await start();
  await gone.close();
  const later = new Date(Date.now() + 60_000);
  const earlier = new Date(Date.now() - 60_000);
  const cases: [string, Date | null, string | null, boolean][] = [
    ['time left, holder alive', later, holder.name, true],
    ['time run out, holder alive', earlier, holder.name, false],
    ['time left, holder gone', later, gone.name, false],
    ['time left, holder never seen', later, 'elsewhere:1:00000000', false],
    ['no lease', null, holder.name, false],
    ['time left, no holder named', later, null, false],
  ];
  const judged = [];
  for (const [what, until, name] of cases) {
    const { rows } = await sql.query<{ held: boolean; free: boolean }>(
      `select ${leaseHeldSql('$1::timestamptz', '$2::text', 'now()')} as held, ${leaseFreeSql('$1::timestamptz', '$2::text', 'now()')} as free`,
      [until, name],
    );
    judged.push([what, rows[0]!.held, rows[0]!.free]);
  }
  expect(judged).toEqual(cases.map(([what, , , held]) => [what, held, !held]));
  expect(await alive(holder.name)).toBe(true);
  await holder.close();
  expect(await alive(holder.name)).toBe(false);
});

it('gives each session lock to one taker, here or in another process, and frees it with its connection', async () => {
  const a = await start();
  const b = await start();
  const lock = await a.tryLock('test:one', () => undefined);
  expect(lock).not.toBeNull();
  expect(await a.tryLock('test:one', () => undefined)).toBeNull(); // a second taker in the same process
  expect(await b.tryLock('test:one', () => undefined)).toBeNull(); // and in another
  await lock!.release();
  const again = await b.tryLock('test:one', () => undefined);
  expect(again).not.toBeNull();
  await b.close();
  expect(await a.tryLock('test:one', () => undefined)).not.toBeNull();
  expect(await a.alive([a.name, b.name, 'elsewhere:1:00000000'])).toEqual(new Set([a.name]));
});

it('keeps the holder grace inside the time the server takes to drop a cut connection, and a webhook attempt inside the grace', () => {
  expect(CLIENT_NOTICE_MS + HOLDER_GRACE_MS).toBeLessThan(SERVER_DROP_MS);
  expect(DELIVERY_TIMEOUT_MS).toBeLessThanOrEqual(HOLDER_GRACE_MS);
});

it('gives up a connection that stops answering and tells the holders of its locks before the server would free them, then takes its owner lock again', async () => {
  const proxy = await startProxy(new URL(url()));
  const logged: string[] = [];
  const log: Logger = { debug: (m) => logged.push(m), info: (m) => logged.push(m), warn: (m) => logged.push(m), error: (m) => logged.push(m) };
  const owner = await start(proxy.url(url()), log);
  let lostAt = 0;
  const lock = await owner.tryLock('test:cut', () => (lostAt = Date.now()));
  expect(lock).not.toBeNull();
  expect(await alive(owner.name)).toBe(true);

  const cutAt = Date.now();
  proxy.frozen = true;
  await waitUntil(
    async () => lostAt,
    (t) => t > 0,
    CLIENT_NOTICE_MS + 10_000,
  );
  console.log(`a connection that stopped answering was given up after ${lostAt - cutAt} ms (at most ${CLIENT_NOTICE_MS} ms by design)`);
  expect({ told: lostAt > 0, connected: owner.connected }).toEqual({ told: true, connected: false });
  // What matters: its holders were told with their whole grace left before the server frees their locks.
  expect(lostAt - cutAt).toBeLessThan(SERVER_DROP_MS - HOLDER_GRACE_MS);
  expect(logged).toContain('process owner connection lost; its locks are gone and their holders told');

  proxy.frozen = false;
  await waitUntil(
    async () => owner.connected && (await alive(owner.name)),
    (ok) => ok,
    30_000,
  );
  expect({ connected: owner.connected, alive: await alive(owner.name) }).toEqual({ connected: true, alive: true });
  expect(logged).toContain('process owner connection made again');
  await owner.close();
  await proxy.stop();
});

/** A TCP proxy to PostgreSQL that can stop forwarding (`frozen`), as a network cut would: the
 *  connections stay open and nothing passes. A side that closes closes the other. */
async function startProxy(target: URL) {
  const pairs = new Set<[net.Socket, net.Socket]>();
  const state = { frozen: false };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    const pipe = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk) => {
        if (!state.frozen) to.write(chunk);
      });
      from.on('close', () => {
        pairs.delete(pair);
        to.destroy();
      });
      from.on('error', () => to.destroy());
    };
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    get frozen() {
      return state.frozen;
    },
    set frozen(v: boolean) {
      state.frozen = v;
    },
    url(dbUrl: string) {
      const u = new URL(dbUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async stop() {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
