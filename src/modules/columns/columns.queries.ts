// The columns area's SQL, one named function per statement (conventions.md "SQL in named places").
// Values are lead vars (lead.vars jsonb); `?` is a bind placeholder here, so the jsonb `?` operator is
// never used (->> is null instead). Statements keyed by a column, campaign, cell or lead id take ids the
// caller found in its workspace (findOr404 through the workspace-filtered em) or, for the column-run
// job, the column it was queued for.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql, sqlRun, textArray } from '../../storage/sql';
import { inSequenceSql } from '../leads/lifecycle/lead-status';
import { sameField } from '../templates/field-names';
import type { Variant } from '../steps/step.entity';
import type { CellStatus } from './column.entity';

export interface CellCounts {
  done: number;
  failed: number;
  flagged: number;
  edited: number;
}

/**
 * Lead counts per status of each column: one grouped read of the (column_id, status) index.
 * @allWorkspaces keyed by column ids the caller read from its workspace
 */
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

/** Whether a lead of the campaign has a field of this name in any spelling merge fields would match
 *  (templates/field-names.ts: case, spaces, underscores and hyphens aside). The spellings come from the
 *  workspace's field names (lead_field_name), so only leads are read that may hold one, and the first one
 *  found ends the read. */
export async function leadsHaveField(em: EntityManager, workspaceId: string, campaignId: string, name: string): Promise<boolean> {
  const names = (await sql(em, `select name from lead_field_name where workspace_id = ?`, [workspaceId])).map((r) => String(r.name));
  const spellings = names.filter((k) => sameField(k, name));
  if (!spellings.length) return false;
  const rows = await sql(em, `select 1 from lead l where l.campaign_id = ? and jsonb_exists_any(l.vars, ?::text[]) limit 1`, [campaignId, textArray(spellings)]);
  return rows.length > 0;
}

/**
 * Queues a run: every lead of the campaign (only `leadIds` when given) gets a cell with `queued`, except
 * edited cells and, unless `all`, leads that already have a value. Returns how many were queued.
 * @allWorkspaces keyed by a column the caller locked in its workspace; column.workspaceId is written, not matched
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

/**
 * The next cells a run fills, in the queued index's order.
 * @allWorkspaces keyed by the column the column-run job holds the lease of
 */
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
 * @allWorkspaces keyed by a cell of the column the column-run job holds the lease of
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

/**
 * A hand-written value: the cell becomes `edited` (runs never touch it again) and the lead gets it.
 * @allWorkspaces keyed by a column and a lead of its campaign the caller found in its workspace
 */
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

/**
 * Removes the values a column wrote (done and edited cells) from its leads.
 * @allWorkspaces keyed by a column the caller found in its workspace
 */
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

/**
 * The cells of the campaign's columns for these leads (lead index), columns oldest first.
 * @allWorkspaces keyed by a campaign the caller found in its workspace (findOr404)
 */
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
 * @allWorkspaces keyed by the campaign being launched, found in the caller's workspace
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

/**
 * The names of the campaign's columns, oldest first.
 * @allWorkspaces keyed by the campaign being launched, found in the caller's workspace
 */
export async function columnNames(em: EntityManager, campaignId: string): Promise<string[]> {
  const rows = await sql(em, `select name from lead_column where campaign_id = ? order by created_at, id`, [campaignId]);
  return rows.map((r) => String(r.name));
}

/**
 * The variants of each of the campaign's email steps (task steps left out), as stored.
 * @allWorkspaces keyed by a campaign the caller found in its workspace
 */
export async function emailStepVariants(em: EntityManager, campaignId: string): Promise<Variant[][]> {
  const rows = await sql(em, `select variants from step where campaign_id = ? and task is null`, [campaignId]);
  return rows.map((r) => (r.variants as Variant[] | null) ?? []);
}

/**
 * Writes a column's template and max_chars unless it is running: the check and the write in one
 * statement, so a run started meanwhile is not changed under it. False when it was running.
 * @allWorkspaces keyed by a column the caller found in its workspace (findOr404)
 */
export async function updateColumnDefinition(em: EntityManager, columnId: string, def: { template: string | null; maxChars: number }): Promise<boolean> {
  const changed = await sql(em, `update lead_column set template = ?, max_chars = ? where id = ? and not running returning id`, [def.template, def.maxChars, columnId]);
  return changed.length > 0;
}

