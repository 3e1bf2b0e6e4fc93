// The SQL of lead lists (lead-lists.service.ts), one named function per statement.
//
// The CSV import runs on a raw pooled connection in a transaction of its own (storage/import-transaction.ts
// inImportTransaction: COPY and temporary tables live on one connection); storage/sql.ts runs the same `?`
// statements there as on an EntityManager.
import type { Writable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../storage/import-transaction';
import { sql, sqlRun, type Statement } from '../../storage/sql';

export interface LeadListRow {
  id: string;
  name: string;
  createdAt: Date;
  /** Addresses in the list. */
  leads: number;
}

/** Every list of the workspace, oldest first, with the number of addresses in each. */
export async function workspaceLeadLists(em: EntityManager, workspaceId: string): Promise<LeadListRow[]> {
  const rows = await sql(
    em,
    `select l.id, l.name, l.created_at, (select count(*) from lead_list_entry e where e.list_id = l.id)::int as leads
     from lead_list l where l.workspace_id = ? order by l.created_at, l.id`,
    [workspaceId],
  );
  return rows.map((r) => ({ id: String(r.id), name: String(r.name), createdAt: new Date(r.created_at as string), leads: Number(r.leads) }));
}

/** Locks the workspace's list with KEY SHARE until the import's transaction ends (it cannot be deleted
 *  under the import); false when the workspace has no such list. */
export async function lockListForImport(db: Db, workspaceId: string, listId: string): Promise<boolean> {
  const lock = lockListStatement(workspaceId, listId);
  const found = await sql(db, lock.query, lock.params);
  return found.length > 0;
}

/** lockListForImport as a statement, to send with others (its rows: one when the list is there). */
export const lockListStatement = (workspaceId: string, listId: string): Statement => ({
  query: 'select 1 from lead_list where id = ? and workspace_id = ? for key share',
  params: [listId, workspaceId],
});

/**
 * The import's temporary table (dropped at commit): the valid rows in file order.
 * @allWorkspaces a temporary table of this import's own transaction, holding only its rows
 */
export async function createListImportTable(db: Db): Promise<void> {
  await sqlRun(db, 'create temporary table lead_list_import (n int not null, id uuid not null, email text not null, vars jsonb not null) on commit drop');
}

/**
 * A COPY (text format) into the import's table: lines of n, id, email and vars (JSON), tab-separated.
 * @allWorkspaces a temporary table of this import's own transaction, holding only its rows
 */
export function copyIntoListImport(db: Db): Writable {
  return db.query(copyFrom('copy lead_list_import (n, id, email, vars) from stdin'));
}

/**
 * Adds the imported rows to the list in file order; an address already in the list, or earlier in the
 * file, is skipped by the (list, email) unique index. Returns how many were added.
 * @allWorkspaces keyed by a list locked in the caller's workspace (lockListForImport)
 */
export async function addImportedEntries(db: Db, listId: string, now: Date): Promise<number> {
  return sqlRun(
    db,
    `insert into lead_list_entry (id, created_at, list_id, email, vars)
       select id, ?, ?, email, vars from lead_list_import order by n
       on conflict (list_id, email) do nothing`,
    [now, listId],
  );
}
