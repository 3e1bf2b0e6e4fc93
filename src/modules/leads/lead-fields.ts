// GET /campaigns/:id/lead-fields: every lead field name carried by any lead of the campaign, in order of
// first appearance: by when the field first showed up in the campaign (the createdAt of the earliest lead
// given it), then by the order the campaign's fields were given in (field-order.ts), then, for names the
// campaign has no order for (leads written before it was kept, or by the ORM), in jsonb's own key order
// (shorter names first, then byte order: the order those names take within any lead that has them); at
// most 200 (api.md Limits).
//
// Read from campaign_field (campaign-field.entity.ts), which triggers on `lead` keep: a few rows whatever
// the campaign's size. It took one pass over every lead's keys: 731 ms for a campaign of 1,000,000 leads.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Campaign } from '../campaigns/campaign.entity';
import { campaignFieldNames, type FieldRow } from './lead-fields.queries';

export const MAX_LEAD_FIELDS = 200;

/** jsonb's key order: by length in bytes, then byte by byte. */
export function jsonbKeyOrder(a: string, b: string): number {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length - y.length || Buffer.compare(x, y);
}

/** The order of lead-fields: first showed up, then the campaign's field order, then jsonb's. */
export function orderFields(fields: readonly FieldRow[], fieldOrder: readonly string[]): string[] {
  const rank = new Map(fieldOrder.map((name, i) => [name, i]));
  const time = (f: FieldRow) => f.firstAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return [...fields]
    .sort((a, b) => {
      const byTime = time(a) - time(b);
      if (byTime) return byTime;
      const ra = rank.get(a.name);
      const rb = rank.get(b.name);
      if (ra !== undefined && rb !== undefined) return ra - rb;
      if (ra !== undefined || rb !== undefined) return ra !== undefined ? -1 : 1;
      return jsonbKeyOrder(a.name, b.name);
    })
    .slice(0, MAX_LEAD_FIELDS)
    .map((f) => f.name);
}

/** The campaign came through the caller's workspace-filtered em, so its id scopes the read. */
export async function campaignLeadFields(em: EntityManager, campaign: Campaign): Promise<string[]> {
  return orderFields(await campaignFieldNames(em, campaign.id), campaign.fieldOrder);
}
