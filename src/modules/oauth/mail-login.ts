// How every mail path logs in to an inbox's servers (decisions.md §15): sending (campaigns and one-offs),
// answers to replies, reply polling with the DMARC intake, and the connection test. A password inbox
// logs in with its password; an OAuth inbox with XOAUTH2 and its access token (inbox-tokens.ts: cached,
// refreshed a minute before it expires, one refresh at a time). When the server refuses the token, it is
// refreshed once and the login tried again.
import type { AppDeps } from '../../runtime/context';
import type { MailServerLogin } from '../../mail/connection-test';
import { accessTokenFor, usable, type AccessToken } from './inbox-tokens';

export { ReconnectNeeded, TokenUnavailable } from './inbox-tokens';

/** What a mail path knows of the inbox to log in with it. */
export interface InboxLoginSource {
  id: string;
  authType: string;
  passwordEnc: string | null;
}

/** The password, or an access token and which one it is. */
export type MailSecret = { password: string; version?: undefined } | { accessToken: string; version: number };

/** Secrets already at hand for one run (a dispatch call): a password decrypted once, a token until it is
 *  due for refresh. */
export class LoginCache {
  private readonly passwords = new Map<string, string>();
  private readonly tokens = new Map<string, AccessToken>();

  password(deps: AppDeps, passwordEnc: string): string {
    let plain = this.passwords.get(passwordEnc);
    if (plain === undefined) this.passwords.set(passwordEnc, (plain = deps.secrets.decrypt(passwordEnc)));
    return plain;
  }

  token(inboxId: string, now: Date): AccessToken | null {
    const t = this.tokens.get(inboxId);
    return t && usable(t, now) ? t : null;
  }

  keep(inboxId: string, token: AccessToken): void {
    this.tokens.set(inboxId, token);
  }
}

/** The inbox's secret to log in with. `refused`: the token version its server just refused (only a newer
 *  one will do). Throws ReconnectNeeded or TokenUnavailable for an OAuth inbox without a token now. */
export async function mailSecret(deps: AppDeps, inbox: InboxLoginSource, opts: { refused?: number; cache?: LoginCache } = {}): Promise<MailSecret> {
  if (inbox.authType !== 'oauth2') {
    if (inbox.passwordEnc === null) throw new Error(`inbox ${inbox.id} has neither a password nor OAuth`);
    return { password: opts.cache ? opts.cache.password(deps, inbox.passwordEnc) : deps.secrets.decrypt(inbox.passwordEnc) };
  }
  const held = opts.refused === undefined ? opts.cache?.token(inbox.id, deps.clock.now()) : null;
  const token = held ?? (await accessTokenFor(deps, inbox.id, { refused: opts.refused }));
  opts.cache?.keep(inbox.id, token);
  return { accessToken: token.token, version: token.version };
}

/** A server's login with the secret (pass only the server's fields: the whole object is the login). */
export function loginWith<T extends { host: string; port: number; username: string }>(server: T, secret: MailSecret): T & MailServerLogin {
  return secret.version === undefined ? { ...server, password: secret.password } : { ...server, accessToken: secret.accessToken };
}

/**
 * Runs `attempt` with the inbox's secret; when it comes back refused (a result or an error that `refused`
 * says is the server refusing the login) and the secret was an OAuth token, the token is refreshed once
 * and `attempt` runs again with the new one (decisions.md §15). A password inbox runs once.
 */
export async function withMailLogin<T>(
  deps: AppDeps,
  inbox: InboxLoginSource,
  attempt: (secret: MailSecret) => Promise<T>,
  refused: (outcome: T | unknown) => boolean,
  cache?: LoginCache,
): Promise<T> {
  const secret = await mailSecret(deps, inbox, { cache });
  if (secret.version === undefined) return attempt(secret);
  let outcome: T;
  try {
    outcome = await attempt(secret);
  } catch (err) {
    if (!refused(err)) throw err;
    return attempt(await mailSecret(deps, inbox, { refused: secret.version, cache }));
  }
  if (!refused(outcome)) return outcome;
  return attempt(await mailSecret(deps, inbox, { refused: secret.version, cache }));
}
