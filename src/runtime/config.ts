// The only place that reads process.env: one typed, validated Config object (decisions.md §1).
import net from 'node:net';
import path from 'node:path';
import { LOG_LEVELS, type LogLevel } from '../observability/logger';

/** decisions.md §13: what a process does. `api` serves HTTP; `jobs` runs the job runner (and answers
 *  only health, readiness and metrics over HTTP when it is not also `api`). */
export type ServiceRole = 'api' | 'jobs';
export const SERVICE_ROLES: readonly ServiceRole[] = ['api', 'jobs'];

export interface Config {
  port: number;
  roles: ReadonlySet<ServiceRole>;
  databaseUrl: string | null;
  dataDir: string;
  mongodbUrl: string | null;
  publicUrl: string;
  secretKey: string | null; // null: generated into dataDir on first start
  schedulerTickSeconds: number;
  imapPollSeconds: number;
  dnsServers: string[] | undefined;
  sheetAllowedHosts: string[];
  allowPrivateFetch: boolean;
  llm: { baseUrl: string | null; apiKey: string | null; model: string | null };
  verifierUrl: string;
  allowSignup: boolean;
  planInboxLimit: number;
  columnMonthlyCap: number;
  logLevel: LogLevel;
  /** decisions.md §12: requests per workspace (or per client address without credentials) per window,
   *  across every process; 0 turns the limit off. The window is 60 s (a test may shorten it). */
  rateLimit: { points: number; windowSeconds: number };
  /** decisions.md §13: GET /metrics asks for `Authorization: Bearer <this>`; null: only from loopback. */
  metricsToken: string | null;
  /** Which peers' X-Forwarded-For names the client (Express `trust proxy`): keywords (loopback, linklocal,
   *  uniquelocal) and addresses or CIDR ranges of the proxies. Never "everyone": a client could then
   *  pick its own address and escape the per-client limits. */
  trustProxy: string[];
  /** How long a job run's lease holds without renewal (jobs/README.md): a dead process's jobs go to
   *  another within about this long. */
  jobLeaseSeconds: number;
  /** decisions.md §15: Google and Microsoft inboxes over OAuth 2.0 (OAUTH_GOOGLE_*, OAUTH_MICROSOFT_*). */
  oauth: Record<OAuthProviderName, OAuthProviderConfig>;
}

/** decisions.md §15: the providers an inbox may connect with over OAuth 2.0. */
export const OAUTH_PROVIDERS = ['google', 'microsoft'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];

/** A mail server as `host:port`. */
export interface MailEndpoint {
  host: string;
  port: number;
}

export interface OAuthProviderConfig {
  /** The registered app; null unless both its id and its secret are set (then the provider is not offered). */
  client: { id: string; secret: string } | null;
  /** The OpenID issuer whose discovery document gives the endpoints (https, no trailing slash). */
  issuer: string;
  /** The provider's mail servers, preset on the inboxes connected with it. */
  smtp: MailEndpoint;
  imap: MailEndpoint;
}

/** decisions.md §15: each provider's defaults; every value can be overridden (a test, a sovereign cloud, a proxy). */
const OAUTH_DEFAULTS: Record<OAuthProviderName, { issuer: string; smtp: string; imap: string }> = {
  google: { issuer: 'https://accounts.google.com', smtp: 'smtp.gmail.com:465', imap: 'imap.gmail.com:993' },
  microsoft: { issuer: 'https://login.microsoftonline.com/organizations/v2.0', smtp: 'smtp.office365.com:587', imap: 'outlook.office365.com:993' },
};

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be a whole number >= ${min}, got "${raw}"`);
  return n;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(true|1|yes)$/i.test(raw)) return true;
  if (/^(false|0|no)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function logLevel(env: NodeJS.ProcessEnv): LogLevel {
  const raw = env.LOG_LEVEL;
  if (raw === undefined || raw === '') return 'info';
  const level = LOG_LEVELS.find((l) => l === raw.toLowerCase());
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw.slice(0, 50)}"`);
  return level;
}

function list(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Shorter than 6 s, a renewal (every third of it) could miss its turn on a busy database; longer than
 *  10 minutes, a dead process's jobs would wait that long. */
function jobLeaseSeconds(env: NodeJS.ProcessEnv): number {
  const seconds = int(env, 'JOB_LEASE_SECONDS', 15, 6);
  if (seconds > 600) throw new ConfigError(`JOB_LEASE_SECONDS must be at most 600, got "${seconds}"`);
  return seconds;
}

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

function trustProxy(raw: string | undefined): string[] {
  const given = list(raw);
  if (!given) return ['loopback'];
  for (const entry of given) {
    const [address, prefix, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (PROXY_KEYWORDS.includes(entry) || (family !== 0 && prefixOk && extra === undefined)) continue;
    throw new ConfigError(`TRUST_PROXY is a comma-separated list of ${PROXY_KEYWORDS.join(', ')} and proxy addresses or CIDR ranges (10.0.0.0/8), got "${entry.slice(0, 60)}"`);
  }
  return given;
}

function str(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw === '' ? null : raw;
}

/** `host:port` (an IPv6 address in brackets). */
function mailEndpoint(name: string, raw: string): MailEndpoint {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^\s:/@[\]]+):(\d{1,5})$/.exec(raw.trim());
  const port = m ? Number(m[2]) : 0;
  if (!m || port < 1 || port > 65535) throw new ConfigError(`${name} must be host:port (a port from 1 to 65535), got "${raw.slice(0, 100)}"`);
  return { host: m[1]!.replace(/^\[(.*)\]$/, '$1').toLowerCase(), port };
}

