// The SQL of bounce protection (bounce-protect.ts, decisions.md §11): a campaign's last emails since its
// count started, and the campaign pausing itself. Keyed by campaigns whose sends or bounces the engine or
// the reply poller is recording (any workspace), or one the caller found in its workspace.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql, type Statement } from '../../../storage/sql';

/** decisions.md §11: bounce protection looks at a campaign's last 100 emails. */
export const PROTECT_WINDOW = 100;

export interface CampaignBounceRow {
  id: string;
  workspaceId: string;
  name: string;
  status: string;
  bounceProtect: boolean;
  /** Its last PROTECT_WINDOW sequence emails sent (or refused: bounced) since bounce_count_from. */
  sent: number;
  /** How many of them hard-bounced (at SMTP time or by a bounce message). */
  bounced: number;
}

/**
 * Per campaign (the One-off campaign left out: it runs no sequence), its last PROTECT_WINDOW sequence
 * emails since its count started (bounce_count_from, set at each activation) and how many of them
 * bounced. Plan: each campaign's emails are read backwards along the send (campaign_id, sent_at) index
 * from the newest, at most PROTECT_WINDOW of them (rows of other kinds or statuses skipped on the way).
 * @allWorkspaces keyed by campaigns whose emails or bounces are being recorded (the engine and the poller
 * work for every workspace), or one the caller found in its workspace
 */
export async function campaignRecentSends(em: EntityManager, campaignIds: readonly string[]): Promise<CampaignBounceRow[]> {
  if (!campaignIds.length) return [];
  const rows = await sql(
    em,
    `select c.id, c.workspace_id, c.name, c.status, c.bounce_protect, x.n, x.b
       from campaign c
       cross join lateral (
         select count(*)::int as n, count(*) filter (where r.status = 'bounced')::int as b from (
           select s.status from send s
            where s.campaign_id = c.id and s.kind = 'step' and s.status in ('sent', 'bounced')
              and s.sent_at >= coalesce(c.bounce_count_from, '-infinity'::timestamptz)
            order by s.sent_at desc limit ${PROTECT_WINDOW}) r) x
      where c.id = any(?::uuid[]) and not c.one_off`,
    [pgArray(campaignIds)],
  );
  return rows.map((r) => ({
    id: String(r.id),
    workspaceId: String(r.workspace_id),
    name: String(r.name),
    status: String(r.status),
    bounceProtect: r.bounce_protect === true,
    sent: Number(r.n),
    bounced: Number(r.b),
  }));
}

/**
 * Pauses campaigns that are active and protected, as bounce protection does (paused_reason
 * bounce_protect); the ids it paused (a campaign paused meanwhile, by hand or by another process, is not).
 * @allWorkspaces keyed by campaigns campaignRecentSends read
 */
export async function pauseForBounces(em: EntityManager, campaignIds: readonly string[]): Promise<string[]> {
  const rows = await sql(
    em,
    `update campaign set status = 'paused', paused_reason = 'bounce_protect' where id = any(?::uuid[]) and status = 'active' and bounce_protect returning id`,
    [pgArray(campaignIds)],
  );
  return rows.map((r) => String(r.id));
}

/**
 * Of these campaigns, the active protected ones with a hard bounce since their count started (one index
 * probe each on bounce (campaign_id, created_at); the full check reads 100 emails), as a statement for
 * a caller that sends it with others: the 40th email may be the one that makes earlier bounces count.
 * @allWorkspaces keyed by the campaigns of a batch of sends the delivery claimed
 */
export const campaignsWithBounces = (campaignIds: readonly string[]): Statement => ({
  query: `select c.id from campaign c where c.id = any(?::uuid[]) and c.status = 'active' and c.bounce_protect and not c.one_off
          and exists (select 1 from bounce b where b.campaign_id = c.id and b.category in ('hard', 'block')
                        and b.created_at >= coalesce(c.bounce_count_from, '-infinity'::timestamptz))`,
  params: [pgArray(campaignIds)],
});
