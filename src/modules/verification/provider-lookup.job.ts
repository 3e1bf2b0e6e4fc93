// After every import (leads/import/import.service.ts), in the background: the campaign's leads whose
// provider is null (or `unknown`: the last look-up failed) get it from their domain's MX (decisions.md §5
// Provider from MX), one query per distinct domain through the workspace cache (provider-lookup.ts), then
// one set-wise update. The workspace's inboxes without a provider get theirs on the way (provider
// matching pairs the two). The job carries ids only, re-reads which leads still need a provider and is safe
// to run twice (a second run finds nothing left, or only what the cache answers).
import type { AppDeps } from '../../context';
import { sql } from '../../db/sql';
import type { JobDefinition } from '../../job';
import { providersOf } from './provider-lookup';
import { domainsToLookUp, inboxDomainsToLookUp, writeInboxProviders, writeLeadProviders } from './verification.queries';

export const PROVIDER_LOOKUP_JOB = 'lead-providers';

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
  const { providers, asked } = await providersOf(deps, em, data.workspaceId, domains);
  const leads = await writeLeadProviders(em, data.campaignId, providers, { retryUnknown: true });
  await writeInboxProviders(em, data.workspaceId, providers);
  return { domains: domains.length, asked, leads };
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
