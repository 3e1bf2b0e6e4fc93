// decisions.md §11 "Sender pools": the inboxes a campaign sends from are its own (mailbox_ids, the
// campaign_inbox links) plus every inbox of its workspace carrying one of its mailbox_tags (exact tag
// text), never a deleted one, never a seed (decisions.md §16: a seed never sends, tag or not). The one spelling of the rule: the dispatch tick (at every tick, so an inbox
// tagged later joins and one untagged leaves), the send-time check, the sending status, the campaign read
// (sending_mailbox_ids), launch and the campaign checks all ask this statement (sender-pool.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql } from '../../storage/sql';

export interface PoolLink {
  campaignId: string;
  inboxId: string;
}

/**
 * Per campaign, the inboxes of its pool, each pair once (in no particular order). Tags are matched by a
 * hash join of the campaigns' tags with the tags of their workspaces' inboxes (unnested on both sides),
 * so the cost follows the tags, not campaigns × inboxes (an array-overlap join measured 20x slower on
 * 500 campaigns and 1,000 inboxes). An inbox both linked and tagged comes twice from SQL (UNION ALL: a
 * SQL UNION's sort cost more than dropping the repeat here).
 * @allWorkspaces keyed by campaign ids: the dispatch tick's (every workspace's active campaigns) or ones the caller found in its workspace
 */
export async function sendingInboxLinks(em: EntityManager, campaignIds: readonly string[]): Promise<PoolLink[]> {
  if (!campaignIds.length) return [];
  const ids = pgArray(campaignIds);
  const rows = await sql(
    em,
    `select ci.campaign_id, ci.inbox_id from campaign_inbox ci join inbox i on i.id = ci.inbox_id
      where ci.campaign_id = any(?::uuid[]) and i.deleted_at is null and i.purpose <> 'seed'
     union all
     select ct.id, it.id
       from (select c.id, c.workspace_id, t.tag from campaign c cross join unnest(c.mailbox_tags) as t(tag) where c.id = any(?::uuid[])) ct
       join (select i.id, i.workspace_id, t.tag from inbox i cross join unnest(i.tags) as t(tag)
              where i.deleted_at is null and i.purpose <> 'seed' and i.workspace_id in (select w.workspace_id from campaign w where w.id = any(?::uuid[]) and w.mailbox_tags <> '{}')) it
         on it.workspace_id = ct.workspace_id and it.tag = ct.tag`,
    [ids, ids, ids],
  );
  const seen = new Set<string>();
  const links: PoolLink[] = [];
  for (const r of rows) {
    const key = `${r.campaign_id as string}:${r.inbox_id as string}`;
    if (seen.has(key)) continue;
    seen.add(key);
    links.push({ campaignId: String(r.campaign_id), inboxId: String(r.inbox_id) });
  }
  return links;
}
