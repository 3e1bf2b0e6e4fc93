// api.md Steps and sequence templates.
import { body, customBody, jsonRoute } from '../../contracts/api-route';
import { Deleted } from '../../contracts/graphql/common.types';
import { StepCount, StepVariantState } from './step.types';
import * as steps from './steps.service';
import { ApplySequenceTemplateInput, CreateSequenceTemplateInput, parseStepInputs, StepInput, StepVariantInput } from './steps.inputs';
import * as templates from './templates.service';
import { SequenceTemplateView } from './templates.types';

/** A path number such as `:position`; anything that is not one never names a step (404 in the service). */
const pathNumber = (s: string) => (/^\d{1,9}$/.test(s) ? Number(s) : NaN);

export const stepRoutes = [
  jsonRoute({
    method: 'put',
    path: '/campaigns/:id/steps',
    scope: 'campaigns:write',
    summary: "Replace the campaign's steps (an array of steps)",
    body: customBody(StepInput, parseStepInputs, { list: true }),
    response: { type: StepCount },
    handle: (ctx, { params, body }) => steps.updateCampaignSteps(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'patch',
    path: '/campaigns/:id/steps/:position/variants/:variant',
    scope: 'campaigns:write',
    summary: 'Turn one variant on or off (position and variant count from 1)',
    body: body(StepVariantInput),
    response: { type: StepVariantState },
    handle: (ctx, { params, body }) =>
      steps.updateStepVariant(ctx, { campaignId: params.id, position: pathNumber(params.position), variant: pathNumber(params.variant), enabled: body.enabled }),
  }),
  jsonRoute({
    method: 'post',
    path: '/campaigns/:id/steps/from-template',
    scope: 'campaigns:write',
    summary: "Replace the campaign's steps with a template's, before it starts",
    body: body(ApplySequenceTemplateInput),
    response: { type: StepCount },
    handle: (ctx, { params, body }) => templates.applySequenceTemplate(ctx, params.id, body.templateId),
  }),
  jsonRoute({
    method: 'post',
    path: '/sequence-templates',
    scope: 'campaigns:write',
    summary: 'Save a sequence as a template',
    body: body(CreateSequenceTemplateInput),
    response: { type: SequenceTemplateView, omit: ['createdAt'] },
    handle: async (ctx, { body }) => {
      const { id, name, steps: count } = await templates.createSequenceTemplate(ctx, body);
      return { id, name, steps: count };
    },
  }),
  jsonRoute({
    method: 'get',
    path: '/sequence-templates',
    scope: 'campaigns:read',
    summary: 'Sequence templates by name',
    response: { type: SequenceTemplateView, list: true, shape: 'snake' },
    handle: (ctx) => templates.listSequenceTemplates(ctx),
  }),
  jsonRoute({
    method: 'delete',
    path: '/sequence-templates/:id',
    scope: 'campaigns:write',
    summary: 'Delete a sequence template',
    response: { type: Deleted },
    handle: (ctx, { params }) => templates.deleteSequenceTemplate(ctx, params.id),
  }),
];
