// GET /campaigns/:id/sending-status: the engine's own state loaders (engine/load-state.ts) plus set-wise
// counts of the leads due now and today, judged by schedule/sending-status.ts explainSending.
import type { AuthedCtx } from '../../context';
import { findOr404 } from '../../db/find';
import { Campaign } from '../campaigns/campaign.entity';
import { domainDays, endOfDay, explainSending, nextSendAt, type DueGroup, type SendingStatus } from './schedule';
import { loadCampaigns, loadInboxes } from './engine/load-state';
import { sql } from '../../db/sql';
import { LEAD_DUE_AT, skippedVerifications } from './lead-due-sql';
import { leadProviderSql } from '../leads/lead-provider';
import { runningSql } from '../leads/lifecycle/lead-status';

export interface SendingStatusView extends SendingStatus {
  sentToday: number;
  dailyLimit: number;
  newToday: number;
  newLeadsLimit: number | null;
  nextDueAt: Date | null;
}

const HOLD_MS = 86_400_000;

export async function sendingStatus(ctx: AuthedCtx, campaignId: string): Promise<SendingStatusView> {
  await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const now = ctx.deps.clock.now();
  const [campaign] = await loadCampaigns(ctx.em, now, [campaignId]);
  if (!campaign) throw new Error('campaign vanished');
  const inboxList = await loadInboxes(ctx.em, now, [campaign.workspaceId]);
  const domainLeft = new Map([...domainDays(inboxList)].map(([d, day]) => [d, day.left]));
  const inboxes = inboxList.filter((i) => campaign.inboxIds.includes(i.id)).map((i) => ({ ...i, domainLeft: domainLeft.get(i.domain) ?? Number.POSITIVE_INFINITY }));

  const firstWait = campaign.steps[0]?.waitMinutes ?? 0;
  const excluded = skippedVerifications(campaign.skipRisky);
  const dueAt = LEAD_DUE_AT;
  const open = `l.campaign_id = ? and ${runningSql('l')} and (l.status = 'pending' or l.next_due_at is not null)
    and (l.verification is null or l.verification not in ${excluded})
    and not exists (select 1 from send s where s.lead_id = l.id and s.status in ('queued', 'sending'))
    and not exists (select 1 from task t where t.lead_id = l.id and t.status = 'open')`;
  const away = `l.away_until > ?`;
  // An away lead's mail waits for its return date (due.ts holds): the engine moves next_due_at there once
  // it has looked at the lead, and until then these counts do the same.
  const dueOrBack = `greatest(${dueAt}, coalesce(l.away_until, '-infinity'::timestamptz))`;
  const verifying = `l.verification = 'pending' and l.verification_started_at > ?`;
  const zone = campaign.leadTimezone ? `coalesce(l.timezone, ?)` : `?::text`;
  const holdSince = new Date(now.getTime() - HOLD_MS);
  const [groups, today, held, next] = await Promise.all([
    sql(
      ctx.em,
      `select ${zone} as zone, ${leadProviderSql('l')} as provider, (l.status = 'pending') as is_new, count(*)::int as n from lead l
        where ${open} and ${dueAt} <= ? and not (${away}) is true and not (${verifying}) is true group by 1, 2, 3`,
      [campaign.timezone, campaignId, firstWait, now, now, holdSince],
    ),
    sql(
      ctx.em,
      `select count(*) filter (where l.status = 'active')::int as follow_ups, count(*) filter (where l.status = 'pending')::int as new_leads from lead l
        where ${open} and ${dueOrBack} < ?`,
      [campaignId, firstWait, endOfDay(campaign.timezone, now)],
    ),
    // Held by an away lead: away now, and its next email would go before the return date were it not
    // away (or was already moved to it); held by verification: due now while its check runs.
    sql(
      ctx.em,
      `select count(*) filter (where ${away} and ${dueAt} <= l.away_until)::int as away,
              count(*) filter (where ${verifying} and ${dueAt} <= ?)::int as verification
         from lead l where ${open}`,
      [now, firstWait, holdSince, firstWait, now, campaignId],
    ),
    sql(ctx.em, `select min(${dueOrBack}) as at from lead l where ${open}`, [firstWait, campaignId]),
  ]);
  const dueNow: DueGroup[] = groups.map((g) => ({ zone: String(g.zone), provider: (g.provider as DueGroup['provider']) ?? null, isNew: Boolean(g.is_new), count: Number(g.n) }));
  const status = explainSending(
    {
      campaign: { ...campaign, status: campaign.status as Campaign['status'] },
      stepCount: campaign.steps.length,
      sentToday: campaign.sentToday,
      newToday: campaign.newToday,
      inboxes,
      dueNow,
      dueToday: { followUps: Number(today[0]?.follow_ups ?? 0), newLeads: Number(today[0]?.new_leads ?? 0) },
      held: { verification: Number(held[0]?.verification ?? 0), away: Number(held[0]?.away ?? 0) },
    },
    now,
  );
  const earliest = next[0]?.at ? new Date(next[0].at as string) : null;
  // The next moment a lead is due and the window is open (in the campaign zone).
  const nextDueAt = earliest ? nextSendAt(campaign, campaign.timezone, earliest > now ? earliest : now) : null;
  return {
    ...status,
    sentToday: campaign.sentToday,
    dailyLimit: campaign.dailyLimit,
    newToday: campaign.newToday,
    newLeadsLimit: campaign.maxNewLeadsPerDay,
    nextDueAt,
  };
}
