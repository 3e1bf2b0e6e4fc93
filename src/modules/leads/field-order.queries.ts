// The SQL of the lead field order (field-order.ts): appending names to a campaign's or a lead list's
// field_order.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';

/** More names than lead-fields ever lists (200); a file with more columns still gets a bounded row. */
export const FIELD_ORDER_MAX = 1000;

export type FieldOrderOwner = 'campaign' | 'lead_list';

/**
 * Appends to the owner's field_order the names it does not have yet, in their order, up to
 * FIELD_ORDER_MAX names; writes nothing when every name is there already. `owner` picks the table from
 * a fixed pair, never from input.
 * @allWorkspaces keyed by a campaign or lead list the caller found in (or just added to) its workspace
 */
export async function appendFieldOrder(em: EntityManager, owner: FieldOrderOwner, id: string, names: readonly string[]): Promise<void> {
  const json = JSON.stringify(names);
  await sql(
    em,
    `
  update ${owner} set field_order = (field_order || array(
           select k.name from json_array_elements_text(?::json) with ordinality as k(name, i)
            where k.name <> all(field_order) order by k.i))[1:${FIELD_ORDER_MAX}]
   where id = ? and cardinality(field_order) < ${FIELD_ORDER_MAX}
     and exists (select 1 from json_array_elements_text(?::json) as n(name) where n.name <> all(field_order))`,
    [json, id, json],
  );
}
