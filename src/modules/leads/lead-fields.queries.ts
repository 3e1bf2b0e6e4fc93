// The SQL of a campaign's lead-fields (lead-fields.ts), one named function per statement.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';

export interface FieldRow {
  name: string;
  firstAt: Date | null;
}

/**
 * The field names some lead of the campaign carries, with when each first showed up (campaign_field,
 * kept by triggers: an index range of a few rows whatever the campaign's size).
 * @allWorkspaces keyed by a campaign the caller loaded through its workspace-filtered em (lead-fields.ts
 * campaignLeadFields)
 */
export async function campaignFieldNames(em: EntityManager, campaignId: string): Promise<FieldRow[]> {
  const rows = await sql(em, `select name, first_at from campaign_field where campaign_id = ? and leads > 0`, [campaignId]);
  // The driver may hand timestamps over as text.
  return rows.map((r) => ({ name: String(r.name), firstAt: r.first_at === null ? null : new Date(r.first_at as string | Date) }));
}
