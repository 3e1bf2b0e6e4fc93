// GET /campaigns/:id/lead-fields: every lead field name carried by any lead of the campaign, in order of
// first appearance: by when the field first showed up (the createdAt of the earliest lead carrying it),
// then by the order the campaign's fields were given in (field-order.ts), then by name; at most 200
// (api.md Limits).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Campaign } from '../campaigns/campaign.entity';
import { sql, textArray, timeArray } from '../../db/sql';

export const MAX_LEAD_FIELDS = 200;

/** Past every position a field can have in the campaign's order. */
const UNRANKED = 1_000_000;

/**
 * One pass over the campaign's leads with a hash aggregate per field name: when each first showed up.
 * Names the campaign has no order for (leads written before it was kept) rank by their position among
 * the fields of the leads they first showed up with, jsonb's order being all there is for them: a second,
 * small read of just those leads, only when there are such names. The campaign came through the
 * caller's workspace-filtered em, so its id scopes the reads.
 */
export async function campaignLeadFields(em: EntityManager, campaign: Campaign): Promise<string[]> {
  const rows = await sql(
    em,
    `select k.key, min(l.created_at) as at
       from lead l cross join lateral jsonb_object_keys(l.vars) as k(key)
      where l.campaign_id = ?
      group by k.key`,
    [campaign.id],
  );
  // The driver may hand timestamps over as text.
  const first = rows.map((r) => ({ key: r.key as string, at: new Date(r.at as string | Date) }));
  const rank = new Map(campaign.fieldOrder.map((name, i) => [name, i]));
  const unranked = first.filter((f) => !rank.has(f.key));
  if (unranked.length) {
    // Each name's smallest position among the leads of its first instant: one read of the leads of
    // those instants (an index range each), matched to the names by (name, instant).
    const instants = [...new Set(unranked.map((f) => f.at.getTime()))].map((t) => new Date(t));
    const positions = (await sql(
      em,
      `select f.key, min(k.ord)::int as ord
         from lead l cross join lateral jsonb_object_keys(l.vars) with ordinality as k(key, ord)
         join unnest(?::text[], ?::timestamptz[]) as f(key, at) on f.key = k.key and f.at = l.created_at
        where l.campaign_id = ? and l.created_at = any(?::timestamptz[])
        group by f.key`,
      [textArray(unranked.map((f) => f.key)), timeArray(unranked.map((f) => f.at)), campaign.id, timeArray(instants)],
    )) as { key: string; ord: number }[];
    for (const p of positions) rank.set(p.key, UNRANKED + p.ord);
  }
  return first
    .sort((a, b) => a.at.getTime() - b.at.getTime() || (rank.get(a.key) ?? UNRANKED) - (rank.get(b.key) ?? UNRANKED) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, MAX_LEAD_FIELDS)
    .map((f) => f.key);
}
