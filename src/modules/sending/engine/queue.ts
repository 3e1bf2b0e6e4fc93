// Turns a tick's plan into send rows. One row per (lead, step), guaranteed by the unique index
// send_lead_step_unique: a row another dispatcher queued first makes this insert a no-op, so no lead
// can get a step twice however many dispatchers run. The Message-ID is fixed here, before any SMTP call.
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { messageIdFor } from '../render/headers';
import type { PlannedSend } from '../schedule';
import type { EngineCampaign, EngineInbox } from './load-state';
import type { DueWork } from './pick-due';
import { positiveLead, repliedLead } from '../../reports/metrics';
import { boolArray, intArray, pgArray, sql } from '../../../db/sql';
import { chooseVariant, type VariantStats } from './variants';

const HIT: Record<NonNullable<EngineCampaign['abWinnerMetric']>, string> = {
  reply: repliedLead('l'),
  positive: positiveLead('l'),
  open: 's.opened_at is not null',
  click: 's.clicked_at is not null',
};

/** Sends per variant (and metric hits) of every (campaign, step) in the plan, in one statement. */
async function variantStats(em: EntityManager, keys: { campaign: EngineCampaign; position: number }[]): Promise<Map<string, VariantStats[]>> {
  const stats = new Map<string, VariantStats[]>(keys.map((k) => [`${k.campaign.id}:${k.position}`, []]));
  if (!keys.length) return stats;
  // The metric's hit test per campaign, chosen from a fixed table (never from input).
  const hitCase = `case x.metric ${Object.entries(HIT)
    .map(([m, cond]) => `when '${m}' then ${cond}`)
    .join(' ')} else false end`;
  const rows = await sql(
    em,
    `select s.campaign_id, s.step_position, s.variant, count(*)::int as sent, count(*) filter (where ${hitCase})::int as hits
       from unnest(?::uuid[], ?::int[], ?::text[]) as x(campaign_id, position, metric)
       join send s on s.campaign_id = x.campaign_id and s.kind = 'step' and s.step_position = x.position and s.status in ('queued', 'sending', 'sent') and s.variant is not null
       join lead l on l.id = s.lead_id
      group by s.campaign_id, s.step_position, s.variant`,
    [pgArray(keys.map((k) => k.campaign.id)), `{${keys.map((k) => k.position).join(',')}}`, `{${keys.map((k) => k.campaign.abWinnerMetric ?? 'none').join(',')}}`],
  );
  for (const r of rows) stats.get(`${r.campaign_id}:${r.step_position}`)?.push({ variant: Number(r.variant), sent: Number(r.sent), hits: Number(r.hits) });
  return stats;
}

export interface QueuedSend {
  id: string;
  leadId: string;
}

/** Inserts the planned sends as queued rows, due now; returns those that were new. */
export async function queuePlannedSends(
  em: EntityManager,
  plan: readonly PlannedSend[],
  work: DueWork,
  campaigns: ReadonlyMap<string, EngineCampaign>,
  inboxes: ReadonlyMap<string, EngineInbox>,
  now: Date,
): Promise<QueuedSend[]> {
  const keys = new Map<string, { campaign: EngineCampaign; position: number }>();
  for (const p of plan) {
    const position = work.positions.get(p.leadId)!;
    keys.set(`${p.campaignId}:${position}`, { campaign: campaigns.get(p.campaignId)!, position });
  }
  const stats = await variantStats(em, [...keys.values()]);
  const rows: unknown[][] = [];
  for (const p of plan) {
    const campaign = campaigns.get(p.campaignId)!;
    const inbox = inboxes.get(p.inboxId)!;
    const lead = work.leads.get(p.leadId)!;
    const position = work.positions.get(p.leadId)!;
    const step = campaign.steps.find((s) => s.position === position)!;
    const stepStats = stats.get(`${campaign.id}:${position}`)!;
    const variant = chooseVariant(step.variants, lead.variant, stepStats, { metric: campaign.abWinnerMetric, after: campaign.abOptimizeAfter });
    if (variant === null) continue; // every variant off: the steps API refuses that, so only a race gets here
    const s = stepStats.find((v) => v.variant === variant);
    if (s) s.sent++;
    else stepStats.push({ variant, sent: 1, hits: 0 });
    const id = randomUUID();
    rows.push([id, campaign.workspaceId, campaign.id, lead.id, inbox.id, position, variant, lead.currentStep === 0, messageIdFor(id, inbox.email)]);
  }
  if (!rows.length) return [];
  const col = (i: number) => rows.map((r) => r[i]);
  // One statement for the whole plan; a row another dispatcher queued first is skipped by the unique index.
  const inserted = await sql(
    em,
    `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, is_first, status, message_id, scheduled_for, attempts)
     select x.id, ?, x.workspace_id, x.campaign_id, x.lead_id, x.inbox_id, 'step', x.position, x.variant, x.is_first, 'queued', x.message_id, ?, 0
       from unnest(?::uuid[], ?::uuid[], ?::uuid[], ?::uuid[], ?::uuid[], ?::int[], ?::int[], ?::boolean[], ?::text[])
         as x(id, workspace_id, campaign_id, lead_id, inbox_id, position, variant, is_first, message_id)
     on conflict do nothing returning id, lead_id`,
    [
      now,
      now,
      pgArray(col(0) as string[]),
      pgArray(col(1) as string[]),
      pgArray(col(2) as string[]),
      pgArray(col(3) as string[]),
      pgArray(col(4) as string[]),
      intArray(col(5) as number[]),
      intArray(col(6) as number[]),
      boolArray(col(7) as boolean[]),
      pgArray(col(8) as string[]),
    ],
  );
  const queued: QueuedSend[] = inserted.map((r) => ({ id: String(r.id), leadId: String(r.lead_id) }));
  return queued;
}
