// The SQL of queueing a tick's plan (queue.ts): the variant statistics the A/B choice needs, and the
// queued send rows, one statement each for the whole plan (every workspace's campaigns a tick plans).
import type { EntityManager } from '@mikro-orm/postgresql';
import { boolArray, intArray, pgArray, sql } from '../../../storage/sql';
import { positiveLead, repliedLead } from '../../reports/metrics';
import type { EngineCampaign } from './load-state';

type WinnerMetric = NonNullable<EngineCampaign['abWinnerMetric']>;

const HIT: Record<WinnerMetric, string> = {
  reply: repliedLead('l'),
  positive: positiveLead('l'),
  open: 's.opened_at is not null',
  click: 's.clicked_at is not null',
};

export interface VariantStatRow {
  campaignId: string;
  position: number;
  variant: number;
  sent: number;
  /** Sends that hit the campaign's winner metric. */
  hits: number;
}

/**
 * Sends per variant (queued, going and sent) and hits of the campaign's winner metric, for every
 * (campaign, step) given, in one statement.
 * @allWorkspaces keyed by the campaigns the dispatch tick plans (every workspace's active ones)
 */
export async function variantStatRows(em: EntityManager, keys: readonly { campaignId: string; position: number; metric: WinnerMetric | null }[]): Promise<VariantStatRow[]> {
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
    [pgArray(keys.map((k) => k.campaignId)), `{${keys.map((k) => k.position).join(',')}}`, `{${keys.map((k) => k.metric ?? 'none').join(',')}}`],
  );
  return rows.map((r) => ({ campaignId: String(r.campaign_id), position: Number(r.step_position), variant: Number(r.variant), sent: Number(r.sent), hits: Number(r.hits) }));
}

export interface QueuedSendRow {
  id: string;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  inboxId: string;
  position: number;
  variant: number;
  isFirst: boolean;
  messageId: string;
  /** Its inbox is not (yet) its lead's own: a first email, or its lead's inbox left the campaign. */
  newSender: boolean;
}

/**
 * Inserts the sends as queued rows, due `now`, in one statement; a row another dispatcher queued first
 * is skipped by the unique index send_lead_step_unique. Returns those that were new. The same statement
 * makes each new row's inbox its lead's own (lead.mailbox_id, decisions.md §11 "One sender per lead"):
 * only for rows it inserted, so of two dispatchers planning one lead, the one whose row stands also
 * names its sender, and no lead ever has two. Only the leads of rows marked `newSender` are looked up
 * (the update is driven by their ids): a follow-up from the lead's own inbox costs nothing here.
 * @allWorkspaces an insert for the dispatch tick's plan, each row carrying its campaign's workspace
 */
export async function insertQueuedSends(em: EntityManager, sends: readonly QueuedSendRow[], now: Date): Promise<{ id: string; leadId: string }[]> {
  const inserted = await sql(
    em,
    `with queued as (
       insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, is_first, status, message_id, scheduled_for, attempts)
       select x.id, ?, x.workspace_id, x.campaign_id, x.lead_id, x.inbox_id, 'step', x.position, x.variant, x.is_first, 'queued', x.message_id, ?, 0
         from unnest(?::uuid[], ?::uuid[], ?::uuid[], ?::uuid[], ?::uuid[], ?::int[], ?::int[], ?::boolean[], ?::text[])
           as x(id, workspace_id, campaign_id, lead_id, inbox_id, position, variant, is_first, message_id)
       on conflict do nothing returning id, lead_id, inbox_id),
     sender as (
       update lead l set mailbox_id = q.inbox_id from queued q
        where l.id = any(?::uuid[]) and l.id = q.lead_id and l.mailbox_id is distinct from q.inbox_id)
     select id, lead_id from queued`,
    [
      now,
      now,
      pgArray(sends.map((s) => s.id)),
      pgArray(sends.map((s) => s.workspaceId)),
      pgArray(sends.map((s) => s.campaignId)),
      pgArray(sends.map((s) => s.leadId)),
      pgArray(sends.map((s) => s.inboxId)),
      intArray(sends.map((s) => s.position)),
      intArray(sends.map((s) => s.variant)),
      boolArray(sends.map((s) => s.isFirst)),
      pgArray(sends.map((s) => s.messageId)),
      pgArray(sends.filter((s) => s.newSender).map((s) => s.leadId)),
    ],
  );
  return inserted.map((r) => ({ id: String(r.id), leadId: String(r.lead_id) }));
}