export interface PreviewLead {
  id: string;
  email: string;
  vars: Record<string, string>;
}

/**
 * The campaign's first `limit` leads (oldest first): what a column preview runs on.
 * @allWorkspaces keyed by a campaign the caller found in its workspace (findOr404)
 */
export async function firstLeads(em: EntityManager, campaignId: string, limit: number): Promise<PreviewLead[]> {
  const rows = await sql(em, `select id, email, vars from lead where campaign_id = ? order by created_at, id limit ?`, [campaignId, limit]);
  return rows.map((r) => ({ id: String(r.id), email: String(r.email), vars: (r.vars as Record<string, string>) ?? {} }));
}

export interface LockedColumn {
  id: string;
  campaignId: string;
  name: string;
  kind: string;
  running: boolean;
  runTotal: number;
  runLeft: number;
}

/** The workspace's column, locked (FOR UPDATE) until the transaction ends; null when there is none. */
export async function lockWorkspaceColumn(em: EntityManager, workspaceId: string, columnId: string): Promise<LockedColumn | null> {
  const [c] = await sql(em, `select id, campaign_id, name, kind, running, run_total, run_left from lead_column where id = ? and workspace_id = ? for update`, [
    columnId,
    workspaceId,
  ]);
  if (!c) return null;
  return {
    id: String(c.id),
    campaignId: String(c.campaign_id),
    name: String(c.name),
    kind: String(c.kind),
    running: Boolean(c.running),
    runTotal: Number(c.run_total),
    runLeft: Number(c.run_left),
  };
}

/**
 * Starts a run of `total` queued cells (none: the column is left not running).
 * @allWorkspaces keyed by a column the caller locked in its workspace (lockWorkspaceColumn)
 */
export async function startColumnRun(em: EntityManager, columnId: string, total: number): Promise<void> {
  await sql(em, `update lead_column set running = ?, run_total = ?, run_left = ?, run_note = null, run_lease_until = null where id = ?`, [total > 0, total, total, columnId]);
}

/**
 * Locks the column (FOR UPDATE) until the transaction ends and says whether it is running; null when it
 * is gone.
 * @allWorkspaces keyed by a column the caller found in its workspace (findOr404)
 */
export async function lockColumnRunning(em: EntityManager, columnId: string): Promise<{ running: boolean } | null> {
  const [row] = await sql(em, `select running from lead_column where id = ? for update`, [columnId]);
  return row ? { running: Boolean(row.running) } : null;
}

/**
 * Deletes the column (its cells go with it: on delete cascade).
 * @allWorkspaces keyed by a column the caller found in its workspace and locked (lockColumnRunning)
 */
export async function deleteColumnRow(em: EntityManager, columnId: string): Promise<void> {
  await sql(em, `delete from lead_column where id = ?`, [columnId]);
}

/**
 * Whether the lead belongs to the campaign.
 * @allWorkspaces keyed by the campaign of a column the caller found in its workspace
 */
export async function isLeadOfCampaign(em: EntityManager, leadId: string, campaignId: string): Promise<boolean> {
  const [lead] = await sql(em, `select id from lead where id = ? and campaign_id = ?`, [leadId, campaignId]);
  return lead !== undefined;
}

/** The workspace's prompt-column model calls in the month (YYYY-MM). */
export async function columnCallsInMonth(em: EntityManager, workspaceId: string, month: string): Promise<number> {
  const [row] = await sql(em, `select calls from column_usage where workspace_id = ? and month = ?`, [workspaceId, month]);
  return Number(row?.calls ?? 0);
}

/** Takes one call of the workspace's allowance for the month, atomically; false when `cap` is reached
 *  (nothing taken). */
export async function takeColumnCall(em: EntityManager, workspaceId: string, month: string, cap: number, now: Date): Promise<boolean> {
  const rows = await sql(
    em,
    `insert into column_usage (id, created_at, workspace_id, month, calls) values (gen_random_uuid(), ?, ?, ?, 1)
     on conflict (workspace_id, month) do update set calls = column_usage.calls + 1 where column_usage.calls < ?
     returning calls`,
    [now, workspaceId, month, cap],
  );
  return rows.length > 0;
}
