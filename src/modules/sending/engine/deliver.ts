// Sends queued rows: claim (FOR UPDATE SKIP LOCKED, then status `sending` is the lock), check again at
// send time, compose, hand to SMTP, record the outcome. The claim commits before the SMTP call, so a
// process that dies mid-send leaves the row in `sending`, and nothing ever sends such a row again
// (sweep.ts): a duplicate email is worse than a missed one.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../../../context';
import { SmtpSessions, type SmtpResult } from '../../../mail/smtp-sender';
import { blockKeys } from '../../blocklist/blocklist-match';
import { composeEmail } from '../render/compose';
import { dayKey, isSendingOpen, nextSendAt, sendZone, startOfDate } from '../schedule';
import { capOn } from '../../inboxes/ramp';
import { loadCampaigns, pgArray, type EngineCampaign } from './load-state';
import { recordAccepted, recordAuthFailure, recordDeferred, recordRejected, type ClaimedSend, type Delivery, type SendingInbox } from './outcomes';
import { LEAD_COLUMNS, toEngineLead, type EngineLead } from './pick-due';
import { sql } from './sql';

export const CLAIM_BATCH = 50;

export interface TickOptions {
  /** Gaps are drawn with this (tests pass a fixed one). */
  random?: () => number;
  /** Checked before each claim: a stopping process claims no more. */
  stopping?: () => boolean;
  /** Only these workspaces (a tool or a test working on its own workspace); every workspace when unset. */
  workspaceIds?: readonly string[];
}
/** Different inboxes send in parallel; one inbox's messages go one after another on its session. */
export const PARALLEL_INBOXES = 16;

export interface DeliveryReport {
  sent: number;
  bounced: number;
  deferred: number;
  dropped: number;
  released: number;
}

/** Claims up to `limit` queued rows due at `now` for this process. */
export async function claimSends(em: EntityManager, now: Date, limit: number, workspaceIds?: readonly string[]): Promise<ClaimedSend[]> {
  const scope = workspaceIds ? 'and workspace_id = any(?::uuid[])' : '';
  const rows = await sql(
    em,
    `update send set status = 'sending', claimed_at = ?, attempts = attempts + 1
      where id in (select id from send where status = 'queued' and scheduled_for <= ? ${scope} order by scheduled_for, id limit ? for update skip locked)
      returning id, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, is_first, attempts, message_id, subject, body, claimed_at`,
    [now, now, ...(workspaceIds ? [pgArray(workspaceIds)] : []), limit],
  );
  return rows.map((r) => ({
    id: String(r.id),
    workspaceId: String(r.workspace_id),
    campaignId: String(r.campaign_id),
    leadId: String(r.lead_id),
    inboxId: String(r.inbox_id),
    kind: r.kind as 'step' | 'one_off',
    stepPosition: r.step_position === null ? null : Number(r.step_position),
    variant: r.variant === null ? null : Number(r.variant),
    isFirst: Boolean(r.is_first),
    attempts: Number(r.attempts),
    messageId: String(r.message_id),
    subject: (r.subject as string | null) ?? null,
    body: (r.body as string | null) ?? null,
    claimedAt: new Date(r.claimed_at as string),
  }));
}

interface InboxRow extends SendingInbox {
  status: string;
  deleted: boolean;
  backoffUntil: Date | null;
  nextFreeAt: Date | null;
  smtp: { host: string; port: number; secure: boolean; username: string; passwordEnc: string };
  capToday: number;
  sentToday: number;
}

async function loadInbox(em: EntityManager, id: string, now: Date): Promise<InboxRow | null> {
  const [r] = await sql(em, `select i.*, w.timezone as workspace_zone from inbox i join workspace w on w.id = i.workspace_id where i.id = ?`, [id]);
  if (!r) return null;
  const zone = String(r.workspace_zone);
  const [stat] = await sql(em, `select sent from inbox_day_stat where inbox_id = ? and day = ?`, [id, dayKey(zone, now)]);
  const startedAt = r.ramp_started_at instanceof Date ? r.ramp_started_at.toISOString().slice(0, 10) : String(r.ramp_started_at).slice(0, 10);
  return {
    id,
    email: String(r.email),
    fromName: String(r.from_name),
    signature: (r.signature as string | null) ?? null,
    minGapMinutes: Number(r.min_gap_minutes),
    gapJitterMinutes: Number(r.gap_jitter_minutes),
    workspaceZone: zone,
    status: String(r.status),
    deleted: r.deleted_at !== null,
    backoffUntil: r.backoff_until ? new Date(r.backoff_until as string) : null,
    nextFreeAt: r.next_free_at ? new Date(r.next_free_at as string) : null,
    smtp: { host: String(r.smtp_host), port: Number(r.smtp_port), secure: Boolean(r.smtp_secure), username: String(r.username), passwordEnc: String(r.password_enc) },
    capToday: capOn({ dailyCap: Number(r.daily_cap), rampStart: Number(r.ramp_start), rampIncrement: Number(r.ramp_increment), rampStartedAt: startedAt }, dayKey(zone, now)),
    sentToday: Number(stat?.sent ?? 0),
  };
}

