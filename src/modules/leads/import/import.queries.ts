// The SQL of a lead import's set-up and staging (import.service.ts, staging.ts), one named function per
// statement; the import rules' statements are in import-rules.queries.ts. All of it runs on the import's
// own connection, inside its transaction (storage/import-transaction.ts: COPY and temporary tables live on one
// connection); storage/sql.ts runs the same `?` statements there as on an EntityManager.
import type { Writable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../../storage/import-transaction';
import { intArray, sql, sqlRun, textArray, type Statement } from '../../../storage/sql';

/** The staging table: the rows of the chunk being imported, `n` each one's position among all rows given
 *  (from 1). `outcome` is null while the row is still a candidate and then names the rule that kept it
 *  out; `id` is the id it gets as a lead. */
export const STAGING_TABLE = 'lead_import';
/** Addresses of earlier chunks that were kept out by rules 3–5 (import-rules.ts): a later row with one
 *  of them is a duplicate. */
export const SEEN_TABLE = 'lead_import_seen';
/** The sets of field names the staged rows carry, each once (`keyset` of a staged row): the import
 *  counts its new leads' field names from these (import-rules.queries.ts FIELD_NAMES_SQL) rather than
 *  from every lead's keys. */
export const KEYSET_TABLE = 'lead_import_keyset';

/**
 * Locks the workspace's campaign with KEY SHARE until the import's transaction ends (it cannot be deleted
 * under the import; edits to it go on); its workspace's recent_contact_days, or null when the workspace
 * has no such campaign.
 */
export async function lockCampaignForImport(db: Db, workspaceId: string, campaignId: string): Promise<number | null> {
  const lock = lockCampaignStatement(workspaceId, campaignId);
  return recentContactDays(await sql(db, lock.query, lock.params));
}

/** lockCampaignForImport as a statement, to send with others (an async import between its batches);
 *  recentContactDays reads its rows. */
export const lockCampaignStatement = (workspaceId: string, campaignId: string): Statement => ({
  query: `select w.recent_contact_days from campaign c join workspace w on w.id = c.workspace_id where c.id = ? and c.workspace_id = ? for key share of c`,
  params: [campaignId, workspaceId],
});

/**
 * What lockCampaignStatement came to: the workspace's recent_contact_days, or null without the campaign.
 * @allWorkspaces reads rows a workspace-scoped statement returned
 */
export const recentContactDays = (rows: readonly Record<string, unknown>[]): number | null => (rows[0] ? Number(rows[0].recent_contact_days) : null);

/**
 * The import's temporary tables: the staging table, the addresses seen, the sets of field names. Dropped
 * at commit, or (`lifetime: 'session'`, an async import that commits batch by batch: background/) kept
 * across the connection's transactions until it drops them (dropTempTables).
 * @allWorkspaces temporary tables of this import's own transaction, holding only its rows
 */
export async function createStagingTable(db: Db, lifetime: 'transaction' | 'session' = 'transaction'): Promise<void> {
  const onCommit = lifetime === 'transaction' ? 'on commit drop' : '';
  await sqlRun(
    db,
    `create temporary table ${STAGING_TABLE} (n int not null, id uuid not null, email text not null, domain text, vars jsonb not null, timezone text, keyset int not null, outcome text) ${onCommit}`,
  );
  await sqlRun(db, `create temporary table ${SEEN_TABLE} (email text primary key) ${onCommit}`);
  await sqlRun(db, `create temporary table ${KEYSET_TABLE} (id int primary key, names text[] not null) ${onCommit}`);
}

/**
 * Drops the session's temporary tables (createStagingTable with `lifetime: 'session'`) before the
 * connection goes back to the pool.
 * @allWorkspaces temporary tables of this connection's session
 */
export async function dropTempTables(db: Db): Promise<void> {
  await sqlRun(db, `drop table if exists ${STAGING_TABLE}, ${SEEN_TABLE}, ${KEYSET_TABLE}`);
}

/**
 * Adds sets of field names, each with its id, to KEYSET_TABLE.
 * @allWorkspaces a temporary table of this import's own transaction, holding only its rows
 */
export async function addKeySets(db: Db, keySets: readonly { id: number; names: readonly string[] }[]): Promise<void> {
  await sqlRun(db, `insert into ${KEYSET_TABLE} (id, names) select k.id, k.names::text[] from unnest(?::int[], ?::text[]) as k(id, names)`, [
    intArray(keySets.map((k) => k.id)),
    textArray(keySets.map((k) => textArray(k.names))),
  ]);
}

/**
 * A COPY (text format) into the staging table: lines of n, id, email, domain, vars (JSON), timezone,
 * keyset and outcome, tab-separated (staging.ts writes them).
 * @allWorkspaces a temporary table of this import's own transaction, holding only its rows
 */
export function copyIntoStaging(db: Db): Writable {
  return db.query(copyFrom(`copy ${STAGING_TABLE} (n, id, email, domain, vars, timezone, keyset, outcome) from stdin`));
}

/**
 * The list's field order (lead-list.entity.ts fieldOrder).
 * @allWorkspaces keyed by a list locked in the caller's workspace (lead-lists.queries.ts lockListForImport)
 */
export async function listFieldOrder(db: Db, listId: string): Promise<string[]> {
  const [list] = await sql(db, `select field_order from lead_list where id = ?`, [listId]);
  return (list?.field_order as string[] | undefined) ?? [];
}

export interface ListEntryRow {
  email: string;
  vars: Record<string, unknown>;
  created_at: Date;
  id: string;
}

/** Entries of a list per page (listEntriesAfter). */
export const LIST_PAGE = 5_000;

/**
 * A page of the list's entries in the order they were added: the first LIST_PAGE after `after` (keyset
 * on created_at, id), or from the start.
 * @allWorkspaces keyed by a list locked in the caller's workspace (lead-lists.queries.ts lockListForImport)
 */
export async function listEntriesAfter(db: Db, listId: string, after: { created_at: Date; id: string } | null): Promise<ListEntryRow[]> {
  const rows = await sql(
    db,
    `select email, vars, created_at, id from lead_list_entry where list_id = ?
       and (?::timestamptz is null or (created_at, id) > (?::timestamptz, ?::uuid)) order by created_at, id limit ${LIST_PAGE}`,
    [listId, after?.created_at ?? null, after?.created_at ?? null, after?.id ?? null],
  );
  return rows as unknown as ListEntryRow[];
}
