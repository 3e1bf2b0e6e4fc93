// The pipeline's SQL (api.md Pipeline). Both statements read only the partial index
// lead_workspace_pipeline (lead.entity.ts): (workspace_id, interest, replied_at desc nulls last, id)
// including campaign_id and deal_value, over the leads whose interest is a pipeline stage. Every
// statement repeats the stage list literally so the planner can prove the index's predicate.
//
// - Counts and values: one grouped pass, an index-only scan over the workspace's pipeline leads, first
//   by (stage, campaign) so the campaign's deal value (for leads without their own) is joined once per
//   campaign rather than once per lead.
// - Leads: one statement, a LATERAL page per stage, each an ordered range of the same index cut by
//   LIMIT; only the page's rows touch the table (email) and the campaign (name, deal value).
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql, textArray } from '../../storage/sql';
import { PIPELINE_STAGES } from './pipeline.inputs';

/** The stage list as SQL, the same text as the index predicate's. */
export const STAGES_SQL = `(${PIPELINE_STAGES.map((s) => `'${s}'`).join(', ')})`;

export interface StageTotalRow {
  stage: string;
  count: number;
  value: number;
}

/** Per stage: how many leads and the sum of their values (the lead's deal value, else the campaign's). */
export async function stageTotals(em: EntityManager, workspaceId: string): Promise<StageTotalRow[]> {
  const rows = await sql(
    em,
    `with g as (
       select l.interest, l.campaign_id, count(*) as n, count(l.deal_value) as with_value, coalesce(sum(l.deal_value), 0) as lead_sum
         from lead l
        where l.workspace_id = ? and l.interest in ${STAGES_SQL}
        group by l.interest, l.campaign_id)
     select g.interest as stage, sum(g.n)::int as count, sum(g.lead_sum + (g.n - g.with_value) * coalesce(c.deal_value, 0))::float8 as value
       from g join campaign c on c.id = g.campaign_id
      group by g.interest`,
    [workspaceId],
  );
  return rows.map((r) => ({ stage: String(r.stage), count: Number(r.count), value: Number(r.value) }));
}

export interface StageLeadRow {
  stage: string;
  id: string;
  email: string;
  campaignId: string;
  campaign: string;
  value: number;
  /** The stage order's key (with id): not shown, it makes the cursor. */
  repliedAt: Date | null;
}

const toStageLead = (r: Record<string, unknown>): StageLeadRow => ({
  stage: String(r.stage),
  id: String(r.id),
  email: String(r.email),
  campaignId: String(r.campaign_id),
  campaign: String(r.campaign),
  value: Number(r.value),
  repliedAt: r.replied_at === null || r.replied_at === undefined ? null : new Date(r.replied_at as string),
});

/** A page of each named stage's leads, most recent reply first (leads labelled without a reply last). */
export async function stageLeads(em: EntityManager, workspaceId: string, stages: readonly string[], page: { limit: number; offset: number }): Promise<StageLeadRow[]> {
  if (!stages.length || page.limit === 0) return [];
  const rows = await sql(
    em,
    `select s.stage, x.id, x.email, x.campaign_id, c.name as campaign, coalesce(x.deal_value, c.deal_value, 0) as value, x.replied_at
       from unnest(?::text[]) with ordinality as s(stage, ord)
       cross join lateral (
         select l.id, l.email, l.campaign_id, l.deal_value, l.replied_at
           from lead l
          where l.workspace_id = ? and l.interest in ${STAGES_SQL} and l.interest = s.stage
          order by l.replied_at desc nulls last, l.id
          limit ? offset ?) x
       join campaign c on c.id = x.campaign_id
      order by s.ord, x.replied_at desc nulls last, x.id`,
    [textArray(stages), workspaceId, page.limit, page.offset],
  );
  return rows.map(toStageLead);
}

/** Where a stage's cursor page starts: after the lead whose (replied_at, id) this is. */
export interface StageAfter {
  stage: string;
  repliedAt: string | null;
  id: string;
}

// One stage's leads after its cursor's lead, in the stage order (replied_at desc nulls last, id): the two
// directions differ, so no single row comparison; three ranges of lead_workspace_pipeline instead, each
// ordered and cut by LIMIT (the rest of the cursor's own moment by id; earlier replies; then the leads
// labelled without a reply), and at most 3 × (limit) rows sorted to keep the page. A deep page reads what a
// first page reads.
const STAGE_ROW = `l.id, l.email, l.campaign_id, l.deal_value, l.replied_at`;
const STAGE_BASE = `l.workspace_id = ? and l.interest in ${STAGES_SQL} and l.interest = s.stage`;

/**
 * decisions.md §12: a cursor page of each named stage's leads, most recent reply first, each stage after
 * its own lead (StageAfter). Up to `limit` per stage.
 */
export async function stageLeadsAfter(em: EntityManager, workspaceId: string, after: readonly StageAfter[], limit: number): Promise<StageLeadRow[]> {
  if (!after.length || limit === 0) return [];
  const rows = await sql(
    em,
    `select s.stage, x.id, x.email, x.campaign_id, c.name as campaign, coalesce(x.deal_value, c.deal_value, 0) as value, x.replied_at
       from unnest(?::text[], ?::timestamptz[], ?::uuid[]) with ordinality as s(stage, after_at, after_id, ord)
       cross join lateral (
         select * from (
           (select ${STAGE_ROW} from lead l
             where ${STAGE_BASE} and s.after_at is not null and l.replied_at = s.after_at and l.id > s.after_id
             order by l.id limit ?)
           union all
           (select ${STAGE_ROW} from lead l
             where ${STAGE_BASE} and s.after_at is not null and l.replied_at < s.after_at
             order by l.replied_at desc nulls last, l.id limit ?)
           union all
           (select ${STAGE_ROW} from lead l
             where ${STAGE_BASE} and l.replied_at is null and (s.after_at is not null or l.id > s.after_id)
             order by l.replied_at desc nulls last, l.id limit ?)) u
          order by u.replied_at desc nulls last, u.id
          limit ?) x
       join campaign c on c.id = x.campaign_id
      order by s.ord, x.replied_at desc nulls last, x.id`,
    [
      textArray(after.map((a) => a.stage)),
      textArray(after.map((a) => a.repliedAt)),
      pgArray(after.map((a) => a.id)),
      workspaceId,
      limit,
      workspaceId,
      limit,
      workspaceId,
      limit,
      limit,
    ],
  );
  return rows.map(toStageLead);
}

/**
 * api.md Pipeline "a lead that has replied": a person's reply stamped replied_at (replies/ingest
 * effects.ts), or, for a reply to a one-off email (which never stamps it), a `reply` item of the lead.
 * Auto-replies and bounces are not replies.
 * @allWorkspaces keyed by a lead the caller found (and locked) in its workspace (findOr404)
 */
export async function hasReplied(em: EntityManager, leadId: string): Promise<boolean> {
  const [row] = await sql(
    em,
    `select (l.replied_at is not null or exists (select 1 from reply_item r where r.lead_id = l.id and r.kind = 'reply')) as replied
       from lead l where l.id = ?`,
    [leadId],
  );
  return row?.replied === true;
}
