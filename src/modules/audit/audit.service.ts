// decisions.md §12 Audit log: the workspace's entries for its owner, newest first, in cursor pages. The
// entries are written by src/audit/audit-log.ts (README.md there).
import { keptAfter } from '../../audit/audit-log';
import { listEntries, type AuditRow } from '../../audit/audit.queries';
import type { AuthedCtx } from '../../context';
import { AppError } from '../../errors';
import { CursorCodec } from '../../pagination/cursor';
import type { CursorPage } from '../../pagination/page';
import { requireOwner } from '../accounts/accounts.service';
import { DEFAULT_AUDIT_PAGE, type AuditLogQuery } from './audit.inputs';
import type { AuditEntryView } from './audit.types';

/** The list's name in its cursors (src/pagination/cursor.ts); it takes no filters. */
const LIST = 'audit-log';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const view = (r: AuditRow): AuditEntryView => ({
  id: r.id,
  at: r.at,
  actor: { kind: r.actorKind, id: r.actorId, name: r.actorName },
  operation: r.operation,
  targetId: r.targetId,
  ip: r.ip,
});

/** The entry a cursor continues after: its `at` and id. */
function after(codec: CursorCodec, cursor: string): { at: Date; id: string } {
  const [at, id] = codec.decode(LIST, {}, cursor);
  const when = typeof at === 'string' ? new Date(at) : null;
  // Signed, so only ours get here; a key of another shape is still no position in this list.
  if (!when || Number.isNaN(when.getTime()) || typeof id !== 'string' || !UUID.test(id)) {
    throw new AppError('invalid_cursor', 'The cursor is not one of the audit log; start again without cursor.');
  }
  return { at: when, id };
}

export async function listAuditLog(ctx: AuthedCtx, input: AuditLogQuery): Promise<CursorPage<AuditEntryView>> {
  // decisions.md §12: owner session only, as the other owner-only settings (§2, §10).
  requireOwner(ctx, 'read the audit log');
  const codec = new CursorCodec(ctx.deps.secrets);
  const limit = input.limit ?? DEFAULT_AUDIT_PAGE;
  const rows = await listEntries(ctx.em, {
    workspaceId: ctx.actor.workspaceId,
    keptAfter: keptAfter(ctx.deps.clock.now()),
    after: input.cursor ? after(codec, input.cursor) : null,
    limit: limit + 1,
  });
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const nextCursor = rows.length > limit && last ? codec.encode(LIST, {}, [last.at.toISOString(), last.id]) : null;
  return { items: items.map(view), nextCursor };
}
