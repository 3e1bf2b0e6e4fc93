// The campaign's checks of its leads' addresses (api.md "Checks, preview, diagnostics" rules 3 and 4):
// POST /campaigns/:id/verify (free: does each domain have a mail server), POST
// /campaigns/:id/verify-addresses (the workspace's verifier, in the background) and GET
// /campaigns/:id/verification (the counts). See README.md for the states and what a crash leaves.
import type { AuthedCtx } from '../../runtime/context';
import { enqueueRecorded } from '../../runtime/job-queue';
import { findOr404 } from '../../storage/find';
import { AppError } from '../../contracts/errors';
import { Workspace } from '../accounts/workspace.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { VERIFICATION_HOLD_MS } from '../sending/schedule/due';
import { ADDRESS_CHECK_JOB } from './address-check.job';
import { hasNoMailServer } from './provider';
import { providersOf } from './provider-lookup';
import { dropQueuedSendsOf, dueDomains, markDomainsInvalid, markPending, verificationCounts, type VerificationCounts } from './verification.queries';

export interface DomainCheckResult {
  domainsChecked: number;
  badDomains: number;
  leadsChecked: number;
  markedInvalid: number;
}

/** api.md Checks 3: the MX of each distinct domain of the leads still due mail (through the workspace's
 *  provider cache); leads on a domain without a mail server (provider `none`: NXDOMAIN, no MX, null MX)
 *  become `invalid` and stop (`stopped`/`invalid`). A domain whose look-up failed marks nothing. The
 *  answers are stored per domain, which is where the leads read their provider (leads/lead-provider.ts). */
export async function verifyCampaignDomains(ctx: AuthedCtx, campaignId: string): Promise<DomainCheckResult> {
  const campaign = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const domains = (await dueDomains(ctx.em, campaign.id)).filter((d) => d.domain !== '');
  const { providers } = await providersOf(
    ctx.deps,
    ctx.em,
    ctx.actor.workspaceId,
    domains.map((d) => d.domain),
  );
  const bad = domains.filter((d) => hasNoMailServer(providers.get(d.domain) ?? 'unknown')).map((d) => d.domain);
  const now = ctx.deps.clock.now();
  const marked = await ctx.em.transactional(async (em) => {
    const ids = await markDomainsInvalid(em, campaign.id, bad, now);
    await dropQueuedSendsOf(em, ids, 'The address has no mail server (verify).');
    return ids.length;
  });
  return { domainsChecked: domains.length, badDomains: bad.length, leadsChecked: domains.reduce((n, d) => n + d.leads, 0), markedInvalid: marked };
}

/** api.md Checks 4: every unchecked lead still due mail becomes `pending` (held from sending for a day
 *  at most) and goes to the verifier in the background (address-check.job.ts). 400 until an owner saved a
 *  verification key (PUT /settings/verification-key). */
export async function verifyCampaignAddresses(ctx: AuthedCtx, campaignId: string): Promise<{ marked: number }> {
  const campaign = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const workspace = await ctx.em.findOneOrFail(Workspace, ctx.actor.workspaceId, { populate: ['verificationKeyEnc'] });
  if (!workspace.verificationKeyEnc) {
    throw new AppError('verification_key_required', 'Address verification needs a verification key: an owner saves it with PUT /api/settings/verification-key.');
  }
  const marked = await markPending(ctx.em, campaign.id, ctx.deps.clock.now());
  if (marked > 0) {
    // Once committed: the sweep (every minute) picks the pending leads up anyway.
    await enqueueRecorded(ctx.deps, ADDRESS_CHECK_JOB, { workspaceId: ctx.actor.workspaceId, campaignId: campaign.id }, 'the address-check sweep');
  }
  return { marked };
}

/** GET /campaigns/:id/verification: the campaign's leads by verification, and those it skips for it. */
export async function campaignVerification(ctx: AuthedCtx, campaignId: string): Promise<VerificationCounts> {
  const campaign = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const holdStartedAfter = new Date(ctx.deps.clock.now().getTime() - VERIFICATION_HOLD_MS);
  return verificationCounts(ctx.em, campaign.id, campaign.skipRisky, holdStartedAfter);
}
