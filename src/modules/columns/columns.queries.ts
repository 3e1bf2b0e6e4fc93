// The columns area's SQL, one named function per statement (conventions.md "SQL in named places").
// Values are lead vars (lead.vars jsonb); `?` is a bind placeholder here, so the jsonb `?` operator is
// never used (->> is null instead).
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql, sqlRun, textArray } from '../../db/sql';
import { inSequenceSql } from '../leads/lifecycle/lead-status';
import type { CellStatus } from './column.entity';

export interface CellCounts {
  done: number;
  failed: number;
  flagged: number;
  edited: number;
}

/** Lead counts per status of each column: one grouped read of the (column_id, status) index. */
export async function cellCounts(em: EntityManager, columnIds: readonly string[]): Promise<Map<string, CellCounts>> {
  if (!columnIds.length) return new Map();
  const rows = await sql(
    em,
    `select column_id,
            count(*) filter (where status = 'done')::int as done,
            count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where status = 'flagged')::int as flagged,
            count(*) filter (where status = 'edited')::int as edited
       from column_cell where column_id = any(?::uuid[]) group by column_id`,
    [pgArray(columnIds)],
  );
  return new Map(rows.map((r) => [String(r.column_id), { done: Number(r.done), failed: Number(r.failed), flagged: Number(r.flagged), edited: Number(r.edited) }]));
}

/** Whether a lead of the campaign has a field of this name, in any case (merge fields match either way,
 *  merge.ts, with JavaScript's toLowerCase). The spellings come from the workspace's field names
 *  (lead_field_name), so only leads are read that may hold one, and the first one found ends the read. */
export async function leadsHaveField(em: EntityManager, workspaceId: string, campaignId: string, name: string): Promise<boolean> {
  const names = (await sql(em, `select name from lead_field_name where workspace_id = ?`, [workspaceId])).map((r) => String(r.name));
  const spellings = names.filter((k) => k.toLowerCase() === name.toLowerCase());
  if (!spellings.length) return false;
  const rows = await sql(em, `select 1 from lead l where l.campaign_id = ? and jsonb_exists_any(l.vars, ?::text[]) limit 1`, [campaignId, textArray(spellings)]);
  return rows.length > 0;
}

/**
 * Queues a run: every lead of the campaign (only `leadIds` when given) gets a cell with `queued`, except
 * edited cells and, unless `all`, leads that already have a value. Returns how many were queued.
 */
export async function queueRun(
  em: EntityManager,
  column: { id: string; workspaceId: string; campaignId: string; name: string },
  opts: { all: boolean; leadIds: readonly string[] | null; now: Date },
): Promise<number> {
  return sqlRun(
    em,
    `insert into column_cell (id, created_at, updated_at, workspace_id, column_id, lead_id, queued)
     select gen_random_uuid(), ?, ?, ?, ?, l.id, true
       from lead l left join column_cell c on c.column_id = ? and c.lead_id = l.id
      where l.campaign_id = ?
        and (?::uuid[] is null or l.id = any(?::uuid[]))
        and c.status is distinct from 'edited'
        and (?::boolean or l.vars ->> ? is null)
     on conflict (column_id, lead_id) do update set queued = true`,
    [
      opts.now,
      opts.now,
      column.workspaceId,
      column.id,
      column.id,
      column.campaignId,
      opts.leadIds ? pgArray(opts.leadIds) : null,
      opts.leadIds ? pgArray(opts.leadIds) : null,
      opts.all,
      column.name,
    ],
  );
}

export interface QueuedCell {
  cellId: string;
  leadId: string;
  email: string;
  vars: Record<string, string>;
}

/** The next cells a run fills, in the queued index's order. */
export async function nextQueued(em: EntityManager, columnId: string, limit: number): Promise<QueuedCell[]> {
  const rows = await sql(
    em,
    `select c.id, c.lead_id, l.email, l.vars from column_cell c join lead l on l.id = c.lead_id
      where c.column_id = ? and c.queued order by c.id limit ?`,
    [columnId, limit],
  );
  return rows.map((r) => ({ cellId: String(r.id), leadId: String(r.lead_id), email: String(r.email), vars: (r.vars as Record<string, string>) ?? {} }));
}

