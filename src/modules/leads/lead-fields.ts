// GET /campaigns/:id/lead-fields: every lead field name carried by any lead of the campaign, in order of
// first appearance: by when the field first showed up (the createdAt of the earliest lead carrying it),
// then by the order the campaign's fields were given in (field-order.ts), then by name; at most 200
// (api.md Limits).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Campaign } from '../campaigns/campaign.entity';
import { textArray } from '../sending/engine/sql';

export const MAX_LEAD_FIELDS = 200;

/** One pass over the campaign's leads with a hash aggregate per field name (no sort of every key).
 *  min of [createdAt, position] is the first appearance (arrays compare element by element); the
 *  position within a lead is jsonb's, which only counts for names the campaign has no order for (leads
 *  written before the order was kept). The campaign came through the caller's workspace-filtered em, so
 *  its id scopes the read. */
export async function campaignLeadFields(em: EntityManager, campaign: Campaign): Promise<string[]> {
  const rows: { key: string }[] = await em.getConnection().execute(
    `with first as (
       select k.key, min(array[extract(epoch from l.created_at), k.ord]) as seen
         from lead l cross join lateral jsonb_object_keys(l.vars) with ordinality as k(key, ord)
        where l.campaign_id = ?
        group by k.key)
     select first.key
       from first left join unnest(?::text[]) with ordinality as given(name, rank) on given.name = first.key
      order by first.seen[1], coalesce(given.rank, 100000 + first.seen[2]), first.key
      limit ${MAX_LEAD_FIELDS}`,
    [campaign.id, textArray(campaign.fieldOrder)],
  );
  return rows.map((r) => r.key);
}
