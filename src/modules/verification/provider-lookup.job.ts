// After every import (the hook below, contributed at leads/import/after-import.ts), in the background: the domains of the campaign's
// leads get their provider from MX (decisions.md §5 Provider from MX), one query per distinct domain
// through the workspace's domain_provider table (provider-lookup.ts), which is where the leads read it
// from (leads/lead-provider.ts): 100,000 leads on 5,000 domains write 5,000 rows, no lead. The workspace's
// inboxes without a provider get theirs on the way (provider matching pairs the two). The job carries
// ids only, re-reads the domains and is safe to run twice (a second run finds them all in the cache).
// Told to stop (SIGTERM), it asks no further domain, drops the look-ups in flight and keeps the answers
// so far; the runner makes the run due again, and the next one asks only what is left.
import type { AppDeps } from '../../runtime/context';
import type { JobDefinition } from '../../runtime/job';
import type { LeadImportHook } from '../leads/import/after-import';
import { providersOf } from './provider-lookup';
import { inboxDomainsToLookUp, isWorkspaceCampaign, leadDomains, writeInboxProviders } from './verification.queries';

export const PROVIDER_LOOKUP_JOB = 'lead-providers';
export interface ProviderLookupData {
  workspaceId: string;
  campaignId: string;
}

export interface ProviderLookupReport {
  /** Distinct domains of the campaign's leads and the workspace's inboxes. */
  domains: number;
  /** Of those, asked of DNS (the rest were fresh in the cache). */
  asked: number;
  /** Leads on the domains asked: those whose provider this run gave or renewed. */
  leads: number;
}

/** Looks up the providers of one campaign's lead domains that the workspace's cache does not hold. */
export async function lookUpLeadProviders(deps: AppDeps, data: ProviderLookupData, signal?: AbortSignal): Promise<ProviderLookupReport> {
  const report: ProviderLookupReport = { domains: 0, asked: 0, leads: 0 };
  const em = deps.orm.em.fork();
  // Re-read: the campaign may be gone, or (a forged run) not the workspace's.
  if (!(await isWorkspaceCampaign(em, data.workspaceId, data.campaignId))) return report;
  const leadsOn = new Map((await leadDomains(em, data.campaignId)).map((d) => [d.domain, d.leads]));
  const inboxDomains = await inboxDomainsToLookUp(em, data.workspaceId);
  const domains = [...new Set([...leadsOn.keys(), ...inboxDomains])].filter((d) => d !== '');
  report.domains = domains.length;
  // Answers are stored as they come (providersOf), so the leads show their providers as the look-up goes.
  const { providers, asked } = await providersOf(deps, em, data.workspaceId, domains, { signal });
  report.asked = asked.length;
  for (const domain of asked) report.leads += leadsOn.get(domain) ?? 0;
  await writeInboxProviders(em, data.workspaceId, providers);
  return report;
}

export const providerLookupJob: JobDefinition<ProviderLookupData> = {
  name: PROVIDER_LOOKUP_JOB,
  concurrency: 2,
  async run(deps, data, { signal }) {
    const report = await lookUpLeadProviders(deps, data, signal);
    if (report.asked) deps.log.info('lead providers looked up', { campaignId: data.campaignId, ...report });
  },
};

/** The verification area's follow-up to an import that added leads (its manifest contributes it). */
export const lookUpProvidersAfterImport: LeadImportHook = (ctx, { workspaceId, campaignId }) => queueProviderLookup(ctx.deps, { workspaceId, campaignId });

/** Queues the look-up for a campaign (after an import). Never fails the caller: the leads show provider
 *  null until the next import's run, or POST /campaigns/:id/verify, looks their domains up. */
export async function queueProviderLookup(deps: AppDeps, data: ProviderLookupData): Promise<void> {
  try {
    await deps.jobs.enqueue(PROVIDER_LOOKUP_JOB, { ...data });
  } catch (err) {
    deps.log.error('could not queue the provider look-up', { campaignId: data.campaignId, err: String(err) });
  }
}
