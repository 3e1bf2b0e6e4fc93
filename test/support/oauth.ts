// What the OAuth tests share (decisions.md §15): the service's settings for the local OpenID provider
// (test/support/oidc-provider.ts), its HTTP port trusting the provider's throw-away CA, and a person
// connecting an inbox: the start call, the browser at the provider's sign-in page, and the browser back
// at the service's callback.
import type { OAuthProviderName } from '../../src/runtime/config';
import { guardedHttp } from '../../src/net/http-client';
import type { Ports } from '../../src/runtime/ports';
import type { Client } from './client';
import { startImapPeer, type ImapPeer } from './imap-peer';
import { startOidcProvider, type OidcAccount, type OidcProvider } from './oidc-provider';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer';

/** Both providers pointed at the local one; its servers are on loopback, so ALLOW_PRIVATE_FETCH. */
export function oauthEnv(provider: OidcProvider, extra: Record<string, string> = {}): Record<string, string> {
  return { ...provider.env('google'), ...provider.env('microsoft'), ALLOW_PRIVATE_FETCH: 'true', ...extra };
}

/** The HTTP port of an in-process service, trusting the provider's CA (a service process is given
 *  NODE_EXTRA_CA_CERTS instead). */
export function oauthPorts(provider: OidcProvider): Partial<Ports> {
  return { http: guardedHttp({ allowPrivateFetch: true }, { extraCa: [provider.ca] }) };
}

/** The local OpenID provider and the mail servers of its inboxes: an SMTP peer taking XOAUTH2 alone
 *  (tokens checked with the provider) and Dovecot with its oauth2 passdb beside the password users. */
export interface OAuthMailPeers {
  provider: OidcProvider;
  smtp: SmtpPeer;
  imap: ImapPeer;
  /** oauthEnv with both providers' mail servers set to these peers, and `extra`. */
  env(extra?: Record<string, string>): Record<string, string>;
  stop(): Promise<void>;
}

/** `mailboxes`: Dovecot's users (address → a password the test appends mail with). */
export async function startOAuthMailPeers(mailboxes: Record<string, string>): Promise<OAuthMailPeers> {
  const provider = await startOidcProvider();
  const smtp = await startSmtpPeer({ users: {}, xoauth2: (token) => provider.introspect(token) });
  const imap = await startImapPeer({ users: mailboxes, oauth2: { introspectionUrl: `${provider.base}/introspect`, ca: provider.ca } });
  const servers = (p: string) => ({ [`OAUTH_${p}_SMTP`]: `127.0.0.1:${smtp.port}`, [`OAUTH_${p}_IMAP`]: `127.0.0.1:${imap.port}` });
  return {
    provider,
    smtp,
    imap,
    env: (extra = {}) => oauthEnv(provider, { ...servers('GOOGLE'), ...servers('MICROSOFT'), ...extra }),
    async stop() {
      await smtp.stop();
      await imap.stop();
      await provider.stop();
    },
  };
}

export interface SignIn {
  /** The start call's answer (status and body). */
  start: { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Where the provider sent the browser back (the service's callback, as PUBLIC_URL names it). */
  callback: URL;
  /** The callback's answer: its status and Location. */
  status: number;
  location: string;
}

/** The browser at the service's callback (whatever host PUBLIC_URL names, it is the service at `serviceUrl`). */
export async function openCallback(serviceUrl: string, callback: URL | string): Promise<{ status: number; location: string }> {
  const url = new URL(callback);
  const res = await fetch(`${serviceUrl}${url.pathname}${url.search}`, { redirect: 'manual' });
  await res.text();
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

/** A person connecting an inbox: start (REST), sign in at the provider as `as`, back at the callback. */
export async function signInWith(
  client: Client,
  serviceUrl: string,
  provider: OidcProvider,
  name: OAuthProviderName,
  opts: { as?: OidcAccount | { deny: true }; mailboxId?: string; returnTo?: string } = {},
): Promise<SignIn> {
  const start = await client.post(`/mailboxes/oauth/${name}/start`, {
    ...(opts.mailboxId ? { mailbox_id: opts.mailboxId } : {}),
    ...(opts.returnTo ? { return_to: opts.returnTo } : {}),
  });
  if (start.status !== 200) throw new Error(`start answered ${start.status}: ${start.text}`);
  provider.signInAs(opts.as ?? { email: 'sender@example.com' });
  const callback = new URL(await provider.authorize(start.body.authorization_url));
  return { start, callback, ...(await openCallback(serviceUrl, callback)) };
}

/** The mailbox id of a `?connected=` location (throws on anything else, with the location). */
export function connectedId(location: string): string {
  const id = new URL(location, 'http://x.invalid').searchParams.get('connected');
  if (!id) throw new Error(`not connected: ${location}`);
  return id;
}

/** The `oauth_error` of a location, or null. */
export const oauthError = (location: string): string | null => new URL(location, 'http://x.invalid').searchParams.get('oauth_error');
