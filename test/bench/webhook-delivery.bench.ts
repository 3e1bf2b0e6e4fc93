// Webhook delivery throughput (issue #15, decisions.md §8): 10,000 events of one workspace to one
// endpoint, a receiver on loopback answering 200. Measured: the delivery work as the jobs do it
// (runWebhooksOnce: the fan-out from the event outbox into deliveries, then the endpoint's worker with
// PER_ENDPOINT_CONCURRENCY attempts in flight, each claimed, signed, POSTed through the outbound-fetch
// guard and recorded). Baseline, in the same run against the same receiver: bare signed POSTs — the
// `standardwebhooks` signature and fetch (undici, keep-alive) at the same concurrency, nothing stored.
// Target: deliveries per second at least 70% of the baseline's.
//
// Run: npm run bench -- webhook-delivery   (EVENTS=2000 for a quicker run)
import 'reflect-metadata';
import { Webhook } from 'standardwebhooks';
import { mapLimited } from '../../src/concurrency';
import { fanOutAll, runWebhooksOnce } from '../../src/modules/webhooks/delivery.job';
import { PER_ENDPOINT_CONCURRENCY } from '../../src/modules/webhooks/deliver';
import type { HttpPort } from '../../src/ports';
import { signUp } from '../support/client';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { runWhenMain, startBenchService } from './bench-service';

const EVENTS = Number(process.env.EVENTS ?? 10_000);
const TARGET = 0.7;

const seconds = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e9;

/** The same number of signed POSTs, bare: sign, fetch, read the answer; nothing else. */
async function bare(url: string, secret: string, n: number): Promise<number> {
  const signer = new Webhook(secret);
  const t = process.hrtime.bigint();
  await mapLimited(
    Array.from({ length: n }, (_, i) => i),
    PER_ENDPOINT_CONCURRENCY,
    async (i) => {
      const id = `bare-${i}`;
      const body = JSON.stringify({ type: 'email_sent', timestamp: new Date().toISOString(), data: { lead_id: id, email: `lead-${i}@client.test` } });
      const at = new Date();
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signer.sign(id, at, body),
        },
        body,
      });
      await res.text();
      if (!res.ok) throw new Error(`bare POST answered ${res.status}`);
    },
  );
  return seconds(t);
}

/** The same signed POSTs through the service's outbound-fetch guard (deps.http: a new connection per
 *  request, pinned to the checked address), nothing stored: what the guard costs against bare fetch. */
async function guarded(http: HttpPort, url: string, secret: string, n: number): Promise<number> {
  const signer = new Webhook(secret);
  const t = process.hrtime.bigint();
  await mapLimited(
    Array.from({ length: n }, (_, i) => i),
    PER_ENDPOINT_CONCURRENCY,
    async (i) => {
      const id = `guarded-${i}`;
      const body = JSON.stringify({ type: 'email_sent', timestamp: new Date().toISOString(), data: { lead_id: id, email: `lead-${i}@client.test` } });
      const at = new Date();
      const headers = {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signer.sign(id, at, body),
      };
      const res = await http.request(url, { method: 'POST', headers, body, timeoutMs: 15_000, maxBytes: 1_000_000 });
      if (res.status !== 200) throw new Error(`guarded POST answered ${res.status}`);
    },
  );
  return seconds(t);
}

async function main() {
  const receiver = await startWebhookReceiver();
  const bench = await startBenchService('webhook-delivery', { env: { ALLOW_PRIVATE_FETCH: 'true' } });
  try {
    const me = await signUp(bench.service.url);
    const hook = (await me.client.post('/webhooks', { url: receiver.url })).body as { id: string; secret: string };
    const seed = (n: number) =>
      bench.run(
        `insert into event (id, created_at, workspace_id, kind, payload)
         select gen_random_uuid(), now() + i * interval '1 millisecond', ?, 'email_sent', json_build_object('lead_id', gen_random_uuid(), 'email', 'lead-' || i || '@client.test')
           from generate_series(1, ?) i`,
        [me.workspaceId, n],
      );

    // Warm-up: JIT, pool connections, both paths.
    await seed(200);
    await runWebhooksOnce(bench.service.deps);
    await bare(receiver.url, hook.secret, 200);

    const baseline1 = await bare(receiver.url, hook.secret, EVENTS);
    await seed(EVENTS);
    await bench.run('vacuum analyze event');
    let t = process.hrtime.bigint();
    await fanOutAll(bench.service.deps);
    const fanOut = seconds(t);
    t = process.hrtime.bigint();
    await runWebhooksOnce(bench.service.deps);
    const deliver = seconds(t);
    const baseline2 = await bare(receiver.url, hook.secret, EVENTS);
    const guard = await guarded(bench.service.deps.http, receiver.url, hook.secret, EVENTS);

    const [done] = await bench.run(`select count(*) filter (where status = 'delivered')::int as ok, count(*)::int as n from webhook_delivery where endpoint_id = ?`, [hook.id]);
    if (done.ok !== done.n) throw new Error(`only ${done.ok} of ${done.n} deliveries delivered`);
    const baseline = Math.min(baseline1, baseline2);
    const total = fanOut + deliver;
    const rate = (s: number) => `${Math.round(EVENTS / s).toLocaleString('en')}/s`;
    console.log(`${EVENTS.toLocaleString('en')} events, 1 endpoint, ${PER_ENDPOINT_CONCURRENCY} attempts in flight`);
    console.log(`fan-out: ${fanOut.toFixed(2)} s; delivery: ${deliver.toFixed(2)} s (${rate(deliver)}); together ${total.toFixed(2)} s (${rate(total)})`);
    console.log(`baseline (bare signed POSTs, fetch, same concurrency): ${baseline1.toFixed(2)} s, ${baseline2.toFixed(2)} s (${rate(baseline)} the faster)`);
    console.log(`for comparison, the same POSTs bare through the outbound-fetch guard (new connection each): ${guard.toFixed(2)} s (${rate(guard)})`);
    console.log(
      `ratio: ${((baseline / total) * 100).toFixed(0)}% of the baseline's deliveries per second with the fan-out, ${((baseline / deliver) * 100).toFixed(0)}% for the delivery alone (target ≥ ${TARGET * 100}%)`,
    );
  } finally {
    await bench.stop();
    await receiver.stop();
  }
}

runWhenMain(module, main);
