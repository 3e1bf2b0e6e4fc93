// Which leads of a campaign are due now, read so that the cost follows the due work and not the size
// of the campaign: follow-ups by next_due_at (index lead_campaign_due) and new leads by created_at
// (index lead_campaign_status_created), each cut at a few times what the campaign can send this tick.
// The pure rules (schedule/due.ts, window.ts) then decide per lead; what they settle for good (skipped
// steps, completion, an expired verification hold, a later due time) is written back so the lead is not
// read again before it matters. Task steps open their task here.
import { leadCompletedEvent, taskOpenedEvent } from '../../events/payloads';
import { eventsInsert, recordEvent } from '../../events/record-event';
import type { EntityManager } from '@mikro-orm/postgresql';
import { boolArray, intArray, pgArray, sql, timeArray } from '../../../db/sql';
import { randomUUID } from 'node:crypto';
import type { LeadStatus, Provider, Verification } from '../../leads/lead.entity';
import { leadProviderSql } from '../../leads/lead-provider';
import { runningSql } from '../../leads/lifecycle/lead-status';
import { renderTemplate } from '../render/merge';
import { isSendingOpen, nextDue, nextSendAt, sendZone, type Click, type DueLead, type SequenceStep } from '../schedule';
import type { EngineCampaign } from './load-state';

/** The lead columns the engine works with. */
export interface EngineLead {
  id: string;
  email: string;
  status: LeadStatus;
  currentStep: number;
  createdAt: Date;
  lastStepAt: Date | null;
  awayUntil: Date | null;
  verification: Verification | null;
  verificationStartedAt: Date | null;
  repliedAt: Date | null;
  interest: string | null;
  timezone: string | null;
  provider: Provider | null;
  variant: number | null;
  vars: Record<string, string>;
}

// The provider is the lead's domain's (providerMatching pairs it with an inbox's): leads/lead-provider.ts.
export const LEAD_COLUMNS = `l.id, l.email, l.status, l.current_step, l.created_at, l.last_step_at, l.away_until, l.verification,
  l.verification_started_at, l.replied_at, l.interest, l.timezone, ${leadProviderSql('l')} as provider, l.variant, l.vars`;

const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

export function toEngineLead(r: Record<string, unknown>): EngineLead {
  return {
    id: String(r.id),
    email: String(r.email),
    status: r.status as LeadStatus,
    currentStep: Number(r.current_step),
    createdAt: new Date(r.created_at as string),
    lastStepAt: date(r.last_step_at),
    awayUntil: date(r.away_until),
    verification: (r.verification as Verification | null) ?? null,
    verificationStartedAt: date(r.verification_started_at),
    repliedAt: date(r.replied_at),
    interest: (r.interest as string | null) ?? null,
    timezone: (r.timezone as string | null) ?? null,
    provider: (r.provider as Provider | null) ?? null,
    variant: r.variant === null || r.variant === undefined ? null : Number(r.variant),
    vars: (r.vars as Record<string, string>) ?? {},
  };
}

/** How many candidates to read per slot the campaign can fill: leads held by a closed window in their
 *  own zone, or by a hold, are passed over without starving those behind them. */
const READ_AHEAD = 4;
/** Task steps need no inbox: read this many leads for them even when no inbox can send. */
const TASK_READ = 50;

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

/** Per campaign: how many emails it can send this tick (its daily limit left, bounded by its ready inboxes). */
export type Slots = ReadonlyMap<string, number>;

/**
 * Reads the leads of every campaign that may be due, in ONE statement (a lateral join per campaign, each
 * side an ordered index range cut by LIMIT), then judges each lead with the pure rules and writes back,
 * set-wise, what they settled. The cost follows the campaigns and the due work, not all the leads.
 */
export async function pickDue(em: EntityManager, campaigns: readonly EngineCampaign[], slots: Slots, now: Date, work: DueWork): Promise<void> {
  const asked = campaigns
    .map((c) => {
      const steps = sequenceOf(c);
      const limit = steps.length ? (slots.get(c.id) ?? 0) * READ_AHEAD + (steps.some((s) => s.isTask) ? TASK_READ : 0) : 0;
      const firstWait = [...steps].sort((a, b) => a.position - b.position)[0]?.waitMinutes ?? 0;
      const newAllowed = c.maxNewLeadsPerDay === null || c.newToday < c.maxNewLeadsPerDay;
      return { c, limit, newBefore: new Date(now.getTime() - firstWait * 60_000).toISOString(), newAllowed };
    })
    .filter((a) => a.limit > 0);
  if (!asked.length) return;
  const notBusy = `(l.verification is null or l.verification <> 'invalid') and (not c.skip_risky or l.verification is null or l.verification <> 'risky')
    and not exists (select 1 from send s where s.lead_id = l.id and s.status in ('queued', 'sending'))
    and not exists (select 1 from task t where t.lead_id = l.id and t.status = 'open')`;
  const rows = await sql(
    em,
    `select c.id as for_campaign, x.* from unnest(?::uuid[], ?::int[], ?::timestamptz[], ?::boolean[], ?::boolean[]) as c(id, lim, new_before, new_ok, skip_risky)
     cross join lateral (
       (select ${LEAD_COLUMNS} from lead l where l.campaign_id = c.id and l.status = 'active' and l.next_due_at <= ? and ${notBusy}
         order by l.next_due_at, l.id limit c.lim)
       union all
       (select ${LEAD_COLUMNS} from lead l where c.new_ok and l.campaign_id = c.id and l.status = 'pending' and l.created_at <= c.new_before
          and (l.next_due_at is null or l.next_due_at <= ?) and ${notBusy}
         order by l.created_at, l.id limit c.lim)
     ) x`,
    [
      pgArray(asked.map((a) => a.c.id)),
      intArray(asked.map((a) => a.limit)),
      pgArray(asked.map((a) => a.newBefore)),
      boolArray(asked.map((a) => a.newAllowed)),
      boolArray(asked.map((a) => a.c.skipRisky)),
      now,
      now,
    ],
  );
  if (!rows.length) return;
  const byCampaign = new Map<string, EngineLead[]>();
  for (const r of rows) {
    const list = byCampaign.get(String(r.for_campaign)) ?? [];
    list.push(toEngineLead(r));
    byCampaign.set(String(r.for_campaign), list);
  }
  const clickCampaigns = campaigns.filter((c) => c.steps.some((s) => s.condition === 'clicked') && byCampaign.has(c.id));
  const clicks = clickCampaigns.length
    ? await clicksOf(
        em,
        clickCampaigns.flatMap((c) => byCampaign.get(c.id)!.map((l) => l.id)),
      )
    : new Map<string, Click[]>();

  const writes: LeadWrites = { completed: [], skipped: [], expired: [], later: [], tasks: [] };
  for (const campaign of campaigns) {
    const leads = byCampaign.get(campaign.id);
    if (leads) judgeLeads(campaign, leads, clicks, now, work, writes);
  }
  await applyWrites(em, writes, now);
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
    work.due.push({ leadId: lead.id, campaignId: campaign.id, provider: lead.provider, isNew: decision.isNew, dueAt: decision.at });
    work.leads.set(lead.id, lead);
    work.positions.set(lead.id, decision.position);
  }
}

