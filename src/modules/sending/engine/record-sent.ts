// The accepted emails of a batch recorded together (README "Outcomes", the 2xx row; the other answers are
// recorded one by one in outcomes.ts), as array statements inside one transaction, sent in two round trips
// (locks and reads, then every write; the statements: accepted.queries.ts). Rows lock in id order (inboxes, campaigns, leads) so two processes
// flushing at once cannot deadlock on each other; should PostgreSQL still pick this transaction as a
// deadlock victim, nothing of it was applied and it runs again.
//
// Until the flush commits, the sends stay `sending`: a process that dies in between leaves them to the
// sweep (sweep.ts), which counts them as sent and never sends them again.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Extensions } from '../../../runtime/extensions';
import type { SmtpResult } from '../../../mail/smtp-sender';
import { runCompletedHooks } from '../../leads/lifecycle/lead-completed';
import { afterStep } from '../../leads/lifecycle/lead-progress';
import { dayKey } from '../schedule';
import type { EngineCampaign } from './load-state';
import { checkBounceProtect } from './bounce-protect';
import { checkBounceStop, type Delivery } from './outcomes';
import { emailSentEvent, leadCompletedEvent } from '../../events/payloads';
import { isInSequence } from '../../leads/lifecycle/lead-status';
import { lockAcceptedRows, writeAcceptedRows, type LeadAdvance, type LockedLeadRow } from './accepted.queries';

export interface AcceptedSend {
  delivery: Delivery;
  result: SmtpResult;
  at: Date;
  /** The inbox's gap after this send (drawn when it went out). */
  nextFreeAt: Date;
}

const DEADLOCK = '40P01';
const FLUSH_TRIES = 3;

export async function recordAcceptedBatch(em: EntityManager, accepted: readonly AcceptedSend[], extensions: Extensions): Promise<void> {
  if (!accepted.length) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await em.fork().transactional((tx) => writeAccepted(tx, accepted, extensions));
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= FLUSH_TRIES) throw err;
    }
  }
}

