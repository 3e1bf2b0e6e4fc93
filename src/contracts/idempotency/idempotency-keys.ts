// decisions.md §12 Idempotency: a change request sent with an Idempotency-Key runs once per workspace
// and key for 24 h; README.md here has the states and the table of outcomes. This is the store's side,
// free of HTTP so another door (MCP) can use it: the key's rules, the request's fingerprint, and the
// claim that decides whether a request runs, is answered from the store, or is refused.
import { createHash } from 'node:crypto';
import type { AppDeps } from '../../runtime/context';
import { AppError } from '../errors';
import { deleteExpiredKeys, insertClaim, readKey, releaseClaim, renewClaim, storeAnswer, takeOverClaim, type KeyClaim, type StoredAnswer } from './idempotency.queries';

export type { StoredAnswer } from './idempotency.queries';

/** How long a key holds its request's answer. */
export const KEY_TTL_MS = 24 * 3_600_000;
/** A running request's lease, renewed while it runs; its backstop for a holder alive but frozen (a dead
 *  holder's lease is free at once, src/storage/owner-sql.ts). */
export const LEASE_MS = 5 * 60_000;
const RENEW_MS = 60_000;
/** Renewed for at most this long: a request that has not answered by then (a bug, a hang) lets its key
 *  go LEASE_MS later, for a retry to take over. */
const MAX_RUN_MS = 60 * 60_000;
/** The longest answer kept for replays (the answer, not the request: bodies come in up to 10 MB). A
 *  longer one is not kept and its key is freed. */
export const MAX_STORED_BODY_BYTES = 1_000_000;
/** The answer's headers a replay repeats besides its status and body. */
export const REPLAYED_HEADERS = ['location', 'x-total-count'] as const;
export const MAX_KEY_LENGTH = 255;
/** Expired keys deleted per clean-up, and how often a process cleans up. */
const SWEEP_BATCH = 1_000;
const SWEEP_EVERY_MS = 60_000;

/** The header's name, as error details and documents spell it. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** 400 validation_failed for a key outside 1–255 characters; null for a good one. */
export function keyError(key: string): AppError | null {
  if (key.length >= 1 && key.length <= MAX_KEY_LENGTH) return null;
  return new AppError('validation_failed', `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_KEY_LENGTH} characters long; send a new random value (a UUID) per request.`, {
    fields: { [IDEMPOTENCY_HEADER]: [`must be 1 to ${MAX_KEY_LENGTH} characters`] },
  });
}

/** JSON with every object's keys sorted: the same text for the same value, however its keys were sent. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/** What makes two requests the same: the caller (a session's user, or an API key), method, path with its
 *  query string, and the JSON body (canonical; no body and an empty one alike). SHA-256, hex.
 *
 *  The caller is part of it because a replay answers before the route checks who may call it: without it,
 *  another credential of the workspace (a read-only key) sending the same request with the same key got
 *  the first answer, a new API key's token or a webhook's new secret among them. Another caller's request
 *  with the key is another request (422 idempotency_key_reused); the key still runs once. */
export function fingerprint(caller: string, method: string, path: string, body: unknown): string {
  const text = body === undefined || body === null ? '' : canonicalJson(body);
  return createHash('sha256').update(`${caller}\n${method.toUpperCase()} ${path}\n`).update(text).digest('hex');
}

/** Whether an answer is kept for replays: 4xx are (the request was refused and would be again), 5xx are
 *  not (the key is freed for a retry), nor is a 429 (it asks for that retry), nor an answer too long. */
export function keepsAnswer(answer: StoredAnswer): boolean {
  return answer.status < 500 && answer.status !== 429 && Buffer.byteLength(answer.body) <= MAX_STORED_BODY_BYTES;
}

/** What a request with a key does: runs (then `finish` with its answer, or null when it has none to
 *  keep), or answers the stored answer of the first. */
