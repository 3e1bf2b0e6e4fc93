// Per-request (or per-job) context: a forked EntityManager whose workspace filter is bound to the
// caller's workspace, the caller, and the app-wide dependencies. Services take a ctx as first argument.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { ScopeHolder } from '../contracts/api-scopes';
import type { Config } from './config';
import type { Secrets } from '../security/crypto';
import { WORKSPACE_FILTER } from '../storage/base.entity';
import type { ProcessOwner } from '../storage/process-owner';
import type { Extensions } from './extensions';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics/registry';
import type { Ports } from './ports';

/** What the whole process shares; built once in main.ts (or by the test harness). The ports (ports.ts:
 *  clock, dns, smtp, imap, http, model, verifier, jobs) are every way out of the process. */
export interface AppDeps extends Ports {
  config: Config;
  orm: MikroORM;
  secrets: Secrets;
  log: Logger;
  /** This process as the holder of leases (storage/process-owner.ts): its name goes on every row it holds,
   *  and a lease counts only while its owner lock is held (storage/owner-sql.ts). */
  owner: ProcessOwner;
  /** What modules contribute to use cases of other modules (from their manifests, src/runtime/app-module.ts),
   *  read per extension point (src/runtime/extensions.ts): `deps.extensions.of(point)`. */
  extensions: Extensions;
  /** This process's Prometheus series (metrics/README.md): the areas count through it, GET /metrics renders it. */
  metrics: Metrics;
}

export type Credential = 'session' | 'api_key';

/** The caller: its workspace and user, and (ScopeHolder, src/contracts/api-scopes.ts) how it signed in and an API
 *  key's scopes. */
export interface Actor extends ScopeHolder {
  workspaceId: string;
  userId: string | null;
  role: 'owner' | 'member';
  via: Credential;
  /** Who acts, as the audit log names them (src/observability/audit-trail/): the session's user (name, else email) or the
   *  API key (its id and name). Set by authenticate. */
  who?: { kind: 'user' | 'key'; id: string; name: string };
}

export interface Ctx {
  em: EntityManager;
  deps: AppDeps;
  actor: Actor | null;
  /** The caller's network address (Express's req.ip) for per-client rate limits; unset outside a request. */
  clientAddress?: string | null;
}

export interface AuthedCtx extends Ctx {
  actor: Actor;
}

/** A context with no caller: only unauthenticated use cases (signup, login, public links) run on it. */
export function anonymousContext(deps: AppDeps): Ctx {
  return { em: deps.orm.em.fork(), deps, actor: null };
}

/** Binds the workspace filter: from here on every query on `em` sees only this workspace's rows. */
export function authedContext(deps: AppDeps, actor: Actor, em = deps.orm.em.fork()): AuthedCtx {
  em.setFilterParams(WORKSPACE_FILTER, { id: actor.workspaceId });
  return { em, deps, actor };
}
