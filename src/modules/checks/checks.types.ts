// GraphQL output types of the campaign checks (api.md "Checks, preview, diagnostics"). REST answers the
// same objects in snake_case.
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('PreviewLead', { description: 'The lead the preview was rendered for.' })
export class PreviewLeadView {
  @Field(() => ID) id!: string;
  @Field() email!: string;
}

@ObjectType('PreviewBlank', { description: 'A merge field without a fallback that rendered empty in this preview.' })
export class PreviewBlankView {
  @Field({ description: 'The name as written in the template.' }) field!: string;
  @Field({ description: 'lead (a lead field) or inbox (a sender field such as sendingAccountFirstName)' }) source!: string;
}

@ObjectType('PreviewStep', { description: 'One email as it would be sent: the subject line and the text/plain part (signature included).' })
export class PreviewStepView {
  @Field() subject!: string;
  @Field() text!: string;
  @Field(() => [PreviewBlankView], { description: 'Merge fields that rendered empty (no value, no fallback); [] when none.' }) blanks!: PreviewBlankView[];
}

@ObjectType('PreviewNote', { description: 'Why the preview differs from a real send.' })
export class PreviewNoteView {
  @Field({
    description:
      'no_lead (rendered from vars alone), no_inbox (sender fields blank, no signature, no From) or template_invalid (a broken {{#if}}/{{else}}/{{/if}} tag, shown as written; saving it is refused)',
  })
  code!: string;
  @Field() text!: string;
}

@ObjectType('CampaignPreview', { description: 'POST /campaigns/:id/preview: nothing is saved or sent.' })
export class CampaignPreviewView {
  @Field(() => PreviewLeadView, { nullable: true, description: 'null when the campaign has no lead and none was named.' }) lead!: PreviewLeadView | null;
  @Field(() => String, { nullable: true, description: 'The From header, "Name <address>", of the inbox used; null when the campaign has no inbox.' })
  from!: string | null;
  @Field(() => [PreviewStepView], { description: 'One per step sent (or per email step of the campaign when no steps were sent), in order.' })
  steps!: PreviewStepView[];
  @Field(() => [PreviewNoteView], { description: '[] when the preview is what a send would be.' }) notes!: PreviewNoteView[];
}

@ObjectType('MergeCheckStep', { description: 'Where a field is used: the step position and variant number (both from 1).' })
export class MergeCheckStepView {
  @Field(() => Int) position!: number;
  @Field(() => Int) variant!: number;
}

@ObjectType('MergeCheckField', {
  description:
    'A merge field used without a fallback by an enabled variant of an email step that would render blank. ' +
    'For source "lead": `blank` leads still in the sequence (pending, active or paused) of `total` lack a non-blank value. ' +
    'For source "inbox" (sendingAccountFirstName, sendingAccountName): `blank` inboxes of the campaign of `total` have an empty from name.',
})
export class MergeCheckFieldView {
  @Field({ description: 'The name as first written in the steps.' }) field!: string;
  @Field({ description: 'lead or inbox' }) source!: string;
  @Field(() => Int, { description: 'Leads (or inboxes) that would get a blank.' }) blank!: number;
  @Field(() => Int, { description: 'Leads still in the sequence (or inboxes of the campaign).' }) total!: number;
  @Field(() => [MergeCheckStepView]) steps!: MergeCheckStepView[];
}

@ObjectType('CopyWarning', { description: 'A copy-check finding; never blocks activation.' })
export class CopyWarningView {
  @Field(() => Int, { description: 'Step position, from 1.' }) position!: number;
  @Field(() => Int, { description: 'Variant number, from 1.' }) variant!: number;
  @Field({ description: 'spam_words, links, capitals, exclamation, long_subject, long_body, images, no_opt_out or blank_subject' }) code!: string;
  @Field() message!: string;
  @Field(() => [String], { description: 'The words, links or images found, or the subject a blank one takes; [] when the code has none.' }) terms!: string[];
}

@ObjectType('DiagnoseProblem')
export class DiagnoseProblemView {
  @Field({ description: 'high (nothing can be sent), medium (hurts delivery or holds sending back) or low' }) severity!: string;
  @Field({ description: 'domain_<check>, domain_unchecked, inbox_*, ramp_low, no_inbox, no_steps, copy_<copy-check code>' }) code!: string;
  @Field() text!: string;
  @Field({ description: 'What to do about it.' }) fix!: string;
}

@ObjectType('CampaignDiagnosis', { description: 'GET /campaigns/:id/diagnose: read-only, from stored data and the last domain health run.' })
export class DiagnosisView {
  @Field(() => [DiagnoseProblemView]) problems!: DiagnoseProblemView[];
}
