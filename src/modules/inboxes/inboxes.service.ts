// Inboxes (mailboxes): connecting, settings, ramp figures, pause/resume, soft delete and scores
// (api.md "Inboxes", decisions.md §5). The connection test and domain health live beside this file.
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { AppError } from '../../contracts/errors';
import { domainOf, normalizeEmail } from '../../contracts/email-address';
import { checkMailHost } from '../../mail/mail-host';
import { snakeCase } from '../../contracts/validation/validate-input';
import { Workspace } from '../accounts/workspace.entity';
import { dropGrant, revokeGrant } from '../oauth/inbox-tokens';
import { InboxDayStat } from './inbox-day-stat.entity';
import { Inbox, NOT_DELETED_FILTER, type InboxPurpose, type InboxStatus } from './inbox.entity';
import { inboxView, withTodayFigures, type InboxObject } from './inbox.view';
import { removeInboxFromCampaigns, skippedMessages } from './inboxes.queries';
import type { BulkUpdateInboxesInput, CreateInboxInput, UpdateInboxInput } from './inboxes.inputs';
import type { MailboxScoreView, MailboxView } from './inboxes.types';
import { dayIn } from './ramp';
import { inboxScore, SCORE_WINDOW_DAYS } from './scores';
import { providerOfHost, seedProviderOf, type SeedProvider } from './seed-provider';
import { placementRates } from '../placement/score-input';

/** api.md Inboxes rule 2 and the Limits table: what a new (or reconnected) inbox starts with. */
export const NEW_INBOX_DEFAULTS = { rampStart: 10, rampIncrement: 5, minGapMinutes: 9, gapJitterMinutes: 5 } as const;

/** Fields that name the server account; changing any of them needs the password again (rule 3). */
const LOGIN_FIELDS = ['smtpHost', 'smtpPort', 'imapHost', 'imapPort', 'username'] as const;

/** decisions.md §15: what an OAuth inbox's provider decides (its servers and login), never PATCHed. */
const OAUTH_FIXED = [...LOGIN_FIELDS, 'smtpSecure', 'password'] as const;

const host = (h: string) => h.trim().toLowerCase();
const tagList = (tags: string[]) => [...new Set(tags.map((t) => t.trim()))];

/** decisions.md §10: a host the address guard refuses is 400 host_not_allowed when saved (a name that
 *  does not resolve yet is accepted: every connection checks it again). Looked up before any
 *  transaction opens: no transaction waits on DNS. */
async function checkHosts(ctx: AuthedCtx, hosts: (string | undefined)[]): Promise<void> {
  const policy = { allowPrivate: ctx.deps.config.allowPrivateFetch };
  for (const h of new Set(hosts.filter((x): x is string => x !== undefined))) await checkMailHost(h, policy);
}

async function workspaceToday(ctx: AuthedCtx, em: EntityManager = ctx.em): Promise<{ workspace: Workspace; today: string }> {
  const workspace = await em.findOneOrFail(Workspace, ctx.actor.workspaceId);
  return { workspace, today: dayIn(workspace.timezone, ctx.deps.clock.now()) };
}

/** Adds sentToday / capToday / rampShare (today in the workspace timezone) to inbox objects. */
export async function withToday<T extends InboxObject | InboxObject[]>(ctx: AuthedCtx, inboxes: T): Promise<T extends InboxObject[] ? MailboxView[] : MailboxView> {
  const list = Array.isArray(inboxes) ? inboxes : [inboxes];
  const { today } = await workspaceToday(ctx);
  const stats = list.length ? await ctx.em.find(InboxDayStat, { inbox: { $in: list.map((i) => i.id) }, day: today }) : [];
  const sent = new Map(stats.map((s) => [s.inbox.id, s.sent]));
  const skipped = await skippedMessages(
    ctx.em,
    ctx.actor.workspaceId,
    list.map((i) => i.id),
  );
  const views = list.map((i) => withTodayFigures(i, today, sent.get(i.id) ?? 0, skipped.get(i.id) ?? { skippedMessages: 0, lastSkippedMessage: null }));
  return (Array.isArray(inboxes) ? views : views[0]) as never;
}

