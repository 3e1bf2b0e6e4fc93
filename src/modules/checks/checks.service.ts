// The campaign checks (api.md "Checks, preview, diagnostics"): preview, merge-check, copy-check and
// diagnose. All read-only: nothing is saved, sent or looked up outside the database.
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { AppError, notFound } from '../../contracts/errors';
import { Campaign } from '../campaigns/campaign.entity';
import { sendingInboxes } from '../campaigns/sender-pool';
import { Inbox } from '../inboxes/inbox.entity';
import { Lead } from '../leads/lead.entity';
import { chooseVariant } from '../sending/engine/variants';
import { renderEmailText } from '../sending/render/compose';
import { oneLine } from '../sending/render/headers';
import { threadOpener, threadStartSubject } from '../sending/schedule';
import { fieldKey } from '../templates/field-names';
import { spinSeed } from '../templates/spin';
import { mergeFieldsOf } from '../templates/template-fields';
import { firstTemplateError, templateErrorText } from '../templates/template-parse';
import { Step, type Variant } from '../steps/step.entity';
import { countBlankLeadFields } from './checks.queries';
import type { PreviewInput } from './checks.inputs';
import type { CampaignPreviewView, CopyWarningView, MergeCheckFieldView, PreviewNoteView } from './checks.types';
import { checkCopy, threadSubjectFinding } from './copy-check';

/** What `{{unsubscribe}}` shows in a preview (api.md Checks: preview). */
export const PREVIEW_UNSUBSCRIBE = '{unsubscribe_url}';

export const loadCampaign = (ctx: AuthedCtx, id: string) => findOr404(ctx.em, Campaign, id, 'Campaign');

/** The inboxes the campaign sends from (its own and the tagged ones, decisions.md §11 Sender pools),
 *  oldest first; never a deleted one. */
export const campaignInboxes = (ctx: AuthedCtx, campaign: Campaign): Promise<Inbox[]> => sendingInboxes(ctx.em, campaign);

export const campaignSteps = (ctx: AuthedCtx, campaign: Campaign) => ctx.em.find(Step, { campaign }, { orderBy: { position: 'asc' } });

/** Email steps' enabled variants, numbered from 1 (decisions.md §5), in sequence order. */
export function enabledVariantsOf(steps: readonly Step[]): { position: number; variant: number; v: Variant }[] {
  return steps.flatMap((s) => (s.task ? [] : s.variants.flatMap((v, i) => (v.enabled === false ? [] : [{ position: s.position, variant: i + 1, v }]))));
}

const fromHeader = (inbox: Inbox) => {
  const name = oneLine(inbox.fromName);
  return name ? `${name} <${inbox.email}>` : inbox.email;
};

// ---- POST /campaigns/:id/preview ----

/** Every code of a preview's notes; clients that word them (the console) read this list. */
export const PREVIEW_NOTE_CODES = ['template_invalid', 'no_lead', 'no_inbox'] as const;
type PreviewNote = PreviewNoteView & { code: (typeof PREVIEW_NOTE_CODES)[number] };

/**
 * Renders the steps sent (or the campaign's own email steps, each with the variant the lead gets) for
 * one lead through the sending renderer (render/compose.ts renderEmailText): the named lead (404 when
 * it is not in this campaign) or the campaign's first; `vars` laid over its fields by name. The sender
 * is the first active inbox of the campaign (else its first); its signature follows the body as in a
 * send. A campaign without leads or inboxes still previews, with notes saying what is missing.
 */
