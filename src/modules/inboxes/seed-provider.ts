// decisions.md §16: a seed inbox's provider (google, microsoft, yahoo, other), the row of a placement
// test's by_provider. Its IMAP host says it for the big providers' own mailboxes (imap.gmail.com, …);
// otherwise its address's MX does (a Google Workspace or Microsoft 365 domain). Pure but for the MX
// look-up, which the caller makes (and bounds) only when the host does not say.

export type SeedProvider = 'google' | 'microsoft' | 'yahoo' | 'other';
export const SEED_PROVIDERS: readonly SeedProvider[] = ['google', 'microsoft', 'yahoo', 'other'];

const RULES: readonly [SeedProvider, RegExp][] = [
  ['google', /(^|\.)(gmail|googlemail|google)\.com$/],
  ['microsoft', /(^|\.)(outlook|hotmail|live|office365)\.com$|(^|\.)mail\.protection\.outlook\.com$/],
  ['yahoo', /(^|\.)(yahoo|yahoodns|aol|ymail)\.(com|net)$/],
];

const clean = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/** The provider a host name belongs to, or null when it is none of the three. */
export function providerOfHost(host: string): SeedProvider | null {
  const h = clean(host);
  return RULES.find(([, re]) => re.test(h))?.[0] ?? null;
}

/** The seed's provider from its IMAP host, else from its domain's MX hosts (lowest preference first);
 *  `other` when neither names one. */
export function seedProviderOf(imapHost: string, mx: readonly { exchange: string; priority: number }[] | null): SeedProvider {
  const byHost = providerOfHost(imapHost);
  if (byHost) return byHost;
  const first = [...(mx ?? [])].filter((r) => clean(r.exchange) !== '').sort((a, b) => a.priority - b.priority)[0];
  return (first && providerOfHost(first.exchange)) ?? 'other';
}