/** Each kind of write as one statement over arrays. */
async function applyWrites(em: EntityManager, w: LeadWrites, now: Date) {
  if (w.completed.length) {
    const done = await sql(
      em,
      `update lead l set status = 'completed', next_due_at = null, current_step = coalesce(x.pos, l.current_step), last_step_at = coalesce(x.at, l.last_step_at)
         from unnest(?::uuid[], ?::int[], ?::timestamptz[]) as x(id, pos, at) where l.id = x.id and ${runningSql('l')}
       returning l.id, l.workspace_id, l.email, l.campaign_id`,
      [pgArray(w.completed.map((c) => c.id)), intArray(w.completed.map((c) => c.position)), timeArray(w.completed.map((c) => c.at))],
    );
    const events = done.map((l) =>
      leadCompletedEvent({ workspaceId: String(l.workspace_id), leadId: String(l.id), email: String(l.email), campaignId: String(l.campaign_id) }, now),
    );
    if (events.length) {
      const { query, params } = eventsInsert(events);
      await sql(em, query, params);
    }
  }
  if (w.skipped.length) {
    await sql(
      em,
      `update lead l set current_step = x.pos, last_step_at = x.at from unnest(?::uuid[], ?::int[], ?::timestamptz[]) as x(id, pos, at) where l.id = x.id and l.current_step < x.pos`,
      [pgArray(w.skipped.map((c) => c.id)), intArray(w.skipped.map((c) => c.position)), timeArray(w.skipped.map((c) => c.at))],
    );
  }
  if (w.expired.length) await sql(em, `update lead set verification = 'expired' where id = any(?::uuid[]) and verification = 'pending'`, [pgArray(w.expired)]);
  if (w.later.length) {
    await sql(em, `update lead l set next_due_at = x.at from unnest(?::uuid[], ?::timestamptz[]) as x(id, at) where l.id = x.id`, [
      pgArray(w.later.map((c) => c.id)),
      timeArray(w.later.map((c) => c.at)),
    ]);
  }
  for (const t of w.tasks) await openTask(em, t.campaign, t.lead, t.position, t.kind, t.text, t.dueAt, now);
}

/** Opens the task of a task step (once: unique per lead and step); the lead waits for its close. */
async function openTask(em: EntityManager, campaign: EngineCampaign, lead: EngineLead, position: number, kind: string, text: string, dueAt: Date, now: Date) {
  const rendered = renderTemplate(text, lead.vars, { unsubscribeUrl: '', sender: null }).text;
  const [opened] = await sql(
    em,
    `insert into task (id, created_at, workspace_id, campaign_id, lead_id, step_position, kind, text, status, due_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?) on conflict (lead_id, step_position) do nothing returning id`,
    [randomUUID(), new Date(), campaign.workspaceId, campaign.id, lead.id, position, kind, rendered, dueAt],
  );
  if (opened) {
    const task = {
      workspaceId: campaign.workspaceId,
      taskId: String(opened.id),
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
  await sql(em, `update lead set next_due_at = null where id = ?`, [lead.id]);
}

/** The clicks on the leads' emails that are still a person's (tracking_event.person_at: the burst rule
 *  of schedule/clicks.ts applied as the hits came, public-links.service.ts), for the `clicked` condition.
 *  One row per link, so as many rows as links were clicked, however often. */
async function clicksOf(em: EntityManager, leadIds: string[]): Promise<Map<string, Click[]>> {
  const rows = await sql(
    em,
    `select te.lead_id, te.send_id, s.sent_at, te.person_at, te.url from tracking_event te join send s on s.id = te.send_id
      where te.kind = 'click' and te.person_at is not null and te.lead_id = any(?::uuid[]) and s.sent_at is not null`,
    [pgArray(leadIds)],
  );
  const by = new Map<string, Click[]>();
  for (const r of rows) {
    const list = by.get(String(r.lead_id)) ?? [];
    list.push({ sendId: String(r.send_id), sentAt: new Date(r.sent_at as string), at: new Date(r.person_at as string), url: String(r.url), method: 'GET' });
    by.set(String(r.lead_id), list);
  }
  return by;
}
