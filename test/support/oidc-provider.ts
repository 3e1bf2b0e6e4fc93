// A local OpenID provider for tests (decisions.md §15), on node:https with a throw-away CA, as a real
// issuer is HTTPS: discovery, authorization (the "browser" signs in as the account a test names, or
// denies consent), the token endpoint (authorization code with PKCE S256 checked, refresh with rotation),
// revocation (RFC 7009), introspection (RFC 7662, which Dovecot's oauth2 passdb asks) and the signing keys.
// Tokens live as long as `accessTokenSeconds` says.
//
// Two flavours on one server, each with its own issuer:
// - google:    issuer `${base}/google`; refresh tokens are not rotated (as Google's).
// - microsoft: configured issuer `${base}/ms/organizations/v2.0`, whose discovery document names the
//              template `${base}/ms/{tenantid}/v2.0`; ID tokens carry `tid` and are issued by that tenant's
//              issuer; every refresh rotates the refresh token, and a used one is refused (and counted in
//              `stats.reuses`: the tests assert that no refresh token is ever used twice).
// The service trusts the CA through the HTTP port (in-process: guardedHttp(config, { extraCa })) or
// NODE_EXTRA_CA_CERTS=caFile (a service process).
import { createHash, createPublicKey, generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type Flavour = 'google' | 'microsoft';

export interface OidcAccount {
  email: string;
  /** Default: derived from the address. */
  sub?: string;
  /** Microsoft: the account's tenant (a GUID); default one fixed tenant. */
  tid?: string;
  /** Microsoft: leave the `email` claim out, so the address comes from preferred_username. */
  noEmailClaim?: boolean;
}

export const TEST_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
export const OAUTH_CLIENT = { id: 'outreach-test-client', secret: 'outreach-test-client-secret' };

interface Grant {
  id: string;
  flavour: Flavour;
  account: Required<Pick<OidcAccount, 'email' | 'sub' | 'tid'>> & { noEmailClaim: boolean };
  revoked: boolean;
  /** The refresh token that may be used now. */
  refreshToken: string;
}

interface IssuedAccess {
  grant: Grant;
  expiresAt: number;
}

interface PendingCode {
  grant: Grant;
  redirectUri: string;
  challenge: string;
  nonce: string | null;
  expiresAt: number;
  used: boolean;
}

export interface ProviderStats {
  discoveries: number;
  authorizations: number;
  redemptions: number;
  refreshes: number;
  /** A refresh with a refresh token already used (rotated away): must stay 0. */
  reuses: number;
  /** Refreshes that overlapped another refresh of the same grant. */
  concurrentRefreshes: number;
  pkceFailures: number;
  revocations: number;
  introspections: number;
}

export interface OidcProvider {
  base: string;
  /** The throw-away CA (PEM) and its file. */
  ca: string;
  caFile: string;
  /** The issuer a service is configured with, per flavour. */
  issuer(flavour: Flavour): string;
  /** OAUTH_<PROVIDER>_* settings naming this provider (client, issuer), for a service. */
  env(flavour?: Flavour): Record<string, string>;
  /** Who the "browser" signs in as at the next authorization; `deny`: the consent screen is refused. */
  signInAs(next: OidcAccount | { deny: true }): void;
  /** The browser at the sign-in page: follows the authorization URL and answers where the provider sends
   *  it back (the callback URL with code and state, or with error). */
  authorize(authorizationUrl: string): Promise<string>;
  /** The authorization requests received, their query parameters. */
  authorizations: URLSearchParams[];
  accessTokenSeconds: number;
  /** How long each refresh takes to answer (a race between refreshes needs them slow). */
  refreshDelayMs: number;
  /** The token endpoint's next answers: `unavailable` (503 temporarily_unavailable, the revocation
   *  endpoint's too) or `drop` (connection closed without an answer), until set back to null. */
  tokenFailure: 'unavailable' | 'drop' | null;
  /** Claims laid over those of the ID tokens issued from now on (a forged issuer, a foreign tenant). */
  idTokenOverrides: Record<string, unknown> | null;
  /** The issuer the discovery documents name instead of their own. */
  discoveryIssuer: string | null;
  /** Consent revoked, password changed: every grant of the address ends (refreshes get invalid_grant). */
  revokeAccount(email: string): void;
  /** Every access token issued so far stops being valid now (a lifetime that ended, a clock ahead): the
   *  mail servers refuse them, and a client must refresh. */
  expireAccessTokens(): void;
  /** What introspection says of an access token (the SMTP peer asks this in-process). */
  introspect(token: string): { active: boolean; email?: string };
  /** Every token handed out so far (access, refresh and ID tokens, codes): what must never show up
   *  in an answer, a log line, an event or an error. */
  issued(): string[];
  stats: ProviderStats;
  stop(): Promise<void>;
}

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

/** A CA and a certificate for 127.0.0.1 and localhost it signed, made with openssl in a temp dir. */
function throwAwayCa(): { dir: string; ca: string; caFile: string; cert: string; key: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oidc-provider-'));
  fs.chmodSync(dir, 0o755);
  const f = (name: string) => path.join(dir, name);
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  run(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('ca.key'), '-out', f('ca.pem'), '-days', '2', '-subj', '/CN=Outreach test CA']);
  run(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('server.key'), '-out', f('server.csr'), '-subj', '/CN=127.0.0.1']);
  fs.writeFileSync(f('ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n');
  run(['x509', '-req', '-in', f('server.csr'), '-CA', f('ca.pem'), '-CAkey', f('ca.key'), '-CAcreateserial', '-out', f('server.pem'), '-days', '2', '-extfile', f('ext.cnf')]);
  for (const name of fs.readdirSync(dir)) fs.chmodSync(f(name), 0o644);
  return { dir, ca: fs.readFileSync(f('ca.pem'), 'utf8'), caFile: f('ca.pem'), cert: fs.readFileSync(f('server.pem'), 'utf8'), key: fs.readFileSync(f('server.key'), 'utf8') };
}

