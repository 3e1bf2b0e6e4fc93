// Which leads of a campaign are due now, read so that the cost follows the due work and not the size
// of the campaign: follow-ups by next_due_at (index lead_campaign_due) and new leads by created_at
// (index lead_campaign_status_created), each cut at a few times what the campaign can send this tick.
// The pure rules (schedule/due.ts, window.ts) then decide per lead; what they settle for good (skipped
// steps, completion, an expired verification hold, a later due time) is written back so the lead is not
// read again before it matters. Task steps open their task here. The statements: due.queries.ts.
import { leadCompletedEvent, taskOpenedEvent } from '../../events/payloads';
import { insertEvents } from '../../events/events.queries';
import { recordEvent } from '../../events/record-event';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Extensions } from '../../../runtime/extensions';
import { runCompletedHooks } from '../../leads/lifecycle/lead-completed';
import { renderTemplate } from '../../templates/render';
import { spinSeed } from '../../templates/spin';
import { inboxFreePlaces, isSendingOpen, nextDue, nextSendAt, sendZone, stepNeeds, type Click, type DueLead, type SequenceStep } from '../schedule';
import { clearLeadNextDue, completeLeads, dueLeadRows, expireVerificationHolds, insertTask, leadClicks, setLeadsNextDue, skipLeadSteps, type EngineLead } from './due.queries';
import type { EngineCampaign } from './load-state';

export type { EngineLead } from './due.queries';

/** How many candidates to read per slot the campaign can fill: leads held by a closed window in their
 *  own zone, or by a hold, are passed over without starving those behind them. */
const READ_AHEAD = 4;
/** Task steps need no inbox: read this many leads for them even when no inbox can send. */
const TASK_READ = 50;
/** Of the leads waiting for their own inbox, read this many whose next step needs none (a task, a step
 *  skipped), per kind (due.queries.ts dueLeadRows). */
const INBOX_FREE_READ = 50;

export interface DueWork {
  /** Email steps due now, for planSends. */
  due: DueLead[];
  /** The leads behind `due`, by id. */
  leads: Map<string, EngineLead>;
  /** The step each due lead is at. */
  positions: Map<string, number>;
}

export const sequenceOf = (campaign: EngineCampaign): SequenceStep[] =>
  campaign.steps.map((s) => ({ position: s.position, waitMinutes: s.waitMinutes, condition: s.condition, isTask: s.task !== null }));

/** Per campaign: how many emails it can send this tick (its daily limit left, bounded by its ready
 *  inboxes), and the inboxes of its pool that cannot send now (their leads wait: schedule/sender.ts). */
export type Slots = ReadonlyMap<string, { slots: number; waitingInboxes: readonly string[] }>;

/**
 * Reads the leads of every campaign that may be due, in ONE statement (a lateral join per campaign, each
 * side an ordered index range cut by LIMIT), then judges each lead with the pure rules and writes back,
 * set-wise, what they settled. The cost follows the campaigns and the due work, not all the leads.
 */
export async function pickDue(em: EntityManager, campaigns: readonly EngineCampaign[], slots: Slots, now: Date, work: DueWork, extensions: Extensions): Promise<void> {
  const asked = campaigns
    .map((c) => {
      const steps = sequenceOf(c);
      const room = slots.get(c.id);
      const limit = steps.length ? (room?.slots ?? 0) * READ_AHEAD + (steps.some((s) => s.isTask) ? TASK_READ : 0) : 0;
      const firstWait = [...steps].sort((a, b) => a.position - b.position)[0]?.waitMinutes ?? 0;
      const newAllowed = c.maxNewLeadsPerDay === null || c.newToday < c.maxNewLeadsPerDay;
      const waitingInboxes = room?.waitingInboxes ?? [];
      // Only an email waits for the lead's own inbox (decisions.md §11): a task, or a step its condition
      // skips, goes on whatever that inbox is doing.
      const inboxFreeLimit = steps.length && waitingInboxes.length ? INBOX_FREE_READ : 0;
      const needs = stepNeeds(steps);
      return { c, limit, newBefore: new Date(now.getTime() - firstWait * 60_000).toISOString(), newAllowed, waitingInboxes, inboxFreeLimit, needs };
    })
    .filter((a) => a.limit > 0 || a.inboxFreeLimit > 0);
  if (!asked.length) return;
  const rows = await dueLeadRows(
    em,
    asked.map((a) => ({
      campaignId: a.c.id,
      limit: a.limit,
      newBefore: a.newBefore,
      newAllowed: a.newAllowed,
      skipRisky: a.c.skipRisky,
      waitingInboxes: a.waitingInboxes,
      inboxFreeLimit: a.inboxFreeLimit,
      steps: a.needs,
      inboxFreePlaces: inboxFreePlaces(a.needs),
    })),
    now,
  );
  if (!rows.length) return;
  const byCampaign = new Map<string, EngineLead[]>();
  for (const r of rows) {
    const list = byCampaign.get(r.campaignId) ?? [];
    list.push(r.lead);
    byCampaign.set(r.campaignId, list);
  }
  const clickCampaigns = campaigns.filter((c) => c.steps.some((s) => s.condition === 'clicked') && byCampaign.has(c.id));
  const clicks = clickCampaigns.length
    ? await leadClicks(
        em,
        clickCampaigns.flatMap((c) => byCampaign.get(c.id)!.map((l) => l.id)),
      )
    : new Map<string, Click[]>();

  const writes: LeadWrites = { completed: [], skipped: [], expired: [], later: [], tasks: [] };
  for (const campaign of campaigns) {
    const leads = byCampaign.get(campaign.id);
    if (leads) judgeLeads(campaign, leads, clicks, now, work, writes);
  }
  await applyWrites(em, writes, now, extensions);
}

