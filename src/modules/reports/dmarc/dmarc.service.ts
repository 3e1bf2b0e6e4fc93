// DMARC aggregate reports (decisions.md §6, api.md Reports). The poller hands every report it parses
// from mail to the workspace's report address to storeDmarcReport, which folds the records into the
// counts GET /reports/dmarc sums and stores them once per report id (the XML is not kept). The report
// address is the inbox flagged `dmarcReports` (at most one per workspace: a partial unique index);
// PATCH /reports/dmarc moves or clears the flag.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthedCtx } from '../../../context';
import { sql } from '../../../db/sql';
import { AppError } from '../../../errors';
import { Inbox } from '../../inboxes/inbox.entity';
import type { DmarcSource } from './dmarc-report.entity';
import { DMARC_DEFAULT_DAYS, type DmarcReportAddressInput, type DmarcReportArgs } from './dmarc.inputs';
import type { DmarcReport } from './parse-report';

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

export interface DmarcCounts {
  messages: number;
  /** Passed DMARC: policy_evaluated dkim pass or spf pass (both are after alignment, RFC 7489 §6.6.2). */
  passed: number;
  dkimPassed: number;
  spfPassed: number;
  /** By the disposition the receiver applied. */
  quarantined: number;
  rejected: number;
  /** Per source IP (lower-cased), summed, most messages first (then by IP), at most MAX_STORED_SOURCES. */
  sources: DmarcSource[];
}

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
  const rows = await sql(
    em,
    `insert into dmarc_report_row (id, created_at, workspace_id, inbox_id, report_id, org, domain, begins_at, ends_at,
                                   messages, passed, dkim_passed, spf_passed, quarantined, rejected, sources)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)
     on conflict (workspace_id, report_id) do nothing
     returning id`,
    [
      randomUUID(),
      now,
      workspaceId,
      inboxId,
      report.reportId,
      report.orgName,
      report.domain,
      report.begin,
      report.end,
      c.messages,
      c.passed,
      c.dkimPassed,
      c.spfPassed,
      c.quarantined,
      c.rejected,
      JSON.stringify(c.sources),
    ],
  );
  return rows.length > 0;
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
  const [[address], [totals], sources, [latest]] = await Promise.all([
    sql(ctx.em, `select email from inbox where workspace_id = ? and dmarc_reports and deleted_at is null`, [ws]),
    sql(
      ctx.em,
      `select count(*)::bigint as reports, coalesce(sum(messages), 0)::bigint as messages, coalesce(sum(passed), 0)::bigint as passed,
              coalesce(sum(dkim_passed), 0)::bigint as dkim_passed, coalesce(sum(spf_passed), 0)::bigint as spf_passed,
              coalesce(sum(quarantined), 0)::bigint as quarantined, coalesce(sum(rejected), 0)::bigint as rejected
         from dmarc_report_row where workspace_id = ? and ends_at >= ?`,
      [ws, since],
    ),
    sql(
      ctx.em,
      `select src->>'ip' as ip, sum((src->>'count')::bigint) as count
         from dmarc_report_row r cross join lateral jsonb_array_elements(r.sources) src
        where r.workspace_id = ? and r.ends_at >= ?
        group by 1 order by 2 desc, 1 limit ?`,
      [ws, since, MAX_SUMMARY_SOURCES],
    ),
    sql(ctx.em, `select org, report_id, begins_at, ends_at, messages from dmarc_report_row where workspace_id = ? order by ends_at desc, created_at desc, id desc limit 1`, [ws]),
  ]);
  return {
    reportAddress: (address?.email as string | undefined) ?? null,
    windowDays: days,
    summary: {
      reports: int(totals?.reports),
      messages: int(totals?.messages),
      passed: int(totals?.passed),
      dkimPassed: int(totals?.dkim_passed),
      spfPassed: int(totals?.spf_passed),
      quarantined: int(totals?.quarantined),
      rejected: int(totals?.rejected),
      sources: sources.map((s) => ({ ip: String(s.ip), count: int(s.count) })),
    },
    latest: latest
      ? {
          org: String(latest.org),
          reportId: String(latest.report_id),
          begin: new Date(latest.begins_at as string),
          end: new Date(latest.ends_at as string),
          messages: int(latest.messages),
        }
      : null,
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
    await sql(em, `select 1 from workspace where id = ? for update`, [ws]);
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
    }
    // Deleted inboxes too (raw SQL, no filter): a flag left on one would hold the unique index.
    await sql(em, `update inbox set dmarc_reports = false where workspace_id = ? and dmarc_reports and id is distinct from ?::uuid`, [ws, inbox?.id ?? null]);
    if (inbox) await sql(em, `update inbox set dmarc_reports = true where id = ? and not dmarc_reports`, [inbox.id]);
    return { reportAddress: inbox?.email ?? null };
  });
}
