// Domain health checks (api.md Inboxes rule 4, decisions.md §5): SPF, DKIM, DMARC, MX and public
// blocklists for one sending domain, over an injected DNS resolver. Every look-up failure (timeout,
// SERVFAIL, refused) makes its check `unknown`; nothing here throws for a DNS problem.
import { mapLimited } from '../../runtime/concurrency';
import { isNoData, type DnsResolver } from '../../net/dns';

export type CheckStatus = 'ok' | 'warn' | 'fail' | 'unknown';
export type CheckKey = 'spf' | 'dkim' | 'dmarc' | 'mx' | 'blocklist';

export interface DomainCheck {
  key: CheckKey;
  label: string;
  status: CheckStatus;
  detail: string;
  /** null exactly when status is ok; otherwise what to do. */
  fix: string | null;
  /** The record found, the DKIM selector, the MX hosts or the lists naming the domain; else null. */
  value: string | null;
}

export interface DomainReport {
  domain: string;
  checks: DomainCheck[];
}

export interface HealthOptions {
  /** DKIM selector to try before the common ones. */
  selector?: string | null;
  /** Every look-up of one domain must finish within this long from the start (default 8 s). */
  timeoutMs?: number;
}

export const CHECK_LABELS: Record<CheckKey, string> = {
  spf: 'SPF',
  dkim: 'DKIM',
  dmarc: 'DMARC',
  mx: 'MX records',
  blocklist: 'Blocklists',
};

/** Selectors the big providers and common tools sign with, tried after the given one. */
export const COMMON_DKIM_SELECTORS = [
  'google',
  'selector1',
  'selector2',
  'default',
  'k1',
  'k2',
  's1',
  's2',
  'dkim',
  'mail',
  'smtp',
  'key1',
  'key2',
  'sig1',
  'mx',
  'zoho',
  'protonmail',
  'everlytickey1',
  'mandrill',
  'pm',
];

export interface Blocklist {
  zone: string;
  name: string;
  removal: string;
}

/** Domain blocklists (queried as `<domain>.<zone>`). */
export const DOMAIN_BLOCKLISTS: Blocklist[] = [
  { zone: 'dbl.spamhaus.org', name: 'Spamhaus DBL', removal: 'https://check.spamhaus.org' },
  { zone: 'multi.uribl.com', name: 'URIBL', removal: 'https://admin.uribl.com' },
  { zone: 'multi.surbl.org', name: 'SURBL', removal: 'https://surbl.org/surbl-analysis' },
];

/** IP blocklists (queried as `<reversed IPv4>.<zone>`) for the addresses of the domain's MX hosts. */
export const IP_BLOCKLISTS: Blocklist[] = [
  { zone: 'zen.spamhaus.org', name: 'Spamhaus ZEN', removal: 'https://check.spamhaus.org' },
  { zone: 'b.barracudacentral.org', name: 'Barracuda', removal: 'https://www.barracudacentral.org/rbl/removal-request' },
  { zone: 'bl.spamcop.net', name: 'SpamCop', removal: 'https://www.spamcop.net/bl.shtml' },
];

const MAX_MX_HOSTS = 3;
const MAX_MX_ADDRESSES = 6;
const DEFAULT_TIMEOUT_MS = 8000;

// ---------------------------------------------------------------------------------------------------
// Look-ups: each resolves to found / none (the name or record does not exist) / error, within a deadline.

export type Lookup<T> = { kind: 'found'; value: T } | { kind: 'none' } | { kind: 'error'; code: string };

export async function lookup<T>(run: () => Promise<T>, deadline: number): Promise<Lookup<T>> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) return { kind: 'error', code: 'ETIMEOUT' };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Lookup<T>>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'error', code: 'ETIMEOUT' }), remaining);
  });
  const work = run().then(
    (value): Lookup<T> => (Array.isArray(value) && value.length === 0 ? { kind: 'none' } : { kind: 'found', value }),
    (err: unknown): Lookup<T> => (isNoData(err) ? { kind: 'none' } : { kind: 'error', code: (err as { code?: string })?.code ?? 'EFAIL' }),
  );
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const failedLookup = (what: string, code: string) => (code === 'ETIMEOUT' ? `The DNS look-up of ${what} timed out` : `The DNS look-up of ${what} failed (${code})`);

