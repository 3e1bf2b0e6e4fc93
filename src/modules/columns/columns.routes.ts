// api.md Columns and decisions.md §7: the columns of a campaign, trying one out, running, editing and
// removing them. Column objects and cells are snake_case.
import { body, jsonRoute, query } from '../../contracts/api-route';
import { Deleted } from '../../contracts/graphql/common.types';
import { BlockCellsQuery, CreateBlockInput, RunBlockInput, UpdateBlockCellInput, UpdateBlockInput } from './columns.inputs';
import * as columns from './columns.service';
import { BlockCellView, BlockPreviewView, BlockRunView, BlockView } from './columns.types';

export const columnRoutes = [
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id/blocks',
    scope: 'campaigns:read',
    summary: "The campaign's columns, oldest first, with done, failed, flagged and edited lead counts",
    response: { type: BlockView, list: true, shape: 'snake' },
    handle: (ctx, { params }) => columns.listColumns(ctx, params.id),
  }),
  jsonRoute({
    method: 'post',
    path: '/campaigns/:id/blocks',
    scope: 'campaigns:write',
    summary: 'Add a column: a website or prompt column filling a new lead field',
    body: body(CreateBlockInput),
    response: { type: BlockView, shape: 'snake' },
    handle: (ctx, { params, body }) => columns.createColumn(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'post',
    path: '/campaigns/:id/blocks/preview',
    scope: 'campaigns:read',
    summary: 'Try a column on five leads; nothing is saved (prompt calls count under the monthly cap)',
    body: body(CreateBlockInput),
    response: { type: BlockPreviewView, shape: 'snake' },
    handle: (ctx, { params, body }) => columns.previewColumn(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id/blocks/cells',
    scope: 'campaigns:read',
    summary: "The cells of the campaign's columns for up to 200 leads (lead_ids, comma-separated)",
    query: query(BlockCellsQuery),
    response: { type: BlockCellView, list: true, shape: 'snake' },
    handle: (ctx, { params, query }) => columns.cellsForLeads(ctx, params.id, query),
  }),
  jsonRoute({
    method: 'patch',
    path: '/blocks/:id',
    scope: 'campaigns:write',
    summary: "Change a column's template or max_chars; refused while a run goes",
    body: body(UpdateBlockInput),
    response: { type: BlockView, shape: 'snake' },
    handle: (ctx, { params, body }) => columns.updateColumn(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'post',
    path: '/blocks/:id/run',
    scope: 'campaigns:write',
    summary: 'Fill the column in the background: leads without a value, lead_ids only, or all (never edited cells)',
    body: body(RunBlockInput),
    response: { type: BlockRunView, shape: 'snake' },
    handle: (ctx, { params, body }) => columns.runColumn(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'delete',
    path: '/blocks/:id',
    scope: 'campaigns:write',
    summary: 'Remove a column and the values it wrote',
    response: { type: Deleted },
    handle: (ctx, { params }) => columns.deleteColumn(ctx, params.id),
  }),
  jsonRoute({
    method: 'patch',
    path: '/blocks/:id/cells/:leadId',
    scope: 'campaigns:write',
    summary: "Set a lead's value by hand (status edited; runs never overwrite it)",
    body: body(UpdateBlockCellInput),
    response: { type: BlockCellView, shape: 'snake' },
    handle: (ctx, { params, body }) => columns.editCell(ctx, params.id, params.leadId, body),
  }),
];
