// The SQL of an async export's run (export-job.ts) beyond the synchronous export's (leads-csv.queries.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../../storage/sql';

/** How many leads the campaign holds: the export's progress.total. */
export async function countCampaignLeads(em: EntityManager, workspaceId: string, campaignId: string): Promise<number> {
  const [row] = await sql(em, `select count(*)::int as n from lead where workspace_id = ? and campaign_id = ?`, [workspaceId, campaignId]);
  return Number(row!.n);
}
