// The blocklist's SQL (blocklist.service.ts), one named function per statement (conventions.md "SQL in
// named places"). Reads of the list go through the entity (the workspace filter applies there).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';
import type { BlockReason } from './blocklist-entry.entity';

/** Inserts normalized entries into the workspace's blocklist in one statement, set-wise, in the order
 *  given; an entry listed already, or twice in the list, is skipped by the (workspace_id, email) unique
 *  index. Returns the entries that were new. */
export async function insertBlocklistEntries(em: EntityManager, workspaceId: string, entries: readonly string[], reason: BlockReason, now: Date): Promise<string[]> {
  const rows = await sql(
    em,
    `insert into blocklist_entry (id, created_at, workspace_id, email, reason)
       select gen_random_uuid(), ?, ?, e.value, ? from jsonb_array_elements_text(cast(? as jsonb)) with ordinality as e(value, n) order by e.n
       on conflict (workspace_id, email) do nothing returning email`,
    [now, workspaceId, reason, JSON.stringify(entries)],
  );
  return rows.map((r) => String(r.email));
}
