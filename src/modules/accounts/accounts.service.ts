// Accounts, sessions, API keys and members (decisions.md §2).
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { DEFAULT_SCOPES } from '../../contracts/api-scopes';
import { newToken, sha256 } from '../../security/crypto';
import type { Actor, AuthedCtx, Ctx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { AppError } from '../../contracts/errors';
import { normalizeEmail } from '../../contracts/email-address';
import { clientOf, takeRateLimits } from '../../security/rate-limits/rate-limiter';
import { canonicalZone } from '../../contracts/validation/rules';
import { ApiKey } from './api-key.entity';
import type { CreateApiKeyInput, CreateMemberInput, LoginInput, SignupInput, UpdateWorkspaceInput, VerificationKeyInput } from './accounts.inputs';
import { SessionToken } from './session-token.entity';
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_CLIENT, SIGNUPS_PER_CLIENT } from './sign-in-limits';
import { User } from './user.entity';
import { Workspace } from './workspace.entity';

const SESSION_DAYS = 30;
// last_used_at is informative; writing it at most once a minute keeps hot keys off the write path.
const LAST_USED_RESOLUTION_MS = 60_000;

export const userView = (u: User) => ({ id: u.id, email: u.email, name: u.name, role: u.role });
export const workspaceView = (w: Workspace) => ({
  id: w.id,
  name: w.name,
  timezone: w.timezone,
  recentContactDays: w.recentContactDays,
  placementSchedule: w.placementSchedule,
  placementProtectBelow: w.placementProtectBelow,
});

const apiKeyView = (k: ApiKey) => ({ id: k.id, name: k.name, scopes: k.scopes, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt });

async function startSession(ctx: Ctx, user: User, workspace: Workspace) {
  const token = newToken('ses');
  const session = ctx.em.create(SessionToken, {
    workspace,
    user,
    tokenHash: sha256(token),
    expiresAt: new Date(ctx.deps.clock.now().getTime() + SESSION_DAYS * 86_400_000),
  });
  ctx.em.persist(session);
  await ctx.em.flush();
  return { token, user: userView(user), workspace: workspaceView(workspace) };
}

export async function signup(ctx: Ctx, input: SignupInput) {
  if (!ctx.deps.config.allowSignup) throw new AppError('signup_closed', 'Sign-up is closed on this server (ALLOW_SIGNUP=false); ask an owner to add you as a member.');
  // decisions.md §10: at most 20 sign-ups per hour from one client address, whatever their outcome.
  await takeRateLimits(ctx, [{ rule: SIGNUPS_PER_CLIENT, key: clientOf(ctx) }]);
  const email = normalizeEmail(input.email);
  const workspace = ctx.em.create(Workspace, { name: input.workspaceName.trim(), timezone: canonicalZone(input.timezone ?? 'UTC') });
  const user = ctx.em.create(User, { workspace, email, name: '', role: 'owner', passwordHash: await ctx.deps.passwords.hash(input.password) });
  ctx.em.persist([workspace, user]);
  try {
    return await startSession(ctx, user, workspace);
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw new AppError('email_taken', `An account with ${email} already exists; log in instead.`);
    throw err;
  }
}

export async function login(ctx: Ctx, input: LoginInput) {
  const email = normalizeEmail(input.email);
  // decisions.md §10: 10 failed attempts per address, 30 per client address, in 15 minutes; then 429
  // until the window passes, a right password included. The attempt is counted before the password is
  // checked, so concurrent guesses cannot outrun the count, and given back when it was right.
  const attempt = await takeRateLimits(ctx, [
    { rule: LOGIN_FAILURES_PER_ADDRESS, key: email },
    { rule: LOGIN_FAILURES_PER_CLIENT, key: clientOf(ctx) },
  ]);
  const user = await ctx.em.findOne(User, { email }, { filters: false, populate: ['passwordHash'] });
  // Same answer (and similar time) for an unknown address and a wrong password.
  const check = await ctx.deps.passwords.verify(input.password, user?.passwordHash ?? null);
  if (!user || !check.ok) throw new AppError('invalid_credentials', 'Email or password is wrong.');
  await attempt.refund();
  // decisions.md §10: a hash of an older format or lower cost is replaced now that the password is known
  // (saved with the session).
  if (check.needsRehash) user.passwordHash = await ctx.deps.passwords.hash(input.password);
  const workspace = await ctx.em.findOneOrFail(Workspace, user.workspace.id);
  return startSession(ctx, user, workspace);
}

/** Resolves a Bearer credential (session token or API key) to the acting caller, or null. */
export async function authenticate(ctx: Ctx, bearer: string): Promise<Actor | null> {
  const hash = sha256(bearer);
  const now = ctx.deps.clock.now();
  if (bearer.startsWith('ses_')) {
    const session = await ctx.em.findOne(SessionToken, { tokenHash: hash }, { filters: false, populate: ['user'] });
    if (!session || session.expiresAt <= now) return null;
    const user = session.user.getEntity();
    return { workspaceId: session.workspace.id, userId: user.id, role: user.role, via: 'session', who: { kind: 'user', id: user.id, name: user.name || user.email } };
  }
  const key = await ctx.em.findOne(ApiKey, { keyHash: hash }, { filters: false });
  if (!key) return null;
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await ctx.em.nativeUpdate(ApiKey, { id: key.id }, { lastUsedAt: now }, { filters: false });
  }
  // decisions.md §10: a key acts with member rights whoever made it, so owner-only rules refuse it.
  // decisions.md §12: and only with its scopes (src/contracts/api-scopes.ts).
  return { workspaceId: key.workspace.id, userId: key.createdBy.id, role: 'member', via: 'api_key', scopes: key.scopes, who: { kind: 'key', id: key.id, name: key.name } };
}

