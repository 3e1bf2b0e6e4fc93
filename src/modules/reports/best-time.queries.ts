// SQL of GET /analytics/best-time (best-time.service.ts): a person's replies in the window by ISO weekday
// and hour in the workspace zone. An index-only scan of reply_item_workspace_replies (workspace_id,
// received_at) including one_off, partial on kind = 'reply' (migration reports_windows): the rows read
// are the window's replies and nothing else.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';

export interface ReplyHourRow {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  isoDow: number;
  hour: number;
  count: number;
}

export async function repliesByWeekdayHour(em: EntityManager, workspaceId: string, zone: string, since: Date, until: Date): Promise<ReplyHourRow[]> {
  const rows = await sql(
    em,
    `select extract(isodow from local)::int as dow, extract(hour from local)::int as hour, count(*)::int as n
       from (select received_at at time zone ? as local from reply_item
              where workspace_id = ? and kind = 'reply' and not one_off and received_at > ? and received_at <= ?) r
      group by 1, 2`,
    [zone, workspaceId, since, until],
  );
  return rows.map((r) => ({ isoDow: Number(r.dow), hour: Number(r.hour), count: Number(r.n) }));
}
