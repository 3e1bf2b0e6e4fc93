// DMARC aggregate reports (decisions.md §6, api.md Reports). The poller hands every report it parses
// from mail to the workspace's report address to storeDmarcReport, which folds the records into the
// counts GET /reports/dmarc sums and stores them once per report id (the XML is not kept). The report
// address is the inbox flagged `dmarcReports` (at most one per workspace: a partial unique index);
// PATCH /reports/dmarc moves or clears the flag.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthedCtx } from '../../../runtime/context';
import { AppError } from '../../../contracts/errors';
import { Inbox } from '../../inboxes/inbox.entity';
import type { DmarcCounts, DmarcSource } from './dmarc-report.entity';
import { clearDmarcFlags, dmarcReportAddress, dmarcSourcesSince, dmarcTotalsSince, insertDmarcReportRow, latestDmarcReport, lockWorkspaceRow, setDmarcFlag } from './dmarc.queries';
import { DMARC_DEFAULT_DAYS, type DmarcReportAddressInput, type DmarcReportArgs } from './dmarc.inputs';
import type { DmarcReport } from '../../../mail/dmarc/parse-report';

/** Counts are stored in int columns and answered as GraphQL Int: a report claiming more (the parser
 *  takes up to 15 digits, and reports are mail from strangers) is held at the largest int. */
const INT_MAX = 2_147_483_647;
/** Sending IPs kept per report, most messages first: a big receiver's report may name thousands, and
 *  the summary lists the top ones; the tail is dropped. */
export const MAX_STORED_SOURCES = 500;
/** Sending IPs listed in the summary. */
export const MAX_SUMMARY_SOURCES = 100;

const DAY_MS = 86_400_000;
const int = (v: unknown): number => Math.min(Number(v ?? 0), INT_MAX);

/** The records of one report folded into its counts. Pure. */
export function foldDmarcReport(report: DmarcReport): DmarcCounts {
  const counts = { messages: 0, passed: 0, dkimPassed: 0, spfPassed: 0, quarantined: 0, rejected: 0 };
  const bySource = new Map<string, number>();
  for (const r of report.records) {
    const dkim = r.dkim?.toLowerCase() === 'pass';
    const spf = r.spf?.toLowerCase() === 'pass';
    const disposition = r.disposition?.toLowerCase();
    counts.messages += r.count;
    if (dkim || spf) counts.passed += r.count;
    if (dkim) counts.dkimPassed += r.count;
    if (spf) counts.spfPassed += r.count;
    if (disposition === 'quarantine') counts.quarantined += r.count;
    if (disposition === 'reject') counts.rejected += r.count;
    const ip = r.sourceIp.toLowerCase();
    bySource.set(ip, (bySource.get(ip) ?? 0) + r.count);
  }
  const sources = [...bySource]
    .map(([ip, count]) => ({ ip, count: int(count) }))
    .sort((a, b) => b.count - a.count || a.ip.localeCompare(b.ip))
    .slice(0, MAX_STORED_SOURCES);
  return {
    messages: int(counts.messages),
    passed: int(counts.passed),
    dkimPassed: int(counts.dkimPassed),
    spfPassed: int(counts.spfPassed),
    quarantined: int(counts.quarantined),
    rejected: int(counts.rejected),
    sources,
  };
}

/**
 * Stores one parsed report for the workspace, once per report id: true when it is new, false when the
 * workspace has it already (the same report read again, or sent twice). Runs on the caller's em, so
 * inside the poller's transaction when it has one.
 */
export async function storeDmarcReport(em: EntityManager, workspaceId: string, inboxId: string | null, report: DmarcReport, now: Date = new Date()): Promise<boolean> {
  const c = foldDmarcReport(report);
  return insertDmarcReportRow(em, workspaceId, {
    id: randomUUID(),
    createdAt: now,
    inboxId,
    reportId: report.reportId,
    org: report.orgName,
    domain: report.domain,
    begin: report.begin,
    end: report.end,
    ...c,
  });
}

export interface DmarcReportAnswer {
  reportAddress: string | null;
  windowDays: number;
  summary: Omit<DmarcCounts, 'sources'> & { reports: number; sources: DmarcSource[] };
  latest: { org: string; reportId: string; begin: Date; end: Date; messages: number } | null;
}

/** GET /reports/dmarc: the reports whose period ended in the last `days` days (decisions.md §6 "by report
 *  date range"; index dmarc_report_row(workspace_id, ends_at)), and the newest report of all. */
export async function readDmarcReport(ctx: AuthedCtx, args: DmarcReportArgs): Promise<DmarcReportAnswer> {
  const ws = ctx.actor.workspaceId;
  const days = args.days ?? DMARC_DEFAULT_DAYS;
  const since = new Date(ctx.deps.clock.now().getTime() - days * DAY_MS);
  const [reportAddress, totals, sources, latest] = await Promise.all([
    dmarcReportAddress(ctx.em, ws),
    dmarcTotalsSince(ctx.em, ws, since),
    dmarcSourcesSince(ctx.em, ws, since, MAX_SUMMARY_SOURCES),
    latestDmarcReport(ctx.em, ws),
  ]);
  return {
    reportAddress,
    windowDays: days,
    summary: {
      reports: int(totals?.reports),
      messages: int(totals?.messages),
      passed: int(totals?.passed),
      dkimPassed: int(totals?.dkimPassed),
      spfPassed: int(totals?.spfPassed),
      quarantined: int(totals?.quarantined),
      rejected: int(totals?.rejected),
      sources: sources.map((s) => ({ ip: s.ip, count: int(s.count) })),
    },
    latest: latest ? { ...latest, messages: int(latest.messages) } : null,
  };
}

/** PATCH /reports/dmarc: flags the connected inbox with this address (any case) as the report address,
 *  clearing the flag on the one before in the same transaction; null clears it. decisions.md §6: an
 *  address that is not a connected inbox of the workspace is refused (400 unknown_mailbox). */
export async function setDmarcReportAddress(ctx: AuthedCtx, input: DmarcReportAddressInput): Promise<{ reportAddress: string | null }> {
  const ws = ctx.actor.workspaceId;
  return ctx.em.transactional(async (em) => {
    // One change at a time per workspace: two at once would each clear the old flag and then set their
    // own, and the partial unique index would refuse the second.
    await lockWorkspaceRow(em, ws);
    let inbox: Inbox | null = null;
    if (input.reportAddress !== null) {
      // The workspace and not-deleted filters apply: another workspace's or a deleted inbox is unknown.
      inbox = await em.findOne(Inbox, { email: input.reportAddress.trim().toLowerCase() });
      if (!inbox) {
        throw new AppError(
          'unknown_mailbox',
          `${input.reportAddress} is not a connected inbox of this workspace; connect it first (POST /mailboxes), or send null to turn DMARC reports off.`,
        );
      }
      // decisions.md §16: a seed is only read by its placement tests, never polled, so reports sent to it
      // would never be read.
      if (inbox.purpose === 'seed') {
        throw new AppError('mailbox_is_seed', `${inbox.email} is a seed inbox: only placement tests read it, so DMARC reports sent there would never be read.`, {
          mailbox_ids: [inbox.id],
        });
      }
    }
    // Deleted inboxes too: a flag left on one would hold the unique index.
    await clearDmarcFlags(em, ws, inbox?.id ?? null);
    if (inbox) await setDmarcFlag(em, inbox.id);
    return { reportAddress: inbox?.email ?? null };
  });
}