/** Refuses API keys; returns the session's user. */
function requireSession(ctx: AuthedCtx, what: string): string {
  if (ctx.actor.via !== 'session' || !ctx.actor.userId) throw new AppError('session_required', `${what} needs a logged-in session; an API key cannot do it.`);
  return ctx.actor.userId;
}

/** Owner-only settings (decisions.md §2, §10): a member, or any API key, gets 403 owner_required. */
export function requireOwner(ctx: AuthedCtx, what: string) {
  // decisions.md §10: an API key acts with member rights (authenticate gives it the member role).
  if (ctx.actor.via === 'api_key') throw new AppError('owner_required', `Only a workspace owner can ${what}; an API key acts with member rights.`);
  if (ctx.actor.role !== 'owner') throw new AppError('owner_required', `Only a workspace owner can ${what}.`);
}

export async function currentWorkspace(ctx: AuthedCtx): Promise<Workspace> {
  return ctx.em.findOneOrFail(Workspace, ctx.actor.workspaceId, { populate: ['verificationKeyEnc'] });
}

export async function getSettings(ctx: AuthedCtx) {
  const workspace = await currentWorkspace(ctx);
  const user = ctx.actor.userId ? await ctx.em.findOne(User, ctx.actor.userId) : null;
  return { workspace: workspaceView(workspace), user: user ? userView(user) : null, verificationKeySet: workspace.verificationKeyEnc !== null };
}

export async function updateWorkspace(ctx: AuthedCtx, input: UpdateWorkspaceInput) {
  requireOwner(ctx, 'change workspace settings');
  const workspace = await currentWorkspace(ctx);
  const zone = workspace.timezone;
  const schedule = workspace.placementSchedule;
  if (input.name !== undefined) workspace.name = input.name.trim();
  if (input.timezone !== undefined) workspace.timezone = canonicalZone(input.timezone);
  if (input.recentContactDays !== undefined) workspace.recentContactDays = input.recentContactDays;
  if (input.placementSchedule !== undefined) workspace.placementSchedule = input.placementSchedule;
  if (input.placementProtectBelow !== undefined) workspace.placementProtectBelow = input.placementProtectBelow;
  // decisions.md §16: a new schedule (or zone) runs from its next 06:00, not for a slot already past.
  if (workspace.placementSchedule !== schedule || workspace.timezone !== zone) workspace.placementScheduleSetAt = ctx.deps.clock.now();
  await ctx.em.flush();
  return workspaceView(workspace);
}

export async function listApiKeys(ctx: AuthedCtx) {
  requireSession(ctx, 'Listing API keys');
  const keys = await ctx.em.find(ApiKey, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return keys.map(apiKeyView);
}

export async function createApiKey(ctx: AuthedCtx, input: CreateApiKeyInput) {
  const maker = requireSession(ctx, 'Making an API key');
  const key = newToken('key');
  const row = ctx.em.create(ApiKey, {
    workspace: ctx.actor.workspaceId,
    createdBy: maker,
    name: input.name.trim(),
    keyHash: sha256(key),
    scopes: input.scopes ?? [...DEFAULT_SCOPES], // decisions.md §12: none given means all
  });
  await ctx.em.persistAndFlush(row);
  return { id: row.id, name: row.name, key, scopes: row.scopes, createdAt: row.createdAt };
}

export async function deleteApiKey(ctx: AuthedCtx, id: string) {
  requireSession(ctx, 'Revoking an API key');
  const key = await findOr404(ctx.em, ApiKey, id, 'API key');
  await ctx.em.removeAndFlush(key);
  return { deleted: true };
}

export async function setVerificationKey(ctx: AuthedCtx, input: VerificationKeyInput) {
  requireSession(ctx, 'Saving the verification key');
  requireOwner(ctx, 'save the verification key');
  const workspace = await currentWorkspace(ctx);
  workspace.verificationKeyEnc = ctx.deps.secrets.encrypt(input.key.trim());
  await ctx.em.flush();
  return { verificationKeySet: true };
}

export async function listMembers(ctx: AuthedCtx) {
  const users = await ctx.em.find(User, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  return users.map(userView);
}

export async function addMember(ctx: AuthedCtx, input: CreateMemberInput) {
  requireSession(ctx, 'Adding a member');
  requireOwner(ctx, 'add members');
  const user = ctx.em.create(User, {
    workspace: ctx.actor.workspaceId,
    email: normalizeEmail(input.email),
    name: input.name.trim(),
    role: input.role,
    passwordHash: await ctx.deps.passwords.hash(input.password),
  });
  try {
    await ctx.em.persistAndFlush(user);
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw new AppError('email_taken', `An account with ${user.email} already exists.`);
    throw err;
  }
  return userView(user);
}

export async function deleteMember(ctx: AuthedCtx, id: string) {
  requireSession(ctx, 'Removing a member');
  requireOwner(ctx, 'remove members');
  const user = await findOr404(ctx.em, User, id, 'Member');
  if (user.id === ctx.actor.userId) throw new AppError('cannot_remove_self', 'You cannot remove yourself; another owner can.');
  // decisions.md §10: a removed member keeps no access. Their API keys and sessions go in the same
  // transaction as the member (the foreign keys cascade too, for anything that deletes users).
  await ctx.em.transactional(async (em) => {
    await em.nativeDelete(ApiKey, { createdBy: user.id });
    await em.nativeDelete(SessionToken, { user: user.id });
    await em.nativeDelete(User, { id: user.id });
  });
  return { deleted: true };
}
