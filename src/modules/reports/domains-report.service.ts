// GET /reports/domains (api.md Reports): per sending domain (the domain of an inbox's address), per day
// of the last `days` in the workspace timezone (today included), what its inboxes sent and what they
// were allowed to send.
//
// `allowed` on a day: each inbox that existed that day (created on or before it, not deleted before it)
// adds its ramp cap for that day (decisions.md §5: min(dailyCap, rampStart + rampIncrement × days since
// rampStartedAt)), and the domain cap, when one is set, holds the sum to it (the smallest value set on
// the domain's inboxes, as the sending engine applies it). The ramp is worked out for each past day; the
// settings themselves (dailyCap, ramp, domain cap) have no history, so past days use today's settings.
// Paused inboxes keep their caps: pausing is a state, not a limit.
//
// A domain is listed while it has a connected inbox, or when a deleted inbox of it sent in the range.
import { DateTime } from 'luxon';
import type { AuthedCtx } from '../../runtime/context';
import { domainOf } from '../../contracts/email-address';
import { Workspace } from '../accounts/workspace.entity';
import { capOn } from '../inboxes/ramp';
import { dayKey } from '../sending/schedule';
import { domainInboxes, sentByInboxDay, type DomainInboxRow } from './domains-report.queries';
import type { DomainsReportView, SendingDomainView } from './domains-report.types';
import { DOMAINS_DEFAULT_DAYS, type DomainsReportArgs } from './report-days.inputs';

/** The report from the inboxes and what they sent per day. Pure. */
export function domainsReportOf(
  dayList: readonly string[],
  inboxes: readonly DomainInboxRow[],
  sent: readonly { inboxId: string; day: string; sent: number }[],
): DomainsReportView {
  const sentBy = new Map(sent.map((s) => [`${s.inboxId}:${s.day}`, s.sent]));
  const byDomain = new Map<string, DomainInboxRow[]>();
  for (const inbox of inboxes) {
    const domain = domainOf(inbox.email);
    byDomain.set(domain, [...(byDomain.get(domain) ?? []), inbox]);
  }
  const domains: SendingDomainView[] = [];
  for (const [domain, members] of [...byDomain].sort(([a], [b]) => a.localeCompare(b))) {
    const connected = members.filter((i) => i.deletedDay === null);
    const caps = connected.map((i) => i.domainDailyCap).filter((c): c is number => c !== null);
    const domainCap = caps.length ? Math.min(...caps) : null;
    const points = dayList.map((day) => {
      let daySent = 0;
      let allowed = 0;
      for (const inbox of members) {
        daySent += sentBy.get(`${inbox.id}:${day}`) ?? 0;
        if (inbox.createdDay <= day && (inbox.deletedDay === null || inbox.deletedDay >= day)) allowed += capOn(inbox, day);
      }
      return { day, sent: daySent, allowed: domainCap === null ? allowed : Math.min(domainCap, allowed) };
    });
    if (!connected.length && points.every((p) => p.sent === 0)) continue;
    domains.push({ domain, inboxes: connected.length, domainCap, points });
  }
  return { days: [...dayList], domains };
}

export async function domainsReport(ctx: AuthedCtx, args: DomainsReportArgs): Promise<DomainsReportView> {
  const ws = ctx.actor.workspaceId;
  const { timezone: zone } = await ctx.em.findOneOrFail(Workspace, ws);
  const days = args.days ?? DOMAINS_DEFAULT_DAYS;
  const today = DateTime.fromISO(dayKey(zone, ctx.deps.clock.now()));
  const dayList = Array.from({ length: days }, (_, i) => today.minus({ days: days - 1 - i }).toISODate()!);
  const inboxes = await domainInboxes(ctx.em, ws, zone);
  const sent = await sentByInboxDay(
    ctx.em,
    inboxes.map((i) => i.id),
    dayList[0],
    dayList[dayList.length - 1],
  );
  return domainsReportOf(dayList, inboxes, sent);
}
