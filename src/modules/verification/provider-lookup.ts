// Providers of domains (decisions.md §5 Provider from MX), the one DNS look-up of this area: the
// provider look-up after imports and POST /campaigns/:id/verify both come here. Each distinct domain is
// asked once (one MX query), at most DNS_CONCURRENCY at once, through deps.dns (DNS_SERVERS when set),
// and the answer is kept in the workspace's domain_provider table, fresh for PROVIDER_TTL_MS, so a second
// import on the same domains asks nothing. That row is what the leads on the domain show as their
// provider (leads/lead-provider.ts): nothing is written to the leads. A failed look-up (`unknown`) is
// stored only for a domain with no earlier answer, and is never fresh: the next look-up asks again.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../runtime/clock';
import { mapLimited } from '../../runtime/concurrency';
import { isNoData, type DnsResolver } from '../../net/dns';
import type { Provider } from '../leads/lead.entity';
import { providerOfMx, type MxAnswer } from './provider';
import { cachedProviders, storeProviders } from './verification.queries';

/** How long a domain's provider is trusted before it is asked again. */
export const PROVIDER_TTL_MS = 7 * 86_400_000;
/** MX queries in flight at once, per look-up. */
export const DNS_CONCURRENCY = 32;

export async function mxAnswer(dns: DnsResolver, domain: string, signal?: AbortSignal): Promise<MxAnswer> {
  try {
    return { kind: 'found', records: await dns.resolveMx(domain, { signal }) };
  } catch (err) {
    if (isNoData(err)) return { kind: 'no_data' };
    return { kind: 'error', code: String((err as { code?: string })?.code ?? 'ERROR') };
  }
}

export interface ProviderLookup {
  providers: Map<string, Provider>;
  /** Domains asked of DNS this time (the rest came from the cache, or were not asked: stopped early). */
  asked: readonly string[];
}

export interface ProviderLookupOptions {
  /** Aborted (the job told to stop): no further domain is asked, the look-ups in flight end at once and
   *  are not stored, and the answers so far are. The domains left are asked by the next run. */
  signal?: AbortSignal;
}

/** Answers stored together while a look-up goes on. */
export const STORE_EVERY = 1_000;

/**
 * The provider of every domain given: fresh cache rows first, DNS for the rest. The queries run as one
 * stream at DNS_CONCURRENCY, and their answers are stored every STORE_EVERY as they come, one write
 * after the other beside the queries: the leads show their providers as the look-up goes, a crash
 * loses only answers not yet stored, and the stream never drains between passes (it used to ask 1,000
 * domains, store them, then start the next 1,000: five slow tails for 5,000 domains).
 */
export async function providersOf(
  deps: { dns: DnsResolver; clock: Clock },
  em: EntityManager,
  workspaceId: string,
  domains: readonly string[],
  opts: ProviderLookupOptions = {},
): Promise<ProviderLookup> {
  const now = deps.clock.now();
  const signal = opts.signal;
  const providers = await cachedProviders(em, workspaceId, domains, new Date(now.getTime() - PROVIDER_TTL_MS));
  const missing = domains.filter((d) => !providers.has(d));
  let unstored = new Map<string, Provider>();
  let stored: Promise<void> = Promise.resolve();
  const store = () => {
    const answers = unstored;
    unstored = new Map();
    stored = stored.then(() => storeProviders(em, workspaceId, answers, now));
    stored.catch(() => undefined); // awaited below; this only keeps a failure from going unhandled meanwhile
  };
  const answered = new Set<string>();
  await mapLimited(missing, DNS_CONCURRENCY, async (domain) => {
    if (signal?.aborted) return;
    const answer = await mxAnswer(deps.dns, domain, signal);
    // Cut short by the stop: not an answer about the domain, so nothing to store.
    if (signal?.aborted) return;
    const provider = providerOfMx(answer);
    answered.add(domain);
    providers.set(domain, provider);
    unstored.set(domain, provider);
    if (unstored.size >= STORE_EVERY) store();
  });
  store();
  await stored;
  return { providers, asked: answered.size === missing.length ? missing : missing.filter((d) => answered.has(d)) };
}
