// API key scopes (decisions.md §12): the one owner of the value set, of what an operation may require and
// of the check. Every REST operation declares what it needs in its route contract (`scope`, a required
// field of src/contracts/api-route.ts: a route without one does not compile) and every GraphQL root field with
// @Scope or @Public (src/contracts/graphql/scopes.ts: the schema does not build with an undeclared root field).
// rest/mount.ts and the GraphQL layer check it with `assertScopes`; the OpenAPI document lists it per
// operation (`x-scopes` and the bearer requirement). A session (a logged-in user) has every scope.
//
// Which scope an operation needs:
// - Reads (GET, and POSTs that compute without saving or sending: preview, render) need the area's
//   `:read`; every change needs the area's `:write`. `write` does not include `read`: give both.
// - campaigns: campaigns, subsequences, steps and sequence templates, columns (blocks), tasks (a task is
//   a step of the sequence), the checks (preview, merge-check, copy-check, diagnose) and sending-status.
// - leads: leads and their imports and exports, lead lists, saved lead filters, the blocklist, address
//   and domain verification, one-off leads, pipeline moves (PATCH /analytics/pipeline/:leadId changes the
//   lead's interest).
// - mailboxes: inboxes, their scores, connection tests and domain health, and the DMARC report address
//   (PATCH /reports/dmarc names an inbox).
// - replies: the reply inbox (labels, assignment, snooze, link, unsubscribe, answers) and saved replies.
// - reports: every report (campaign stats, activity, bounces, /reports/*, /analytics/*, placement tests); no
//   report changes anything, so there is no reports:write.
// - webhooks: endpoints, their deliveries, tests and retries (HTTP out, no email).
// - `send`, on top of the area's write scope, for what puts an email on the wire or switches sending on:
//   activating a campaign (which is also how a paused one resumes), resuming an inbox, a connection test
//   (a pass brings a bounce-stopped inbox back to sending), queuing a one-off email, answering a
//   reply and starting a placement test (decisions.md §16). Adding leads to a campaign that already sends, or moving one lead inside it (PATCH a lead
//   back to active, a task done, a subsequence trigger), does not: the campaign was switched on with
//   `send`. Nothing else sends email: previews and saved-reply renders only render, webhook tests and
//   retries send HTTP.
// - Settings (workspace, members, API keys, verification key) need `all`. The rules of decisions.md §2
//   and §10 still apply after it: API keys are managed by sessions only, and what is owner-only refuses
//   every key (it acts with member rights).
import { AppError } from './errors';

/** Every scope a key may hold (decisions.md §12), in the order the API reference lists them. */
export const API_SCOPES = [
  'campaigns:read',
  'campaigns:write',
  'leads:read',
  'leads:write',
  'mailboxes:read',
  'mailboxes:write',
  'replies:read',
  'replies:write',
  'send',
  'reports:read',
  'webhooks:read',
  'webhooks:write',
  'all',
] as const;

export type ApiScope = (typeof API_SCOPES)[number];

/** A key made without scopes, and every key made before scopes existed, has `all`. */
export const DEFAULT_SCOPES: readonly ApiScope[] = ['all'];

/** What an operation needs: one scope, or several that are all needed (an area's write scope and `send`). */
export type ScopeNeed = ApiScope | readonly [ApiScope, ...ApiScope[]];

export const isApiScope = (value: unknown): value is ApiScope => typeof value === 'string' && (API_SCOPES as readonly string[]).includes(value);

/** The scopes a need names, as a list. */
export const requiredScopes = (need: ScopeNeed): ApiScope[] => (typeof need === 'string' ? [need] : [...need]);

/** What a caller's scopes are read from (context.ts Actor has these fields). */
export interface ScopeHolder {
  via: 'session' | 'api_key';
  /** An API key's scopes; a session has every scope. */
  scopes?: readonly ApiScope[];
}

/** What the caller holds: a session every scope; an API key its own (none if unknown: fail closed). */
export const heldScopes = (actor: ScopeHolder): readonly ApiScope[] => (actor.via === 'session' ? ['all'] : (actor.scopes ?? []));

/** Whether scopes held cover a need: `all` covers everything, otherwise each required scope is held. */
export function covers(held: readonly ApiScope[], need: ScopeNeed): boolean {
  if (held.includes('all')) return true;
  return requiredScopes(need).every((s) => held.includes(s));
}

/** decisions.md §12: a key without a scope the operation needs gets 403 insufficient_scope,
 *  `details: {required}` (every scope the operation needs). */
export function assertScopes(actor: ScopeHolder, need: ScopeNeed, operation: string): void {
  if (covers(heldScopes(actor), need)) return;
  const required = requiredScopes(need);
  const missing = required.filter((s) => !heldScopes(actor).includes(s));
  throw new AppError(
    'insufficient_scope',
    `${operation} needs an API key with the scope${required.length > 1 ? 's' : ''} ${required.join(' and ')} (or all); this key lacks ${missing.join(', ')}.`,
    {
      required,
    },
  );
}