/**
 * Records a run's outcome for one cell and, in the same statement, the lead's field: the value when
 * done, removed otherwise (a failed or flagged answer is never used). Nothing happens to a cell that is
 * no longer queued or was edited meanwhile (an edit wins over the run). Returns whether it was written.
 */
export async function writeOutcome(
  em: EntityManager,
  cellId: string,
  name: string,
  outcome: { status: Exclude<CellStatus, 'edited'>; value: string | null; note: string | null; review: string | null },
  now: Date,
): Promise<boolean> {
  const rows = await sql(
    em,
    `with c as (
       update column_cell set status = ?, note = ?, review = ?, queued = false, updated_at = ?
        where id = ? and queued and status is distinct from 'edited' returning lead_id)
     update lead set vars = case when ?::text is null then vars - ?::text else vars || jsonb_build_object(?::text, ?::text) end
      where id in (select lead_id from c) returning id`,
    [outcome.status, outcome.note, outcome.review, now, cellId, outcome.value, name, name, outcome.value],
  );
  return rows.length > 0;
}

/** A hand-written value: the cell becomes `edited` (runs never touch it again) and the lead gets it. */
export async function writeEdit(em: EntityManager, cell: { workspaceId: string; columnId: string; leadId: string; name: string }, value: string, now: Date) {
  await sql(
    em,
    `insert into column_cell (id, created_at, updated_at, workspace_id, column_id, lead_id, status, queued)
     values (gen_random_uuid(), ?, ?, ?, ?, ?, 'edited', false)
     on conflict (column_id, lead_id) do update set status = 'edited', note = null, review = null, queued = false, updated_at = excluded.updated_at`,
    [now, now, cell.workspaceId, cell.columnId, cell.leadId],
  );
  await sql(em, `update lead set vars = vars || jsonb_build_object(?::text, ?::text) where id = ?`, [cell.name, value, cell.leadId]);
}

/** Removes the values a column wrote (done and edited cells) from its leads. */
export async function removeValues(em: EntityManager, columnId: string, name: string): Promise<void> {
  await sql(
    em,
    `update lead l set vars = l.vars - ?::text
       from column_cell c where c.column_id = ? and c.lead_id = l.id and c.status in ('done', 'edited')`,
    [name, columnId],
  );
}

export interface CellRow {
  blockId: string;
  leadId: string;
  status: string | null;
  note: string | null;
  review: string | null;
  queued: boolean;
}

/** The cells of the campaign's columns for these leads (lead index), columns oldest first. */
export async function cellsOf(em: EntityManager, campaignId: string, leadIds: readonly string[]): Promise<CellRow[]> {
  const rows = await sql(
    em,
    `select c.column_id, c.lead_id, c.status, c.note, c.review, c.queued
       from column_cell c join lead_column k on k.id = c.column_id
      where c.lead_id = any(?::uuid[]) and k.campaign_id = ?
      order by c.lead_id, k.created_at, k.id`,
    [pgArray(leadIds), campaignId],
  );
  return rows.map((r) => ({
    blockId: String(r.column_id),
    leadId: String(r.lead_id),
    status: (r.status as string | null) ?? null,
    note: (r.note as string | null) ?? null,
    review: (r.review as string | null) ?? null,
    queued: Boolean(r.queued),
  }));
}

/**
 * decisions.md §7 launch check: per column field, the campaign's reachable leads (still in their
 * sequence: not stopped, completed, bounced, unsubscribed or replied) without a value. One pass over the campaign's leads
 * (its lead index), the few names joined in memory: fast at 100k leads.
 */
export async function blankCounts(em: EntityManager, campaignId: string, names: readonly string[]): Promise<{ name: string; leads: number }[]> {
  if (!names.length) return [];
  const rows = await sql(
    em,
    `select f.name, count(*)::int as leads
       from lead l cross join unnest(?::text[]) with ordinality as f(name, i)
      where l.campaign_id = ? and ${inSequenceSql('l')}
        and coalesce(btrim(l.vars ->> f.name), '') = ''
      group by f.name, f.i order by f.i`,
    [textArray(names), campaignId],
  );
  return rows.map((r) => ({ name: String(r.name), leads: Number(r.leads) }));
}
