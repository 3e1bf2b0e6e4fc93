// decisions.md §12 Audit log: the workspace's entries for its owner, newest first, in cursor pages. The
// entries are written by src/observability/audit-trail/audit-log.ts (README.md there).
import { keptAfter } from '../../observability/audit-trail/audit-log';
import { listEntries, type AuditRow } from '../../observability/audit-trail/audit.queries';
import type { AuthedCtx } from '../../runtime/context';
import { isoKey, Paging } from '../../contracts/pagination/keyset';
import type { CursorPage } from '../../contracts/pagination/page';
import { requireOwner } from '../accounts/accounts.service';
import { DEFAULT_AUDIT_PAGE, type AuditLogQuery } from './audit.inputs';
import type { AuditEntryView } from './audit.types';

/** The list's name in its cursors (src/contracts/pagination/cursor.ts); it takes no filters. */
const LIST = 'audit-log';

const view = (r: AuditRow): AuditEntryView => ({
  id: r.id,
  at: r.at,
  actor: { kind: r.actorKind, id: r.actorId, name: r.actorName },
  operation: r.operation,
  targetId: r.targetId,
  ip: r.ip,
});

export async function listAuditLog(ctx: AuthedCtx, input: AuditLogQuery): Promise<CursorPage<AuditEntryView>> {
  // decisions.md §12: owner session only, as the other owner-only settings (§2, §10).
  requireOwner(ctx, 'read the audit log');
  const page = Paging.of(ctx, LIST, {}, input, DEFAULT_AUDIT_PAGE);
  // A cursor's key is [at, id] of the last entry sent (signed: only keys made below get here).
  const [at, id] = page.after ?? [];
  const rows = await listEntries(ctx.em, {
    workspaceId: ctx.actor.workspaceId,
    keptAfter: keptAfter(ctx.deps.clock.now()),
    after: page.after ? { at: new Date(String(at)), id: String(id) } : null,
    limit: page.fetch!,
  });
  const { items, nextCursor } = page.close(rows, (r) => [isoKey(r.at), r.id]);
  return { items: items.map(view), nextCursor };
}
