// Job leases across processes (jobs/README.md): two services (`src/main.ts`, the real composition root
// with the job runner) on one database of their own. A job is held "in progress" by a table it reads
// first, locked by the test: the run waits on the database as it would on a hung peer. Then the
// process holding it is killed (SIGKILL) or frozen (SIGSTOP), and the test watches Agenda's rows:
// - a killed process's jobs run on the other process within seconds (they stayed locked 10 minutes);
// - a process that takes over a job whose run outlived its lease skips it while that run goes on;
// - a restarted process gives back at once what a killed one held.
// And the areas' own leases (webhook endpoints and deliveries, column runs), held by a process whose
// work waits on a peer that hangs (a webhook receiver, the model endpoint):
// - a killed holder's leases are free at once: the other process delivers the pending events and goes
//   on with the column run within seconds (they waited 5 minutes);
// - a live holder's leases are its own: another process neither attempts nor runs what it works on.
// Measured figures are printed; the bounds asserted are generous.
import { Client } from 'pg';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Client as ApiClient, signUp } from '../support/client';
import * as ops from '../graphql/generated';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { startTestService } from '../support/service';
import { jobLease } from '../../jobs/leased-runs';
import { deliverEndpoint } from '../../src/modules/webhooks/deliver';
import { runColumnCells } from '../../src/modules/columns/column-run.job';
import { killServiceProcess, startServiceProcess, waitUntil, type ServiceProcess } from '../support/service-process';

jest.setTimeout(300_000);

/** Each recurring job and the table its run reads first. */
const RECURRING: Record<string, string> = {
  dispatch: 'send',
  'poll-replies': 'inbox',
  'webhook-fanout': 'event',
  'verification-sweep': 'lead',
  'column-runs-resume': 'lead_column',
  'background-job-requeue': 'background_job',
  'background-job-expiry': 'background_job',
  'placement-schedule': 'workspace',
};
/** Queued runs (one row each) and the table each reads first. */
const QUEUED: Record<string, string> = { 'webhook-deliver': 'webhook_endpoint', 'lead-providers': 'campaign' };
/** Generous: the protocol gives a dead process's jobs back within about 10 s (README.md). */
const TAKEOVER_BOUND_MS = 20_000;

interface JobRow {
  id: string;
  name: string;
  owner: string | null;
  locked_at: Date | null;
  last_run_at: Date | null;
  last_finished_at: Date | null;
}

let db: OwnDatabase;
let sql: Client;
const started: ServiceProcess[] = [];
const lockers: Client[] = [];

beforeEach(async () => {
  // A copy of the migrated schema (own-database.ts), so the children start on it.
  db = await createOwnDatabase();
  sql = new Client({ connectionString: db.url });
  await sql.connect();
});

afterEach(async () => {
  for (const locker of lockers.splice(0)) await locker.end().catch(() => undefined);
  for (const proc of started.splice(0)) {
    proc.child.kill('SIGCONT');
    await killServiceProcess(proc);
  }
  await sql.end();
  await db.drop();
});

/** The children's job lease (JOB_LEASE_SECONDS): short, so a lease runs out in a few seconds of the test. */
const LEASE_SECONDS = 6;
const { lifetimeMs: LOCK_LIFETIME_MS, renewEveryMs: RENEW_EVERY_MS } = jobLease(LEASE_SECONDS);

const start = async (env: Record<string, string> = {}) => {
  const proc = await startServiceProcess({
    DATABASE_URL: db.url,
    DATA_DIR: process.env.TEST_DATA_DIR!,
    SCHEDULER_TICK_SECONDS: '2',
    IMAP_POLL_SECONDS: '2',
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    ...env,
  });
  started.push(proc);
  return proc;
};

/** Locks the tables (ACCESS EXCLUSIVE, in an open transaction) until the returned function is called. */
async function lockTables(tables: string[]): Promise<() => Promise<void>> {
  const locker = new Client({ connectionString: db.url });
  await locker.connect();
  lockers.push(locker);
  await locker.query('begin');
  await locker.query(`lock table ${tables.join(', ')} in access exclusive mode`);
  return async () => {
    await locker.query('rollback');
  };
}

const rows = async (): Promise<JobRow[]> =>
  (await sql.query<JobRow>(`select id, name, last_modified_by as owner, locked_at, last_run_at, last_finished_at from agenda_jobs order by name, id`)).rows;

