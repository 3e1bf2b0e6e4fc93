// The provider of an address's domain from its MX answer (decisions.md §5 Provider from MX), as a pure
// function of what DNS said:
// - provider_a: Google-hosted (an MX host under google.com or googlemail.com: aspmx.l.google.com, …)
// - provider_b: Microsoft-hosted (an MX host under mail.protection.outlook.com, or outlook.com itself)
// - other: any other mail server
// - none: no mail server: NXDOMAIN, no MX records (NODATA), or only a null MX (RFC 7505 `0 .`, which a
//   domain publishes to say it receives no mail)
// - unknown: the look-up failed (SERVFAIL, refused, timed out); never cached, asked again next time
// The lowest-preference MX decides when a domain mixes providers (where mail goes first).
import type { Provider } from '../leads/lead.entity';

export interface MxRecord {
  exchange: string;
  priority: number;
}

export type MxAnswer = { kind: 'found'; records: MxRecord[] } | { kind: 'no_data' } | { kind: 'error'; code: string };

const GOOGLE = /(^|\.)(google|googlemail)\.com$/;
const MICROSOFT = /(^|\.)mail\.protection\.outlook\.com$|(^|\.)outlook\.com$/;

const host = (exchange: string) => exchange.trim().toLowerCase().replace(/\.$/, '');

export function providerOfMx(answer: MxAnswer): Provider {
  if (answer.kind === 'error') return 'unknown';
  if (answer.kind === 'no_data') return 'none';
  const real = answer.records.filter((r) => host(r.exchange) !== '').sort((a, b) => a.priority - b.priority);
  if (!real.length) return 'none';
  const first = host(real[0]!.exchange);
  if (GOOGLE.test(first)) return 'provider_a';
  if (MICROSOFT.test(first)) return 'provider_b';
  return 'other';
}

/** Whether a provider means the domain has no mail server (POST /campaigns/:id/verify marks its leads). */
export const hasNoMailServer = (p: Provider): boolean => p === 'none';