const RETRY_FIX = 'Run the check again in a few minutes; if it keeps failing, make sure the DNS servers of the domain (and DNS_SERVERS) answer.';

function check(key: CheckKey, status: CheckStatus, detail: string, fix: string | null, value: string | null = null): DomainCheck {
  return { key, label: CHECK_LABELS[key], status, detail, fix: status === 'ok' ? null : (fix ?? RETRY_FIX), value };
}

const joinTxt = (records: string[][]) => records.map((chunks) => chunks.join(''));

/** `k=v; k=v` tags of DKIM and DMARC records, keys lower-cased. */
export function parseTags(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    tags.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  return tags;
}

// ---------------------------------------------------------------------------------------------------
// MX (also feeds the SPF advice and the IP blocklist look-ups).

type MxRecord = { exchange: string; priority: number };

type Provider = 'google' | 'microsoft' | null;

function providerOf(mx: MxRecord[]): Provider {
  const hosts = mx.map((m) => m.exchange.toLowerCase());
  if (hosts.some((h) => /(^|\.)(google|googlemail)\.com$/.test(h))) return 'google';
  if (hosts.some((h) => h.endsWith('.mail.protection.outlook.com'))) return 'microsoft';
  return null;
}

const isNullMx = (m: MxRecord) => m.exchange === '' || m.exchange === '.';

export function mxCheck(domain: string, mx: Lookup<MxRecord[]>): DomainCheck {
  if (mx.kind === 'error') return check('mx', 'unknown', `${failedLookup(`the MX records of ${domain}`, mx.code)}.`, RETRY_FIX);
  const records = mx.kind === 'found' ? [...mx.value].sort((a, b) => a.priority - b.priority) : [];
  const real = records.filter((m) => !isNullMx(m));
  const addFix = `Add MX records for ${domain} pointing to your mail provider (the one hosting its inboxes), so replies and bounces arrive.`;
  if (records.length && !real.length) {
    return check('mx', 'fail', `${domain} publishes a null MX: it declares that it receives no mail, so replies and bounces are refused.`, `Remove the null MX. ${addFix}`, '0 .');
  }
  if (!real.length) {
    return check('mx', 'fail', `${domain} has no MX records: replies and bounces cannot be delivered, and receivers distrust senders whose domain takes no mail.`, addFix);
  }
  const value = real.map((m) => `${m.priority} ${m.exchange}`).join(', ');
  return check('mx', 'ok', `${real.length} MX record${real.length === 1 ? '' : 's'}; mail for ${domain} goes to ${real[0].exchange}.`, null, value);
}

// ---------------------------------------------------------------------------------------------------
// SPF

const SPF_INCLUDE: Record<Exclude<Provider, null>, string> = {
  google: 'include:_spf.google.com',
  microsoft: 'include:spf.protection.outlook.com',
};

export function spfCheck(domain: string, txt: Lookup<string[][]>, provider: Provider = null): DomainCheck {
  if (txt.kind === 'error') return check('spf', 'unknown', `${failedLookup(`the TXT records of ${domain}`, txt.code)}.`, RETRY_FIX);
  const records = txt.kind === 'found' ? joinTxt(txt.value).filter((r) => /^v=spf1(\s|$)/i.test(r.trim())) : [];
  const include = provider ? SPF_INCLUDE[provider] : "include:<your mail provider's SPF domain>";
  if (!records.length) {
    return check(
      'spf',
      'fail',
      `${domain} has no SPF record: receivers cannot tell which servers may send its mail.`,
      `Publish one TXT record at ${domain}: "v=spf1 ${include} ~all".`,
    );
  }
  if (records.length > 1) {
    return check(
      'spf',
      'fail',
      `${domain} has ${records.length} SPF records; receivers treat that as an error (permerror) and SPF fails.`,
      'Merge them into one TXT record starting with v=spf1 (keep every include:, one all at the end) and delete the others.',
      records.join(' | '),
    );
  }
  const record = records[0].trim();
  const terms = record.split(/\s+/).slice(1);
  const all = terms.find((t) => /^[+\-~?]?all$/i.test(t));
  const redirect = terms.find((t) => /^redirect=/i.test(t));
  const qualifier = all ? (/^[+\-~?]/.test(all) ? all[0] : '+') : null;
  if (qualifier === '-' || qualifier === '~') {
    const effect = qualifier === '-' ? 'fail' : 'soft-fail';
    return check('spf', 'ok', `SPF record found; mail from servers it does not list will ${effect} (${all}).`, null, record);
  }
  if (qualifier === '+') {
    return check(
      'spf',
      'warn',
      `The SPF record ends in ${all}: every server in the world may send as ${domain}.`,
      `Replace ${all} with ~all (or -all) so only the servers listed may send as ${domain}.`,
      record,
    );
  }
  if (qualifier === '?') {
    return check('spf', 'warn', `The SPF record ends in ?all (neutral): receivers get no verdict for servers it does not list.`, 'Replace ?all with ~all (or -all).', record);
  }
  if (redirect) {
    return check('spf', 'ok', `SPF record found; it uses the policy of ${redirect.slice('redirect='.length)} (redirect).`, null, record);
  }
  return check('spf', 'warn', 'The SPF record has no all mechanism: servers it does not list get a neutral result.', 'End the record with ~all (or -all).', record);
}