const ownedBy = (row: JobRow | undefined, proc: ServiceProcess) => new RegExp(`:${proc.pid}:[0-9a-f]{8}$`).test(row?.owner ?? '');
const running = (row: JobRow | undefined) => !!row?.locked_at && !!row.last_run_at && (!row.last_finished_at || row.last_finished_at < row.last_run_at);
const ranSince = (row: JobRow | undefined, since: number) => !!row?.last_run_at && row.last_run_at.getTime() > since;

/** One queued run of each QUEUED job, for ids that exist nowhere (the runs only have to start). */
async function queueRuns(): Promise<string[]> {
  const data: Record<string, unknown> = {
    'webhook-deliver': { endpointId: randomUUID() },
    'lead-providers': { workspaceId: randomUUID(), campaignId: randomUUID() },
  };
  const ids: string[] = [];
  for (const name of Object.keys(QUEUED)) {
    const { rows: made } = await sql.query<{ id: string }>(
      `insert into agenda_jobs (name, data, next_run_at, type, priority) values ($1, $2::jsonb, now(), 'normal', 0) returning id`,
      [name, JSON.stringify(data[name])],
    );
    ids.push(made[0]!.id);
  }
  return ids;
}

it('runs the jobs of a process killed (SIGKILL) while it ran them on the other process within seconds', async () => {
  const release = await lockTables([...Object.values(RECURRING), ...Object.values(QUEUED)]);
  const a = await start();
  const queuedIds = await queueRuns();
  const watched = (all: JobRow[]) => [...Object.keys(RECURRING).map((name) => all.find((r) => r.name === name)), ...queuedIds.map((id) => all.find((r) => r.id === id))];
  // A holds every job, each run waiting on its table.
  const held = watched(await waitUntil(rows, (all) => watched(all).every((r) => running(r) && ownedBy(r, a)), 90_000));
  expect(held.map((r) => [r?.name, running(r) && ownedBy(r, a)])).toEqual(held.map((r) => [r?.name, true]));

  const b = await start();
  // Due now, so what is measured is the takeover, not the wait for the 1-minute jobs' next time.
  await sql.query(`update agenda_jobs set next_run_at = now() where type = 'single' and name = any($1)`, [Object.keys(RECURRING)]);
  const killedAt = Date.now();
  await killServiceProcess(a);
  const after = watched(await waitUntil(rows, (all) => watched(all).every((r) => ranSince(r, killedAt)), 60_000));

  const lags = after.map((r) => [r?.name, r?.last_run_at ? r.last_run_at.getTime() - killedAt : null] as const);
  console.log(`from SIGKILL to the next run on the other process (ms): ${lags.map(([n, ms]) => `${n} ${ms}`).join(', ')}`);
  expect(after.map((r) => [r?.name, ownedBy(r, b)])).toEqual(after.map((r) => [r?.name, true]));
  for (const [name, ms] of lags) expect({ name, ms, fast: ms !== null && ms < TAKEOVER_BOUND_MS }).toEqual({ name, ms, fast: true });
  // The other process then stops cleanly within decisions.md §1's bound.
  await release();
  expect(await killServiceProcess(b, 'SIGTERM')).toBe(0);
});

