// GET /mailboxes/domain-health (api.md Inboxes rule 4, decisions.md §5): the five checks for every
// distinct sending domain of the workspace's inboxes, at most 5 runs per workspace per 10 minutes.
import type { AuthedCtx } from '../../runtime/context';
import { domainOf } from '../../contracts/email-address';
import { AppError } from '../../contracts/errors';
import { takeRateLimit, type RateLimit } from './rate-limit';
import { checkDomains, type DomainReport } from './domain-health';
import { Inbox } from './inbox.entity';
import type { DomainHealthArgs } from './inbox-checks.types';
import { storeDomainChecks } from './inboxes.queries';

export const DOMAIN_HEALTH_LIMIT: RateLimit = { bucket: 'domain_health', limit: 5, windowSeconds: 600, what: 'Domain health checks' };

export interface DomainHealthResult {
  checkedAt: Date;
  domains: DomainReport[];
}

export async function domainHealth(ctx: AuthedCtx, args: DomainHealthArgs): Promise<DomainHealthResult> {
  const use = await takeRateLimit(ctx, DOMAIN_HEALTH_LIMIT);
  const checkedAt = ctx.deps.clock.now();
  // Deleted inboxes are hidden by the entity's default filter; other workspaces' by the workspace filter.
  // Sending domains only: a seed (decisions.md §16) is a provider's mailbox, not a domain of ours.
  const inboxes = await ctx.em.find(Inbox, { purpose: 'sending' }, { fields: ['email'] });
  const domains = [...new Set(inboxes.map((i) => domainOf(i.email)))].sort();
  // DNS answers are waited on: one of the workspace's slots for work on outside servers (peer-work.ts).
  // A run refused for want of a slot (429 too_many_in_flight) did not run: it does not spend one of the 5.
  const reports = await ctx.deps.peerWork
    .run(ctx.actor.workspaceId, () => checkDomains(ctx.deps.dns, domains, { selector: args.selector || null }))
    .catch(async (err: unknown) => {
      if (err instanceof AppError && err.code === 'too_many_in_flight') await use.giveBack();
      throw err;
    });
  // Each domain's latest run, for the read-only campaign diagnosis.
  if (reports.length) await storeDomainChecks(ctx.em, ctx.actor.workspaceId, checkedAt, reports);
  return { checkedAt, domains: reports };
}