function oauthProvider(env: NodeJS.ProcessEnv, provider: OAuthProviderName): OAuthProviderConfig {
  const prefix = `OAUTH_${provider.toUpperCase()}_`;
  const id = str(env, `${prefix}CLIENT_ID`);
  const secret = str(env, `${prefix}CLIENT_SECRET`);
  const defaults = OAUTH_DEFAULTS[provider];
  const issuer = (str(env, `${prefix}ISSUER`) ?? defaults.issuer).replace(/\/+$/, '');
  let url: URL | null = null;
  try {
    url = new URL(issuer);
  } catch {
    url = null;
  }
  // An issuer is an https URL (OpenID Connect Discovery 1.0 §3): its documents and tokens never cross in clear text.
  if (!url || url.protocol !== 'https:' || url.search || url.hash)
    throw new ConfigError(`${prefix}ISSUER must be an https:// URL without query or fragment, got "${issuer.slice(0, 100)}"`);
  return {
    client: id && secret ? { id, secret } : null,
    issuer,
    smtp: mailEndpoint(`${prefix}SMTP`, str(env, `${prefix}SMTP`) ?? defaults.smtp),
    imap: mailEndpoint(`${prefix}IMAP`, str(env, `${prefix}IMAP`) ?? defaults.imap),
  };
}

function roles(raw: string | undefined): ReadonlySet<ServiceRole> {
  const given = list(raw);
  if (!given) return new Set(SERVICE_ROLES);
  if (!given.length) throw new ConfigError(`SERVICE_ROLES names at least one of api and jobs, got "${raw}"`);
  for (const r of given) {
    if (!(SERVICE_ROLES as readonly string[]).includes(r)) throw new ConfigError(`SERVICE_ROLES is a comma-separated list of api and jobs, got "${raw}"`);
  }
  return new Set(given as ServiceRole[]);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env, 'PORT', 3000);
  const publicUrl = (str(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL, got "${publicUrl}"`);
  }
  const dnsServers = list(env.DNS_SERVERS);
  for (const s of dnsServers ?? []) {
    if (!/^[^\s]+(:\d+)?$/.test(s)) throw new ConfigError(`DNS_SERVERS entries are host:port, got "${s}"`);
  }
  return {
    port,
    roles: roles(env.SERVICE_ROLES),
    databaseUrl: str(env, 'DATABASE_URL'),
    dataDir: path.resolve(str(env, 'DATA_DIR') ?? './.data'),
    mongodbUrl: str(env, 'MONGODB_URL'),
    publicUrl,
    secretKey: str(env, 'SECRET_KEY'),
    schedulerTickSeconds: int(env, 'SCHEDULER_TICK_SECONDS', 30, 1),
    imapPollSeconds: int(env, 'IMAP_POLL_SECONDS', 60, 1),
    dnsServers,
    sheetAllowedHosts: list(env.SHEET_ALLOWED_HOSTS) ?? ['docs.google.com'],
    allowPrivateFetch: bool(env, 'ALLOW_PRIVATE_FETCH', false),
    llm: { baseUrl: str(env, 'LLM_BASE_URL'), apiKey: str(env, 'LLM_API_KEY'), model: str(env, 'LLM_MODEL') },
    verifierUrl: (str(env, 'VERIFIER_URL') ?? 'https://api.neverbounce.com').replace(/\/+$/, ''),
    allowSignup: bool(env, 'ALLOW_SIGNUP', true),
    planInboxLimit: int(env, 'PLAN_INBOX_LIMIT', 100),
    columnMonthlyCap: int(env, 'COLUMN_MONTHLY_CAP', 10000),
    logLevel: logLevel(env),
    rateLimit: { points: int(env, 'RATE_LIMIT_PER_MINUTE', 600), windowSeconds: 60 },
    metricsToken: str(env, 'METRICS_TOKEN'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    jobLeaseSeconds: jobLeaseSeconds(env),
    oauth: { google: oauthProvider(env, 'google'), microsoft: oauthProvider(env, 'microsoft') },
  };
}