/** What to do with a claimed row before any SMTP: send it, drop it for good, give it back to the queue
 *  for later, or (a sequence email whose inbox or campaign cannot send now) withdraw it so the planner
 *  picks the lead again with whatever inbox can. */
type Verdict = { go: true } | { go: false; drop: string } | { go: false; releaseAt: Date } | { go: false; withdraw: true };

const STOPPED = new Set(['replied', 'unsubscribed', 'bounced', 'stopped']);

async function judge(em: EntityManager, send: ClaimedSend, lead: EngineLead, campaign: EngineCampaign, inbox: InboxRow | null, now: Date): Promise<Verdict> {
  const isStep = send.kind === 'step';
  // A row that already had a try keeps its history: it waits instead of being withdrawn.
  const later = (at: Date | null): Verdict => (isStep && send.attempts <= 1 ? { go: false, withdraw: true } : { go: false, releaseAt: at ?? new Date(now.getTime() + 15 * 60_000) });
  // A sequence email needs the sequence still running. A one-off is the user's own message (often to
  // someone who replied): only an unsubscribe or a bounce stops it; a reply after it was queued drops
  // it when the reply is recorded (stopLead).
  if (isStep && (STOPPED.has(lead.status) || lead.status === 'completed')) return { go: false, drop: 'The lead\'s sequence ended' };
  if (!isStep && (lead.status === 'unsubscribed' || lead.status === 'bounced')) return { go: false, drop: `The lead ${lead.status}` };
  if (isStep && lead.currentStep >= send.stepPosition!) return { go: false, drop: 'The lead is already past this step' };
  const [address, domain] = blockKeys(lead.email);
  const blocked = await sql(em, `select email from blocklist_entry where workspace_id = ? and email = any(?::text[])`, [send.workspaceId, pgArray([address, domain])]);
  if (blocked.length) return { go: false, drop: 'Blocklisted' };
  if (lead.status === 'paused') return isStep ? { go: false, withdraw: true } : { go: false, releaseAt: new Date(now.getTime() + 5 * 60_000) };
  if (isStep && campaign.status !== 'active') return later(null);
  const zone = sendZone(campaign, lead);
  if (!isSendingOpen(campaign, zone, now)) return later(nextSendAt(campaign, zone, now));
  if (!inbox || inbox.deleted || inbox.status !== 'active') return isStep ? later(null) : { go: false, drop: 'The inbox was removed or stopped' };
  if (inbox.backoffUntil && inbox.backoffUntil > now) return later(inbox.backoffUntil);
  if (!isStep) {
    // One-offs were not planned against the inbox's gap and cap: they wait for them here.
    if (inbox.nextFreeAt && inbox.nextFreeAt > now) return { go: false, releaseAt: inbox.nextFreeAt };
    if (inbox.sentToday >= inbox.capToday) {
      const tomorrow = startOfDate(inbox.workspaceZone, dayKey(inbox.workspaceZone, new Date(now.getTime() + 86_400_000)));
      return { go: false, releaseAt: tomorrow };
    }
  }
  return { go: true };
}

/** The first email's subject and the Message-IDs of the lead's earlier sequence emails (a follow-up
 *  with a blank subject answers in that thread). */
async function threadOf(em: EntityManager, leadId: string, before: number) {
  const rows = await sql(em, `select subject, message_id from send where lead_id = ? and kind = 'step' and status = 'sent' and step_position < ? order by step_position`, [leadId, before]);
  if (!rows.length) return null;
  return { subject: String(rows[0]!.subject ?? ''), messageIds: rows.map((r) => String(r.message_id)) };
}

