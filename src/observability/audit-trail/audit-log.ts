// decisions.md §12 Audit log: every successful change in a workspace, with who made it, what, on which
// object and from which address, kept 90 days (README.md here). This is the one writer every door calls
// once it knows its change succeeded: REST (rest/audit.ts), GraphQL (graphql-audit.ts here) and MCP.
// Recording never fails the change and barely slows it: one INSERT, no reads (the actor's name came with
// the credential, src/modules/accounts authenticate), waited for at most RECORD_WAIT_MS, errors logged.
import { randomUUID } from 'node:crypto';
import type { AppDeps, Ctx } from '../../runtime/context';
import { settledWithin } from '../../runtime/time-limit';
import { deleteEntriesUpTo, insertEntry, type ActorKind } from './audit.queries';

/** decisions.md §12: entries are kept 90 days. */
export const KEEP_DAYS = 90;
const KEEP_MS = KEEP_DAYS * 86_400_000;
/** The longest an answer waits for its entry: written before the answer goes out (so a client that has
 *  the answer finds its entry), unless the database is slow; then the answer goes and the insert goes on. */
export const RECORD_WAIT_MS = 250;
/** Entries past their keeping deleted per clean-up, and how often a process cleans up. */
const SWEEP_BATCH = 1_000;
const SWEEP_EVERY_MS = 60_000;
/** Stored texts are cut to this many characters (ids, names and addresses are far shorter). */
const MAX_TEXT = 255;

/** What changed: the operation (REST: the OpenAPI operationId; GraphQL: the mutation field; MCP: the
 *  tool) and the id of the object it changed, when it names one. */
export interface Change {
  operation: string;
  targetId?: string | null;
}

/** What recording reads of a request's context: the caller, its address and the process's deps. */
export type AuditCtx = Pick<Ctx, 'deps' | 'actor' | 'clientAddress'>;

/** Entries at or before this are past their keeping: never listed, deleted by the clean-up. */
export const keptAfter = (now: Date): Date => new Date(now.getTime() - KEEP_MS);

const cut = (text: string): string => (text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text);

/** Who the entry names: the credential's user or API key; a context built without one (jobs, tests)
 *  names its user with no name. Null without a caller: nothing to record. */
function actorOf(ctx: AuditCtx): { kind: ActorKind; id: string; name: string } | null {
  const actor = ctx.actor;
  if (!actor) return null;
  if (actor.who) return actor.who;
  return actor.userId ? { kind: 'user', id: actor.userId, name: '' } : null;
}

/**
 * Records a change that succeeded. Call it once the change is known to have succeeded (a 2xx answer, a
 * mutation field without error), once per change. Never rejects: a failed insert is logged. Resolves
 * once the entry is written, or after RECORD_WAIT_MS (the insert then goes on in the background).
 * Changes without a caller (sign-up, login, public links) are not recorded.
 */
export function recordChange(ctx: AuditCtx, change: Change): Promise<void> {
  return settledWithin(writeEntry(ctx, change), RECORD_WAIT_MS).then(() => undefined);
}

/** recordChange without the bound: resolves once the entry is written or its failure logged; never
 *  rejects. */
export function writeEntry(ctx: AuditCtx, change: Change): Promise<void> {
  const { deps } = ctx;
  const actor = actorOf(ctx);
  if (!actor) return Promise.resolve();
  const write = insertEntry(deps.orm.em.fork(), {
    id: randomUUID(),
    workspaceId: ctx.actor!.workspaceId,
    at: deps.clock.now(),
    actorKind: actor.kind,
    actorId: actor.id,
    actorName: cut(actor.name),
    operation: cut(change.operation),
    targetId: change.targetId ? cut(change.targetId) : null,
    ip: ctx.clientAddress ? cut(ctx.clientAddress) : null,
  }).catch((err) => deps.log.error('audit log entry not written', { err: String(err), operation: change.operation }));
  sweepSometimes(deps);
  return write;
}

/** The object a REST change (or an MCP tool call, whose input holds the path parameters) is about: the
 *  `:id` path parameter, else the route's first one (`/blocklist/:email`, `/analytics/pipeline/:leadId`),
 *  else, for a create, the `id` of the object it answered. */
export function changeTarget(params: Record<string, unknown>, answer: unknown): string | null {
  const values = Object.entries(params);
  const param = params.id ?? values[0]?.[1];
  if (typeof param === 'string' && param) return param;
  const id = answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id ? id : null;
}

/** Deletes one batch (at most `limit`) of entries past their 90 days, whichever workspace's; how many. */
export function sweepAuditLog(deps: Pick<AppDeps, 'orm' | 'clock'>, limit = SWEEP_BATCH): Promise<number> {
  return deleteEntriesUpTo(deps.orm.em.fork(), keptAfter(deps.clock.now()), limit);
}

/** Per process (keyed by its deps): when it may clean up next, and whether a clean-up is running. */
const sweeps = new WeakMap<AppDeps, { next: number; running: boolean }>();

/** At most once a minute per process, in the background of a change: one batch of old entries. A full
 *  batch lets the next change sweep again at once, so the clean-up keeps up with any rate of changes. */
function sweepSometimes(deps: AppDeps): void {
  const state = sweeps.get(deps) ?? { next: 0, running: false };
  sweeps.set(deps, state);
  if (state.running || Date.now() < state.next) return;
  state.running = true;
  state.next = Date.now() + SWEEP_EVERY_MS;
  sweepAuditLog(deps)
    .then((n) => {
      if (n >= SWEEP_BATCH) state.next = 0;
    })
    .catch((err) => deps.log.warn('old audit log entries not deleted', { err: String(err) }))
    .finally(() => {
      state.running = false;
    });
}
