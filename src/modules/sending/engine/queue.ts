// Turns a tick's plan into send rows. One row per (lead, step), guaranteed by the unique index
// send_lead_step_unique: a row another dispatcher queued first makes this insert a no-op, so no lead
// can get a step twice however many dispatchers run. The Message-ID is fixed here, before any SMTP call.
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { messageIdFor } from '../render/headers';
import type { PlannedSend } from '../schedule';
import type { EngineCampaign, EngineInbox } from './load-state';
import type { DueWork } from './pick-due';
import { sql } from './sql';
import { chooseVariant, type VariantStats } from './variants';

const POSITIVE = `('interested', 'meeting_booked', 'meeting_completed', 'won')`;
const HIT: Record<NonNullable<EngineCampaign['abWinnerMetric']>, string> = {
  reply: 'l.replied_at is not null',
  positive: `l.interest in ${POSITIVE}`,
  open: 's.opened_at is not null',
  click: 's.clicked_at is not null',
};

async function variantStats(em: EntityManager, campaign: EngineCampaign, position: number): Promise<VariantStats[]> {
  const hit = campaign.abWinnerMetric ? HIT[campaign.abWinnerMetric] : 'false';
  const rows = await sql(
    em,
    `select s.variant, count(*)::int as sent, count(*) filter (where ${hit})::int as hits from send s join lead l on l.id = s.lead_id
      where s.campaign_id = ? and s.kind = 'step' and s.step_position = ? and s.status in ('queued', 'sending', 'sent') and s.variant is not null
      group by s.variant`,
    [campaign.id, position],
  );
  return rows.map((r) => ({ variant: Number(r.variant), sent: Number(r.sent), hits: Number(r.hits) }));
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
  const stats = new Map<string, VariantStats[]>();
  const queued: QueuedSend[] = [];
  for (const p of plan) {
    const campaign = campaigns.get(p.campaignId)!;
    const inbox = inboxes.get(p.inboxId)!;
    const lead = work.leads.get(p.leadId)!;
    const position = work.positions.get(p.leadId)!;
    const step = campaign.steps.find((s) => s.position === position)!;
    const key = `${campaign.id}:${position}`;
    if (!stats.has(key)) stats.set(key, await variantStats(em, campaign, position));
    const stepStats = stats.get(key)!;
    const variant = chooseVariant(step.variants, lead.variant, stepStats, { metric: campaign.abWinnerMetric, after: campaign.abOptimizeAfter });
    if (variant === null) continue; // every variant off: the steps API refuses that, so only a race gets here
    const id = randomUUID();
    const inserted = await sql(
      em,
      `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, is_first, status, message_id, scheduled_for, attempts)
       values (?, ?, ?, ?, ?, ?, 'step', ?, ?, ?, 'queued', ?, ?, 0) on conflict do nothing returning id`,
      [id, now, campaign.workspaceId, campaign.id, lead.id, inbox.id, position, variant, lead.currentStep === 0, messageIdFor(id, inbox.email), now],
    );
    if (!inserted.length) continue;
    const s = stepStats.find((v) => v.variant === variant);
    if (s) s.sent++;
    else stepStats.push({ variant, sent: 1, hits: 0 });
    queued.push({ id, leadId: lead.id });
  }
  return queued;
}