it('never runs a job twice at once: a process that took over a run which outlived its lease skips the job while that run goes on', async () => {
  const release = await lockTables(['inbox']);
  const a = await start();
  const poll = (all: JobRow[]) => all.find((r) => r.name === 'poll-replies');
  await waitUntil(rows, (all) => running(poll(all)) && ownedBy(poll(all), a), 90_000);
  const b = await start();
  // While A lives, it renews its lease: its run outlasts a whole lease (and more) without B taking it.
  const outlived = poll(await waitUntil(rows, (all) => !!poll(all)?.last_run_at && Date.now() - poll(all)!.last_run_at!.getTime() > LOCK_LIFETIME_MS + 2 * RENEW_EVERY_MS, 60_000));
  expect({ byA: ownedBy(outlived, a), running: running(outlived) }).toEqual({ byA: true, running: true });

  // A freezes mid-run: its lease is no longer renewed, but its run (and its fence) goes on.
  const frozenAt = Date.now();
  a.child.kill('SIGSTOP');
  // B takes the job once A's lease ran out, and its run ends while the table is still locked: the
  // handler never ran (it would wait on the table), because A's run still holds the job's fence.
  const taken = poll(await waitUntil(rows, (all) => ownedBy(poll(all), b) && ranSince(poll(all), frozenAt) && !running(poll(all)), 90_000));
  console.log(`B took the row of the frozen run after ${taken!.last_run_at!.getTime() - frozenAt} ms and skipped it`);
  expect({ ownedByB: ownedBy(taken, b), ranSinceFrozen: ranSince(taken, frozenAt), ended: !running(taken) }).toEqual({ ownedByB: true, ranSinceFrozen: true, ended: true });
  expect(b.logs('job run skipped: it still runs in another process, or cannot be fenced now').some((l) => l.job === 'poll-replies')).toBe(true);
  const waiting = await sql.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from inbox where deleted_at is null%'`,
  );
  expect(waiting.rows[0]!.n).toBe(1); // A's run alone waits on the table

  // A wakes: it finds that its lease is gone and tells its run to stop.
  a.child.kill('SIGCONT');
  const lost = await waitUntil(
    async () => a.logs('job lease lost; the run is told to stop'),
    (l) => l.some((e) => e.job === 'poll-replies'),
    30_000,
  );
  expect(lost.map((e) => e.job)).toContain('poll-replies');
  await release();
});

it('gives back, as it starts, the jobs a killed process held, even locks that would hold for an hour', async () => {
  const release = await lockTables(['inbox']);
  const a = await start();
  const all = ['heartbeat', ...Object.keys(RECURRING)];
  const poll = (rs: JobRow[]) => rs.find((r) => r.name === 'poll-replies');
  const before = await waitUntil(rows, (rs) => running(poll(rs)) && ownedBy(poll(rs), a) && all.every((n) => rs.some((r) => r.name === n)), 90_000);
  const aOwner = poll(before)!.owner!;
  await killServiceProcess(a);
  await release();
  // As if A had renewed every lock for an hour just before it died: no lease runs out, only the check
  // for holders that are gone frees them.
  await sql.query(`update agenda_jobs set locked_at = now() + interval '1 hour', last_modified_by = $1, next_run_at = now() where type = 'single'`, [aOwner]);

  const restartedAt = Date.now();
  const c = await start();
  // Ready means the start-up has given them back: none is still locked by A.
  const stillA = (await rows()).filter((r) => r.owner === aOwner && r.locked_at && r.locked_at.getTime() > 0).map((r) => r.name);
  expect(stillA).toEqual([]);
  const given = c.logs('gave back the jobs of a process that is gone').filter((l) => l.when === 'start');
  expect((given[0]?.jobs as string[] | undefined)?.sort()).toEqual([...all].sort());
  // And every recurring job runs on C.
  const ran = await waitUntil(
    rows,
    (rs) =>
      all.every((n) =>
        ranSince(
          rs.find((r) => r.name === n && ownedBy(r, c)),
          restartedAt,
        ),
      ),
    60_000,
  );
  const lags = all.map((n) => [n, (ran.find((r) => r.name === n)?.last_run_at?.getTime() ?? NaN) - restartedAt] as const);
  console.log(`from the restart to each job's run (ms): ${lags.map(([n, ms]) => `${n} ${ms}`).join(', ')}`);
  expect(
    all.filter(
      (n) =>
        !ranSince(
          ran.find((r) => r.name === n && ownedBy(r, c)),
          restartedAt,
        ),
    ),
  ).toEqual([]);
});

