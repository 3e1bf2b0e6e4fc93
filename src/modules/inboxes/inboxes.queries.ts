// Raw SQL of the inbox area, one named function per statement.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql } from '../../storage/sql';
import type { DomainReport } from './domain-health';
import type { SkippedFigures } from './inbox.view';

/** What reply polling skipped per inbox (decisions.md §10: unreadable messages, and those over 25 MB that
 *  were not downloaded), summed over its folders' cursors; the last one described with its folder. */
export async function skippedMessages(em: EntityManager, workspaceId: string, inboxIds: readonly string[]): Promise<Map<string, SkippedFigures>> {
  if (!inboxIds.length) return new Map();
  const rows = await sql(
    em,
    `select c.inbox_id, sum(c.unreadable)::int as skipped,
            (array_agg(c.folder || ' ' || c.last_unreadable order by c.updated_at desc) filter (where c.last_unreadable is not null))[1] as last
       from inbox_folder_cursor c join inbox i on i.id = c.inbox_id
      where c.inbox_id = any(?::uuid[]) and i.workspace_id = ?
      group by c.inbox_id`,
    [pgArray(inboxIds), workspaceId],
  );
  return new Map(rows.map((r) => [String(r.inbox_id), { skippedMessages: Number(r.skipped), lastSkippedMessage: (r.last as string | null) ?? null }]));
}

/** Keeps each domain's latest run of the workspace's domain health checks (DomainCheckResult, read by the
 *  campaign diagnosis): one row per domain, never replaced by an older run. */
export async function storeDomainChecks(em: EntityManager, workspaceId: string, checkedAt: Date, reports: readonly DomainReport[]): Promise<void> {
  await sql(
    em,
    `insert into domain_check_result (id, created_at, workspace_id, domain, checks, checked_at)
       select gen_random_uuid(), ?, ?, r.domain, r.checks, ? from jsonb_to_recordset(?::jsonb) as r(domain text, checks jsonb)
     on conflict (workspace_id, domain) do update set checks = excluded.checks, checked_at = excluded.checked_at
       where domain_check_result.checked_at <= excluded.checked_at`,
    [checkedAt, workspaceId, checkedAt, JSON.stringify(reports)],
  );
}

/**
 * Takes the workspace's bucket of a rate limit (rate-limit.ts) until the transaction ends: a
 * transaction-scoped advisory lock, so concurrent requests of one workspace and bucket count one at a time.
 */
export async function lockRateLimitBucket(em: EntityManager, workspaceId: string, bucket: string): Promise<void> {
  await sql(em, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`rate_limit:${workspaceId}:${bucket}`]);
}

/**
 * Takes a deleted inbox out of every campaign's pool (rule 5: removed, not hidden).
 * @allWorkspaces keyed by an inbox the caller found in its workspace (findOr404) and deletes in the same transaction
 */
export async function removeInboxFromCampaigns(em: EntityManager, inboxId: string): Promise<void> {
  await sql(em, 'delete from campaign_inbox where inbox_id = ?', [inboxId]);
}