// ---------------------------------------------------------------------------------------------------
// DKIM

type DkimKey = { selector: string; state: 'valid' | 'revoked' } | { selector: string; state: 'none' } | { selector: string; state: 'error'; code: string };

export function dkimKeyState(selector: string, txt: Lookup<string[][]>): DkimKey {
  if (txt.kind === 'error') return { selector, state: 'error', code: txt.code };
  if (txt.kind === 'none') return { selector, state: 'none' };
  const keys = joinTxt(txt.value)
    .map(parseTags)
    .filter((tags) => tags.has('p'));
  if (!keys.length) return { selector, state: 'none' };
  return { selector, state: keys.some((tags) => tags.get('p') !== '') ? 'valid' : 'revoked' };
}

export function dkimCheck(domain: string, keys: DkimKey[], given: string | null): DomainCheck {
  const at = (s: string) => `${s}._domainkey.${domain}`;
  const givenKey = given ? keys.find((k) => k.selector === given) : undefined;
  const valid = keys.find((k) => k.state === 'valid');
  if (valid) {
    const note = given && valid.selector !== given ? ` (nothing usable at the selector given, ${given})` : '';
    return check('dkim', 'ok', `DKIM key found at ${at(valid.selector)}${note}.`, null, valid.selector);
  }
  const revoked = givenKey?.state === 'revoked' ? givenKey : keys.find((k) => k.state === 'revoked');
  if (revoked) {
    return check(
      'dkim',
      'fail',
      `The DKIM key at ${at(revoked.selector)} is revoked (empty p=), so signatures with it fail.`,
      `Publish the current public key from your mail provider at ${at(revoked.selector)}, or turn on signing with a new selector and publish that key.`,
      revoked.selector,
    );
  }
  const failed = keys.find((k): k is Extract<DkimKey, { state: 'error' }> => k.state === 'error');
  if (failed) return check('dkim', 'unknown', `${failedLookup(at(failed.selector), failed.code)}, and no DKIM key was found elsewhere.`, RETRY_FIX);
  if (given) {
    return check(
      'dkim',
      'fail',
      `No DKIM key at ${at(given)} or at the common selectors.`,
      `Turn on DKIM signing at your mail provider and publish its public key as a TXT record at ${at(given)}.`,
    );
  }
  return check(
    'dkim',
    'warn',
    `No DKIM key at the common selectors (${COMMON_DKIM_SELECTORS.slice(0, 5).join(', ')}, …) of ${domain}.`,
    'Turn on DKIM signing at your mail provider and publish its key; if it is already on, run the check with your selector (the s= value in the DKIM-Signature header of a sent email).',
  );
}

// ---------------------------------------------------------------------------------------------------
// DMARC

/** The domain, then its parents with at least two labels (where receivers look when it has none). */
export function dmarcNames(domain: string): string[] {
  const labels = domain.split('.');
  const names: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) names.push(labels.slice(i).join('.'));
  return names.length ? names : [domain];
}