it('tells the runs to stop when its fence connection is lost, makes the connection again, and runs the job again', async () => {
  const release = await lockTables(['inbox']);
  const a = await start();
  const poll = (all: JobRow[]) => all.find((r) => r.name === 'poll-replies');
  const aOwner = poll(await waitUntil(rows, (all) => running(poll(all)) && ownedBy(poll(all), a), 90_000))!.owner!;
  // The row says running from the moment Agenda starts the run, a moment before the run has taken its
  // fence: cut only once the fence is held (the run is in its handler, waiting on the locked table).
  await waitUntil(
    async () =>
      (
        await sql.query(
          `select count(*)::int as n from pg_locks l
            where l.locktype = 'advisory' and l.granted and l.objsubid = 1
              and l.classid = ((hashtextextended('job:poll-replies', 0) >> 32) & 4294967295)::oid
              and l.objid = (hashtextextended('job:poll-replies', 0) & 4294967295)::oid`,
        )
      ).rows[0].n as number,
    (n) => n > 0,
    30_000,
  );
  // The server ends the session that holds A's owner lock: its owner connection, which holds the fences.
  const cutAt = Date.now();
  const cut = await sql.query(
    `select pg_terminate_backend(l.pid) as ok from pg_locks l
      where l.locktype = 'advisory' and l.objsubid = 1 and l.database = (select oid from pg_database where datname = current_database())
        and l.classid = ((hashtextextended('process-owner:' || $1, 0) >> 32) & 4294967295)::oid
        and l.objid = (hashtextextended('process-owner:' || $1, 0) & 4294967295)::oid`,
    [aOwner],
  );
  expect(cut.rows).toEqual([{ ok: true }]);
  const told = () => a.logs('job fence lost with its connection; the run is told to stop').map((l) => l.job);
  const logged = await waitUntil(
    async () => ({ told: told().includes('poll-replies'), reconnected: a.logs('process owner connection made again').length > 0 }),
    (l) => l.told && l.reconnected,
    30_000,
  );
  expect(logged).toEqual({ told: true, reconnected: true });
  // Once the table is free the stopped run ends, and the job runs again (fenced on the new connection).
  await release();
  const again = poll(await waitUntil(rows, (all) => ranSince(poll(all), cutAt) && !running(poll(all)), 60_000));
  expect({ ranAgain: ranSince(again, cutAt), ended: !running(again), byA: ownedBy(again, a) }).toEqual({ ranAgain: true, ended: true, byA: true });
});

// --- The areas' leases ------------------------------------------------------------------------------

/** A loopback peer that hangs while `hanging` (never answers what arrives then), else answers with
 *  `answer`. It notes every request and, by `key`, the requests that arrived while one with the same
 *  key was still open: one webhook delivery attempted twice at once. */
