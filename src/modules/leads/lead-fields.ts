// GET /campaigns/:id/lead-fields: every lead field name carried by any lead of the campaign, in order of
// first appearance: by when the field first showed up (the createdAt of the earliest lead carrying it),
// then by its position among that lead's fields, then by name; at most 200 (api.md Limits).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Campaign } from '../campaigns/campaign.entity';

export const MAX_LEAD_FIELDS = 200;

/** One pass over the campaign's leads with a hash aggregate per field name (no sort of every key):
 *  min of [createdAt, position] is the first appearance (arrays compare element by element).
 *  The campaign came through the caller's workspace-filtered em, so its id scopes the read. */
export async function campaignLeadFields(em: EntityManager, campaign: Campaign): Promise<string[]> {
  const rows: { key: string }[] = await em.getConnection().execute(
    `select k.key
       from lead l cross join lateral jsonb_object_keys(l.vars) with ordinality as k(key, ord)
      where l.campaign_id = ?
      group by k.key
      order by min(array[extract(epoch from l.created_at), k.ord]), k.key
      limit ${MAX_LEAD_FIELDS}`,
    [campaign.id],
  );
  return rows.map((r) => r.key);
}
