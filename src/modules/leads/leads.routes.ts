// api.md Leads: the lists (X-Total-Count), fields, the CSV export, search, one lead, its activity,
// changes and deletion; the four ways in (import counts, snake_case); lead lists and saved filters.
// Lead objects are camelCase, their `vars` as given.
import { body, csvDownloadRoute, csvUploadRoute, customBody, jsonRoute, query } from '../../contracts/api-route';
import { Deleted } from '../../contracts/graphql/common.types';
import * as background from './background/background-jobs.service';
import { AddListLeadsInput, AddManualLeadsInput, AddSheetLeadsInput } from './import/import.inputs';
import * as imports from './import/import.service';
import { ImportCounts } from './import.types';
import * as filters from './lead-filters.service';
import * as lists from './lead-lists.service';
import { CreateLeadListInput } from './lead-lists.inputs';
import { LeadListImportCounts, LeadListView } from './lead-lists.types';
import { csvFileName } from './leads-csv';
import * as leads from './leads.service';
import { CreateLeadFilterInput, LeadQueryInput, LeadSearchInput, parseCreateLeadFilter, UpdateLeadInput, WorkspaceLeadQueryInput } from './leads.inputs';
import { LeadActivity, LeadFilterView, LeadSearchHit, LeadView } from './leads.types';

const csvRead = (csv: string | NodeJS.ReadableStream) => csv as Parameters<typeof imports.addCsvLeads>[2];

