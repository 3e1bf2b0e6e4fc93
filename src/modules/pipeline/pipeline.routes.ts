// api.md Pipeline: the five stages and moving a lead between them.
import { body, jsonRoute, query } from '../../contracts/api-route';
import { objectPage } from '../../contracts/pagination/keyset';
import { MovePipelineLeadInput, PipelineQueryInput } from './pipeline.inputs';
import { getPipeline, movePipelineLead } from './pipeline.service';
import { PipelineMoveView, PipelineView } from './pipeline.types';

export const pipelineRoutes = [
  jsonRoute({
    method: 'get',
    path: '/analytics/pipeline',
    scope: 'reports:read',
    summary: "The five pipeline stages with counts, values (lead deal value else the campaign's) and a page of leads each",
    query: query(PipelineQueryInput),
    cursorPage: true,
    response: { type: PipelineView, shape: 'snake', omit: ['nextCursor'] },
    handle: async (ctx, { query }) => {
      const { nextCursor, ...body } = await getPipeline(ctx, query);
      return objectPage(body, nextCursor);
    },
  }),
  jsonRoute({
    method: 'patch',
    path: '/analytics/pipeline/:leadId',
    scope: 'leads:write',
    summary: 'Move a lead that has replied to meeting_booked, meeting_completed, won or lost; its sequence stops, nothing is sent',
    body: body(MovePipelineLeadInput),
    response: { type: PipelineMoveView },
    handle: (ctx, { params, body }) => movePipelineLead(ctx, params.leadId, body),
  }),
];
