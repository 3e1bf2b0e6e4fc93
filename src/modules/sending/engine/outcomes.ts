// What an SMTP answer does to the send, the lead, the inbox and the counters (README "Outcomes"). Each
// function runs inside the transaction that also moves the send out of `sending`.
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { SmtpResult } from '../../../mail/smtp-sender';
import { blockAddresses } from '../../blocklist/blocklist.service';
import { stepBehind, stopLead, stopLeadsStatements } from '../../leads/lifecycle/lead-progress';
import { dayKey, nextFreeAt } from '../schedule';
import type { EngineCampaign } from './load-state';
import type { EngineLead } from './pick-due';
import { inlined, inlinedStatement, sql, sqlBatch } from '../../../db/sql';
import { emailBouncedEvent, mailboxStoppedEvent } from '../../events/payloads';
import { eventsInsert, recordEvent } from '../../events/record-event';

export interface ClaimedSend {
  id: string;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  inboxId: string;
  kind: 'step' | 'one_off';
  stepPosition: number | null;
  variant: number | null;
  isFirst: boolean;
  attempts: number;
  messageId: string;
  subject: string | null;
  body: string | null;
  /** A one-off answering a reply item: that item's id (its thread is the email's). */
  replyToId: string | null;
  claimedAt: Date;
}

export interface SendingInbox {
  id: string;
  email: string;
  fromName: string;
  signature: string | null;
  minGapMinutes: number;
  gapJitterMinutes: number;
  workspaceZone: string;
}

export interface Delivery {
  send: ClaimedSend;
  lead: EngineLead;
  campaign: EngineCampaign;
  inbox: SendingInbox;
  /** The subject as sent (stored on the row). */
  subject: string;
}

/** Tries before a deferred email counts as failed, and the wait after each. */
export const RETRY_MINUTES = [5, 15, 60, 180, 360] as const;
export const MAX_ATTEMPTS = RETRY_MINUTES.length + 1;
/** How long an inbox rests after its server refused our login or our sender. */
export const AUTH_BACKOFF_MINUTES = 60;
/** decisions.md §5: bounce_stopped when hard bounces pass 5% of the last 100 sends, once there are 20. */
export const BOUNCE_WINDOW = 100;
export const BOUNCE_MIN_SENDS = 20;
export const BOUNCE_MAX_RATE = 0.05;

const minutes = (n: number) => n * 60_000;

async function attempt(em: EntityManager, d: Delivery, outcome: 'accepted' | 'deferred' | 'rejected', r: SmtpResult, now: Date) {
  await sql(em, `insert into send_attempt (id, created_at, workspace_id, send_id, inbox_id, outcome, code, detail) values (?, ?, ?, ?, ?, ?, ?, ?)`, [
    randomUUID(),
    now,
    d.send.workspaceId,
    d.send.id,
    d.inbox.id,
    outcome,
    r.code,
    r.detail || null,
  ]);
}

async function countDay(em: EntityManager, d: Delivery, now: Date, column: 'sent' | 'failed', bounced = 0) {
  await sql(
    em,
    `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied)
     values (?, ?, ?, ?, ?, ?, ?, ?, 0)
     on conflict (inbox_id, day) do update set ${column} = inbox_day_stat.${column} + 1, bounced = inbox_day_stat.bounced + excluded.bounced`,
    [randomUUID(), now, d.send.workspaceId, d.inbox.id, dayKey(d.inbox.workspaceZone, now), column === 'sent' ? 1 : 0, column === 'failed' ? 1 : 0, bounced],
  );
}

/** The email left: the inbox rests its gap, the campaign has sent, the lead moves on. */
async function wentOut(em: EntityManager, d: Delivery, now: Date, random: () => number) {
  await sql(em, `update inbox set last_sent_at = ?, next_free_at = ?, last_error = null where id = ?`, [
    now,
    nextFreeAt(now, d.inbox.minGapMinutes, d.inbox.gapJitterMinutes, random),
    d.inbox.id,
  ]);
  // An UPDATE on the campaign row: the steps service locks that row, so a step change and a first send
  // cannot cross (steps/sequence-lock.ts).
  await sql(em, `update campaign set first_sent_at = ? where id = ? and first_sent_at is null`, [now, d.send.campaignId]);
  await sql(em, `update lead set last_sent_at = ? where id = ?`, [now, d.send.leadId]);
  if (d.send.kind === 'step') await stepBehind(em, d.campaign, d.send.leadId, d.send.stepPosition!, now, d.send.variant);
}

