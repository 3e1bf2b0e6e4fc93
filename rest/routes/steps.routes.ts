import * as steps from '../../src/modules/steps/steps.service';
import * as templates from '../../src/modules/steps/templates.service';
import { ApplySequenceTemplateInput, CreateSequenceTemplateInput, parseStepInputs, StepVariantInput } from '../../src/modules/steps/steps.inputs';
import { parseInput } from '../../src/validation';
import { param, route } from '../route';
import { snake } from '../shape';

/** A path number such as `:position`; anything that is not one never names a step (404 in the service). */
const pathNumber = (s: string) => (/^\d{1,9}$/.test(s) ? Number(s) : NaN);

export const stepRoutes = [
  route({ method: 'put', path: '/campaigns/:id/steps', handle: async (ctx, req) => steps.updateCampaignSteps(ctx, param(req, 'id'), await parseStepInputs(req.body)) }),
  route({
    method: 'patch',
    path: '/campaigns/:id/steps/:position/variants/:variant',
    handle: async (ctx, req) => {
      const { enabled } = await parseInput(StepVariantInput, req.body);
      return steps.updateStepVariant(ctx, { campaignId: param(req, 'id'), position: pathNumber(param(req, 'position')), variant: pathNumber(param(req, 'variant')), enabled });
    },
  }),
  route({
    method: 'post',
    path: '/campaigns/:id/steps/from-template',
    handle: async (ctx, req) => templates.applySequenceTemplate(ctx, param(req, 'id'), (await parseInput(ApplySequenceTemplateInput, req.body)).templateId),
  }),
  route({
    method: 'post',
    path: '/sequence-templates',
    handle: async (ctx, req) => {
      const { id, name, steps: count } = await templates.createSequenceTemplate(ctx, await parseInput(CreateSequenceTemplateInput, req.body));
      return { id, name, steps: count };
    },
  }),
  route({ method: 'get', path: '/sequence-templates', handle: async (ctx) => snake(await templates.listSequenceTemplates(ctx)) }),
  route({ method: 'delete', path: '/sequence-templates/:id', handle: (ctx, req) => templates.deleteSequenceTemplate(ctx, param(req, 'id')) }),
];
