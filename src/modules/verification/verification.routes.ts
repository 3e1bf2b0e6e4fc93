// api.md "Checks, preview, diagnostics": verify, verify-addresses and the verification counts.
import { jsonRoute } from '../../contracts/api-route';
import { campaignVerification, verifyCampaignAddresses, verifyCampaignDomains } from './verification.service';
import { AddressVerificationStartedView, CampaignVerificationView, DomainCheckView } from './verification.types';

export const verificationRoutes = [
  jsonRoute({
    method: 'post',
    path: '/campaigns/:id/verify',
    scope: 'leads:write',
    summary: 'Check that the domain of each lead still due mail has a mail server; leads on domains without one become invalid. Free.',
    response: { type: DomainCheckView, shape: 'snake' },
    handle: (ctx, { params }) => verifyCampaignDomains(ctx, params.id),
  }),
  jsonRoute({
    method: 'post',
    path: '/campaigns/:id/verify-addresses',
    scope: 'leads:write',
    summary: "Send each unchecked lead still due mail to the workspace's verifier; each is held from sending for a day at most",
    description: '400 verification_key_required until an owner saved a verification key (PUT /settings/verification-key).',
    response: { type: AddressVerificationStartedView, shape: 'snake' },
    handle: (ctx, { params }) => verifyCampaignAddresses(ctx, params.id),
  }),
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id/verification',
    scope: 'leads:read',
    summary: "The campaign's leads by verification result, and those a result keeps mail from",
    response: { type: CampaignVerificationView, shape: 'snake' },
    handle: (ctx, { params }) => campaignVerification(ctx, params.id),
  }),
];