export async function previewCampaign(ctx: AuthedCtx, campaignId: string, input: PreviewInput): Promise<CampaignPreviewView> {
  const campaign = await loadCampaign(ctx, campaignId);
  const lead = input.leadId ? await ctx.em.findOne(Lead, { id: input.leadId, campaign }) : await ctx.em.findOne(Lead, { campaign }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  if (input.leadId && !lead) throw notFound('Lead of this campaign');
  const inboxes = await campaignInboxes(ctx, campaign);
  const inbox = inboxes.find((i) => i.status === 'active') ?? inboxes[0] ?? null;

  // Each email with its place: RANDOM draws as the send will (the step's position and the variant the
  // lead gets; steps sent in the request are positions 1, 2, … with variant 1).
  let variants: { position: number; variant: number; text: { subject: string; body: string } }[];
  if (input.steps) variants = input.steps.map((text, i) => ({ position: i + 1, variant: 1, text }));
  else {
    const steps = (await campaignSteps(ctx, campaign)).filter((s) => !s.task && s.variants.length);
    variants = steps.flatMap((s) => {
      const n = chooseVariant(s.variants, lead?.variant ?? null, [], { metric: null, after: 0 });
      return n === null ? [] : [{ position: s.position, variant: n, text: s.variants[n - 1] }];
    });
    if (!variants.length) throw new AppError('no_steps', 'The campaign has no email step to preview; send "steps": [{subject, body}] to preview text before saving it.');
  }

  const vars = { ...(lead?.vars ?? {}), ...(input.vars ?? {}) };
  // A subsequence's first email with a blank subject answers in the thread its lead's parent lead was
  // emailed in (subsequences/README.md "Thread"): shown under its parent's first subject, as that lead gets it.
  const parent = await parentSteps(ctx, campaign);
  const opener = parent ? threadOpener(parent) : null;
  const openerSubject = opener ? threadStartSubject(opener, lead?.variant ?? 1) : null;
  const parentThread =
    opener && openerSubject !== null
      ? {
          subject: renderEmailText({
            vars,
            inbox,
            variant: { subject: openerSubject, body: '' },
            thread: null,
            unsubscribeUrl: PREVIEW_UNSUBSCRIBE,
            seed: spinSeed(lead?.id ?? null, { position: opener.position, variant: lead?.variant ?? 1 }),
          }).subject,
        }
      : null;
  let thread: { subject: string } | null = null;
  const steps = variants.map(({ position, variant, text }, i) => {
    const seed = spinSeed(lead?.id ?? null, { position, variant });
    const r = renderEmailText({ vars, inbox, variant: text, thread: thread ?? (i === 0 ? parentThread : null), unsubscribeUrl: PREVIEW_UNSUBSCRIBE, seed });
    // Follow-ups with a blank subject answer in the thread of the first email rendered.
    thread ??= { subject: r.subject };
    return { subject: r.subject, text: r.text, blanks: r.blanks.map((b) => ({ field: b.field, source: b.source === 'sender' ? 'inbox' : 'lead' })) };
  });

  const notes: PreviewNote[] = [];
  // decisions.md §11: a broken block tag is shown as written; saving such a text is refused.
  variants.forEach(({ text }, i) => {
    for (const field of ['subject', 'body'] as const) {
      const error = firstTemplateError(text[field]);
      if (error) notes.push({ code: 'template_invalid', text: `Email ${i + 1}, ${field}: ${templateErrorText(error)}; it is shown as written, and saving it is refused.` });
    }
  });
  if (!lead) notes.push({ code: 'no_lead', text: 'The campaign has no leads yet: lead fields come from vars alone (missing ones render blank or as their fallback).' });
  if (!inbox)
    notes.push({ code: 'no_inbox', text: 'The campaign has no inbox: sender fields render blank, no signature is added and there is no From; add one with PATCH mailbox_ids.' });
  return { lead: lead ? { id: lead.id, email: lead.email } : null, from: inbox ? fromHeader(inbox) : null, steps, notes };
}

// ---- GET /campaigns/:id/merge-check ----

/**
 * Every merge field an enabled variant of an email step uses without a fallback (subject or body; a
 * follow-up's blank subject uses none; a field inside a condition on that very field is left out, as it
 * never renders blank), with how many leads still in the sequence would get a blank
 * (one SQL pass, checks.queries.ts), or for sender fields how many of the campaign's inboxes have no
 * from name. Fields that no lead or inbox leaves blank are not listed: [] means none.
 */
export async function mergeCheck(ctx: AuthedCtx, campaignId: string): Promise<MergeCheckFieldView[]> {
  const campaign = await loadCampaign(ctx, campaignId);
  const used = new Map<string, { field: string; source: 'lead' | 'inbox'; steps: { position: number; variant: number }[] }>();
  for (const { position, variant, v } of enabledVariantsOf(await campaignSteps(ctx, campaign))) {
    for (const f of [...mergeFieldsOf(v.subject), ...mergeFieldsOf(v.body)]) {
      // decisions.md §11: a field inside a branch that guards it never renders blank.
      if (f.fallback !== null || f.source === 'unsubscribe' || f.guarded) continue;
      const source = f.source === 'sender' ? 'inbox' : 'lead';
      // Sender fields are reserved names, one value whatever the spelling (templates/field-names.ts); lead
      // fields are found exactly first, so they are counted by the name as written.
      const key = source === 'inbox' ? `inbox:${fieldKey(f.field)}` : `lead:${f.field}`;
      const entry = used.get(key) ?? { field: f.field, source, steps: [] };
      if (!entry.steps.some((s) => s.position === position && s.variant === variant)) entry.steps.push({ position, variant });
      used.set(key, entry);
    }
  }
  if (!used.size) return [];
  const fields = [...used.values()];
  const leadFields = fields.filter((f) => f.source === 'lead');
  const counts = leadFields.length
    ? await countBlankLeadFields(
        ctx.em,
        ctx.actor.workspaceId,
        campaign.id,
        leadFields.map((f) => f.field),
      )
    : { total: 0, blank: [] };
  const inboxes = fields.some((f) => f.source === 'inbox') ? await campaignInboxes(ctx, campaign) : [];
  const noName = inboxes.filter((i) => i.fromName.trim() === '').length;
  return fields
    .map((f) => {
      if (f.source === 'inbox') return { ...f, blank: noName, total: inboxes.length };
      return { ...f, blank: counts.blank[leadFields.indexOf(f)], total: counts.total };
    })
    .filter((f) => f.blank > 0);
}

// ---- GET /campaigns/:id/copy-check ----

/** copy-check.ts over every enabled variant of every email step, in sequence order. */
export async function copyCheck(ctx: AuthedCtx, campaignId: string): Promise<CopyWarningView[]> {
  const campaign = await loadCampaign(ctx, campaignId);
  return copyWarnings(campaign, await campaignSteps(ctx, campaign), await parentSteps(ctx, campaign));
}

/** A subsequence's parent's steps (its first email's subject starts the subsequence's threads that have
 *  none to answer); null for a top-level campaign. */
export const parentSteps = async (ctx: AuthedCtx, campaign: Campaign): Promise<Step[] | null> =>
  campaign.parentCampaign ? ctx.em.find(Step, { campaign: campaign.parentCampaign.id }, { orderBy: { position: 'asc' } }) : null;

/** Every finding of copy-check.ts per enabled variant, in sequence order; for a subsequence (`parent`:
 *  its parent's steps) also blank_subject on its first email step. */
export function copyWarnings(campaign: Campaign, steps: readonly Step[], parent: readonly Step[] | null): CopyWarningView[] {
  const first = parent ? threadOpener(steps) : null;
  const opener = parent ? threadOpener(parent) : null;
  return enabledVariantsOf(steps).flatMap(({ position, variant, v }) => {
    const findings = checkCopy(v, campaign);
    const thread = first?.position === position ? threadSubjectFinding(v.subject, variant, opener) : null;
    return [...findings, ...(thread ? [thread] : [])].map((f) => ({ position, variant, ...f }));
  });
}
