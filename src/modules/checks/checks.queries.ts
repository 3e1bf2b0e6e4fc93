// Raw SQL of the checks area (conventions.md "SQL in named places").
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

/** Lead statuses that may still get an email of the campaign (merge-check counts only these). */
export const REACHABLE_STATUSES = ['pending', 'active', 'paused'] as const;

/**
 * Whether lead field $NAME renders blank for the lead row `l`, the same rule as merge.ts leadValue +
 * renderTemplate: the field of exactly that name when the lead has one, else the first field (in the
 * stored jsonb order, which is the order JSON.parse gives merge.ts) whose name matches ignoring case;
 * blank when there is none, it is null, or it holds only whitespace.
 * jsonb_exists rather than the `?` operator, which the driver would read as a placeholder.
 *
 * Plan note: the case-insensitive search walks the lead's fields (jsonb_each_text with ordinality and a
 * sort), by far the most expensive step (5 s for five fields over 90,000 leads when always taken). So
 * it runs only for leads without the exact name whose fields, as lower-cased JSON text (`x.lowered`),
 * hold the key `"name":` at all. That text is built once per row: the lateral's OFFSET 0 keeps the
 * planner from inlining it into each field's test (0.55 s against 1.6 s for five fields; the jsonb to
 * text cast is most of it, lower() little). `$LIKE` is the key pattern, lower-cased in SQL like the
 * text; a name with characters JSON escapes (quote, backslash, controls) passes null and always walks.
 */
const BLANK_LEAD_FIELD = `not coalesce(
    case when jsonb_exists(l.vars, $NAME) then l.vars ->> $NAME
         when $LIKE is not null and x.lowered not like $LIKE then null
         else (select e.value from jsonb_each_text(l.vars) with ordinality as e(key, value, i) where lower(e.key) = lower($NAME) order by e.i limit 1)
    end ~ '\\S', false)`;

/** LIKE pattern of the key `"name":` in jsonb text, or null when the name would be JSON-escaped there. */
function keyPattern(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/["\\\u0000-\u001f\u007f]/.test(name)) return null;
  return `%"${name.replace(/[%_]/g, (c) => `\\${c}`)}":%`;
}

export interface BlankCounts {
  total: number;
  /** Per name given, in order: leads for which it renders blank. */
  blank: number[];
}

/** The statement of countBlankLeadFields (the benchmark prints its plan). */
export function blankLeadFieldsStatement(workspaceId: string, campaignId: string, names: readonly string[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const columns = names.map((name, i) => {
    const like = keyPattern(name);
    const expr = BLANK_LEAD_FIELD.replace(/\$(NAME|LIKE)/g, (_m, which: string) => {
      params.push(which === 'NAME' ? name : like);
      return which === 'NAME' ? '?::text' : 'lower(?::text)';
    });
    return `count(*) filter (where ${expr})::int as b${i}`;
  });
  return {
    sql: `select count(*)::int as total${columns.map((c) => `, ${c}`).join('')}
       from lead l cross join lateral (select lower(l.vars::text) as lowered offset 0) x
      where l.campaign_id = ? and l.workspace_id = ? and l.status in (${REACHABLE_STATUSES.map((s) => `'${s}'`).join(', ')})`,
    params: [...params, campaignId, workspaceId],
  };
}

/**
 * One pass over the campaign's leads still in the sequence: how many there are and, per lead field
 * name, how many would render it blank, with one filtered count per field; nothing per lead leaves the
 * database.
 */
export async function countBlankLeadFields(em: EntityManager, workspaceId: string, campaignId: string, names: readonly string[]): Promise<BlankCounts> {
  const statement = blankLeadFieldsStatement(workspaceId, campaignId, names);
  const [row] = await sql(em, statement.sql, statement.params);
  return { total: Number(row?.total ?? 0), blank: names.map((_, i) => Number(row?.[`b${i}`] ?? 0)) };
}
