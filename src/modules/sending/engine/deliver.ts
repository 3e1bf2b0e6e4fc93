// Sends queued rows: claim (FOR UPDATE SKIP LOCKED, then status `sending` is the lock, and the row names
// this process as its claimant), check again at send time, compose, hand to SMTP, record the outcome.
// The claim commits before the SMTP call; so does the mark that a row was handed to the wire (handSends,
// a lane's next HAND_GROUP rows in one statement, coalesced across lanes, before the first of them goes).
// A process that dies mid-send leaves its rows in `sending`: those never handed go back to the queue at
// once, and nothing ever sends a handed one again (sweep.ts): a duplicate email is worse than a missed
// one. The SMTP itself (nodemailer building the
// MIME and driving the sessions) runs on the SMTP port's thread (deps.smtp, mail/smtp-thread.ts); a thread
// that dies mid-send is such an unknown too. The statements: deliver.queries.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../../../runtime/context';
import type { SmtpLogin } from '../../../mail/connection-test';
import type { SmtpResult, SmtpSender } from '../../../mail/smtp-sender';
import { isEnded } from '../../leads/lifecycle/lead-status';
import { stopLead } from '../../leads/lifecycle/lead-progress';
import { composeParts, type ComposedParts } from '../render/compose';
import { spinSeed } from '../../templates/spin';
import { dayKey, isSendingOpen, nextFreeAt, nextSendAt, sendZone, startOfDate, threadStartSubject } from '../schedule';
import { loadBatch, reloadInbox, threadBefore, type BatchContext, type BatchInbox, type Thread } from './batch-context';
import type { EngineCampaign } from './load-state';
import type { EmailOutcome } from '../../../observability/metrics/label-values';
import { lastTry, recordAuthFailure, recordDeferred, recordRejected, type ClaimedSend, type Delivery } from './outcomes';
import type { EngineLead } from './pick-due';
import { recordAcceptedBatch, type AcceptedSend } from './record-sent';
import { claimSends, dropClaimedSend, dropClaimedStepAndPass, handSends, releaseClaimedBatch, releaseClaimedSend, withdrawClaimedSend } from './deliver.queries';
import { LoginCache, loginWith, mailSecret, ReconnectNeeded, TokenUnavailable } from '../../oauth/mail-login';

export const CLAIM_BATCH = 200;
/** A lane marks this many of its next rows as handed to the wire in one statement: after a crash at most
 *  this many per lane are `interrupted` without having gone out, for one round trip per group. */
export const HAND_GROUP = 4;

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

/** Why an email to a blocklisted address or domain was dropped. */
export const BLOCKLISTED = 'Blocklisted';

/** Why a one-off queued from an inbox that is now a seed was dropped. */
export const SEED_DROP = 'The inbox is a seed now: seeds never send';

// The claim is named here too, where the engine's tests look for it.
export { claimSends } from './deliver.queries';

/** What to do with a claimed row before any SMTP: send it, drop it for good, give it back to the queue
 *  for later, or (a sequence email whose inbox or campaign cannot send now) withdraw it so the planner
 *  picks the lead again with whatever inbox can. A drop with `pass` also moves the lead past the step:
 *  the email can never be written for it. */
type Verdict = { go: true } | { go: false; drop: string; pass?: boolean; blocklisted?: boolean } | { go: false; releaseAt: Date } | { go: false; withdraw: true };

