// Raw SQL of the checks area (conventions.md "SQL in named places").
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';
import { inSequenceSql } from '../leads/lifecycle/lead-status';
import { fieldKey } from '../templates/field-names';

/** The leads merge-check counts: the campaign's that may still get an email of it (still in the sequence). */
const REACHABLE_LEADS = `l.campaign_id = ? and l.workspace_id = ? and ${inSequenceSql('l')}`;

/**
 * The rule of templates/field-names.ts leadValue + templates/render.ts, per lead row `l` and name N: the
 * field of exactly that name when the lead has one, else the first field (in the stored jsonb order,
 * which is the order JSON.parse gives the renderer) whose name is the same ignoring case, spaces,
 * underscores and hyphens (fieldKey); blank when there is none, it is null, or it holds only whitespace.
 *
 * Plan note: finding a field by a loose name means walking a lead's fields, far too slow per lead
 * (5 s for five fields over 90,000 leads), and so was reading the keys of every lead to learn which other
 * spellings occur (a second pass as long as the count). The other spellings come instead from
 * lead_field_name, the workspace's names kept by triggers (lead-field-name.entity.ts), and the count is
 * one pass of key tests with no subquery or cast per lead, which PostgreSQL may split between workers.
 */

/** SQL: whether the value `value` (text, maybe null) renders blank. */
const blankValue = (value: string) => `not coalesce((${value}) ~ '\\S', false)`;

/** SQL: whether the lead row `l` renders field `name` blank. With other spellings of the name among the
 *  workspace's field names, a lead without the name as written falls back to the first of them it has in
 *  the stored jsonb order (shorter keys first, then bytewise, which is the order JSON.parse gives the
 *  renderer), as a chain of key tests. jsonb_exists rather than the `?` operator, which the driver would
 *  read as a placeholder. vars hold text values, so a key is absent exactly when ->> gives null. */
function blankInLead(name: string, variants: readonly string[], params: unknown[]): string {
  params.push(name);
  if (!variants.length) return blankValue('l.vars ->> ?::text');
  const ordered = [...variants].sort((a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)));
  params.push(name);
  const chain = ordered.map((v) => {
    params.push(v, v);
    return `when jsonb_exists(l.vars, ?::text) then l.vars ->> ?::text`;
  });
  return `case when jsonb_exists(l.vars, ?::text) then ${blankValue('l.vars ->> ?::text')} else ${blankValue(`case ${chain.join(' ')} end`)} end`;
}

/** Per name, the other spellings (the same fieldKey) among the workspace's lead field names. The
 *  comparison is field-names.ts's own (JavaScript's toLowerCase), not PostgreSQL's lower(), which under the
 *  database's collation may leave letters outside ASCII as they are; a workspace has a few hundred names. */
async function otherSpellings(em: EntityManager, workspaceId: string, names: readonly string[]): Promise<Map<string, string[]>> {
  const all = (await sql(em, `select name from lead_field_name where workspace_id = ?`, [workspaceId])).map((r) => String(r.name));
  const byKey = new Map<string, string[]>();
  for (const k of all) {
    const key = fieldKey(k);
    const spellings = byKey.get(key);
    if (spellings) spellings.push(k);
    else byKey.set(key, [k]);
  }
  return new Map(names.map((name) => [name, (byKey.get(fieldKey(name)) ?? []).filter((k) => k !== name)]));
}

export interface BlankCounts {
  total: number;
  /** Per name given, in order: leads for which it renders blank. */
  blank: number[];
}

/** The counting pass: the campaign's leads still in the sequence, and per name those that render it
 *  blank, given each name's other spellings. */
function blankLeadFieldsStatement(
  workspaceId: string,
  campaignId: string,
  names: readonly string[],
  variants: ReadonlyMap<string, readonly string[]> = new Map(),
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const columns = names.map((name, i) => `count(*) filter (where ${blankInLead(name, variants.get(name) ?? [], params)})::int as b${i}`);
  return {
    sql: `select count(*)::int as total${columns.map((c) => `, ${c}`).join('')} from lead l where ${REACHABLE_LEADS}`,
    params: [...params, campaignId, workspaceId],
  };
}

/**
 * Over the campaign's leads still in the sequence: how many there are and, per lead field name, how
 * many would render it blank; nothing per lead leaves the database. One read of the workspace's field
 * names, then one pass over the leads.
 */
export async function countBlankLeadFields(em: EntityManager, workspaceId: string, campaignId: string, names: readonly string[]): Promise<BlankCounts> {
  const counting = blankLeadFieldsStatement(workspaceId, campaignId, names, await otherSpellings(em, workspaceId, names));
  const [row] = await sql(em, counting.sql, counting.params);
  return { total: Number(row?.total ?? 0), blank: names.map((_, i) => Number(row?.[`b${i}`] ?? 0)) };
}
