// Sequence templates (api.md Steps rules 9 and 10): a saved copy of a campaign's steps for the whole
// workspace. A template is a copy, not a link: applying copies its steps into the campaign, and
// deleting it leaves those campaigns as they are.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { AppError } from '../../contracts/errors';
import { Campaign } from '../campaigns/campaign.entity';
import { SequenceTemplate, type TemplateStep } from './sequence-template.entity';
import type { Step } from './step.entity';
import type { StepDraft } from './step-rules';
import { checkStepTemplates } from './step-templates';
import { checkStepRules, lockCampaign, stepsOf, writeSteps } from './steps.service';
import type { CreateSequenceTemplateInput } from './steps.inputs';

const templateView = (t: SequenceTemplate) => ({ id: t.id, name: t.name, steps: t.steps.length, createdAt: t.createdAt });

const copyOf = (s: Step | TemplateStep) => ({
  position: s.position,
  waitMinutes: s.waitMinutes,
  variants: s.variants.map((v) => ({ subject: v.subject, body: v.body, enabled: v.enabled })),
  task: s.task ? { kind: s.task.kind, text: s.task.text } : null,
  condition: s.condition,
});

const nameTaken = (name: string) => new AppError('name_taken', `A sequence template named "${name}" already exists in this workspace; pick another name.`);

export async function createSequenceTemplate(ctx: AuthedCtx, input: CreateSequenceTemplateInput) {
  const campaign = await findOr404(ctx.em, Campaign, input.campaignId, 'Campaign');
  const steps = await stepsOf(ctx.em, campaign);
  if (!steps.length) throw new AppError('no_steps', `Campaign "${campaign.name}" has no steps to save; add steps first.`);
  // decisions.md §11: steps saved before templates were checked may hold a broken tag.
  checkStepTemplates(steps);
  const name = input.name.trim();
  if (await ctx.em.count(SequenceTemplate, { name })) throw nameTaken(name);
  const template = ctx.em.create(SequenceTemplate, { workspace: ctx.actor.workspaceId, name, steps: steps.map(copyOf) });
  try {
    await ctx.em.persistAndFlush(template);
  } catch (err) {
    // Two saves with one name at once: the unique index settles it.
    if (err instanceof UniqueConstraintViolationException) throw nameTaken(name);
    throw err;
  }
  return templateView(template);
}

// "By name" as a person reads it (alpha, Mike, Zulu), whatever collation the database was created with.
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export async function listSequenceTemplates(ctx: AuthedCtx) {
  const templates = await ctx.em.find(SequenceTemplate, {}, { orderBy: { id: 'asc' } });
  return templates.sort((x, y) => byName.compare(x.name, y.name)).map(templateView);
}

export async function deleteSequenceTemplate(ctx: AuthedCtx, id: string) {
  const template = await findOr404(ctx.em, SequenceTemplate, id, 'Sequence template');
  await ctx.em.removeAndFlush(template);
  return { deleted: true };
}

/** POST /campaigns/:id/steps/from-template: replaces the steps like a PUT, before the campaign starts. */
export async function applySequenceTemplate(ctx: AuthedCtx, campaignId: string, templateId: string): Promise<{ steps: number }> {
  return ctx.em.transactional(async (em) => {
    const campaign = await lockCampaign(em, campaignId);
    const template = await findOr404(em, SequenceTemplate, templateId, 'Sequence template');
    if (campaign.hasStarted) {
      throw new AppError('sequence_locked', `Campaign "${campaign.name}" has started; a template can only replace the steps of a campaign that has not sent or closed a task yet.`);
    }
    const drafts: StepDraft[] = template.steps.map((s) => ({ id: null, ...copyOf(s) }));
    checkStepRules(drafts, campaign);
    return { steps: await writeSteps(em, campaign, await stepsOf(em, campaign), drafts) };
  });
}
