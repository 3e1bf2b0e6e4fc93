// Raw SQL of the checks area (conventions.md "SQL in named places").
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

/** Lead statuses that may still get an email of the campaign (merge-check counts only these). */
export const REACHABLE_STATUSES = ['pending', 'active', 'paused'] as const;

/**
 * Whether lead field `?` renders blank for the lead row `l`, the same rule as merge.ts leadValue +
 * renderTemplate: the field of exactly that name when the lead has one, else the first field (in the
 * stored jsonb order, which is the order JSON.parse gives merge.ts) whose name matches ignoring case;
 * blank when there is none, it is null, or it holds only whitespace. One parameter: the name.
 * jsonb_exists rather than the `?` operator, which the driver would read as a placeholder.
 */
const BLANK_LEAD_FIELD = `not coalesce(
    case when jsonb_exists(l.vars, $NAME) then l.vars ->> $NAME
         else (select e.value from jsonb_each_text(l.vars) with ordinality as e(key, value, i) where lower(e.key) = lower($NAME) order by e.i limit 1)
    end ~ '\\S', false)`;

export interface BlankCounts {
  total: number;
  /** Per name given, in order: leads for which it renders blank. */
  blank: number[];
}

/**
 * One pass over the campaign's leads still in the sequence: how many there are and, per lead field
 * name, how many would render it blank. A sequential scan of the campaign's rows (lead (campaign_id,
 * created_at, id) index range) with one filtered count per field; nothing per lead leaves the database.
 */
export async function countBlankLeadFields(em: EntityManager, workspaceId: string, campaignId: string, names: readonly string[]): Promise<BlankCounts> {
  const params: unknown[] = [];
  const columns = names.map((name, i) => {
    const expr = BLANK_LEAD_FIELD.replace(/\$NAME/g, () => {
      params.push(name);
      return '?::text';
    });
    return `count(*) filter (where ${expr})::int as b${i}`;
  });
  const [row] = await sql(
    em,
    `select count(*)::int as total${columns.map((c) => `, ${c}`).join('')}
       from lead l where l.campaign_id = ? and l.workspace_id = ? and l.status in (${REACHABLE_STATUSES.map((s) => `'${s}'`).join(', ')})`,
    [...params, campaignId, workspaceId],
  );
  return { total: Number(row?.total ?? 0), blank: names.map((_, i) => Number(row?.[`b${i}`] ?? 0)) };
}