export type Begun = { kind: 'run'; finish(answer: StoredAnswer | null): Promise<void> } | { kind: 'replay'; answer: StoredAnswer };

export class IdempotencyKeys {
  private nextSweep = 0;

  constructor(private readonly deps: Pick<AppDeps, 'orm' | 'owner' | 'clock' | 'log' | 'secrets'>) {}

  /**
   * Claims `key` of the workspace for a request with this fingerprint, before it runs. The first
   * request runs; a repeat of it answers what the first answered (once stored), or 409
   * `idempotency_key_in_use` while the first runs; another request with the key is 422
   * `idempotency_key_reused`. A key that expired, or whose request's process died before answering, is
   * claimed anew.
   */
  async begin(workspaceId: string, key: string, fp: string): Promise<Begun> {
    const em = this.deps.orm.em.fork();
    this.sweep();
    // A row may change between the insert and the read (freed, expired, taken over): look again, a few times.
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = this.deps.clock.now();
      const claim: KeyClaim = {
        workspaceId,
        key,
        fingerprint: fp,
        holder: this.deps.owner.name,
        now,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        expiresAt: new Date(now.getTime() + KEY_TTL_MS),
      };
      if (await insertClaim(em, claim)) return this.running(claim);
      const row = await readKey(em, workspaceId, key, now);
      if (!row) continue;
      if (!row.expired) {
        if (row.fingerprint !== fp) {
          throw new AppError(
            'idempotency_key_reused',
            `This ${IDEMPOTENCY_HEADER} was used for another request (method, path or body, or another caller's) in the last 24 hours; send a new key for a new request.`,
          );
        }
        if (row.state === 'done') return { kind: 'replay', answer: { status: row.status ?? 200, headers: row.headers ?? {}, body: this.open(row.body ?? '') } };
        if (row.held) throw inUse();
      }
      if (await takeOverClaim(em, claim)) return this.running(claim);
    }
    throw inUse();
  }

  private running(claim: KeyClaim): Begun {
    const em = this.deps.orm.em.fork();
    const { workspaceId, key, holder } = claim;
    const stopAt = Date.now() + MAX_RUN_MS;
    const renew = setInterval(() => {
      if (Date.now() >= stopAt) return clearInterval(renew);
      renewClaim(em, workspaceId, key, holder, new Date(this.deps.clock.now().getTime() + LEASE_MS)).catch((err) =>
        this.deps.log.warn('idempotency key lease not renewed', { err: String(err) }),
      );
    }, RENEW_MS);
    renew.unref();
    return {
      kind: 'run',
      finish: async (answer) => {
        clearInterval(renew);
        if (answer && keepsAnswer(answer)) await storeAnswer(em, workspaceId, key, holder, { ...answer, body: this.deps.secrets.encrypt(answer.body) });
        else await releaseClaim(em, workspaceId, key, holder);
      },
    };
  }

  /** A stored answer's body. Stored sealed with SECRET_KEY: some answers carry a secret shown once (a new
   *  API key's token, a webhook's signing secret), which must not sit readable in the database for a day.
   *  A body stored before answers were sealed is read as it is. */
  private open(stored: string): string {
    try {
      return this.deps.secrets.decrypt(stored);
    } catch {
      return stored;
    }
  }

  /** At most once a minute per process, in the background: deletes a batch of expired keys. */
  private sweep(): void {
    const now = this.deps.clock.now();
    if (Date.now() < this.nextSweep) return;
    this.nextSweep = Date.now() + SWEEP_EVERY_MS;
    deleteExpiredKeys(this.deps.orm.em.fork(), now, SWEEP_BATCH).catch((err) => this.deps.log.warn('expired idempotency keys not deleted', { err: String(err) }));
  }
}

const inUse = () => new AppError('idempotency_key_in_use', `A request with this ${IDEMPOTENCY_HEADER} is still running; repeat it once that one has answered to get its answer.`);
