// Raw SQL of the inbox area, one named function per statement.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql } from '../../db/sql';
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
