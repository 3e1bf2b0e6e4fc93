// What an SMTP answer does to the send, the lead, the inbox and the counters (README "Outcomes"). Each
// function runs inside the transaction that also moves the send out of `sending`. The statements:
// outcomes.queries.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { SmtpResult } from '../../../mail/smtp-sender';
import { blockAddresses } from '../../blocklist/blocklist.service';
import { stepBehind, stopLead } from '../../leads/lifecycle/lead-progress';
import { dayKey, nextFreeAt } from '../schedule';
import type { EngineCampaign } from './load-state';
import type { EngineLead } from './pick-due';
import { emailBouncedEvent, mailboxStoppedEvent } from '../../events/payloads';
import { checkBounceProtect } from './bounce-protect';
import { recordEvent } from '../../events/record-event';
import {
  addToInboxDay,
  backOffInbox,
  BOUNCE_WINDOW,
  failSend,
  inboxRecentSends,
  insertSendAttempt,
  insertSoftBounce,
  markCampaignFirstSent,
  markInboxSent,
  markSendBounced,
  requeueSend,
  requeueSendUntried,
  restInbox,
  setLeadLastSent,
  stopInboxForBounces,
  writeHardBounces,
  type HardBounce,
} from './outcomes.queries';

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
/** Whether a deferral after this many tries fails the email for good. */
export const lastTry = (attempts: number): boolean => attempts >= MAX_ATTEMPTS;
/** How long an inbox rests after its server refused our login or our sender. */
export const AUTH_BACKOFF_MINUTES = 60;
/** decisions.md §5: bounce_stopped when hard bounces pass 5% of the last 100 sends (BOUNCE_WINDOW, in
 *  the statement that counts them), once there are 20. */
export { BOUNCE_WINDOW };
export const BOUNCE_MIN_SENDS = 20;
export const BOUNCE_MAX_RATE = 0.05;

const minutes = (n: number) => n * 60_000;

async function attempt(em: EntityManager, d: Delivery, outcome: 'accepted' | 'deferred' | 'rejected', r: SmtpResult, now: Date) {
  await insertSendAttempt(em, { id: randomUUID(), workspaceId: d.send.workspaceId, sendId: d.send.id, inboxId: d.inbox.id, outcome, code: r.code, detail: r.detail || null }, now);
}

async function countDay(em: EntityManager, d: Delivery, now: Date, column: 'sent' | 'failed', bounced = 0) {
  await addToInboxDay(em, { id: randomUUID(), workspaceId: d.send.workspaceId, inboxId: d.inbox.id, day: dayKey(d.inbox.workspaceZone, now), column, bounced }, now);
}

/** The email left: the inbox rests its gap, the campaign has sent, the lead moves on. */
async function wentOut(em: EntityManager, d: Delivery, now: Date, random: () => number) {
  await markInboxSent(em, d.inbox.id, now, nextFreeAt(now, d.inbox.minGapMinutes, d.inbox.gapJitterMinutes, random));
  // Locks the campaign row as a step change does (steps/sequence-lock.ts), so the two cannot cross.
  await markCampaignFirstSent(em, d.send.campaignId, now);
  await setLeadLastSent(em, d.send.leadId, now);
  if (d.send.kind === 'step') await stepBehind(em, d.campaign, d.send.leadId, d.send.stepPosition!, now, d.send.variant);
}

/** The rows a bounce of this delivery names. */
const bounceKeys = (d: Delivery) => ({
  workspaceId: d.send.workspaceId,
  campaignId: d.send.campaignId,
  leadId: d.send.leadId,
  inboxId: d.inbox.id,
  sendId: d.send.id,
  email: d.lead.email,
});

/** A 5xx for the recipient or the message: a hard bounce. Returns the campaigns bounce protection paused
 *  (recordHardBounces). */
export async function recordRejected(em: EntityManager, d: Delivery, r: SmtpResult, now: Date, random: () => number): Promise<string[]> {
  await markSendBounced(em, d.send.id, { at: now, code: r.code, subject: d.subject, error: r.detail });
  await attempt(em, d, 'rejected', r, now);
  await countDay(em, d, now, 'sent', 1);
  // Stopped before it moves past the step, so a bounced last step never reads as a completed sequence.
  await stopLead(em, d.send.leadId, { status: 'bounced', reason: 'bounced' }, 'Lead bounced');
  await wentOut(em, d, now, random);
  return recordHardBounce(
    em,
    {
      ...bounceKeys(d),
      source: 'smtp',
      code: r.code,
      category: r.senderRefused ? 'block' : 'hard',
      reason: r.detail || 'refused',
    },
    now,
  );
}

