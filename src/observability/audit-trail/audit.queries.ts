// The SQL of the audit log (README.md here): one insert per change, the workspace's page newest first, and
// the clean-up of entries past their 90 days, the one statement that spans workspaces.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, sqlRun } from '../../storage/sql';
import { AUDIT_TABLE } from './audit-table';

const T = `"${AUDIT_TABLE}"`;

export type ActorKind = 'user' | 'key';

export interface AuditRow {
  id: string;
  workspaceId: string;
  at: Date;
  actorKind: ActorKind;
  actorId: string;
  actorName: string;
  operation: string;
  targetId: string | null;
  ip: string | null;
}

/** Writes one entry. */
export async function insertEntry(em: EntityManager, e: AuditRow): Promise<void> {
  await sqlRun(em, `insert into ${T} (id, workspace_id, at, actor_kind, actor_id, actor_name, operation, target_id, ip) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`, [
    e.id,
    e.workspaceId,
    e.at,
    e.actorKind,
    e.actorId,
    e.actorName,
    e.operation,
    e.targetId,
    e.ip,
  ]);
}

export interface EntryPage {
  workspaceId: string;
  /** Entries at or before this are past their keeping and never shown (the clean-up may lag). */
  keptAfter: Date;
  /** Continue strictly after this entry (newest first): its `at` and id. */
  after: { at: Date; id: string } | null;
  limit: number;
}

/**
 * The workspace's entries newest first (ties by id), from `after` on, at most `limit`. One range of
 * audit_log_workspace_at_index: the row comparison follows the index's order, so a deep page costs what
 * the first does.
 */
export async function listEntries(em: EntityManager, p: EntryPage): Promise<AuditRow[]> {
  const params: unknown[] = [p.workspaceId, p.keptAfter];
  let from = '';
  if (p.after) {
    from = 'and (at, id) < (?, ?::uuid)';
    params.push(p.after.at, p.after.id);
  }
  params.push(p.limit);
  const rows = await sql(
    em,
    `select id, workspace_id, at, actor_kind, actor_id, actor_name, operation, target_id, ip from ${T}
      where workspace_id = ? and at > ? ${from} order by at desc, id desc limit ?`,
    params,
  );
  return rows.map((r) => ({
    id: String(r.id),
    workspaceId: String(r.workspace_id),
    at: new Date(r.at as string | Date),
    actorKind: r.actor_kind === 'key' ? 'key' : 'user',
    actorId: String(r.actor_id),
    actorName: String(r.actor_name),
    operation: String(r.operation),
    targetId: r.target_id === null ? null : String(r.target_id),
    ip: r.ip === null ? null : String(r.ip),
  }));
}

/**
 * Deletes up to `limit` entries at or before `cutoff` (through audit_log_at_index); how many.
 * @allWorkspaces the 90-day clean-up, whoever's entries they are
 */
export async function deleteEntriesUpTo(em: EntityManager, cutoff: Date, limit: number): Promise<number> {
  return sqlRun(em, `delete from ${T} where ctid in (select ctid from ${T} where at <= ? limit ?)`, [cutoff, limit]);
}