export function dmarcCheck(domain: string, found: { name: string; txt: Lookup<string[][]> }): DomainCheck {
  const { name, txt } = found;
  if (txt.kind === 'error') return check('dmarc', 'unknown', `${failedLookup(`_dmarc.${name}`, txt.code)}.`, RETRY_FIX);
  const records = txt.kind === 'found' ? joinTxt(txt.value).filter((r) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(r.trim())) : [];
  if (!records.length) {
    return check(
      'dmarc',
      'fail',
      `${domain} has no DMARC record (_dmarc.${domain}); large mailbox providers require one from bulk senders.`,
      `Publish a TXT record at _dmarc.${domain}: "v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain}", then move to p=quarantine once the reports show only your own servers.`,
    );
  }
  if (records.length > 1) {
    return check(
      'dmarc',
      'fail',
      `_dmarc.${name} has ${records.length} DMARC records; receivers ignore them all.`,
      `Keep one DMARC record at _dmarc.${name} and delete the others.`,
      records.join(' | '),
    );
  }
  const record = records[0].trim();
  const inherited = name === domain ? '' : ` (inherited from _dmarc.${name})`;
  const policy = (parseTags(record).get('p') ?? '').toLowerCase();
  if (policy === 'quarantine' || policy === 'reject') {
    return check('dmarc', 'ok', `DMARC policy p=${policy}${inherited}: mail failing SPF and DKIM alignment is ${policy === 'reject' ? 'refused' : 'sent to spam'}.`, null, record);
  }
  if (policy === 'none') {
    return check(
      'dmarc',
      'warn',
      `DMARC policy is p=none${inherited}: receivers only report, and mail spoofing ${domain} is still delivered.`,
      `Once the DMARC reports show only your own servers, change p=none to p=quarantine (later p=reject) at _dmarc.${name}.`,
      record,
    );
  }
  return check(
    'dmarc',
    'fail',
    `The DMARC record at _dmarc.${name} has no valid p= policy, so receivers ignore it.`,
    `Set p=none, p=quarantine or p=reject in the record at _dmarc.${name}.`,
    record,
  );
}

// ---------------------------------------------------------------------------------------------------
// Blocklists

export type ListingAnswer = 'listed' | 'clear' | 'unknown';

/** Reads a DNSBL answer. 127.0.0.2 and up (127.0.1.x for Spamhaus DBL) means listed; NXDOMAIN means
 *  not listed; 127.255.255.x (Spamhaus: query refused, e.g. from a public resolver) and 127.0.0.1
 *  (URIBL/SURBL: query refused) say nothing; anything outside 127/8 is a resolver rewriting answers. */
export function readListing(answer: Lookup<string[]>): ListingAnswer {
  if (answer.kind === 'none') return 'clear';
  if (answer.kind === 'error') return 'unknown';
  let listed = false;
  for (const ip of answer.value) {
    if (!ip.startsWith('127.') || ip.startsWith('127.255.255.') || ip === '127.0.0.1') return 'unknown';
    listed = true;
  }
  return listed ? 'listed' : 'clear';
}

const reverseIp = (ip: string) => ip.split('.').reverse().join('.');

interface ListingResult {
  list: Blocklist;
  subject: string;
  answer: ListingAnswer;
}

export function blocklistCheck(domain: string, results: ListingResult[], notes: string[]): DomainCheck {
  const listed = results.filter((r) => r.answer === 'listed');
  if (listed.length) {
    const where = listed.map((r) => `${r.list.name} (${r.subject === domain ? domain : `MX address ${r.subject}`})`).join(', ');
    const removal = [...new Set(listed.map((r) => r.list.removal))].join(', ');
    return check(
      'blocklist',
      'fail',
      `Listed on ${where}.`,
      `Pause sending from ${domain}, find and stop what got it listed (bought lists, high bounce or complaint rates, a compromised account), then request removal: ${removal}.`,
      [...new Set(listed.map((r) => r.list.zone))].join(', '),
    );
  }
  const unchecked = results.filter((r) => r.answer === 'unknown');
  const clear = results.length - unchecked.length;
  const addresses = new Set(results.filter((r) => r.subject !== domain).map((r) => r.subject)).size;
  const scope = `${domain}${addresses ? ` and ${addresses} MX address${addresses === 1 ? '' : 'es'}` : ''}`;
  if (unchecked.length || notes.length) {
    const names = [...new Set(unchecked.map((r) => r.list.name))];
    const parts = [
      `Not listed in ${clear} of ${results.length} look-ups for ${scope}`,
      names.length ? `no usable answer from ${names.join(', ')} (a timeout, or the list refuses queries from public DNS resolvers)` : '',
      ...notes,
    ].filter(Boolean);
    return check(
      'blocklist',
      'unknown',
      `${parts.join('; ')}.`,
      'Set DNS_SERVERS to a resolver of your own (the lists refuse queries relayed by public resolvers such as 8.8.8.8) and run the check again.',
    );
  }
  return check('blocklist', 'ok', `Not listed: ${scope} checked on ${new Set(results.map((r) => r.list.name)).size} blocklists.`, null);
}