export type { HardBounce };

/** What a permanent failure does, whether the SMTP server said it at once (recordRejected) or a bounce
 *  message said it later (replies/ingest, decisions.md §6 "exactly as at SMTP time"): a bounce row, the
 *  lead stopped as bounced, the address blocklisted, the inbox's bounce-rate stop and the campaign's
 *  bounce protection checked. The send itself is marked `bounced` by the caller (so it counts in those
 *  checks). Returns the campaigns bounce protection paused. */
export async function recordHardBounce(em: EntityManager, b: HardBounce, now: Date): Promise<string[]> {
  return recordHardBounces(em, [b], now);
}

/** recordHardBounce for many bounces at once (a batch of bounce messages), in three round trips
 *  whatever their number: the bounce rows and the stops together, the blocklist, then one bounce-rate
 *  check per inbox (after all the batch's bounces: the inbox stops once, on the batch's figures), and
 *  bounce protection for their campaigns (decisions.md §11, bounce-protect.ts) on the same figures.
 *  Returns the campaigns bounce protection paused. */
export async function recordHardBounces(em: EntityManager, bounces: readonly HardBounce[], now: Date): Promise<string[]> {
  if (!bounces.length) return [];
  await writeHardBounces(
    em,
    bounces.map((b) => ({ ...b, id: randomUUID() })),
    now,
    { status: 'bounced', reason: 'bounced', dropReason: 'Lead bounced' },
    bounces.map((b) => emailBouncedEvent({ ...b, bounceType: 'hard' }, now)),
  );
  for (const [workspaceId, emails] of groupBy(
    bounces,
    (b) => b.workspaceId,
    (b) => b.email,
  ))
    await blockAddresses(em, workspaceId, emails, 'hard_bounce', now);
  for (const inboxId of new Set(bounces.map((b) => b.inboxId))) await checkBounceStop(em, inboxId, now);
  return checkBounceProtect(
    em,
    bounces.map((b) => b.campaignId),
    now,
  );
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
    await backOffInbox(em, d.inbox.id, `Sending failed: ${r.detail}`.slice(0, 500), now, new Date(now.getTime() + wait));
  }
  if (lastTry(d.send.attempts)) {
    await failSend(em, d.send.id, r.code, `Gave up after ${d.send.attempts} tries: ${r.detail}`);
    await insertSoftBounce(em, { id: randomUUID(), ...bounceKeys(d), code: r.code, reason: r.detail || 'no answer' }, now);
    if (d.send.kind === 'step') await stopLead(em, d.send.leadId, { status: 'bounced', reason: 'bounced' }, 'Lead bounced');
    await recordEvent(
      em,
      emailBouncedEvent(
        {
          ...bounceKeys(d),
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
  await requeueSend(em, d.send.id, new Date(now.getTime() + wait), r.code, r.detail);
}

/** The server refused our login or our sender: the inbox rests and shows the error; the email waits
 *  for it without using up a try, so a wrong password never turns into a storm of attempts or bounces. */
export async function recordAuthFailure(em: EntityManager, d: Delivery, r: SmtpResult, now: Date) {
  const until = new Date(now.getTime() + minutes(AUTH_BACKOFF_MINUTES));
  await attempt(em, d, 'deferred', r, now);
  await countDay(em, d, now, 'failed');
  await restInbox(em, d.inbox.id, `The server refused the inbox: ${r.detail}`.slice(0, 500), until);
  await requeueSendUntried(em, d.send.id, until, r.code, r.detail);
}

/** decisions.md §5: an active inbox whose hard bounces pass 5% of its last 100 sends (once it has 20,
 *  counted since a passed connection test brought it back) stops as bounce_stopped. */
export async function checkBounceStop(em: EntityManager, inboxId: string, now: Date): Promise<boolean> {
  const { sends: n, bounced: b } = await inboxRecentSends(em, inboxId);
  if (n < BOUNCE_MIN_SENDS || b / n <= BOUNCE_MAX_RATE) return false;
  const reason = `Stopped: ${b} hard bounces in the last ${n} sends (over 5%). Check the list, then run the connection test to send again.`;
  const stopped = await stopInboxForBounces(em, inboxId, reason);
  if (stopped) await recordEvent(em, mailboxStoppedEvent({ workspaceId: stopped.workspaceId, inboxId, email: stopped.email, status: 'bounce_stopped', reason }, now));
  return stopped !== null;
}