function jwt(key: KeyObject, kid: string, claims: Record<string, unknown>): string {
  const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }));
  const body = b64url(JSON.stringify(claims));
  return `${head}.${body}.${b64url(sign('sha256', Buffer.from(`${head}.${body}`), key))}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startOidcProvider(): Promise<OidcProvider> {
  const tls = throwAwayCa();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const jwk = { ...createPublicKey(privateKey).export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const refreshTokens = new Map<string, { grant: Grant; used: boolean }>();
  const accessTokens = new Map<string, IssuedAccess>();
  const codes = new Map<string, PendingCode>();
  const everIssued: string[] = [];
  const refreshing = new Set<string>();
  const sockets = new Set<Socket>();
  let next: OidcAccount | { deny: true } = { email: 'sender@example.com' };
  const stats: ProviderStats = {
    discoveries: 0,
    authorizations: 0,
    redemptions: 0,
    refreshes: 0,
    reuses: 0,
    concurrentRefreshes: 0,
    pkceFailures: 0,
    revocations: 0,
    introspections: 0,
  };

  let base = '';
  const issuerOf = (flavour: Flavour, tid: string) => (flavour === 'google' ? `${base}/google` : `${base}/ms/${tid}/v2.0`);
  const prefix = (flavour: Flavour) => (flavour === 'google' ? `${base}/google` : `${base}/ms`);

  const issue = (t: string) => {
    everIssued.push(t);
    return t;
  };

  const newRefreshToken = (grant: Grant) => {
    const token = issue(`rt_${grant.flavour}_${randomBytes(24).toString('base64url')}`);
    refreshTokens.set(token, { grant, used: false });
    grant.refreshToken = token;
    return token;
  };

  const tokenAnswer = (grant: Grant, opts: { nonce: string | null; refreshToken: string | null }) => {
    const now = Math.floor(Date.now() / 1000);
    const access =
      grant.flavour === 'microsoft'
        ? jwt(privateKey, kid, {
            aud: 'https://outlook.office.com',
            iss: issuerOf('microsoft', grant.account.tid),
            sub: grant.account.sub,
            upn: grant.account.email,
            jti: randomUUID(),
            exp: now + provider.accessTokenSeconds,
          })
        : `ya29.${randomBytes(30).toString('base64url')}`;
    issue(access);
    accessTokens.set(access, { grant, expiresAt: Date.now() + provider.accessTokenSeconds * 1000 });
    const claims: Record<string, unknown> = {
      iss: issuerOf(grant.flavour, grant.account.tid),
      aud: OAUTH_CLIENT.id,
      sub: grant.account.sub,
      iat: now,
      exp: now + 600,
      ...(grant.account.noEmailClaim ? {} : { email: grant.account.email }),
      ...(grant.flavour === 'google' ? { email_verified: true } : { tid: grant.account.tid, preferred_username: grant.account.email }),
      ...(opts.nonce ? { nonce: opts.nonce } : {}),
      ...provider.idTokenOverrides,
    };
    const idToken = issue(jwt(privateKey, kid, claims));
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: provider.accessTokenSeconds,
      scope:
        grant.flavour === 'google'
          ? 'openid email https://mail.google.com/'
          : 'openid email offline_access https://outlook.office.com/SMTP.Send https://outlook.office.com/IMAP.AccessAsUser.All',
      id_token: idToken,
      ...(opts.refreshToken ? { refresh_token: opts.refreshToken } : {}),
    };
  };

  const readForm = (req: import('node:http').IncomingMessage) =>
    new Promise<URLSearchParams>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size > 65_536) reject(new Error('body too large'));
        else chunks.push(c);
      });
      req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
      req.on('error', reject);
    });

  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  /** client_secret_post or client_secret_basic. */
  const clientOk = (req: import('node:http').IncomingMessage, form: URLSearchParams) => {
    const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':').map(decodeURIComponent);
      return id === OAUTH_CLIENT.id && secret === OAUTH_CLIENT.secret;
    }
    return form.get('client_id') === OAUTH_CLIENT.id && form.get('client_secret') === OAUTH_CLIENT.secret;
  };

  const discovery = (flavour: Flavour) => ({
    issuer: provider.discoveryIssuer ?? (flavour === 'google' ? `${base}/google` : `${base}/ms/{tenantid}/v2.0`),
    authorization_endpoint: `${prefix(flavour)}/authorize`,
    token_endpoint: `${prefix(flavour)}/token`,
    revocation_endpoint: `${prefix(flavour)}/revoke`,
    introspection_endpoint: `${base}/introspect`,
    jwks_uri: `${prefix(flavour)}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'offline_access'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    // Microsoft's document leaves this out; Google's lists it.
    ...(flavour === 'google' ? { code_challenge_methods_supported: ['plain', 'S256'] } : {}),
  });

  async function token(flavour: Flavour, req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) {
    const form = await readForm(req);
    if (provider.tokenFailure === 'drop') return void req.socket.destroy();
    if (provider.tokenFailure === 'unavailable') return json(res, 503, { error: 'temporarily_unavailable', error_description: 'Try again later' });
    if (!clientOk(req, form)) return json(res, 401, { error: 'invalid_client' });
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      stats.redemptions++;
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.used || code.expiresAt < Date.now() || code.grant.flavour !== flavour)
        return json(res, 400, { error: 'invalid_grant', error_description: 'unknown, used or expired code' });
      code.used = true;
      if (form.get('redirect_uri') !== code.redirectUri) return json(res, 400, { error: 'invalid_grant', error_description: 'redirect_uri mismatch' });
      const verifier = form.get('code_verifier') ?? '';
      if (b64url(createHash('sha256').update(verifier).digest()) !== code.challenge) {
        stats.pkceFailures++;
        return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      }
      grants.set(code.grant.id, code.grant);
      return json(res, 200, tokenAnswer(code.grant, { nonce: code.nonce, refreshToken: newRefreshToken(code.grant) }));
    }
    if (grantType === 'refresh_token') {
      const given = form.get('refresh_token') ?? '';
      const known = refreshTokens.get(given);
      if (!known || known.grant.flavour !== flavour) return json(res, 400, { error: 'invalid_grant', error_description: 'unknown refresh token' });
      if (known.used) {
        stats.reuses++;
        return json(res, 400, { error: 'invalid_grant', error_description: 'refresh token already used' });
      }
      const grant = known.grant;
      if (refreshing.has(grant.id)) stats.concurrentRefreshes++;
      refreshing.add(grant.id);
      try {
        if (provider.refreshDelayMs) await sleep(provider.refreshDelayMs);
        if (grant.revoked) return json(res, 400, { error: 'invalid_grant', error_description: 'AADSTS50173: The provided grant has expired due to it being revoked' });
        stats.refreshes++;
        // Microsoft rotates: the token just used is spent, a new one comes with the answer.
        let rotated: string | null = null;
        if (flavour === 'microsoft') {
          known.used = true;
          rotated = newRefreshToken(grant);
        }
        return json(res, 200, tokenAnswer(grant, { nonce: null, refreshToken: rotated }));
      } finally {
        refreshing.delete(grant.id);
      }
    }
    return json(res, 400, { error: 'unsupported_grant_type' });
  }

  const server = https.createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const m = /^\/(google|ms)(\/.*)$/.exec(url.pathname);
      const flavour: Flavour | null = m ? (m[1] === 'google' ? 'google' : 'microsoft') : null;
      const rest = m?.[2] ?? url.pathname;
      if (req.method === 'GET' && flavour && (rest === '/.well-known/openid-configuration' || rest === '/organizations/v2.0/.well-known/openid-configuration')) {
        stats.discoveries++;
        return json(res, 200, discovery(flavour));
      }
      if (req.method === 'GET' && flavour && rest === '/jwks') return json(res, 200, { keys: [jwk] });
      if (req.method === 'GET' && flavour && rest === '/authorize') {
        stats.authorizations++;
        const q = url.searchParams;
        provider.authorizations.push(q);
        const back = new URL(q.get('redirect_uri') ?? 'https://invalid.example/');
        const state = q.get('state');
        const fail = (error: string) => {
          back.searchParams.set('error', error);
          if (state) back.searchParams.set('state', state);
          res.writeHead(302, { location: back.toString() }).end();
        };
        if (q.get('client_id') !== OAUTH_CLIENT.id || q.get('response_type') !== 'code') return fail('unauthorized_client');
        if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) return fail('invalid_request');
        if (!(q.get('scope') ?? '').split(' ').includes('openid')) return fail('invalid_scope');
        const who = next;
        if ('deny' in who) return fail('access_denied');
        const account = {
          email: who.email,
          sub: who.sub ?? `sub-${createHash('sha256').update(who.email).digest('hex').slice(0, 16)}`,
          tid: who.tid ?? TEST_TENANT,
          noEmailClaim: !!who.noEmailClaim,
        };
        const grant: Grant = { id: randomUUID(), flavour, account, revoked: false, refreshToken: '' };
        const code = issue(`code_${randomBytes(24).toString('base64url')}`);
        codes.set(code, {
          grant,
          redirectUri: q.get('redirect_uri') ?? '',
          challenge: q.get('code_challenge') ?? '',
          nonce: q.get('nonce'),
          expiresAt: Date.now() + 60_000,
          used: false,
        });
        back.searchParams.set('code', code);
        if (state) back.searchParams.set('state', state);
        return res.writeHead(302, { location: back.toString() }).end();
      }
      if (req.method === 'POST' && flavour && rest === '/token') return token(flavour, req, res);
      if (req.method === 'POST' && flavour && rest === '/revoke') {
        const form = await readForm(req);
        if (provider.tokenFailure === 'unavailable') return json(res, 503, { error: 'temporarily_unavailable', error_description: 'Try again later' });
        if (!clientOk(req, form)) return json(res, 401, { error: 'invalid_client' });
        stats.revocations++;
        const t = form.get('token') ?? '';
        const grant = refreshTokens.get(t)?.grant ?? accessTokens.get(t)?.grant;
        if (grant) grant.revoked = true;
        return res.writeHead(200).end();
      }
      if (req.method === 'POST' && url.pathname === '/introspect') {
        stats.introspections++;
        const form = await readForm(req);
        const seen = provider.introspect(form.get('token') ?? '');
        return json(res, 200, seen.active ? { active: true, email: seen.email, username: seen.email, client_id: OAUTH_CLIENT.id } : { active: false });
      }
      json(res, 404, { error: 'not_found' });
    })().catch(() => {
      if (!res.headersSent) json(res, 500, { error: 'server_error' });
    });
  });
  // Every socket, the TLS ones too (a client keeping its connection alive must not keep the test alive).
  for (const event of ['connection', 'secureConnection'] as const) {
    server.on(event, (s: Socket) => {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
    });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider: OidcProvider = {
    base,
    ca: tls.ca,
    caFile: tls.caFile,
    issuer: (flavour) => (flavour === 'google' ? `${base}/google` : `${base}/ms/organizations/v2.0`),
    env(flavour = 'google') {
      const p = flavour === 'google' ? 'OAUTH_GOOGLE_' : 'OAUTH_MICROSOFT_';
      return { [`${p}CLIENT_ID`]: OAUTH_CLIENT.id, [`${p}CLIENT_SECRET`]: OAUTH_CLIENT.secret, [`${p}ISSUER`]: provider.issuer(flavour) };
    },
    signInAs(who) {
      next = who;
    },
    authorizations: [],
    authorize(authorizationUrl) {
      return new Promise((resolve, reject) => {
        const req = https.get(authorizationUrl, { ca: tls.ca }, (res) => {
          res.resume();
          const location = res.headers.location;
          if (res.statusCode !== 302 || !location) reject(new Error(`authorize answered ${res.statusCode}`));
          else resolve(location);
        });
        req.on('error', reject);
      });
    },
    accessTokenSeconds: 3600,
    refreshDelayMs: 0,
    tokenFailure: null,
    idTokenOverrides: null,
    discoveryIssuer: null,
    revokeAccount(email) {
      for (const g of grants.values()) if (g.account.email === email) g.revoked = true;
    },
    expireAccessTokens() {
      for (const issued of accessTokens.values()) issued.expiresAt = Math.min(issued.expiresAt, Date.now());
    },
    introspect(t) {
      const seen = accessTokens.get(t);
      if (!seen || seen.grant.revoked || seen.expiresAt <= Date.now()) return { active: false };
      return { active: true, email: seen.grant.account.email };
    },
    issued: () => [...everIssued],
    stats,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
      });
      fs.rmSync(tls.dir, { recursive: true, force: true });
    },
  };
  return provider;
}
