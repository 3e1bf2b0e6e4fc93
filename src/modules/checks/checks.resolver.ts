import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { PreviewInput } from './checks.inputs';
import { copyCheck, mergeCheck, previewCampaign } from './checks.service';
import { CampaignPreviewView, CopyWarningView, DiagnosisView, MergeCheckFieldView } from './checks.types';
import { diagnoseCampaign } from './diagnose.service';

@Resolver()
export class ChecksResolver {
  // A mutation as REST's POST is, though it changes nothing: the input is a body of emails to render.
  @Scope('campaigns:read')
  @Mutation(() => CampaignPreviewView, { description: 'POST /campaigns/:id/preview: renders emails for one lead; nothing is saved or sent.' })
  previewCampaign(@Arg('id', () => ID) id: string, @Arg('input', () => PreviewInput, { nullable: true }) input: PreviewInput | null, @Ctx() ctx: Context) {
    return previewCampaign(authed(ctx), id, input ?? {});
  }

  @Scope('campaigns:read')
  @Query(() => [MergeCheckFieldView], { description: 'GET /campaigns/:id/merge-check: [] when no field would be blank.' })
  campaignMergeCheck(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return mergeCheck(authed(ctx), id);
  }

  @Scope('campaigns:read')
  @Query(() => [CopyWarningView], { description: 'GET /campaigns/:id/copy-check.' })
  campaignCopyCheck(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return copyCheck(authed(ctx), id);
  }

  @Scope('campaigns:read')
  @Query(() => DiagnosisView, { description: 'GET /campaigns/:id/diagnose: read-only; domains from the last domain health run.' })
  campaignDiagnosis(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return diagnoseCampaign(authed(ctx), id);
  }
}