/** A 5xx for the recipient or the message: a hard bounce. */
export async function recordRejected(em: EntityManager, d: Delivery, r: SmtpResult, now: Date, random: () => number) {
  await sql(em, `update send set status = 'bounced', sent_at = ?, smtp_code = ?, subject = ?, error = ? where id = ?`, [now, r.code, d.subject, r.detail, d.send.id]);
  await attempt(em, d, 'rejected', r, now);
  await countDay(em, d, now, 'sent', 1);
  // Stopped before it moves past the step, so a bounced last step never reads as a completed sequence.
  await stopLead(em, d.send.leadId, { status: 'bounced', reason: 'bounced' }, 'Lead bounced');
  await wentOut(em, d, now, random);
  await recordHardBounce(
    em,
    {
      workspaceId: d.send.workspaceId,
      campaignId: d.send.campaignId,
      leadId: d.send.leadId,
      inboxId: d.inbox.id,
      sendId: d.send.id,
      email: d.lead.email,
      source: 'smtp',
      code: r.code,
      category: r.senderRefused ? 'block' : 'hard',
      reason: r.detail || 'refused',
    },
    now,
  );
}

export interface HardBounce {
  workspaceId: string;
  campaignId: string;
  leadId: string;
  inboxId: string;
  sendId: string | null;
  email: string;
  source: 'smtp' | 'dsn';
  code: number | null;
  category: 'hard' | 'block';
  reason: string;
}

/** What a permanent failure does, whether the SMTP server said it at once (recordRejected) or a bounce
 *  message said it later (replies/ingest, decisions.md §6 "exactly as at SMTP time"): a bounce row, the
 *  lead stopped as bounced, the address blocklisted, and the inbox's bounce-rate stop checked. The
 *  send itself is marked `bounced` by the caller (so it counts in that check). */
export async function recordHardBounce(em: EntityManager, b: HardBounce, now: Date): Promise<void> {
  await recordHardBounces(em, [b], now);
}

/** recordHardBounce for many bounces at once (a batch of bounce messages), in three round trips
 *  whatever their number: the bounce rows and the stops together, the blocklist, then one bounce-rate
 *  check per inbox (after all the batch's bounces: the inbox stops once, on the batch's figures). */
