// GET /mailboxes/domain-health (api.md Inboxes rule 4, decisions.md §5): the five checks for every
// distinct sending domain of the workspace's inboxes, at most 5 runs per workspace per 10 minutes.
import type { AuthedCtx } from '../../context';
import { sql } from '../../db/sql';
import { domainOf } from '../../email-address';
import { takeRateLimit, type RateLimit } from './rate-limit';
import { checkDomains, type DomainReport } from './domain-health';
import { Inbox } from './inbox.entity';
import type { DomainHealthArgs } from './inbox-checks.types';

export const DOMAIN_HEALTH_LIMIT: RateLimit = { bucket: 'domain_health', limit: 5, windowSeconds: 600, what: 'Domain health checks' };

export interface DomainHealthResult {
  checkedAt: Date;
  domains: DomainReport[];
}

export async function domainHealth(ctx: AuthedCtx, args: DomainHealthArgs): Promise<DomainHealthResult> {
  await takeRateLimit(ctx, DOMAIN_HEALTH_LIMIT);
  const checkedAt = ctx.deps.clock.now();
  // Deleted inboxes are hidden by the entity's default filter; other workspaces' by the workspace filter.
  const inboxes = await ctx.em.find(Inbox, {}, { fields: ['email'] });
  const domains = [...new Set(inboxes.map((i) => domainOf(i.email)))].sort();
  const reports = await checkDomains(ctx.deps.dns, domains, { selector: args.selector || null });
  await storeDomainChecks(ctx, checkedAt, reports);
  return { checkedAt, domains: reports };
}

/** Keeps each domain's latest run (DomainCheckResult) for the read-only campaign diagnosis. */
async function storeDomainChecks(ctx: AuthedCtx, checkedAt: Date, reports: DomainReport[]): Promise<void> {
  if (!reports.length) return;
  await sql(
    ctx.em,
    `insert into domain_check_result (id, created_at, workspace_id, domain, checks, checked_at)
       select gen_random_uuid(), ?, ?, r.domain, r.checks, ? from jsonb_to_recordset(?::jsonb) as r(domain text, checks jsonb)
     on conflict (workspace_id, domain) do update set checks = excluded.checks, checked_at = excluded.checked_at
       where domain_check_result.checked_at <= excluded.checked_at`,
    [checkedAt, ctx.actor.workspaceId, checkedAt, JSON.stringify(reports)],
  );
}
