// Turns a tick's plan into send rows. One row per (lead, step), guaranteed by the unique index
// send_lead_step_unique: a row another dispatcher queued first makes this insert a no-op, so no lead
// can get a step twice however many dispatchers run. The Message-ID is fixed here, before any SMTP call.
// The statements: queue.queries.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { messageIdFor } from '../render/headers';
import type { PlannedSend } from '../schedule';
import type { EngineCampaign, EngineInbox } from './load-state';
import type { DueWork } from './pick-due';
import { insertQueuedSends, variantStatRows, type QueuedSendRow } from './queue.queries';
import { chooseVariant, type VariantStats } from './variants';

/** Sends per variant (and metric hits) of every (campaign, step) in the plan, in one statement. */
async function variantStats(em: EntityManager, keys: { campaign: EngineCampaign; position: number }[]): Promise<Map<string, VariantStats[]>> {
  const stats = new Map<string, VariantStats[]>(keys.map((k) => [`${k.campaign.id}:${k.position}`, []]));
  if (!keys.length) return stats;
  const rows = await variantStatRows(
    em,
    keys.map((k) => ({ campaignId: k.campaign.id, position: k.position, metric: k.campaign.abWinnerMetric })),
  );
  for (const r of rows) stats.get(`${r.campaignId}:${r.position}`)?.push({ variant: r.variant, sent: r.sent, hits: r.hits });
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
  const rows: QueuedSendRow[] = [];
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
    rows.push({
      id,
      workspaceId: campaign.workspaceId,
      campaignId: campaign.id,
      leadId: lead.id,
      inboxId: inbox.id,
      position,
      variant,
      isFirst: lead.currentStep === 0,
      messageId: messageIdFor(id, inbox.email),
      newSender: lead.mailboxId !== inbox.id,
    });
  }
  if (!rows.length) return [];
  // One statement for the whole plan; a row another dispatcher queued first is skipped by the unique index.
  return insertQueuedSends(em, rows, now);
}
