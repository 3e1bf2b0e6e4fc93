// The soak's invariants (decisions.md §13), each read from two sides where it can be: what the peers
// received (the SMTP peer's messages, the webhook receiver's log, what was appended to Dovecot) against
// what the database recorded.
import type { Client as Sql } from 'pg';
import type { Peers } from './peers';
import type { KillRecord } from './processes';
import type { ApiStats, Appended } from './traffic';

export interface Row {
  invariant: string;
  expected: string;
  seen: string;
  ok: boolean;
}

/** A send claimed this long after its lead's reply was stored counts as sent after the reply was read:
 *  the ingest writes the item's time before its transaction commits, and a claim in between cannot see it. */
export const READ_SLACK_MS = 2000;
/** decisions.md §13: a process killed holding a job gives it up within 30 s. */
export const TAKEOVER_BOUND_MS = 30_000;

const count = <T>(xs: T[], key: (x: T) => string) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
};

export async function checkInvariants(sql: Sql, peers: Peers, appended: Appended[], api: ApiStats, kills: KillRecord[]): Promise<Row[]> {
  const rows: Row[] = [];
  const add = (invariant: string, expected: string, seen: string, ok: boolean) => rows.push({ invariant, expected, seen, ok });

  // 1. No lead got the same step twice: by the SMTP peer's copies (address + soak-step-N), and by the database.
  const steps = peers.smtp.messages.map((m) => `${m.envelope.rcptTo[0]} step ${/soak-step-(\d)/.exec(m.raw)?.[1] ?? '?'}`);
  const twiceOnWire = [...count(steps, (s) => s)].filter(([, n]) => n > 1);
  add(
    'no lead got a step twice (SMTP peer)',
    '0 repeats',
    `${twiceOnWire.length} repeats of ${steps.length} emails${twiceOnWire.length ? `: ${twiceOnWire.slice(0, 3).map(([k]) => k)}` : ''}`,
    twiceOnWire.length === 0,
  );
  const { rows: twiceInDb } = await sql.query(
    `select lead_id, step_position, count(*)::int as n from send where kind = 'step' and status in ('sent', 'bounced', 'sending') group by 1, 2 having count(*) > 1`,
  );
  add('no lead got a step twice (database sends)', '0 repeats', `${twiceInDb.length} repeats`, twiceInDb.length === 0);

  // 2. No lead got a step after its reply was read: no send of the lead claimed after its reply item was stored.
  const { rows: late } = await sql.query(
    `select l.email, s.step_position, s.claimed_at, r.created_at as read_at
       from reply_item r join lead l on l.id = r.lead_id join send s on s.lead_id = r.lead_id and s.kind = 'step'
      where r.kind = 'reply' and s.claimed_at > r.created_at + ($1 * interval '1 millisecond')`,
    [READ_SLACK_MS],
  );
  const { rows: replied } = await sql.query(`select count(distinct lead_id)::int as n from reply_item where kind = 'reply'`);
  add(
    'no step after the reply was read',
    '0 sends',
    `${late.length} sends (${replied[0].n} leads replied)${late.length ? `: ${late.slice(0, 3).map((r) => `${r.email} step ${r.step_position}`)}` : ''}`,
    late.length === 0,
  );

  // 3. Each appended message is exactly one reply item, found by its Message-ID.
  const { rows: items } = await sql.query<{ message_id: string; n: number }>(`select message_id, count(*)::int as n from reply_item where message_id = any($1) group by 1`, [
    appended.map((a) => a.messageId),
  ]);
  const byId = new Map(items.map((i) => [i.message_id, i.n]));
  const missing = appended.filter((a) => !byId.has(a.messageId));
  const doubled = items.filter((i) => i.n > 1);
  add(
    'each appended message is one reply item',
    `${appended.length} items`,
    `${appended.length - missing.length} found, ${missing.length} missing, ${doubled.length} doubled`,
    missing.length === 0 && doubled.length === 0,
  );

  // 4. Each event delivered at least once (answered 2xx by the receiver), and one body per webhook-id.
  const { rows: events } = await sql.query<{ id: string }>(`select id from event where kind <> 'webhook_test'`);
  const delivered = new Set(peers.hooks.received.filter((_, n) => peers.answers[n] === 200).map((r) => r.headers['webhook-id']));
  const undelivered = events.filter((e) => !delivered.has(e.id));
  add('each event delivered at least once', `${events.length} events`, `${events.length - undelivered.length} delivered`, undelivered.length === 0);
  const bodies = new Map<string, Set<string>>();
  for (const r of peers.hooks.received) bodies.set(r.headers['webhook-id']!, (bodies.get(r.headers['webhook-id']!) ?? new Set()).add(r.body));
  const twoBodies = [...bodies.values()].filter((b) => b.size > 1).length;
  add('one body per webhook-id', '0 ids with two bodies', `${twoBodies} of ${bodies.size} ids`, twoBodies === 0);

  // 5. After each kill another process (the survivor, or the victim's restart) ran every watched job within the bound.
  const lags = kills.flatMap((k) => Object.values(k.recovery));
  const worst = lags.some((v) => v === null) ? null : Math.max(0, ...(lags as number[]));
  add(
    'jobs run by another process after a kill',
    `<= ${TAKEOVER_BOUND_MS} ms`,
    worst === null ? 'a job did not run within 60 s' : `at most ${worst} ms over ${kills.length} kills`,
    worst !== null && worst <= TAKEOVER_BOUND_MS,
  );

  // 6. No 5xx.
  add(
    'no 5xx answered',
    '0',
    `${api.fiveHundreds.length} of ${api.requests - api.cut} answered${api.fiveHundreds.length ? `: ${api.fiveHundreds.slice(0, 3).join('; ')}` : ''}`,
    api.fiveHundreds.length === 0,
  );
  return rows;
}

export function printTable(rows: Row[]): void {
  const head = ['invariant', 'expected', 'seen', 'ok'];
  const cells = rows.map((r) => [r.invariant, r.expected, r.seen, r.ok ? 'ok' : 'FAILED']);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(widths[i]!)).join(' | ')} |`;
  console.log([line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)].join('\n'));
}
