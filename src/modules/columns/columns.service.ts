// Columns (api.md Columns, decisions.md §7): one service function per use case, called by the resolver
// and the routes. Runs are queued here and done by the column-run job (column-run.job.ts).
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { AuthedCtx } from '../../runtime/context';
import { enqueueRecorded } from '../../runtime/job-queue';
import { findOr404, isUuid } from '../../storage/find';
import { AppError, notFound } from '../../contracts/errors';
import { Campaign } from '../campaigns/campaign.entity';
import { recordFieldOrder } from '../leads/field-order';
import { charLength, cleanVarValue, VAR_VALUE_MAX } from '../leads/lead-vars';
import { isReservedName, sameField } from '../templates/field-names';
import { checkTemplates } from '../templates/template-check';
import { mapLimited } from '../../runtime/concurrency';
import { DEFAULT_MAX_CHARS, fillCell, MAX_CHARS_LIMIT, RunStop, type CellOutcome, type ColumnDef } from './cell-fill';
import { Column, type ColumnKind } from './column.entity';
import { COLUMN_RUN_JOB } from './column-run.job';
import type { BlockCellsQuery, CreateBlockInput, RunBlockInput, UpdateBlockCellInput, UpdateBlockInput } from './columns.inputs';
import { CELL_LOOKUP_MAX } from './columns.inputs';
import {
  cellCounts,
  cellsOf,
  columnNames,
  deleteColumnRow,
  firstLeads,
  isLeadOfCampaign,
  leadsHaveField,
  lockColumnRunning,
  lockWorkspaceColumn,
  queueRun,
  removeValues,
  startColumnRun,
  updateColumnDefinition,
  writeEdit,
  type CellCounts,
  type CellRow,
} from './columns.queries';
import type { BlockPreviewRowView, BlockView } from './columns.types';
import { emailMergeFields, usedNames } from './email-fields';
import { templateFields } from './flags';
import { callsUsed, capReached, reserveCall } from './monthly-cap';

/** api.md Limits: a preview tries the column on five leads. */
export const PREVIEW_LEADS = 5;

// decisions.md §1: with LLM_BASE_URL unset, prompt columns refuse with a clear 400.
const modelNotConfigured = () =>
  new AppError('model_not_configured', 'No model endpoint is configured: set LLM_BASE_URL (with LLM_API_KEY and LLM_MODEL as the endpoint needs) to use prompt columns.');

const NO_COUNTS: CellCounts = { done: 0, failed: 0, flagged: 0, edited: 0 };

function view(c: Column, counts: CellCounts = NO_COUNTS): BlockView {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    template: c.template,
    maxChars: c.maxChars,
    running: c.running,
    runTotal: c.runTotal,
    runLeft: c.runLeft,
    runNote: c.runNote,
    ...counts,
    createdAt: c.createdAt,
  };
}

async function viewOf(ctx: AuthedCtx, c: Column): Promise<BlockView> {
  return view(c, (await cellCounts(ctx.em, [c.id])).get(c.id));
}

const invalid = (field: string, problem: string) => new AppError('validation_failed', `Invalid ${field}: ${problem}.`, { fields: { [field]: [problem] } });

/** The kind-dependent rules (api.md Columns): a prompt needs a template with a `{{variable}}`, a
 *  website column takes none; max_chars defaults by kind and stops at the kind's limit. */
function definition(input: { name: string; kind: string; template?: string | null; maxChars?: number }): ColumnDef {
  const kind = input.kind as ColumnKind;
  const maxChars = input.maxChars ?? DEFAULT_MAX_CHARS[kind];
  if (maxChars > MAX_CHARS_LIMIT[kind]) throw invalid('max_chars', `must be at most ${MAX_CHARS_LIMIT[kind]} for a ${kind} column`);
  if (kind === 'website') {
    if (input.template != null) throw invalid('template', "a website column takes no template (it reads the lead's homepage)");
    return { name: input.name, kind, template: null, maxChars };
  }
  checkTemplate(input.template ?? null);
  return { name: input.name, kind, template: input.template!, maxChars };
}

function checkTemplate(template: string | null): void {
  // api.md Columns: a prompt column needs template with at least one {{variable}}.
  if (template === null || !template.trim()) throw invalid('template', 'a prompt column needs a template');
  if (!templateFields(template).length) throw invalid('template', 'must contain at least one {{variable}} naming a lead field');
  // decisions.md §11: a broken block tag refuses the template (details: {field: "template", at}).
  checkTemplates([{ text: template, where: { field: 'template' }, label: 'The template' }]);
}

