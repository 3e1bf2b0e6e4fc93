// SQL of the DMARC reports (dmarc.service.ts): storing a report's counts once per report id, the
// summary of GET /reports/dmarc (index dmarc_report_row(workspace_id, ends_at)), and moving the report
// address flag. Every statement takes the workspace.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../../storage/sql';
import type { DmarcCounts } from './dmarc-report.entity';

/** One report's counts as stored (dmarc_report_row). */
export interface DmarcReportRowInput extends DmarcCounts {
  id: string;
  createdAt: Date;
  inboxId: string | null;
  reportId: string;
  org: string;
  domain: string | null;
  begin: Date;
  end: Date;
}

/** Stores a report unless the workspace has one with its report id; true when it was new. */
export async function insertDmarcReportRow(em: EntityManager, workspaceId: string, r: DmarcReportRowInput): Promise<boolean> {
  const rows = await sql(
    em,
    `insert into dmarc_report_row (id, created_at, workspace_id, inbox_id, report_id, org, domain, begins_at, ends_at,
                                   messages, passed, dkim_passed, spf_passed, quarantined, rejected, sources)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)
     on conflict (workspace_id, report_id) do nothing
     returning id`,
    [
      r.id,
      r.createdAt,
      workspaceId,
      r.inboxId,
      r.reportId,
      r.org,
      r.domain,
      r.begin,
      r.end,
      r.messages,
      r.passed,
      r.dkimPassed,
      r.spfPassed,
      r.quarantined,
      r.rejected,
      JSON.stringify(r.sources),
    ],
  );
  return rows.length > 0;
}

/** The address of the workspace's connected inbox flagged as the report address, or null. */
export async function dmarcReportAddress(em: EntityManager, workspaceId: string): Promise<string | null> {
  const [row] = await sql(em, `select email from inbox where workspace_id = ? and dmarc_reports and deleted_at is null`, [workspaceId]);
  return (row?.email as string | undefined) ?? null;
}

const num = (v: unknown): number => Number(v ?? 0);

/** Sums (bigint in SQL, so they may pass an int: the service holds them to one). */
export type DmarcTotalsRow = Omit<DmarcCounts, 'sources'> & { reports: number };

/** The counts of the reports whose period ended at or after `since`, summed. */
export async function dmarcTotalsSince(em: EntityManager, workspaceId: string, since: Date): Promise<DmarcTotalsRow | undefined> {
  const [r] = await sql(
    em,
    `select count(*)::bigint as reports, coalesce(sum(messages), 0)::bigint as messages, coalesce(sum(passed), 0)::bigint as passed,
            coalesce(sum(dkim_passed), 0)::bigint as dkim_passed, coalesce(sum(spf_passed), 0)::bigint as spf_passed,
            coalesce(sum(quarantined), 0)::bigint as quarantined, coalesce(sum(rejected), 0)::bigint as rejected
       from dmarc_report_row where workspace_id = ? and ends_at >= ?`,
    [workspaceId, since],
  );
  return r
    ? {
        reports: num(r.reports),
        messages: num(r.messages),
        passed: num(r.passed),
        dkimPassed: num(r.dkim_passed),
        spfPassed: num(r.spf_passed),
        quarantined: num(r.quarantined),
        rejected: num(r.rejected),
      }
    : undefined;
}

/** The sending IPs of those reports, their counts summed, most messages first (then by IP), at most `limit`. */
export async function dmarcSourcesSince(em: EntityManager, workspaceId: string, since: Date, limit: number): Promise<{ ip: string; count: number }[]> {
  const rows = await sql(
    em,
    `select src->>'ip' as ip, sum((src->>'count')::bigint) as count
       from dmarc_report_row r cross join lateral jsonb_array_elements(r.sources) src
      where r.workspace_id = ? and r.ends_at >= ?
      group by 1 order by 2 desc, 1 limit ?`,
    [workspaceId, since, limit],
  );
  return rows.map((r) => ({ ip: String(r.ip), count: num(r.count) }));
}

export interface LatestDmarcRow {
  org: string;
  reportId: string;
  begin: Date;
  end: Date;
  messages: number;
}

/** The workspace's newest report (by the end of its period), whatever its age. */
export async function latestDmarcReport(em: EntityManager, workspaceId: string): Promise<LatestDmarcRow | null> {
  const [r] = await sql(
    em,
    `select org, report_id, begins_at, ends_at, messages from dmarc_report_row where workspace_id = ? order by ends_at desc, created_at desc, id desc limit 1`,
    [workspaceId],
  );
  return r ? { org: String(r.org), reportId: String(r.report_id), begin: new Date(r.begins_at as string), end: new Date(r.ends_at as string), messages: num(r.messages) } : null;
}

/** Locks the workspace row until the transaction ends: one report-address change at a time. */
export async function lockWorkspaceRow(em: EntityManager, workspaceId: string): Promise<void> {
  await sql(em, `select 1 from workspace where id = ? for update`, [workspaceId]);
}

/** Clears the report flag on every inbox of the workspace but `keepInboxId`, deleted inboxes too (raw
 *  SQL, no filter): a flag left on one would hold the partial unique index. */
export async function clearDmarcFlags(em: EntityManager, workspaceId: string, keepInboxId: string | null): Promise<void> {
  await sql(em, `update inbox set dmarc_reports = false where workspace_id = ? and dmarc_reports and id is distinct from ?::uuid`, [workspaceId, keepInboxId]);
}

/**
 * Flags the inbox as the report address.
 * @allWorkspaces keyed by an inbox id the caller found in its workspace (the filtered em)
 */
export async function setDmarcFlag(em: EntityManager, inboxId: string): Promise<void> {
  await sql(em, `update inbox set dmarc_reports = true where id = ? and not dmarc_reports`, [inboxId]);
}