function judge(send: ClaimedSend, lead: EngineLead, blocked: boolean, campaign: EngineCampaign, inbox: BatchInbox | undefined, now: Date): Verdict {
  const isStep = send.kind === 'step';
  // A row that already had a try keeps its history: it waits instead of being withdrawn.
  const later = (at: Date | null): Verdict =>
    isStep && send.attempts <= 1 ? { go: false, withdraw: true } : { go: false, releaseAt: at ?? new Date(now.getTime() + 15 * 60_000) };
  // A sequence email needs the sequence still running. A one-off is the user's own message (often to
  // someone who replied): only an unsubscribe or a bounce stops it; a reply after it was queued drops
  // it when the reply is recorded (stopLead).
  if (isStep && isEnded(lead.status)) return { go: false, drop: "The lead's sequence ended" };
  if (!isStep && (lead.status === 'unsubscribed' || lead.status === 'bounced')) return { go: false, drop: `The lead ${lead.status}` };
  if (isStep && lead.currentStep >= send.stepPosition!) return { go: false, drop: 'The lead is already past this step' };
  // api.md Blocklist: never contacted. The drop also ends the lead's sequence (settle): left in it, the
  // lead stayed due, the planner gave it its inbox's turn on every tick and the queue insert did nothing
  // (this dropped row holds its step's place), so its inbox sent nothing more.
  if (blocked) return { go: false, drop: BLOCKLISTED, blocklisted: true };
  if (lead.status === 'paused') return isStep ? { go: false, withdraw: true } : { go: false, releaseAt: new Date(now.getTime() + 5 * 60_000) };
  // decisions.md §6: an out-of-office's return date holds every email to the lead until then, a queued
  // one-off too (the planner already plans no step before it; this holds one planned before it was known).
  if (lead.awayUntil && lead.awayUntil > now) return isStep ? later(lead.awayUntil) : { go: false, releaseAt: lead.awayUntil };
  if (isStep && campaign.status !== 'active') return later(null);
  // decisions.md §11: a sequence email goes from the lead's own inbox while it is in the campaign's pool.
  // One planned from an inbox that has left since (or no longer the lead's), never tried, is withdrawn:
  // the planner sends it from another inbox of the pool, as a new thread.
  if (isStep && send.attempts <= 1 && (!campaign.inboxIds.includes(send.inboxId) || (lead.mailboxId !== null && lead.mailboxId !== send.inboxId))) {
    return { go: false, withdraw: true };
  }
  const zone = sendZone(campaign, lead);
  if (!isSendingOpen(campaign, zone, now)) return later(nextSendAt(campaign, zone, now));
  // decisions.md §16: a seed never sends. A step waits as for a removed inbox (its thread's inbox may be
  // added back as a sending one); a one-off, the user's message from that inbox, is dropped.
  if (inbox?.seed) return isStep ? later(null) : { go: false, drop: SEED_DROP };
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

/** Writes a verdict that stops the send before SMTP. */
async function settle(deps: AppDeps, em: EntityManager, lane: Lane, send: ClaimedSend, verdict: Exclude<Verdict, { go: true }>) {
  const { report, owner } = lane;
  if ('drop' in verdict) {
    if (verdict.pass && send.kind === 'step') await dropClaimedStepAndPass(em, send.id, owner, verdict.drop, deps.clock.now());
    else if (verdict.blocklisted) {
      // The lead stops (`stopped`/`blocklisted`, if still in its sequence) with the row, so it is never
      // planned again; its other queued emails are dropped with it.
      await em.transactional(async (tx) => {
        await dropClaimedSend(tx, send.id, owner, verdict.drop);
        await stopLead(tx, send.leadId, { status: 'stopped', reason: 'blocklisted' }, verdict.drop);
      });
    } else await dropClaimedSend(em, send.id, owner, verdict.drop);
    report.dropped++;
    deps.metrics.engine.email('dropped');
  } else if ('withdraw' in verdict) {
    await withdrawClaimedSend(em, send.id, owner);
    report.released++;
  } else {
    await releaseClaimedSend(em, send.id, owner, verdict.releaseAt);
    report.released++;
  }
}

/** The email of a claimed send: a step's variant (a follow-up with a blank subject in the thread of the
 *  earlier steps), or a one-off's own text (in the thread of the reply item it answers, if any); or why
 *  it can no longer be written (a step's never can: its lead then moves past it, `pass`). */
export function composeClaimed(
  deps: AppDeps,
  send: ClaimedSend,
  batch: BatchContext,
  to: { lead: EngineLead; campaign: EngineCampaign; inbox: BatchInbox },
  now: Date,
): ComposedParts | { drop: string; pass?: boolean } {
  const step = send.kind === 'step' ? to.campaign.steps.find((s) => s.position === send.stepPosition) : undefined;
  let variant = step ? step.variants[(send.variant ?? 1) - 1] : { subject: send.subject ?? '', body: send.body ?? '', enabled: true };
  if (!variant) return { drop: 'The step or variant no longer exists', pass: true };
  let thread: Thread | null = null;
  if (step && variant.subject.trim() === '') {
    // decisions.md §11: in the thread of its inbox's earlier emails; a new one under the lead's first
    // subject when its inbox changed (a step with a subject of its own starts a new thread anyway).
    const t = threadBefore(batch, to.lead.id, step.position, to.inbox.id);
    if (t.kind === 'continue') thread = { subject: t.subject, messageIds: t.messageIds };
    else if (t.kind === 'new') thread = { subject: t.firstSubject, messageIds: [], restart: true };
    else {
      // Nothing went before (a subsequence's lead its parent never emailed, or earlier emails that all
      // failed): it starts a thread, never without a subject (schedule/sender.ts threadStartSubject).
      const subject = threadStartSubject(to.campaign.opener, send.variant ?? 1);
      if (subject === null) return { drop: 'No subject: the email starts a thread, its step leaves the subject blank and no first email has one', pass: true };
      variant = { ...variant, subject };
    }
  } else if (send.replyToId) {
    thread = batch.answered.get(send.replyToId) ?? null;
    // Its inbox was removed with its reply items: without the thread it would go with no subject.
    if (!thread) return { drop: 'The reply it answers is gone' };
  }
  return composeParts({
    sendId: send.id,
    lead: to.lead,
    inbox: to.inbox,
    campaign: to.campaign,
    variant,
    // The same option of each RANDOM for a lead, step and variant on every render: preview, send, retry.
    seed: step ? spinSeed(to.lead.id, { position: step.position, variant: send.variant ?? 1 }) : spinSeed(to.lead.id, { kind: 'one-off', id: send.id }),
    thread,
    publicUrl: deps.config.publicUrl,
    secrets: deps.secrets,
    date: now,
  });
}

/** One claimed email: judged, composed and handed to SMTP. An accepted one joins `accepted` (written
 *  with its batch); any other answer is written at once, in its own transaction. */
async function deliverOne(deps: AppDeps, lane: Lane, send: ClaimedSend, batch: BatchContext, accepted: AcceptedSend[], handed: () => Promise<boolean>) {
  // Forked only on the paths that write here (most emails are recorded with their batch).
  const em = () => deps.orm.em.fork();
  const { campaigns, report, random } = lane;
  const now = deps.clock.now();
  const lead = batch.leads.get(send.leadId);
  const campaign = campaigns.get(send.campaignId);
  if (!lead || !campaign) return settle(deps, em(), lane, send, { go: false, drop: 'The lead or campaign is gone' });
  const inbox = withLive(lane, batch.inboxes.get(send.inboxId));
  const verdict = judge(send, lead, batch.blocked.has(lead.id), campaign, inbox, now);
  if (!verdict.go) return settle(deps, em(), lane, send, verdict);

  const composed = composeClaimed(deps, send, batch, { lead, campaign, inbox: inbox! }, now);
  if ('drop' in composed) return settle(deps, em(), lane, send, { go: false, ...composed });
  // decisions.md §15: an OAuth inbox's access token (refreshed when due) before the email is handed over.
  let access = await accessOf(lane, inbox!);
  // The provider ended the inbox's access: it waits to be reconnected, like a paused inbox.
  const disconnected = () => {
    inbox!.status = 'reconnect_needed';
    return settle(deps, em(), lane, send, judge(send, lead, batch.blocked.has(lead.id), campaign, inbox, now) as Exclude<Verdict, { go: true }>);
  };
  if ('reconnect' in access) return disconnected();
  if (!(await handed())) {
    // No longer this process's: the sweep gave it back (this process's owner lock was lost) or another
    // process claimed it since. Whoever holds it now sends it or not; nothing of it is written here.
    deps.log.warn('claimed send no longer ours; not sent', { send_id: send.id });
    return;
  }
  let result: SmtpResult = 'result' in access ? access.result : await lane.sessions.send(inbox!.id, access.login, composed.mail);
  if (result.loginRefused && 'login' in access && access.version !== undefined) {
    // The server refused the token: refreshed once (a newer one than it refused), then tried again.
    access = await accessOf(lane, inbox!, access.version);
    if ('reconnect' in access) return disconnected();
    result = 'result' in access ? access.result : await lane.sessions.send(inbox!.id, access.login, composed.mail);
  }
  const done = deps.clock.now();
  const delivery: Delivery = { send, lead, campaign, inbox: inbox!, subject: composed.subject };
  if (result.outcome === 'accepted') {
    // The lane owns this inbox: it keeps the gap and the day count current for the rest of the batch.
    const free = nextFreeAt(done, inbox!.minGapMinutes, inbox!.gapJitterMinutes, random);
    inbox!.nextFreeAt = free;
    inbox!.sentToday++;
    lane.live.set(inbox!.id, { nextFreeAt: free, sentToday: inbox!.sentToday });
    accepted.push({ delivery, result, at: done, nextFreeAt: free });
    report.sent++;
    deps.metrics.engine.email('sent');
    return;
  }
  const fork = em();
  const paused = await fork.transactional(async (tx) => {
    if (result.outcome === 'rejected') return recordRejected(tx, delivery, result, done, random);
    if (result.outcome === 'auth') await recordAuthFailure(tx, delivery, result, done);
    else await recordDeferred(tx, delivery, result, done);
    return [];
  });
  // decisions.md §11: this bounce paused its campaign (bounce protection); every lane's next email of it
  // sees the pause now, not at the next batch.
  for (const id of paused) {
    const c = campaigns.get(id);
    if (c) c.status = 'paused';
  }
  if (result.outcome === 'rejected') report.bounced++;
  else report.deferred++;
  deps.metrics.engine.email(emailOutcome(result, send));
  // The answer may have rested the inbox (back-off, auth failure): the lane's next emails must see it.
  await reloadInbox(fork, batch, inbox!.id, done);
}

/** What a refused or unanswered email came to (README "Outcomes"), for the metrics: a 5xx bounced; a
 *  refused login or sender waits for the inbox; a 4xx or no answer is tried again, or failed after its
 *  last try (recordDeferred). */
function emailOutcome(result: SmtpResult, send: ClaimedSend): EmailOutcome {
  if (result.outcome === 'rejected') return 'bounced';
  if (result.outcome === 'auth') return 'auth_refused';
  return lastTry(send.attempts) ? 'failed' : 'deferred';
}

/** The inbox as this call last left it: its gap and today's count include sends not recorded yet. */
function withLive(lane: Lane, inbox: BatchInbox | undefined): BatchInbox | undefined {
  const live = inbox && lane.live.get(inbox.id);
  if (inbox && live) {
    if (live.nextFreeAt && (!inbox.nextFreeAt || live.nextFreeAt > inbox.nextFreeAt)) inbox.nextFreeAt = live.nextFreeAt;
    inbox.sentToday = Math.max(inbox.sentToday, live.sentToday);
  }
  return inbox;
}

type Access = { login: SmtpLogin; version?: number } | { reconnect: true } | { result: SmtpResult };

/** The inbox's SMTP login (decisions.md §15: an OAuth inbox's token, newer than `refused` when given), or
 *  why there is none now. */
async function accessOf(lane: Lane, inbox: BatchInbox, refused?: number): Promise<Access> {
  try {
    return await lane.login(inbox, refused);
  } catch (err) {
    if (err instanceof ReconnectNeeded) return { reconnect: true };
    // An unreachable provider passes: the email waits and the inbox backs off, as for a silent server.
    if (err instanceof TokenUnavailable) return { result: { outcome: 'deferred', code: null, detail: err.message, senderRefused: false } };
    throw err;
  }
}

/** What the lanes of one deliverDue call share. */
interface Lane {
  /** This process's owner name: the claimant named on the rows it claims. */
  owner: string;
  sessions: SmtpSender;
  campaigns: Map<string, EngineCampaign>;
  report: DeliveryReport;
  random: () => number;
  /** The inbox's SMTP login: its password decrypted once per call, or its access token while usable. */
  login: (inbox: BatchInbox, refused?: number) => Promise<{ login: SmtpLogin; version?: number }>;
  /** Per inbox, its gap and day count after this call's last accepted email: a batch read before the
   *  previous batch was recorded would not know them. */
  live: Map<string, { nextFreeAt: Date | null; sentToday: number }>;
}

interface Batch {
  claimed: ClaimedSend[];
  context: BatchContext;
}

/**
 * The marks that rows were handed to the wire, for one batch. A lane asks for its next HAND_GROUP rows
 * when the first of them is about to go; the asks of every lane made while a mark is being written are
 * written together by the next one (one statement in flight at a time), so a batch costs a few round
 * trips, not one per email.
 */
class Handoff {
  /** Per row asked for: whether it is this process's to send (the mark committed). */
  private readonly marks = new Map<string, Promise<boolean>>();
  private waiting: { ids: string[]; resolve: (ours: Set<string>) => void; reject: (err: unknown) => void }[] = [];
  private writing = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly owner: string,
  ) {}

  /** Resolves once `sends[i]` is marked (true) or found not ours (false), asking for it and the next
   *  rows of its lane not asked for yet. */
  ready(sends: readonly ClaimedSend[], i: number): Promise<boolean> {
    const known = this.marks.get(sends[i]!.id);
    if (known) return known;
    const ids = sends
      .slice(i, i + HAND_GROUP)
      .map((s) => s.id)
      .filter((id) => !this.marks.has(id));
    const ours = new Promise<Set<string>>((resolve, reject) => this.waiting.push({ ids, resolve, reject }));
    for (const id of ids) {
      const mark = ours.then((set) => set.has(id));
      // A row dropped before SMTP never awaits its mark: a failed write must not go unhandled.
      mark.catch(() => undefined);
      this.marks.set(id, mark);
    }
    if (!this.writing) void this.write();
    return this.marks.get(sends[i]!.id)!;
  }

  private async write(): Promise<void> {
    this.writing = true;
    // Lets the lanes that reach SMTP in the same turn ask first: their rows go in this statement.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length) {
      const asks = this.waiting;
      this.waiting = [];
      try {
        const ours = await handSends(
          this.deps.orm.em.fork(),
          asks.flatMap((a) => a.ids),
          this.owner,
          this.deps.clock.now(),
        );
        for (const a of asks) a.resolve(ours);
      } catch (err) {
        // Whether it committed is unknown: these rows are not sent (left in `sending` for the sweep).
        for (const a of asks) a.reject(err);
      }
    }
    this.writing = false;
  }
}