export const leadRoutes = [
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id/leads',
    scope: 'leads:read',
    summary: "A campaign's leads, newest first, filtered; X-Total-Count is the number matching",
    query: query(LeadQueryInput),
    totalCount: true,
    cursorPage: true,
    response: { type: LeadView, list: true, omit: ['campaignName'] },
    handle: async (ctx, { params, query }) => {
      const { total, leads: items, nextCursor } = await leads.listCampaignLeads(ctx, params.id, query);
      return { total, items, nextCursor };
    },
  }),
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id/lead-fields',
    scope: 'leads:read',
    summary: "Every field name the campaign's leads carry, in order of first appearance",
    response: { schema: { type: 'object', properties: { fields: { type: 'array', items: { type: 'string' } } }, required: ['fields'] } },
    handle: (ctx, { params }) => leads.leadFields(ctx, params.id),
  }),
  csvDownloadRoute({
    method: 'get',
    path: '/campaigns/:id/leads.csv',
    scope: 'leads:read',
    summary: "The campaign's leads as CSV",
    response: { schema: { type: 'string' }, description: 'text/csv' },
    handle: (ctx, { params }, open) => leads.exportCampaignLeadsCsv(ctx, params.id, (campaign) => open(csvFileName(campaign.name))),
    startJob: (ctx, { params }) => background.startExport(ctx, params.id),
  }),
  jsonRoute({
    method: 'get',
    path: '/leads',
    scope: 'leads:read',
    summary: 'Leads of every campaign, newest first, filtered; X-Total-Count is the number matching',
    query: query(WorkspaceLeadQueryInput),
    totalCount: true,
    cursorPage: true,
    response: {
      type: LeadView,
      list: true,
      omit: ['workspaceId', 'campaignId', 'campaignName', 'timezone', 'wonAt', 'dealValue', 'note', 'provider', 'verification', 'verifiedAt', 'awayUntil', 'sendZone'],
      extra: { campaign_id: { type: 'string', format: 'uuid' }, campaign: { type: 'string', description: 'Campaign name' } },
    },
    handle: async (ctx, { query }) => {
      const { total, leads: page, nextCursor } = await leads.listLeads(ctx, query);
      const items = page.map((l) => ({
        id: l.id,
        email: l.email,
        vars: l.vars,
        status: l.status,
        stopReason: l.stopReason,
        interest: l.interest,
        currentStep: l.currentStep,
        nextDueAt: l.nextDueAt,
        createdAt: l.createdAt,
        campaign_id: l.campaignId,
        campaign: l.campaignName,
      }));
      return { total, items, nextCursor };
    },
  }),
  jsonRoute({
    method: 'get',
    path: '/leads/search',
    scope: 'leads:read',
    summary: 'Leads whose address or company contains q, newest first',
    query: query(LeadSearchInput),
    response: { type: LeadSearchHit, list: true, shape: 'snake' },
    handle: (ctx, { query }) => leads.searchLeads(ctx, query),
  }),
  jsonRoute({
    method: 'get',
    path: '/leads/:id',
    scope: 'leads:read',
    summary: 'One lead',
    response: { type: LeadView, omit: ['campaignName'] },
    handle: (ctx, { params }) => leads.getLead(ctx, params.id),
  }),
  jsonRoute({
    method: 'get',
    path: '/leads/:id/activity',
    scope: 'leads:read',
    summary: 'A lead and its activity timeline, oldest first',
    response: { type: LeadActivity, omit: ['lead.campaignName'], description: 'The lead camelCase, the timeline entries snake_case.' },
    handle: async (ctx, { params }) => {
      const { lead, timeline } = await leads.leadActivity(ctx, params.id);
      return { lead, timeline: timeline.map(({ stepLabel, ...e }) => ({ ...e, step_label: stepLabel })) };
    },
  }),
  jsonRoute({
    method: 'patch',
    path: '/leads/:id',
    scope: 'leads:write',
    summary: "Change a lead's fields, status, interest, deal value or note",
    body: body(UpdateLeadInput),
    response: { type: LeadView, omit: ['campaignName'] },
    handle: (ctx, { params, body }) => leads.updateLead(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'delete',
    path: '/leads/:id',
    scope: 'leads:write',
    summary: 'Delete a lead never emailed',
    response: { type: Deleted },
    handle: (ctx, { params }) => leads.deleteLead(ctx, params.id),
  }),

  // The four ways in (api.md "Adding leads"): one answer, the import counts; with ?async=true a
  // background job (decisions.md §12, background/README.md) and 202 {job_id}.
  jsonRoute({
    method: 'post',
    path: '/campaigns/:id/leads/manual',
    scope: 'leads:write',
    summary: 'Add leads given as JSON',
    body: body(AddManualLeadsInput),
    response: { type: ImportCounts, shape: 'snake' },
    handle: (ctx, { params, body }) => imports.addManualLeads(ctx, params.id, body),
    startJob: (ctx, { params, body }) => background.startManualImport(ctx, params.id, body),
  }),
  csvUploadRoute({
    method: 'post',
    path: '/campaigns/:id/leads',
    scope: 'leads:write',
    summary: 'Add leads from a CSV (text/csv body or multipart field "file")',
    csv: 'stream',
    response: { type: ImportCounts, shape: 'snake' },
    handle: (ctx, { params, body }) => body.read((csv) => imports.addCsvLeads(ctx, params.id, csvRead(csv))),
    startJob: (ctx, { params, body }) => body.read((csv) => background.startCsvImport(ctx, params.id, csvRead(csv))),
  }),
  jsonRoute({
    method: 'post',
    path: '/campaigns/:id/leads/sheet',
    scope: 'leads:write',
    summary: 'Add leads from a published spreadsheet link',
    body: body(AddSheetLeadsInput),
    response: { type: ImportCounts, shape: 'snake' },
    handle: (ctx, { params, body }) => imports.addSheetLeads(ctx, params.id, body),
    startJob: (ctx, { params, body }) => background.startSheetImport(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'post',
    path: '/campaigns/:id/leads/from-list',
    scope: 'leads:write',
    summary: 'Add the leads of a lead list',
    body: body(AddListLeadsInput),
    response: { type: ImportCounts, shape: 'snake' },
    handle: (ctx, { params, body }) => imports.addListLeads(ctx, params.id, body),
    startJob: (ctx, { params, body }) => background.startListImport(ctx, params.id, body),
  }),

  // Lead lists: api.md shows a new list camelCase ({id, workspaceId, name, createdAt}) and the list
  // endpoint snake_case ({id, name, created_at, leads}).
  jsonRoute({
    method: 'post',
    path: '/lead-lists',
    scope: 'leads:write',
    summary: 'Create a lead list',
    body: body(CreateLeadListInput),
    response: { type: LeadListView, omit: ['leads'] },
    handle: async (ctx, { body }) => {
      const { id, workspaceId, name, createdAt } = await lists.createLeadList(ctx, body);
      return { id, workspaceId, name, createdAt };
    },
  }),
  csvUploadRoute({
    method: 'post',
    path: '/lead-lists/:id/leads',
    scope: 'leads:write',
    summary: 'Add the rows of a CSV to a list (text/csv body or multipart field "file")',
    csv: 'stream',
    response: { type: LeadListImportCounts, shape: 'snake' },
    handle: (ctx, { params, body }) => body.read((csv) => lists.importLeadListCsv(ctx, params.id, csvRead(csv))),
  }),
  jsonRoute({
    method: 'get',
    path: '/lead-lists',
    scope: 'leads:read',
    summary: 'Lead lists, oldest first, with their address counts',
    response: { type: LeadListView, list: true, omit: ['workspaceId'], shape: 'snake' },
    handle: async (ctx) => (await lists.listLeadLists(ctx)).map((l) => ({ id: l.id, name: l.name, createdAt: l.createdAt, leads: l.leads })),
  }),
  jsonRoute({
    method: 'delete',
    path: '/lead-lists/:id',
    scope: 'leads:write',
    summary: 'Delete a list (leads it added to campaigns stay)',
    response: { type: Deleted },
    handle: (ctx, { params }) => lists.deleteLeadList(ctx, params.id),
  }),

  // Saved filters are snake_case, their filter in the lead list's query names (list_id).
  jsonRoute({
    method: 'post',
    path: '/lead-filters',
    scope: 'leads:write',
    summary: 'Save a lead filter',
    body: customBody(CreateLeadFilterInput, parseCreateLeadFilter),
    response: { type: LeadFilterView, omit: ['createdAt'], shape: 'snake' },
    handle: async (ctx, { body }) => {
      const { id, name, filter } = await filters.createLeadFilter(ctx, body);
      return { id, name, filter };
    },
  }),
  jsonRoute({
    method: 'get',
    path: '/lead-filters',
    scope: 'leads:read',
    summary: 'Saved lead filters by name',
    response: { type: LeadFilterView, list: true, shape: 'snake' },
    handle: (ctx) => filters.listLeadFilters(ctx),
  }),
  jsonRoute({
    method: 'delete',
    path: '/lead-filters/:id',
    scope: 'leads:write',
    summary: 'Delete a saved filter',
    response: { type: Deleted },
    handle: (ctx, { params }) => filters.deleteLeadFilter(ctx, params.id),
  }),
];
