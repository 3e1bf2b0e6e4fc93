// After every import (leads/import/import.service.ts), in the background: the campaign's leads whose
// provider is null (or `unknown`: the last look-up failed) get it from their domain's MX (decisions.md §5
// Provider from MX), one query per distinct domain through the workspace cache (provider-lookup.ts), then
// one set-wise update. The workspace's inboxes without a provider get theirs on the way (provider
// matching pairs the two). The job carries ids only, re-reads which leads still need a provider and is safe
// to run twice (a second run finds nothing left, or only what the cache answers).
import type { AppDeps } from '../../context';
import { sql } from '../../db/sql';
import type { JobDefinition } from '../../job';
import type { Provider } from '../leads/lead.entity';
import { providersOf } from './provider-lookup';
import { domainsToLookUp, inboxDomainsToLookUp, writeInboxProviders, writeLeadProviders } from './verification.queries';

export const PROVIDER_LOOKUP_JOB = 'lead-providers';
/** Domains asked per batch; each batch's leads are written while the next is asked. */
const WRITE_BATCH_DOMAINS = 1_000;
/** Lead updates running at once (each rewrites index entries for its rows: CPU-bound in PostgreSQL). */
const WRITERS = 2;

export interface ProviderLookupData {
  workspaceId: string;
  campaignId: string;
}

export interface ProviderLookupReport {
  domains: number;
  asked: number;
  leads: number;
}

/** Looks up and writes the providers of one campaign's leads that have none yet. */
export async function lookUpLeadProviders(deps: AppDeps, data: ProviderLookupData): Promise<ProviderLookupReport> {
  const em = deps.orm.em.fork();
  // Re-read: the campaign may be gone, or (a forged run) not the workspace's.
  const [campaign] = await sql(em, `select id from campaign where id = ? and workspace_id = ?`, [data.campaignId, data.workspaceId]);
  if (!campaign) return { domains: 0, asked: 0, leads: 0 };
  const leadDomains = await domainsToLookUp(em, data.campaignId);
  const inboxDomains = await inboxDomainsToLookUp(em, data.workspaceId);
  const domains = [...new Set([...leadDomains, ...inboxDomains])].filter((d) => d !== '');
  if (!domains.length) return { domains: 0, asked: 0, leads: 0 };
  // DNS and the writes overlap: while one batch of domains is asked, the leads of the batch before are
  // written (at most WRITERS statements at once, each on a connection of its own, on disjoint leads).
  const report = { domains: domains.length, asked: 0, leads: 0 };
  const writes: Promise<void>[] = [];
  let writing = 0;
  const waiting: (() => void)[] = [];
  const write = async (providers: Map<string, Provider>) => {
    while (writing >= WRITERS) await new Promise<void>((resolve) => waiting.push(resolve));
    writing++;
    try {
      const fork = deps.orm.em.fork();
      const written = await writeLeadProviders(fork, data.campaignId, providers, { retryUnknown: true });
      report.leads += written;
      await writeInboxProviders(fork, data.workspaceId, providers);
    } finally {
      writing--;
      waiting.shift()?.();
    }
  };
  for (let i = 0; i < domains.length; i += WRITE_BATCH_DOMAINS) {
    const { providers, asked } = await providersOf(deps, em, data.workspaceId, domains.slice(i, i + WRITE_BATCH_DOMAINS));
    report.asked += asked;
    writes.push(write(providers));
  }
  await Promise.all(writes);
  return report;
}

export const providerLookupJob: JobDefinition<ProviderLookupData> = {
  name: PROVIDER_LOOKUP_JOB,
  concurrency: 2,
  async run(deps, data) {
    const report = await lookUpLeadProviders(deps, data);
    if (report.leads) deps.log.info('lead providers looked up', { campaignId: data.campaignId, ...report });
  },
};

/** Queues the look-up for a campaign (after an import). Never fails the caller: the leads keep provider
 *  null and the next import's run, or POST /campaigns/:id/verify, fills them. */
export async function queueProviderLookup(deps: AppDeps, data: ProviderLookupData): Promise<void> {
  try {
    await deps.jobs.enqueue(PROVIDER_LOOKUP_JOB, { ...data });
  } catch (err) {
    deps.log.error('could not queue the provider look-up', { campaignId: data.campaignId, err: String(err) });
  }
}