interface LeadWrites {
  completed: { id: string; position: number | null; at: Date | null }[];
  skipped: { id: string; position: number; at: Date }[];
  expired: string[];
  later: { id: string; at: Date }[];
  tasks: { campaign: EngineCampaign; lead: EngineLead; position: number; kind: string; text: string; dueAt: Date }[];
}

function judgeLeads(campaign: EngineCampaign, leads: EngineLead[], clicks: Map<string, Click[]>, now: Date, work: DueWork, writes: LeadWrites) {
  const steps = sequenceOf(campaign);
  for (const lead of leads) {
    const decision = nextDue({ ...lead, addedAt: lead.createdAt, clicks: clicks.get(lead.id) ?? [], openTask: false }, steps, { skipRisky: campaign.skipRisky }, now);
    if (decision.kind === 'completed') {
      const last = decision.skipped.at(-1);
      writes.completed.push({ id: lead.id, position: last?.position ?? null, at: last?.at ?? null });
      continue;
    }
    if (decision.kind !== 'step') continue;
    const last = decision.skipped.at(-1);
    if (last) {
      // A step whose condition failed is passed for good; the next one counts its wait from there.
      writes.skipped.push({ id: lead.id, position: last.position, at: last.at });
      lead.currentStep = last.position;
      lead.lastStepAt = last.at;
    }
    if (decision.verificationExpired) writes.expired.push(lead.id);
    if (!decision.dueNow) {
      writes.later.push({ id: lead.id, at: decision.at });
      continue;
    }
    const zone = sendZone(campaign, lead);
    if (!isSendingOpen(campaign, zone, now)) {
      // Closed in the lead's own zone: come back when it opens there.
      const opens = nextSendAt(campaign, zone, now);
      if (opens) writes.later.push({ id: lead.id, at: opens });
      continue;
    }
    const step = campaign.steps.find((s) => s.position === decision.position)!;
    if (step.task) {
      writes.tasks.push({ campaign, lead, position: step.position, kind: step.task.kind, text: step.task.text, dueAt: decision.at });
      continue;
    }
    work.due.push({ leadId: lead.id, campaignId: campaign.id, provider: lead.provider, isNew: decision.isNew, dueAt: decision.at, mailboxId: lead.mailboxId });
    work.leads.set(lead.id, lead);
    work.positions.set(lead.id, decision.position);
  }
}

/** Each kind of write as one statement over arrays. */
async function applyWrites(em: EntityManager, w: LeadWrites, now: Date, extensions: Extensions) {
  if (w.completed.length) {
    const done = await completeLeads(em, w.completed);
    const events = done.map((l) => leadCompletedEvent({ workspaceId: l.workspaceId, leadId: l.id, email: l.email, campaignId: l.campaignId }, now));
    if (events.length) await insertEvents(em, events);
    await runCompletedHooks(
      em,
      extensions,
      done.map((l) => ({ leadId: l.id, at: now })),
    );
  }
  if (w.skipped.length) await skipLeadSteps(em, w.skipped);
  if (w.expired.length) await expireVerificationHolds(em, w.expired);
  if (w.later.length) await setLeadsNextDue(em, w.later);
  for (const t of w.tasks) await openTask(em, t.campaign, t.lead, t.position, t.kind, t.text, t.dueAt, now);
}

/** Opens the task of a task step (once: unique per lead and step); the lead waits for its close. */
async function openTask(em: EntityManager, campaign: EngineCampaign, lead: EngineLead, position: number, kind: string, text: string, dueAt: Date, now: Date) {
  const rendered = renderTemplate(text, lead.vars, { unsubscribeUrl: '', sender: null, seed: spinSeed(lead.id, { position, variant: 0 }) }).text;
  const opened = await insertTask(em, {
    id: randomUUID(),
    createdAt: new Date(),
    workspaceId: campaign.workspaceId,
    campaignId: campaign.id,
    leadId: lead.id,
    position,
    kind,
    text: rendered,
    dueAt,
  });
  if (opened) {
    const task = {
      workspaceId: campaign.workspaceId,
      taskId: opened,
      leadId: lead.id,
      email: lead.email,
      campaignId: campaign.id,
      kind,
      text: rendered,
      step: position,
      dueAt,
    };
    await recordEvent(em, taskOpenedEvent(task, now));
  }
  await clearLeadNextDue(em, lead.id);
}
