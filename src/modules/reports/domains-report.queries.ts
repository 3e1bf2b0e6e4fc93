// SQL of GET /reports/domains (domains-report.service.ts). `sent` comes from inbox_day_stat, the per inbox
// per day counter the sending engine adds to in the transaction of every send (the same counter the caps
// are checked against), so the report reads at most inboxes × days rows through its (inbox_id, day)
// unique index, however many emails went out.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql } from '../../storage/sql';

export interface DomainInboxRow {
  id: string;
  email: string;
  dailyCap: number;
  rampStart: number;
  rampIncrement: number;
  rampStartedAt: string;
  domainDailyCap: number | null;
  /** Days in the workspace zone the inbox existed: from its creation to its deletion (null: not deleted). */
  createdDay: string;
  deletedDay: string | null;
}

/** Every inbox of the workspace, deleted ones too (they sent on their days), with its ramp settings. */
export async function domainInboxes(em: EntityManager, workspaceId: string, zone: string): Promise<DomainInboxRow[]> {
  const rows = await sql(
    em,
    `select id, email, daily_cap, ramp_start, ramp_increment, to_char(ramp_started_at, 'YYYY-MM-DD') as ramp_started_at, domain_daily_cap,
            to_char(created_at at time zone ?, 'YYYY-MM-DD') as created_day, to_char(deleted_at at time zone ?, 'YYYY-MM-DD') as deleted_day
       from inbox where workspace_id = ? order by email, id`,
    [zone, zone, workspaceId],
  );
  return rows.map((r) => ({
    id: String(r.id),
    email: String(r.email),
    dailyCap: Number(r.daily_cap),
    rampStart: Number(r.ramp_start),
    rampIncrement: Number(r.ramp_increment),
    rampStartedAt: String(r.ramp_started_at),
    domainDailyCap: r.domain_daily_cap === null ? null : Number(r.domain_daily_cap),
    createdDay: String(r.created_day),
    deletedDay: r.deleted_day === null ? null : String(r.deleted_day),
  }));
}

/**
 * What each inbox sent on each day from `from` to `to` (plain dates, included); days without a row sent nothing.
 * @allWorkspaces keyed by inbox ids domainInboxes read from the caller's workspace
 */
export async function sentByInboxDay(em: EntityManager, inboxIds: readonly string[], from: string, to: string): Promise<{ inboxId: string; day: string; sent: number }[]> {
  if (!inboxIds.length) return [];
  const rows = await sql(
    em,
    `select inbox_id, to_char(day, 'YYYY-MM-DD') as day, sent from inbox_day_stat where inbox_id = any(?::uuid[]) and day between ?::date and ?::date and sent > 0`,
    [pgArray(inboxIds), from, to],
  );
  return rows.map((r) => ({ inboxId: String(r.inbox_id), day: String(r.day), sent: Number(r.sent) }));
}