async function startHangingPeer(answer: (body: string) => string, key: (req: http.IncomingMessage, body: string) => string) {
  const open = new Set<http.ServerResponse>();
  const openKeys = new Map<string, number>();
  const peer = { url: '', hanging: true, requests: [] as { key: string; at: number }[], overlaps: [] as string[], stop: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const k = key(req, body);
      peer.requests.push({ key: k, at: Date.now() });
      if (openKeys.get(k)) peer.overlaps.push(k);
      openKeys.set(k, (openKeys.get(k) ?? 0) + 1);
      open.add(res);
      res.on('close', () => {
        open.delete(res);
        openKeys.set(k, openKeys.get(k)! - 1);
      });
      if (!peer.hanging) res.writeHead(200, { 'content-type': 'application/json' }).end(answer(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.stop = async () => {
    for (const res of open) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return peer;
}
type HangingPeer = Awaited<ReturnType<typeof startHangingPeer>>;

const peers: HangingPeer[] = [];
afterEach(async () => {
  for (const p of peers.splice(0)) await p.stop();
});

/** A webhook receiver and a model endpoint, both hanging until told otherwise. */
async function hangingPeers() {
  const receiver = await startHangingPeer(
    () => 'ok',
    (req) => String(req.headers['webhook-id']),
  );
  const model = await startHangingPeer(
    () => JSON.stringify({ choices: [{ message: { content: 'Hello' } }] }),
    (_req, body) => String(JSON.parse(body).messages.find((m: { role: string }) => m.role === 'user')?.content),
  );
  peers.push(receiver, model);
  return { receiver, model, env: { ALLOW_PRIVATE_FETCH: 'true', LLM_BASE_URL: `${model.url}/v1` } };
}

const EVENTS = 20;
const LEADS = 6;

/** In `a`: an endpoint with EVENTS email_sent events to deliver, and a prompt column whose run is
 *  started; then waits until A holds both (attempts and model calls waiting on the hanging peers). */
async function workHeldBy(a: ServiceProcess, receiver: HangingPeer, model: HangingPeer) {
  const me = await signUp(a.url);
  const hook = (await me.client.post('/webhooks', { url: `${receiver.url}/hooks` })).body as { id: string };
  const campaignId = (await me.client.post('/campaigns', { name: 'Leases' })).body.id as string;
  await me.client.post(`/campaigns/${campaignId}/leads/manual`, {
    leads: Array.from({ length: LEADS }, (_, i) => ({ email: `l${i}-${randomUUID().slice(0, 6)}@example.com`, vars: { company: `C${i}` } })),
  });
  const columnId = (await me.client.post(`/campaigns/${campaignId}/blocks`, { name: 'opener', kind: 'prompt', template: 'an opener for {{company}}' })).body.id as string;
  expect((await me.client.post(`/blocks/${columnId}/run`, {})).body).toEqual({ running: true, run_total: LEADS });
  await sql.query(
    `insert into event (id, created_at, workspace_id, kind, payload)
     select gen_random_uuid(), now(), $1, 'email_sent', jsonb_build_object('n', n) from generate_series(1, $2::int) n`,
    [me.workspaceId, EVENTS],
  );
  const held = await waitUntil(
    () => leases(hook.id, columnId),
    (l) => receiver.requests.length >= 4 && model.requests.length >= 1 && l.endpoint && l.column && l.claimed === EVENTS,
    90_000,
  );
  expect({ endpoint: held.endpoint, column: held.column, claimed: held.claimed }).toEqual({ endpoint: true, column: true, claimed: EVENTS });
  return { me, endpointId: hook.id, columnId };
}

/** What is leased now: the endpoint, the column run, and how many deliveries are claimed. */
async function leases(endpointId: string, columnId: string) {
  const [r] = (
    await sql.query<{ endpoint: boolean; column: boolean; claimed: number }>(
      `select exists (select 1 from webhook_endpoint where id = $1 and lease_until > now()) as endpoint,
              exists (select 1 from lead_column where id = $2 and run_lease_until > now()) as column,
              (select count(*)::int from webhook_delivery where endpoint_id = $1 and status = 'pending' and lease_until > now()) as claimed`,
      [endpointId, columnId],
    )
  ).rows;
  return r!;
}

it("frees a killed process's webhook and column leases at once: the other process delivers the pending events and goes on with the column run within seconds", async () => {
  const { receiver, model, env } = await hangingPeers();
  const a = await start(env);
  const { me, endpointId, columnId } = await workHeldBy(a, receiver, model);
  // A request of A's holds a claim too: a test event whose attempt waits on the receiver.
  const testRequest = me.client.post(`/webhooks/${endpointId}/test`).catch(() => null);
  await waitUntil(
    async () => receiver.requests.length,
    (n) => n >= 5,
    30_000,
  );

  const b = await start(env);
  receiver.hanging = false;
  model.hanging = false;
  const killedAt = Date.now();
  await killServiceProcess(a);
  await testRequest;

  const done = await waitUntil(
    async () =>
      (
        await sql.query<{ delivered: number; last: Date | null; running: boolean; filled: number; filled_at: Date | null }>(
          `select (select count(*)::int from webhook_delivery where endpoint_id = $1 and status = 'delivered') as delivered,
                  (select max(delivered_at) from webhook_delivery where endpoint_id = $1) as last,
                  (select running from lead_column where id = $2) as running,
                  (select count(*)::int from column_cell where column_id = $2 and status = 'done') as filled,
                  (select max(updated_at) filter (where status = 'done') from column_cell where column_id = $2) as filled_at`,
          [endpointId, columnId],
        )
      ).rows[0]!,
    (r) => r.delivered === EVENTS + 1 && !r.running,
    120_000,
  );
  const lags = (
    await sql.query<{ ms: number }>(`select extract(epoch from delivered_at - $2::timestamptz) * 1000 as ms from webhook_delivery where endpoint_id = $1 order by 1`, [
      endpointId,
      new Date(killedAt),
    ])
  ).rows.map((r) => Math.round(Number(r.ms)));
  const webhooksMs = done.last ? done.last.getTime() - killedAt : null;
  const columnMs = done.filled_at ? done.filled_at.getTime() - killedAt : null;
  console.log(
    `from SIGKILL: ${EVENTS + 1} pending webhook deliveries all delivered by the other process after ${webhooksMs} ms (median ${lags[Math.floor(lags.length / 2)]} ms); ` +
      `the column run ended there after ${columnMs} ms`,
  );
  expect({ delivered: done.delivered, running: done.running, filled: done.filled }).toEqual({ delivered: EVENTS + 1, running: false, filled: LEADS });
  expect({ webhooksMs, fast: webhooksMs !== null && webhooksMs < TAKEOVER_BOUND_MS }).toEqual({ webhooksMs, fast: true });
  expect({ columnMs, fast: columnMs !== null && columnMs < TAKEOVER_BOUND_MS }).toEqual({ columnMs, fast: true });
  // Taken over by B, and never attempted twice at once (A's attempts ended with its connections).
  expect(b.logs('gave back the jobs of a process that is gone').length).toBeGreaterThan(0);
  expect(receiver.overlaps).toEqual([]);
  await killServiceProcess(b);
});

it("keeps a live holder's webhook and column leases its own: another process attempts and runs nothing of them until the holder dies, then takes them at once", async () => {
  const { receiver, model, env } = await hangingPeers();
  // Both start at once (the in-process service runs no jobs: it only answers the other process's doors).
  const starting = start(env);
  const s = await startTestService({ env: { DATABASE_URL: db.url, ...env } });
  try {
    const a = await starting;
    const { me, endpointId, columnId } = await workHeldBy(a, receiver, model);
    const other = new ApiClient(s.url, me.token);
    // Two of the deliveries A has claimed and not yet attempted (the end of its queue, a minute of
    // hanging attempts away), and the column whose model calls hang for a minute: A holds them
    // throughout, alive and working.
    const [d1, d2] = (
      await sql.query<{ id: string }>(`select id from webhook_delivery where endpoint_id = $1 and status = 'pending' and lease_until > now() order by id desc limit 2`, [
        endpointId,
      ])
    ).rows.map((r) => r.id);
    /** The leases as they stand: who holds them and until when. */
    const heldBy = async () =>
      (
        await sql.query(
          `select (select row(lease_holder, lease_until)::text from webhook_endpoint where id = $1) as endpoint,
                  (select row(run_lease_holder, run_lease_until)::text from lead_column where id = $2) as column,
                  (select array_agg(row(lease_holder, lease_until, attempts)::text order by id) from webhook_delivery where endpoint_id = $1) as deliveries,
                  (select array_agg(distinct lease_holder) from webhook_delivery where endpoint_id = $1) as holders`,
          [endpointId, columnId],
        )
      ).rows[0];
    const before = await heldBy();

    // Every door of the other process finds them held: its worker, its column run, a retry by REST and
    // by GraphQL.
    expect(await deliverEndpoint(s.deps, endpointId)).toBe(0);
    await runColumnCells(s.deps, columnId);
    const rest = await other.post(`/webhooks/deliveries/${d1}/retry`);
    expect({ status: rest.status, delivery: rest.body.status, attempts: rest.body.attempts }).toEqual({ status: 200, delivery: 'pending', attempts: 1 });
    const gql = await other.gql(ops.RetryWebhookDeliveryDocument, { id: d2! });
    expect(gql.data?.retryWebhookDelivery).toMatchObject({ status: 'pending', attempts: 1 });
    const after = await heldBy();
    expect(after).toEqual(before);

    // A dies: its leases are free at once, long before their time runs out (5 minutes).
    receiver.hanging = false;
    model.hanging = false;
    await killServiceProcess(a);
    const retried = await other.post(`/webhooks/deliveries/${d1}/retry`);
    expect({ status: retried.status, delivery: retried.body.status, code: retried.body.response_status }).toEqual({ status: 200, delivery: 'delivered', code: 200 });
    const retriedGql = await other.gql(ops.RetryWebhookDeliveryDocument, { id: d2! });
    expect(retriedGql.data?.retryWebhookDelivery).toMatchObject({ status: 'delivered', responseStatus: 200 });
    const dueBy = new Date();
    expect(await deliverEndpoint(s.deps, endpointId)).toBeGreaterThan(0);
    const [left] = (await sql.query(`select count(*)::int as n from webhook_delivery where endpoint_id = $1 and status = 'pending' and next_attempt_at <= $2`, [endpointId, dueBy]))
      .rows;
    expect(left).toEqual({ n: 0 });
    await runColumnCells(s.deps, columnId);
    const [column] = (await sql.query(`select running, run_left, run_lease_holder from lead_column where id = $1`, [columnId])).rows;
    expect(column).toEqual({ running: false, run_left: 0, run_lease_holder: s.deps.owner.name });
    // The leases named their holder: A's process while it lived.
    expect(before.holders).toEqual([expect.stringContaining(`:${a.pid}:`)]);
    expect(receiver.overlaps).toEqual([]);
  } finally {
    await s.stop();
  }
});