// ---------------------------------------------------------------------------------------------------

/** Runs the five checks for one domain, in key order, all look-ups concurrently. */
export async function checkDomain(dns: DnsResolver, domain: string, opts: HealthOptions = {}): Promise<DomainCheck[]> {
  const deadline = Date.now() + (opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const given = opts.selector ? opts.selector.toLowerCase() : null;
  const txt = (name: string) => lookup(() => dns.resolveTxt(name), deadline);

  const mx = lookup(() => dns.resolveMx(domain), deadline);

  const spf = Promise.all([txt(domain), mx]).then(([records, mxl]) => spfCheck(domain, records, mxl.kind === 'found' ? providerOf(mxl.value) : null));

  const selectors = [...new Set([...(given ? [given] : []), ...COMMON_DKIM_SELECTORS])];
  const dkim = Promise.all(selectors.map(async (s) => dkimKeyState(s, await txt(`${s}._domainkey.${domain}`)))).then((keys) => dkimCheck(domain, keys, given));

  const dmarc = (async () => {
    // The first name with a record (or a failed look-up) decides; a subdomain falls back to its parents.
    const names = dmarcNames(domain);
    const answers = await Promise.all(names.map((name) => txt(`_dmarc.${name}`)));
    for (let i = 0; i < names.length; i++) {
      const a = answers[i];
      const hasRecord = a.kind === 'found' && joinTxt(a.value).some((r) => /^v\s*=\s*DMARC1\s*(;|$)/i.test(r.trim()));
      if (a.kind === 'error' || hasRecord) return dmarcCheck(domain, { name: names[i], txt: a });
    }
    return dmarcCheck(domain, { name: domain, txt: { kind: 'none' } });
  })();

  const blocklist = (async () => {
    const notes: string[] = [];
    const listing = (list: Blocklist, subject: string, query: string) =>
      lookup(() => dns.resolve4(query), deadline).then((a): ListingResult => ({ list, subject, answer: readListing(a) }));
    const domainResults = Promise.all(DOMAIN_BLOCKLISTS.map((list) => listing(list, domain, `${domain}.${list.zone}`)));

    const mxl = await mx;
    let addresses: string[] = [];
    if (mxl.kind === 'error') notes.push('the MX hosts could not be looked up, so their addresses were not checked');
    else if (mxl.kind === 'found') {
      const hosts = [...mxl.value]
        .filter((m) => !isNullMx(m))
        .sort((a, b) => a.priority - b.priority)
        .slice(0, MAX_MX_HOSTS);
      const found = await Promise.all(hosts.map((h) => lookup(() => dns.resolve4(h.exchange), deadline)));
      if (found.some((f) => f.kind === 'error')) notes.push('the address of an MX host could not be looked up');
      addresses = [...new Set(found.flatMap((f) => (f.kind === 'found' ? f.value : [])))].slice(0, MAX_MX_ADDRESSES);
    }
    const ipResults = Promise.all(addresses.flatMap((ip) => IP_BLOCKLISTS.map((list) => listing(list, ip, `${reverseIp(ip)}.${list.zone}`))));
    return blocklistCheck(domain, [...(await domainResults), ...(await ipResults)], notes);
  })();

  const mxResult = mx.then((m) => mxCheck(domain, m));
  return Promise.all([spf, dkim, dmarc, mxResult, blocklist]);
}

/** Checks several domains, a few at a time (each domain already sends dozens of queries at once). */
export async function checkDomains(dns: DnsResolver, domains: string[], opts: HealthOptions = {}, concurrency = 4): Promise<DomainReport[]> {
  return mapLimited(domains, concurrency, async (domain) => ({ domain, checks: await checkDomain(dns, domain, opts) }));
}