/** Two round trips: lock (and read) what the batch changes, then every write together. */
async function writeAccepted(tx: EntityManager, accepted: readonly AcceptedSend[], extensions: Extensions) {
  // Inboxes: the last send of each sets its gap; each day's count grows by the sends of that day.
  const inboxes = new Map<string, { id: string; at: Date; free: Date }>();
  const days = new Map<string, { workspace: string; inbox: string; day: string; n: number }>();
  const firsts = new Map<string, Date>();
  for (const a of accepted) {
    const i = a.delivery.inbox;
    const cur = inboxes.get(i.id);
    if (!cur || cur.at <= a.at) inboxes.set(i.id, { id: i.id, at: a.at, free: a.nextFreeAt });
    const day = dayKey(i.workspaceZone, a.at);
    const stat = days.get(`${i.id}:${day}`) ?? { workspace: a.delivery.send.workspaceId, inbox: i.id, day, n: 0 };
    stat.n++;
    days.set(`${i.id}:${day}`, stat);
    const campaignId = a.delivery.send.campaignId;
    if (!firsts.has(campaignId) || firsts.get(campaignId)! > a.at) firsts.set(campaignId, a.at);
  }
  const inboxRows = [...inboxes.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  const dayRows = [...days.values()];
  const leadIds = [...new Set(accepted.map((a) => a.delivery.send.leadId))].sort();

  // 1. Locks in id order: inboxes, the campaigns not yet marked as having sent (an UPDATE on the row the
  //    steps service locks; steps/sequence-lock.ts), the leads with where they stand.
  const locked = await lockAcceptedRows(tx, { inboxIds: inboxRows.map((i) => i.id), campaignIds: [...firsts.keys()].sort(), leadIds });
  const leads = leadUpdates(accepted, locked.leads);
  const marked = locked.unmarkedCampaignIds;

  // 2. Every write, then which inboxes need the bounce-stop check and which campaigns bounce protection's.
  const withBounces = await writeAcceptedRows(tx, {
    inboxes: inboxRows,
    days: dayRows,
    firstSent: marked.map((id) => ({ id, at: firsts.get(id)! })),
    sends: accepted.map((a) => ({ id: a.delivery.send.id, at: a.at, code: a.result.code, subject: a.delivery.subject })),
    attempts: accepted.map((a) => ({
      at: a.at,
      workspaceId: a.delivery.send.workspaceId,
      sendId: a.delivery.send.id,
      inboxId: a.delivery.inbox.id,
      code: a.result.code,
      detail: a.result.detail ?? '',
    })),
    leads,
    // The events of the change, in its transaction (decisions.md §8): each email sent, each lead it completed.
    events: sentEvents(accepted, leads),
    campaignIds: [...new Set(accepted.filter((a) => a.delivery.send.kind === 'step').map((a) => a.delivery.send.campaignId))],
  });
  // What follows a completion (lead-completed.ts: a subsequence may take the lead), in the same transaction.
  await runCompletedHooks(
    tx,
    extensions,
    leads.filter((u) => u.moves && u.status === 'completed').map((u) => ({ leadId: u.id, at: u.at })),
  );
  // The 20th send may be the one that makes earlier bounces count (the 40th, for a campaign).
  const latest = new Date(Math.max(...accepted.map((a) => a.at.getTime())));
  for (const id of withBounces.inboxIds) await checkBounceStop(tx, id, latest);
  await checkBounceProtect(tx, withBounces.campaignIds, latest);
}

/** email_sent for every accepted email, lead_completed for every lead whose last step it was. */
function sentEvents(accepted: readonly AcceptedSend[], leads: readonly LeadAdvance[]) {
  const sent = accepted.map(({ delivery: d, at }) =>
    emailSentEvent(
      {
        workspaceId: d.send.workspaceId,
        sendId: d.send.id,
        leadId: d.send.leadId,
        email: d.lead.email,
        campaignId: d.send.campaignId,
        inboxId: d.inbox.id,
        from: d.inbox.email,
        kind: d.send.kind,
        step: d.send.stepPosition,
        variant: d.send.variant,
        subject: d.subject,
        messageId: d.send.messageId,
      },
      at,
    ),
  );
  const byLead = new Map(accepted.map((a) => [a.delivery.send.leadId, a.delivery]));
  const completed = leads
    .filter((u) => u.moves && u.status === 'completed')
    .map((u) => {
      const d = byLead.get(u.id)!;
      return leadCompletedEvent({ workspaceId: d.send.workspaceId, leadId: u.id, email: d.lead.email, campaignId: d.send.campaignId }, u.at);
    });
  return [...sent, ...completed];
}

/** Every lead's last_sent_at, and a sequence email moves its lead past the step (as stepBehind, for
 *  many leads): unless it is already past it; a lead whose sequence ended meanwhile only records it. */
function leadUpdates(accepted: readonly AcceptedSend[], rows: readonly LockedLeadRow[]): LeadAdvance[] {
  const current = new Map(rows.map((r) => [r.id, { status: r.status, step: r.currentStep }]));
  const updates = new Map<string, LeadAdvance>();
  for (const a of [...accepted].sort((x, y) => x.at.getTime() - y.at.getTime())) {
    const { send, campaign } = a.delivery;
    const lead = current.get(send.leadId);
    if (!lead) continue;
    const row = updates.get(send.leadId) ?? { id: send.leadId, at: a.at, step: null, stepAt: null, status: null, due: null, moves: false, variant: null };
    row.at = a.at;
    if (send.kind === 'step' && lead.step < send.stepPosition!) {
      const running = isInSequence(lead.status);
      const next = running ? afterStep(stepTimings(campaign), send.stepPosition!, a.at, lead.status as 'pending' | 'active' | 'paused') : null;
      Object.assign(row, { step: send.stepPosition!, stepAt: a.at, moves: running, status: next?.status ?? null, due: next?.nextDueAt ?? null, variant: send.variant });
      lead.step = send.stepPosition!;
      if (next) lead.status = next.status;
    }
    updates.set(send.leadId, row);
  }
  return [...updates.values()];
}

const stepTimings = (campaign: EngineCampaign) => campaign.steps.map((s) => ({ position: s.position, waitMinutes: s.waitMinutes }));