/** Sends one batch: a lane per inbox (its emails one after another on its session), PARALLEL_INBOXES
 *  lanes at once. Returns the accepted emails, still to be recorded. */
async function sendBatch(deps: AppDeps, lane: Lane, batch: Batch): Promise<AcceptedSend[]> {
  const accepted: AcceptedSend[] = [];
  const byInbox = new Map<string, ClaimedSend[]>();
  for (const s of batch.claimed) {
    if (!byInbox.has(s.inboxId)) byInbox.set(s.inboxId, []);
    byInbox.get(s.inboxId)!.push(s);
  }
  const queue = [...byInbox.values()];
  const handoff = new Handoff(deps, lane.owner);
  const worker = async () => {
    for (let sends = queue.shift(); sends; sends = queue.shift()) {
      for (const [i, send] of sends.entries()) {
        try {
          await deliverOne(deps, lane, send, batch.context, accepted, () => handoff.ready(sends, i));
        } catch (err) {
          // Left in `sending` on purpose: whether it went out is unknown, so it is never retried.
          deps.log.error('send failed unexpectedly', { send_id: send.id, err: String((err as Error)?.stack ?? err) });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_INBOXES, queue.length) }, worker));
  return accepted;
}

async function record(deps: AppDeps, accepted: AcceptedSend[]): Promise<void> {
  try {
    await recordAcceptedBatch(deps.orm.em, accepted, deps.extensions);
  } catch (err) {
    // They went out; left in `sending`, the sweep counts them as sent and never sends them again.
    deps.log.error('recording sent emails failed', { sends: accepted.length, err: String((err as Error)?.stack ?? err) });
  }
}