export async function recordHardBounces(em: EntityManager, bounces: readonly HardBounce[], now: Date): Promise<void> {
  if (!bounces.length) return;
  const events = eventsInsert(bounces.map((b) => emailBouncedEvent({ ...b, bounceType: 'hard' }, now)));
  const stops = stopLeadsStatements([...new Set(bounces.map((b) => b.leadId))], { status: 'bounced', reason: 'bounced' }, 'Lead bounced');
  await sqlBatch(em, [
    inlined(
      `insert into bounce (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, send_id, email, source, code, category, reason)
       values ${bounces.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      bounces.flatMap((b) => [randomUUID(), now, b.workspaceId, b.campaignId, b.leadId, b.inboxId, b.sendId, b.email, b.source, b.code, b.category, b.reason]),
    ),
    ...stops.map(inlinedStatement),
    inlinedStatement(events),
  ]);
  for (const [workspaceId, emails] of groupBy(
    bounces,
    (b) => b.workspaceId,
    (b) => b.email,
  ))
    await blockAddresses(em, workspaceId, emails, 'hard_bounce', now);
  for (const inboxId of new Set(bounces.map((b) => b.inboxId))) await checkBounceStop(em, inboxId, now);
}

function groupBy<T>(items: readonly T[], key: (t: T) => string, value: (t: T) => string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), value(item)]);
  return out;
}

/** A 4xx or no answer: try again later; after MAX_ATTEMPTS the email failed (a soft bounce). A server
 *  that did not answer at all, or said 421, is the inbox's trouble: the inbox backs off too. */
export async function recordDeferred(em: EntityManager, d: Delivery, r: SmtpResult, now: Date) {
  await attempt(em, d, 'deferred', r, now);
  await countDay(em, d, now, 'failed');
  const wait = minutes(RETRY_MINUTES[Math.min(d.send.attempts, RETRY_MINUTES.length) - 1] ?? RETRY_MINUTES[0]);
  if (r.code === null || r.code === 421) {
    await sql(em, `update inbox set last_error = ?, backoff_until = greatest(coalesce(backoff_until, ?), ?) where id = ?`, [
      `Sending failed: ${r.detail}`.slice(0, 500),
      now,
      new Date(now.getTime() + wait),
      d.inbox.id,
    ]);
  }
  if (d.send.attempts >= MAX_ATTEMPTS) {
    await sql(em, `update send set status = 'failed', smtp_code = ?, error = ? where id = ?`, [r.code, `Gave up after ${d.send.attempts} tries: ${r.detail}`, d.send.id]);
    await sql(
      em,
      `insert into bounce (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, send_id, email, source, code, category, reason) values (?, ?, ?, ?, ?, ?, ?, ?, 'smtp', ?, 'soft', ?)`,
      [randomUUID(), now, d.send.workspaceId, d.send.campaignId, d.send.leadId, d.inbox.id, d.send.id, d.lead.email, r.code, r.detail || 'no answer'],
    );
    if (d.send.kind === 'step') await stopLead(em, d.send.leadId, { status: 'bounced', reason: 'bounced' }, 'Lead bounced');
    await recordEvent(
      em,
      emailBouncedEvent(
        {
          workspaceId: d.send.workspaceId,
          leadId: d.send.leadId,
          email: d.lead.email,
          campaignId: d.send.campaignId,
          inboxId: d.inbox.id,
          sendId: d.send.id,
          bounceType: 'soft',
          category: 'soft',
          source: 'smtp',
          code: r.code,
          reason: r.detail || 'no answer',
        },
        now,
      ),
    );
    return;
  }
  await sql(em, `update send set status = 'queued', scheduled_for = ?, smtp_code = ?, error = ? where id = ?`, [new Date(now.getTime() + wait), r.code, r.detail, d.send.id]);
}

/** The server refused our login or our sender: the inbox rests and shows the error; the email waits
 *  for it without using up a try, so a wrong password never turns into a storm of attempts or bounces. */
export async function recordAuthFailure(em: EntityManager, d: Delivery, r: SmtpResult, now: Date) {
  const until = new Date(now.getTime() + minutes(AUTH_BACKOFF_MINUTES));
  await attempt(em, d, 'deferred', r, now);
  await countDay(em, d, now, 'failed');
  await sql(em, `update inbox set last_error = ?, backoff_until = ? where id = ?`, [`The server refused the inbox: ${r.detail}`.slice(0, 500), until, d.inbox.id]);
  await sql(em, `update send set status = 'queued', scheduled_for = ?, attempts = greatest(attempts - 1, 0), smtp_code = ?, error = ? where id = ?`, [
    until,
    r.code,
    r.detail,
    d.send.id,
  ]);
}

/** decisions.md §5: an active inbox whose hard bounces pass 5% of its last 100 sends (once it has 20,
 *  counted since a passed connection test brought it back) stops as bounce_stopped. */
export async function checkBounceStop(em: EntityManager, inboxId: string, now: Date): Promise<boolean> {
  const [row] = await sql(
    em,
    `select count(*)::int as n, count(*) filter (where x.status = 'bounced')::int as b from (
       select s.status from send s join inbox i on i.id = s.inbox_id
        where s.inbox_id = ? and s.status in ('sent', 'bounced') and s.sent_at >= coalesce(i.bounce_count_from, '-infinity'::timestamptz)
        order by s.sent_at desc limit ${BOUNCE_WINDOW}) x`,
    [inboxId],
  );
  const n = Number(row?.n ?? 0);
  const b = Number(row?.b ?? 0);
  if (n < BOUNCE_MIN_SENDS || b / n <= BOUNCE_MAX_RATE) return false;
  const reason = `Stopped: ${b} hard bounces in the last ${n} sends (over 5%). Check the list, then run the connection test to send again.`;
  const changed = await sql(em, `update inbox set status = 'bounce_stopped', last_error = ? where id = ? and status = 'active' returning workspace_id, email`, [reason, inboxId]);
  const [stopped] = changed;
  if (stopped)
    await recordEvent(em, mailboxStoppedEvent({ workspaceId: String(stopped.workspace_id), inboxId, email: String(stopped.email), status: 'bounce_stopped', reason }, now));
  return changed.length > 0;
}