export async function listInboxes(ctx: AuthedCtx): Promise<MailboxView[]> {
  const inboxes = await ctx.em.find(Inbox, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return withToday(ctx, inboxes.map(inboxView));
}

export async function getInbox(ctx: AuthedCtx, id: string): Promise<MailboxView> {
  return withToday(ctx, inboxView(await findOr404(ctx.em, Inbox, id, 'Mailbox')));
}

/** decisions.md §16: a seed's provider, from its IMAP host or else its domain's MX (looked up before any
 *  transaction, in one of the workspace's slots for outside work; a failed look-up says `other`). */
async function seedProvider(ctx: AuthedCtx, imapHost: string, email: string): Promise<SeedProvider> {
  if (providerOfHost(imapHost)) return seedProviderOf(imapHost, null);
  const mx = await ctx.deps.peerWork.run(ctx.actor.workspaceId, () => ctx.deps.dns.resolveMx(domainOf(email)).catch(() => null));
  return seedProviderOf(imapHost, mx);
}

/** Saves the details (no log-in: rule 1). The address of a deleted inbox brings that inbox back with
 *  the new details, like a new connection (rule 5), keeping its id and history. */
export async function createInbox(ctx: AuthedCtx, input: CreateInboxInput): Promise<InboxObject> {
  const email = normalizeEmail(input.email);
  await checkHosts(ctx, [host(input.smtpHost), host(input.imapHost)]);
  const purpose = input.purpose ?? 'sending';
  const provider = purpose === 'seed' ? await seedProvider(ctx, host(input.imapHost), email) : null;
  const inbox = await ctx.em.transactional((em) =>
    placeInbox(ctx, em, email, {
      purpose,
      seedProvider: provider,
      fromName: input.fromName.trim(),
      smtpHost: host(input.smtpHost),
      smtpPort: input.smtpPort,
      smtpSecure: input.smtpSecure,
      imapHost: host(input.imapHost),
      imapPort: input.imapPort,
      username: input.username.trim(),
      passwordEnc: ctx.deps.secrets.encrypt(input.password),
      authType: 'password',
      oauthProvider: null,
      dailyCap: input.dailyCap,
      rampStart: input.rampStart,
      rampIncrement: input.rampIncrement,
      minGapMinutes: input.minGapMinutes,
      gapJitterMinutes: input.gapJitterMinutes,
      signature: input.signature ?? null,
      tags: tagList(input.tags ?? []),
      domainDailyCap: input.domainDailyCap ?? null,
    }),
  );
  return inboxView(inbox);
}

/** How a new inbox logs in and what it starts with; the ramp and gap fields take NEW_INBOX_DEFAULTS unless given. */
export type NewInboxDetails = Pick<
  Inbox,
  | 'fromName'
  | 'smtpHost'
  | 'smtpPort'
  | 'smtpSecure'
  | 'imapHost'
  | 'imapPort'
  | 'username'
  | 'passwordEnc'
  | 'authType'
  | 'oauthProvider'
  | 'dailyCap'
  | 'signature'
  | 'tags'
  | 'domainDailyCap'
> &
  Partial<Pick<Inbox, 'rampStart' | 'rampIncrement' | 'minGapMinutes' | 'gapJitterMinutes' | 'purpose' | 'seedProvider'>>;

/** Saves a new inbox inside the caller's transaction `em` (rule 1: no log-in): the plan's count applies, and
 *  the address of a deleted inbox brings that inbox back with the new details, like a new connection
 *  (rule 5), keeping its id and history. An address already connected is 409 mailbox_exists. */
export async function placeInbox(ctx: AuthedCtx, em: EntityManager, email: string, input: NewInboxDetails): Promise<Inbox> {
  try {
    // Locking the workspace row serialises concurrent creates, so the plan count cannot be overrun.
    const workspace = await em.findOneOrFail(Workspace, ctx.actor.workspaceId, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const existing = await em.findOne(Inbox, { email }, { filters: { [NOT_DELETED_FILTER]: false } });
    if (existing && !existing.deletedAt) {
      throw new AppError('mailbox_exists', `${email} is already connected; change it with PATCH /mailboxes/${existing.id}.`, { mailbox_id: existing.id });
    }
    const limit = ctx.deps.config.planInboxLimit;
    if ((await em.count(Inbox, {})) >= limit) {
      throw new AppError('plan_limit', `The plan allows ${limit} inboxes and all are in use; delete an inbox before connecting another.`, { limit });
    }
    const details = {
      ...input,
      email,
      rampStart: input.rampStart ?? NEW_INBOX_DEFAULTS.rampStart,
      rampIncrement: input.rampIncrement ?? NEW_INBOX_DEFAULTS.rampIncrement,
      rampStartedAt: dayIn(workspace.timezone, ctx.deps.clock.now()),
      minGapMinutes: input.minGapMinutes ?? NEW_INBOX_DEFAULTS.minGapMinutes,
      gapJitterMinutes: input.gapJitterMinutes ?? NEW_INBOX_DEFAULTS.gapJitterMinutes,
      // decisions.md §16: a sending inbox unless made a seed; a revived inbox takes what it is made as now.
      purpose: input.purpose ?? ('sending' as InboxPurpose),
      seedProvider: input.seedProvider ?? null,
      pausedReason: null,
      status: 'active' as InboxStatus,
      lastError: null,
      backoffUntil: null,
      deletedAt: null,
    };
    const inbox = existing ? em.assign(existing, details) : em.create(Inbox, { ...details, workspace });
    em.persist(inbox);
    await em.flush();
    return inbox;
  } catch (err) {
    // Two requests connecting the same new address at once: the second meets the unique key.
    if (err instanceof UniqueConstraintViolationException) throw new AppError('mailbox_exists', `${email} is already connected.`);
    throw err;
  }
}

export async function updateInbox(ctx: AuthedCtx, id: string, input: UpdateInboxInput): Promise<InboxObject> {
  const inbox = await findOr404(ctx.em, Inbox, id, 'Mailbox');
  // decisions.md §15: an OAuth inbox's servers and login are its provider's; it reconnects instead.
  const fixed = inbox.authType === 'oauth2' ? OAUTH_FIXED.filter((k) => input[k] !== undefined).map(snakeCase) : [];
  if (fixed.length) {
    throw new AppError(
      'validation_failed',
      `${inbox.email} signs in with ${inbox.oauthProvider === 'microsoft' ? 'Microsoft' : 'Google'}: its servers and login are the provider's (${fixed.join(', ')} cannot change); connect it again to sign in anew.`,
      { fields: Object.fromEntries(fixed.map((f) => [f, ['cannot change on an inbox connected with OAuth']])) },
    );
  }
  const next = {
    smtpHost: input.smtpHost === undefined ? undefined : host(input.smtpHost),
    smtpPort: input.smtpPort,
    imapHost: input.imapHost === undefined ? undefined : host(input.imapHost),
    imapPort: input.imapPort,
    username: input.username?.trim(),
  };
  const moved = LOGIN_FIELDS.filter((k) => next[k] !== undefined && next[k] !== inbox[k]);
  if (moved.length && input.password === undefined) {
    const names = moved.map(snakeCase);
    throw new AppError('password_required', `Changing ${names.join(', ')} moves the inbox to another login; send password in the same request.`, { fields: names });
  }
  await checkHosts(ctx, [moved.includes('smtpHost') ? next.smtpHost : undefined, moved.includes('imapHost') ? next.imapHost : undefined]);
  for (const k of LOGIN_FIELDS) if (next[k] !== undefined) (inbox[k] as unknown) = next[k];
  if (input.password !== undefined) inbox.passwordEnc = ctx.deps.secrets.encrypt(input.password);
  if (moved.length || input.password !== undefined) {
    // New login details: the last failure and its back-off were about the old ones.
    inbox.lastError = null;
    inbox.backoffUntil = null;
  }
  if (input.smtpSecure !== undefined) inbox.smtpSecure = input.smtpSecure;
  if (input.fromName !== undefined) inbox.fromName = input.fromName.trim();
  if (input.dailyCap !== undefined) inbox.dailyCap = input.dailyCap;
  if (input.minGapMinutes !== undefined) inbox.minGapMinutes = input.minGapMinutes;
  if (input.gapJitterMinutes !== undefined) inbox.gapJitterMinutes = input.gapJitterMinutes;
  if (input.domainDailyCap !== undefined) inbox.domainDailyCap = input.domainDailyCap;
  if (input.signature !== undefined) inbox.signature = input.signature;
  if (input.tags !== undefined) inbox.tags = tagList(input.tags);
  if (input.rampStart !== undefined) inbox.rampStart = input.rampStart;
  if (input.rampIncrement !== undefined) inbox.rampIncrement = input.rampIncrement;
  if (input.rampStartedAt !== undefined) inbox.rampStartedAt = input.rampStartedAt;
  await ctx.em.flush();
  return inboxView(inbox);
}

const BULK_CHANGES = ['dailyCap', 'domainDailyCap', 'minGapMinutes', 'addTag', 'removeTag'] as const;

/** One change applied to many inboxes; `changed` counts the inboxes whose value actually changed. */
export async function bulkUpdateInboxes(ctx: AuthedCtx, input: BulkUpdateInboxesInput): Promise<{ changed: number }> {
  const given = BULK_CHANGES.filter((k) => input[k] !== undefined);
  if (given.length !== 1) {
    throw new AppError(
      'one_change_required',
      `Send exactly one of ${BULK_CHANGES.map(snakeCase).join(', ')} with ids${given.length ? `; got ${given.map(snakeCase).join(', ')}` : ''}.`,
    );
  }
  const ids = [...new Set(input.ids.map((i) => i.toLowerCase()))];
  const inboxes = await ctx.em.find(Inbox, { id: { $in: ids } });
  if (inboxes.length !== ids.length) {
    const found = new Set(inboxes.map((i) => i.id));
    const missing = ids.filter((i) => !found.has(i));
    throw new AppError('not_found', `Mailbox not found: ${missing.join(', ')}; nothing was changed.`, { missing_ids: missing });
  }
  let changed = 0;
  for (const inbox of inboxes) {
    const before = JSON.stringify([inbox.dailyCap, inbox.domainDailyCap, inbox.minGapMinutes, inbox.tags]);
    if (input.dailyCap !== undefined) inbox.dailyCap = input.dailyCap;
    if (input.domainDailyCap !== undefined) inbox.domainDailyCap = input.domainDailyCap;
    if (input.minGapMinutes !== undefined) inbox.minGapMinutes = input.minGapMinutes;
    if (input.addTag !== undefined) inbox.tags = tagList([...inbox.tags, input.addTag]);
    if (input.removeTag !== undefined) inbox.tags = inbox.tags.filter((t) => t !== input.removeTag!.trim());
    if (JSON.stringify([inbox.dailyCap, inbox.domainDailyCap, inbox.minGapMinutes, inbox.tags]) !== before) changed++;
  }
  await ctx.em.flush();
  return { changed };
}

/** Stops sending; what it sent today keeps counting against today's cap. Pausing a paused inbox is a
 *  no-op; a bounce-stopped inbox stays bounce-stopped (it already sends nothing, and pausing must not
 *  become a way round the connection test). */
export async function pauseInbox(ctx: AuthedCtx, id: string): Promise<{ status: InboxStatus }> {
  const inbox = await findOr404(ctx.em, Inbox, id, 'Mailbox');
  if (inbox.status === 'active') {
    inbox.status = 'paused';
    inbox.pausedReason = null; // decisions.md §16: paused by hand
    await ctx.em.flush();
  }
  return { status: inbox.status };
}

/** Only an inbox paused by hand resumes; one stopped for its bounce rate must pass the connection test,
 *  one whose provider ended its access must be connected again. */
export async function resumeInbox(ctx: AuthedCtx, id: string): Promise<{ status: InboxStatus }> {
  const inbox = await findOr404(ctx.em, Inbox, id, 'Mailbox');
  if (inbox.status === 'bounce_stopped') {
    throw new AppError('connection_test_required', 'This inbox was stopped for its bounce rate; run the connection test (POST /mailboxes/:id/test) to bring it back.');
  }
  if (inbox.status === 'reconnect_needed') {
    // decisions.md §15: only signing in again brings it back.
    throw new AppError(
      'reconnect_required',
      `The sign-in of ${inbox.email} with its provider ended; connect it again (POST /mailboxes/oauth/${inbox.oauthProvider}/start with its mailbox_id).`,
      {
        provider: inbox.oauthProvider,
      },
    );
  }
  if (inbox.status === 'paused') {
    inbox.status = 'active';
    inbox.pausedReason = null; // decisions.md §16: resuming by hand clears a placement pause
    await ctx.em.flush();
  }
  return { status: inbox.status };
}

/** Soft delete (rule 5): hidden from the list, the plan count and every campaign's pool; what it sent
 *  and the replies it received stay. Campaign membership is removed, not hidden, so reconnecting the
 *  address later never silently puts it back into campaigns that went on without it. */
export async function deleteInbox(ctx: AuthedCtx, id: string): Promise<{ deleted: true }> {
  const ended = await ctx.em.transactional(async (em) => {
    const inbox = await findOr404(em, Inbox, id, 'Mailbox');
    inbox.deletedAt = ctx.deps.clock.now();
    await em.flush();
    await removeInboxFromCampaigns(em, inbox.id);
    // decisions.md §15: an OAuth inbox's tokens go with it (connecting the address again signs in anew).
    return dropGrant(ctx.deps, em, inbox.id);
  });
  // The provider is asked after the commit: no transaction waits on it.
  if (ended) await revokeGrant(ctx.deps, ended);
  return { deleted: true };
}

/** Scores of every inbox, oldest first, from its counters over the last SCORE_WINDOW_DAYS days
 *  (today included, workspace timezone); placement from its placement tests of those days (decisions.md §16). */
export async function inboxScores(ctx: AuthedCtx): Promise<MailboxScoreView[]> {
  const { workspace, today } = await workspaceToday(ctx);
  const from = DateTime.fromISO(today)
    .minus({ days: SCORE_WINDOW_DAYS - 1 })
    .toISODate()!;
  const inboxes = await ctx.em.find(Inbox, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const stats = inboxes.length ? await ctx.em.find(InboxDayStat, { inbox: { $in: inboxes.map((i) => i.id) }, day: { $gte: from, $lte: today } }) : [];
  const since = DateTime.fromISO(from, { zone: workspace.timezone }).toJSDate();
  const placement = await placementRates(
    ctx.em,
    ctx.actor.workspaceId,
    inboxes.map((i) => i.id),
    since,
  );
  return inboxes.map((inbox) => {
    const inputs = { sent: 0, failed: 0, bounced: 0, replied: 0, placement: placement.get(inbox.id) ?? null };
    for (const s of stats) {
      if (s.inbox.id !== inbox.id) continue;
      inputs.sent += s.sent;
      inputs.failed += s.failed;
      inputs.bounced += s.bounced;
      inputs.replied += s.replied;
    }
    const { score, parts, enoughSends } = inboxScore(inputs);
    return { mailboxId: inbox.id, score, parts, inputs, enoughSends };
  });
}