/**
 * Claims and sends everything due, batch by batch, until the queue has nothing due or `stopping()`.
 * A pipeline: while one batch is on the wire, the next is claimed and read and the previous one's
 * accepted emails are recorded, so the lanes never wait on the database between batches. A batch
 * claimed just before `stopping()` is still sent (its rows are ours, in `sending`).
 */
export async function deliverDue(deps: AppDeps, opts: TickOptions = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, bounced: 0, deferred: 0, dropped: 0, released: 0 };
  const sessions = deps.smtp.sessions();
  const logins = new LoginCache();
  const lane: Lane = {
    owner: deps.owner.name,
    sessions,
    campaigns: new Map(),
    report,
    random: opts.random ?? Math.random,
    login: async (inbox, refused) => {
      const { host, port, secure, username, authType, passwordEnc } = inbox.smtp;
      const secret = await mailSecret(deps, { id: inbox.id, authType, passwordEnc }, { refused, cache: logins });
      return { login: loginWith({ host, port, secure, username }, secret), version: secret.version };
    },
    live: new Map(),
  };
  const claimNext = async (): Promise<Batch | null> => {
    if (opts.stopping?.()) return null;
    const claimed = await claimSends(deps.orm.em.fork(), deps.clock.now(), CLAIM_BATCH, lane.owner, opts.workspaceIds);
    if (!claimed.length) return null;
    return { claimed, context: await loadBatch(deps.orm.em.fork(), claimed, lane.campaigns, deps.clock.now()) };
  };
  let recording: Promise<void> = Promise.resolve();
  let next: Promise<Batch | null> = claimNext();
  try {
    for (let batch = await next; batch; batch = await next) {
      next = claimNext();
      const accepted = await sendBatch(deps, lane, batch);
      await recording;
      recording = record(deps, accepted);
    }
  } finally {
    // A batch claimed but never sent (something failed above): its rows go back to the queue untouched.
    const unsent = await next.catch(() => null);
    if (unsent)
      await releaseClaimedBatch(
        deps.orm.em.fork(),
        unsent.claimed.map((s) => s.id),
        lane.owner,
      );
    await recording;
    sessions.close();
  }
  return report;
}