function checkRunning(c: Column): void {
  // decisions.md §3: changing a column while it runs is 409.
  if (c.running) throw new AppError('column_running', `The column ${c.name} is running (${c.runLeft} of ${c.runTotal} left); wait until it ends.`);
}

const loadColumn = (ctx: AuthedCtx, id: string) => findOr404(ctx.em, Column, id, 'Column');

export async function listColumns(ctx: AuthedCtx, campaignId: string): Promise<BlockView[]> {
  const campaign = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const columns = await ctx.em.find(Column, { campaign }, { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  const counts = await cellCounts(
    ctx.em,
    columns.map((c) => c.id),
  );
  return columns.map((c) => view(c, counts.get(c.id)));
}

export async function createColumn(ctx: AuthedCtx, campaignId: string, input: CreateBlockInput): Promise<BlockView> {
  const campaign = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const def = definition(input);
  // Reserved names win over lead fields (templates/field-names.ts): a column so named would never show.
  if (isReservedName(def.name)) throw invalid('name', `${def.name} is a reserved merge field`);
  const taken = () =>
    new AppError('column_name_taken', `The leads of this campaign already have a field named ${def.name} (or a column fills it); pick another name.`, { name: def.name });
  // decisions.md §3: a column name a lead field already has is 400.
  // Names compare as merge fields find them (decisions.md §11): `company_name` beside a column or lead
  // field `companyName` would leave `{{company name}}` two fields to choose from.
  if ((await columnNames(ctx.em, campaign.id)).some((n) => sameField(n, def.name)) || (await leadsHaveField(ctx.em, ctx.actor.workspaceId, campaign.id, def.name))) throw taken();
  const column = ctx.em.create(Column, { workspace: ctx.actor.workspaceId, campaign, ...def });
  try {
    await ctx.em.persistAndFlush(column);
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) throw taken();
    throw err;
  }
  // The field lists after the campaign's others (lead-fields, leads.csv).
  await recordFieldOrder(ctx.em, 'campaign', campaign.id, [def.name]);
  return view(column);
}

export async function updateColumn(ctx: AuthedCtx, id: string, input: UpdateBlockInput): Promise<BlockView> {
  const column = await loadColumn(ctx, id);
  checkRunning(column);
  const template = input.template !== undefined ? input.template : column.template;
  const def = definition({ name: column.name, kind: column.kind, template, maxChars: input.maxChars ?? column.maxChars });
  // The running check and the write in one statement, so a run started meanwhile is not changed under it.
  const changed = await updateColumnDefinition(ctx.em, column.id, def);
  await ctx.em.refresh(column);
  if (!changed) checkRunning(column);
  return viewOf(ctx, column);
}

/** The first leads of the campaign, tried with the column's fields; nothing is saved. */
export async function previewColumn(ctx: AuthedCtx, campaignId: string, input: CreateBlockInput): Promise<{ rows: BlockPreviewRowView[] }> {
  const campaign = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const def = definition(input);
  const now = ctx.deps.clock.now();
  const cap = ctx.deps.config.columnMonthlyCap;
  if (def.kind === 'prompt') {
    if (!ctx.deps.config.llm.baseUrl) throw modelNotConfigured();
    if ((await callsUsed(ctx.em, ctx.actor.workspaceId, now)) >= cap) throw capReached(now, cap);
  }
  const leads = await firstLeads(ctx.em, campaign.id, PREVIEW_LEADS);
  // Web pages and the model are waited on: one of the workspace's slots for work on outside servers.
  const rows = await ctx.deps.peerWork.run(ctx.actor.workspaceId, () =>
    mapLimited(leads, PREVIEW_LEADS, async (lead): Promise<BlockPreviewRowView> => {
      let outcome: CellOutcome;
      try {
        // A preview is interactive: one try, no back-off.
        outcome = await fillCell(ctx.deps, lead, def, { reserveCall: () => reserveCall(ctx.em.fork(), ctx.actor.workspaceId, ctx.deps.clock.now(), cap), attempts: 1 });
      } catch (err) {
        if (!(err instanceof RunStop)) throw err;
        if (err.error.code === 'model_unreachable' || err.error.code === 'model_failed') throw err.error;
        outcome = { status: 'failed', value: null, note: err.note.replace(/^Stopped: /, ''), review: null, input: null };
      }
      return { leadId: lead.id, email: lead.email, status: outcome.status, value: outcome.value, note: outcome.note, review: outcome.review, input: outcome.input };
    }),
  );
  return { rows };
}

export async function cellsForLeads(ctx: AuthedCtx, campaignId: string, query: BlockCellsQuery): Promise<CellRow[]> {
  const campaign = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  if (!query.leadIds) throw invalid('lead_ids', 'is required: comma-separated lead ids');
  const ids = [...new Set(query.leadIds.split(','))];
  if (ids.length > CELL_LOOKUP_MAX) throw invalid('lead_ids', `at most ${CELL_LOOKUP_MAX} lead ids`);
  if (!ids.every(isUuid)) throw invalid('lead_ids', 'must be comma-separated lead ids');
  return cellsOf(ctx.em, campaign.id, ids);
}

export async function cellsForLeadList(ctx: AuthedCtx, campaignId: string, leadIds: readonly string[]): Promise<CellRow[]> {
  return cellsForLeads(ctx, campaignId, { leadIds: leadIds.join(',') });
}

/** decisions.md §7: POST /blocks/:id/run. */
export async function runColumn(ctx: AuthedCtx, id: string, input: RunBlockInput = {}): Promise<{ running: boolean; runTotal: number }> {
  if (!isUuid(id)) throw notFound('Column');
  const now = ctx.deps.clock.now();
  const cap = ctx.deps.config.columnMonthlyCap;
  const result = await ctx.em.transactional(async (tx) => {
    const c = await lockWorkspaceColumn(tx, ctx.actor.workspaceId, id);
    if (!c) throw notFound('Column');
    if (c.running) throw new AppError('column_running', `The column ${c.name} is running (${c.runLeft} of ${c.runTotal} left); wait until it ends.`);
    if (c.kind === 'prompt') {
      if (!ctx.deps.config.llm.baseUrl) throw modelNotConfigured();
      if ((await callsUsed(tx, ctx.actor.workspaceId, now)) >= cap) throw capReached(now, cap);
    }
    const total = await queueRun(
      tx,
      { id: c.id, workspaceId: ctx.actor.workspaceId, campaignId: c.campaignId, name: c.name },
      { all: input.all === true, leadIds: input.leadIds ?? null, now },
    );
    await startColumnRun(tx, id, total);
    return { running: total > 0, runTotal: total };
  });
  if (result.running) await enqueueRecorded(ctx.deps, COLUMN_RUN_JOB, { columnId: id }, 'the column resume job (column-run.job.ts resumeRuns)');
  return result;
}

/** decisions.md §7: DELETE /blocks/:id removes the column and the values it wrote. */
export async function deleteColumn(ctx: AuthedCtx, id: string): Promise<{ deleted: true }> {
  const column = await loadColumn(ctx, id);
  checkRunning(column);
  const campaign = await ctx.em.findOneOrFail(Campaign, column.campaign.id);
  if (campaign.status === 'active' && usedNames(await emailMergeFields(ctx.em, campaign.id), [column.name], { withoutFallback: false }).length) {
    throw new AppError('column_in_use', `An email of the active campaign ${campaign.name} uses {{${column.name}}}; remove it from the emails or pause the campaign first.`, {
      name: column.name,
    });
  }
  await ctx.em.transactional(async (tx) => {
    const locked = await lockColumnRunning(tx, column.id);
    if (!locked) return;
    if (locked.running) throw new AppError('column_running', `The column ${column.name} started a run meanwhile; wait until it ends.`);
    await removeValues(tx, column.id, column.name);
    await deleteColumnRow(tx, column.id);
  });
  return { deleted: true };
}

/** decisions.md §7: PATCH /blocks/:id/cells/:leadId sets the value by hand; runs never overwrite it. */
export async function editCell(ctx: AuthedCtx, id: string, leadId: string, input: UpdateBlockCellInput): Promise<CellRow> {
  const column = await loadColumn(ctx, id);
  if (!isUuid(leadId)) throw notFound('Lead');
  if (!(await isLeadOfCampaign(ctx.em, leadId, column.campaign.id))) throw notFound('Lead');
  // Cleaned as lead vars are (decisions.md §5), refused rather than cut when still too long.
  const value = cleanVarValue(input.value);
  const limit = Math.max(VAR_VALUE_MAX, column.kind === 'website' ? column.maxChars : 0);
  if (!value) throw invalid('value', 'must not be blank once cleaned');
  if (charLength(value) > limit) throw invalid('value', `must be at most ${limit} characters`);
  await ctx.em.transactional((tx) => writeEdit(tx, { workspaceId: ctx.actor.workspaceId, columnId: column.id, leadId, name: column.name }, value, ctx.deps.clock.now()));
  return { blockId: column.id, leadId, status: 'edited', note: null, review: null, queued: false };
}