async function deliverOne(deps: AppDeps, sessions: SmtpSessions, send: ClaimedSend, campaigns: Map<string, EngineCampaign>, report: DeliveryReport, random: () => number) {
  const em = deps.orm.em.fork();
  const now = deps.clock.now();
  const [leadRow] = await sql(em, `select ${LEAD_COLUMNS} from lead l where l.id = ?`, [send.leadId]);
  if (!campaigns.has(send.campaignId)) {
    const [c] = await loadCampaigns(em, now, [send.campaignId]);
    if (c) campaigns.set(c.id, c);
  }
  const campaign = campaigns.get(send.campaignId);
  if (!leadRow || !campaign) {
    await sql(em, `update send set status = 'dropped', error = 'The lead or campaign is gone' where id = ?`, [send.id]);
    report.dropped++;
    return;
  }
  const lead = toEngineLead(leadRow);
  const inbox = await loadInbox(em, send.inboxId, now);
  const verdict = await judge(em, send, lead, campaign, inbox, now);
  if (!verdict.go) {
    if ('drop' in verdict) {
      await sql(em, `update send set status = 'dropped', error = ? where id = ?`, [verdict.drop, send.id]);
      report.dropped++;
    } else if ('withdraw' in verdict) {
      await sql(em, `delete from send where id = ? and status = 'sending'`, [send.id]);
      report.released++;
    } else {
      await sql(em, `update send set status = 'queued', scheduled_for = ?, attempts = greatest(attempts - 1, 0) where id = ?`, [verdict.releaseAt, send.id]);
      report.released++;
    }
    return;
  }

  const step = send.kind === 'step' ? campaign.steps.find((s) => s.position === send.stepPosition) : undefined;
  const variant = step ? step.variants[(send.variant ?? 1) - 1] : { subject: send.subject ?? '', body: send.body ?? '', enabled: true };
  if (!variant) {
    await sql(em, `update send set status = 'dropped', error = 'The step or variant no longer exists' where id = ?`, [send.id]);
    report.dropped++;
    return;
  }
  const thread = step && variant.subject.trim() === '' ? await threadOf(em, lead.id, step.position) : null;
  const composed = await composeEmail({
    sendId: send.id,
    lead,
    inbox: inbox!,
    campaign,
    variant,
    thread,
    publicUrl: deps.config.publicUrl,
    secrets: deps.secrets,
    date: now,
  });
  const login = { ...inbox!.smtp, password: deps.secrets.decrypt(inbox!.smtp.passwordEnc) };
  const result: SmtpResult = await sessions.send(inbox!.id, login, composed.envelope, composed.raw);
  const done = deps.clock.now();
  const delivery: Delivery = { send, lead, campaign, inbox: inbox!, subject: composed.subject };
  await em.transactional(async (tx) => {
    if (result.outcome === 'accepted') await recordAccepted(tx, delivery, result, done, random);
    else if (result.outcome === 'rejected') await recordRejected(tx, delivery, result, done, random);
    else if (result.outcome === 'auth') await recordAuthFailure(tx, delivery, result, done);
    else await recordDeferred(tx, delivery, result, done);
  });
  if (result.outcome === 'accepted') report.sent++;
  else if (result.outcome === 'rejected') report.bounced++;
  else report.deferred++;
}

/** Claims and sends everything due, batch by batch, until the queue has nothing due or `stopping()`. */
export async function deliverDue(deps: AppDeps, opts: TickOptions = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, bounced: 0, deferred: 0, dropped: 0, released: 0 };
  const sessions = new SmtpSessions();
  const campaigns = new Map<string, EngineCampaign>();
  const random = opts.random ?? Math.random;
  try {
    for (;;) {
      if (opts.stopping?.()) break;
      const claimed = await claimSends(deps.orm.em.fork(), deps.clock.now(), CLAIM_BATCH, opts.workspaceIds);
      if (!claimed.length) break;
      // One lane per inbox, up to PARALLEL_INBOXES lanes at once.
      const lanes = new Map<string, ClaimedSend[]>();
      for (const s of claimed) lanes.set(s.inboxId, [...(lanes.get(s.inboxId) ?? []), s]);
      const queue = [...lanes.values()];
      const worker = async () => {
        for (let lane = queue.shift(); lane; lane = queue.shift()) {
          for (const send of lane) {
            try {
              await deliverOne(deps, sessions, send, campaigns, report, random);
            } catch (err) {
              // Left in `sending` on purpose: whether it went out is unknown, so it is never retried.
              deps.log.error('send failed unexpectedly', { send_id: send.id, err: String((err as Error)?.stack ?? err) });
            }
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_INBOXES, queue.length) }, worker));
    }
  } finally {
    sessions.close();
  }
  return report;
}
