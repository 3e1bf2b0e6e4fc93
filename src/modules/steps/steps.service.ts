// Writing a campaign's sequence (api.md "Steps and templates", decisions.md §5). Every write locks the
// campaign row first, so two writers (or a writer and the sender stamping firstSentAt) are serialized
// and the started/not-started decision cannot go stale mid-write.
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { AppError, notFound } from '../../contracts/errors';
import { Campaign } from '../campaigns/campaign.entity';
import { lockViolations } from './sequence-lock';
import { Step } from './step.entity';
import { stepRuleErrors, type StepDraft } from './step-rules';
import { checkStepTemplates } from './step-templates';
import type { StepInput } from './steps.inputs';

/** The caller's campaign, row-locked until the transaction of `em` ends (404 for others' ids). */
export const lockCampaign = (em: EntityManager, id: string) => findOr404(em, Campaign, id, 'Campaign', { lockMode: LockMode.PESSIMISTIC_WRITE });

export const stepsOf = (em: EntityManager, campaign: Campaign) => em.find(Step, { campaign }, { orderBy: { position: 'asc' } });

/** A whitespace-only subject is stored as '' so the sender sees one meaning: reply in the thread. */
const cleanSubject = (subject: string) => (subject.trim() === '' ? '' : subject);

function draftOf(input: StepInput, current: Step | undefined): StepDraft {
  const variants = input.variants ?? [];
  // A variant sent without `enabled` keeps the switch it has (PATCH …/variants/:n), else is on.
  // Variants are known only by number, so once some were removed the numbers no longer match.
  const previous = current && variants.length >= current.variants.length ? current.variants : [];
  return {
    id: input.id ?? null,
    position: input.position,
    waitMinutes: input.waitMinutes ?? 0,
    variants: variants.map((v, i) => ({ subject: cleanSubject(v.subject), body: v.body, enabled: v.enabled ?? previous[i]?.enabled ?? true })),
    condition: input.condition ?? null,
    task: input.task ? { kind: input.task.kind, text: input.task.text } : null,
  };
}

/** 400 with the first broken rule's code; details.errors lists them all. A subsequence's sequence
 *  continues its parent's thread (step-rules.ts StepRuleOptions). Then the texts' templates
 *  (decisions.md §11): 400 template_invalid for the first broken tag. */
export function checkStepRules(drafts: StepDraft[], campaign: Campaign): void {
  const errors = stepRuleErrors(drafts, { continuesThread: campaign.parentCampaign !== null });
  if (errors.length) throw new AppError(errors[0].code, errors[0].message, { errors });
  checkStepTemplates(drafts);
}

const lockShape = (s: Step | StepDraft) => ({ id: s.id ?? null, position: s.position, isTask: s.task !== null, variantCount: s.variants.length });

function checkLock(existing: Step[], drafts: StepDraft[]): void {
  const violations = lockViolations(
    existing.map((s) => ({ ...lockShape(s), id: s.id })),
    drafts.map(lockShape),
  );
  if (violations.length) {
    throw new AppError('sequence_locked', `The campaign has started, so its existing steps stay: ${violations[0].message}`, { violations });
  }
}

/** Makes the campaign's steps exactly `drafts` (already checked). A draft whose id is one of the
 *  campaign's steps updates that row, so ids stay stable; other drafts become new steps. */
export async function writeSteps(em: EntityManager, campaign: Campaign, existing: Step[], drafts: StepDraft[]): Promise<number> {
  const byId = new Map(existing.map((s) => [s.id, s]));
  const kept = new Set<string>();
  for (const d of drafts) {
    const current = d.id ? byId.get(d.id) : undefined;
    const step = current ?? em.create(Step, { campaign, position: d.position });
    if (current) kept.add(current.id);
    step.position = d.position;
    step.waitMinutes = d.waitMinutes;
    step.variants = d.variants.map((v) => ({ ...v }));
    step.task = d.task ? { ...d.task } : null;
    step.condition = d.condition;
  }
  for (const s of existing) if (!kept.has(s.id)) em.remove(s);
  await em.flush();
  return drafts.length;
}

/** PUT /campaigns/:id/steps: replaces the sequence; rule 7 once the campaign has started. */
export async function updateCampaignSteps(ctx: AuthedCtx, campaignId: string, inputs: StepInput[]): Promise<{ steps: number }> {
  return ctx.em.transactional(async (em) => {
    const campaign = await lockCampaign(em, campaignId);
    const existing = await stepsOf(em, campaign);
    const byId = new Map(existing.map((s) => [s.id, s]));
    const drafts = inputs.map((input) => draftOf(input, input.id ? byId.get(input.id) : undefined));
    checkStepRules(drafts, campaign);
    if (campaign.hasStarted) checkLock(existing, drafts);
    return { steps: await writeSteps(em, campaign, existing, drafts) };
  });
}

export interface StepVariantSwitch {
  campaignId: string;
  position: number;
  variant: number;
  enabled: boolean;
}

const isCount = (n: number) => Number.isSafeInteger(n) && n >= 1;

/** PATCH /campaigns/:id/steps/:position/variants/:variant (rule 8: one variant stays on). */
export async function updateStepVariant(ctx: AuthedCtx, input: StepVariantSwitch) {
  const { position, variant, enabled } = input;
  return ctx.em.transactional(async (em) => {
    const campaign = await lockCampaign(em, input.campaignId);
    const step = isCount(position) ? await em.findOne(Step, { campaign, position }) : null;
    if (!step) throw notFound(`Step ${position}`);
    if (step.task) throw new AppError('not_found', `Step ${position} is a task and has no variants.`);
    if (!isCount(variant) || variant > step.variants.length) throw notFound(`Variant ${variant} of step ${position}`);
    const othersOn = step.variants.some((v, i) => i !== variant - 1 && v.enabled);
    if (!enabled && !othersOn) {
      throw new AppError('last_enabled_variant', `Variant ${variant} is the last enabled variant of step ${position}; turn another one on first.`);
    }
    step.variants = step.variants.map((v, i) => (i === variant - 1 ? { ...v, enabled } : v));
    await em.flush();
    return { step: position, variant, enabled };
  });
}
