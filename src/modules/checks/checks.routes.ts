// api.md "Checks, preview, diagnostics": preview, merge-check, copy-check and diagnose (snake_case).
import { customBody, jsonRoute } from '../../contracts/api-route';
import { parsePreviewInput, PreviewInput } from './checks.inputs';
import { copyCheck, mergeCheck, previewCampaign } from './checks.service';
import { CampaignPreviewView, CopyWarningView, DiagnosisView, MergeCheckFieldView } from './checks.types';
import { diagnoseCampaign } from './diagnose.service';

export const checkRoutes = [
  jsonRoute({
    method: 'post',
    path: '/campaigns/:id/preview',
    scope: 'campaigns:read',
    summary: 'Render emails for one lead with the sending renderer; nothing is saved or sent',
    description:
      "steps left out: the campaign's own email steps. The lead is lead_id (404 when not in this campaign) or the campaign's first; vars are laid over its fields. " +
      'A campaign without leads or inboxes still previews, with notes saying what is missing.',
    body: customBody(PreviewInput, parsePreviewInput),
    response: { type: CampaignPreviewView, shape: 'snake' },
    handle: (ctx, { params, body }) => previewCampaign(ctx, params.id, body),
  }),
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id/merge-check',
    scope: 'campaigns:read',
    summary: 'Merge fields without a fallback that would render blank, with counts of leads or inboxes',
    response: { type: MergeCheckFieldView, list: true, shape: 'snake' },
    handle: (ctx, { params }) => mergeCheck(ctx, params.id),
  }),
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id/copy-check',
    scope: 'campaigns:read',
    summary: 'Copy warnings per step and variant (spam words, links, capitals, …); they never stop a campaign',
    response: { type: CopyWarningView, list: true, shape: 'snake' },
    handle: (ctx, { params }) => copyCheck(ctx, params.id),
  }),
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id/diagnose',
    scope: 'campaigns:read',
    summary: 'Deliverability problems of the campaign’s inboxes and domains, then copy warnings (read-only)',
    response: { type: DiagnosisView, shape: 'snake' },
    handle: (ctx, { params }) => diagnoseCampaign(ctx, params.id),
  }),
];
