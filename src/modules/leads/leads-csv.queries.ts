// The SQL of GET /campaigns/:id/leads.csv (leads-csv.ts): keyset pages of the campaign's leads over the
// (campaign_id, created_at, id) index, so memory stays flat however many leads the campaign holds.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';

/** Leads per page. */
export const CSV_PAGE = 1000;

/** Timestamps as the API writes them (ISO 8601 UTC with milliseconds and a Z), formatted by PostgreSQL. */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface CsvLeadRow {
  id: string;
  email: string;
  status: string;
  interest: string | null;
  current_step: number;
  stop_reason: string | null;
  /** As the driver gives it (text, to the microsecond); passed back as the keyset bound. */
  created_at: string;
  created_iso: string;
  last_sent_at: string | null;
  replied_at: string | null;
  next_due_at: string | null;
  /** The value of the n-th lead field asked for (`f0`, `f1`, …), null where the lead has none. */
  [field: `f${number}`]: string | null;
}

/**
 * The next CSV_PAGE leads of the campaign, oldest first, after `after` (the last row of the page before),
 * with the values of the lead fields `fields` as columns f0, f1, …: the database picks them out of each
 * lead's vars, so no whole vars object is written out as JSON and parsed back per lead.
 * @allWorkspaces keyed by a campaign the caller found through its workspace-filtered em
 */
export async function campaignLeadsCsvPage(
  em: EntityManager,
  campaignId: string,
  fields: readonly string[],
  after: { createdAt: string; id: string } | null,
): Promise<CsvLeadRow[]> {
  const fieldColumns = fields.map((_, i) => `, vars ->> ?::text as f${i}`).join('');
  return (await sql(
    em,
    `select id, email, status, interest, current_step, stop_reason, created_at, ${iso('created_at')} as created_iso,
            ${iso('last_sent_at')} as last_sent_at, ${iso('replied_at')} as replied_at, ${iso('next_due_at')} as next_due_at${fieldColumns}
       from lead
      where campaign_id = ? ${after ? 'and (created_at, id) > (?, ?)' : ''}
      order by created_at, id
      limit ${CSV_PAGE}`,
    [...fields, campaignId, ...(after ? [after.createdAt, after.id] : [])],
  )) as unknown as CsvLeadRow[];
}
