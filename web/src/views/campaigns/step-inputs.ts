// Steps as the service stores them ↔ the StepInput list PUT /campaigns/:id/steps (updateCampaignSteps)
// takes: the whole sequence every time, each existing step with its id (api.md Steps 7).
import type { StepInput } from '../../gql/graphql';
import type { CampaignStep } from './campaign-types';

export const MINUTES_PER_DAY = 1440;

/** An email step as the editor holds it: one variant's words and the wait before it. */
export interface EmailDraft {
  subject: string;
  body: string;
  waitMinutes: number;
}

export function toInput(step: CampaignStep, position: number): StepInput {
  return {
    id: step.id,
    position,
    condition: step.condition,
    waitMinutes: step.waitMinutes,
    task: step.task ? { kind: step.task.kind, text: step.task.text } : null,
    variants: step.task ? [] : step.variants.map((v) => ({ subject: v.subject, body: v.body, enabled: v.enabled })),
  };
}

/** The sequence with step `index` (or a new step at the end, index = steps.length) set to `draft` for
 *  variant `variant`. */
export function withDraft(steps: CampaignStep[], index: number, variant: number, draft: EmailDraft): StepInput[] {
  const inputs = steps.map((s, i) => toInput(s, i + 1));
  const words = { subject: draft.subject, body: draft.body };
  if (index === steps.length) {
    inputs.push({ position: index + 1, waitMinutes: draft.waitMinutes, variants: [{ ...words, enabled: true }] });
    return inputs;
  }
  const current = inputs[index]!;
  const variants = [...(current.variants ?? [])];
  variants[variant] = { ...variants[variant], ...words };
  inputs[index] = { ...current, waitMinutes: draft.waitMinutes, variants };
  return inputs;
}

/** The sequence without step `index`, renumbered from 1. */
export function without(steps: CampaignStep[], index: number): StepInput[] {
  return steps.filter((_, i) => i !== index).map((s, i) => toInput(s, i + 1));
}

/** What a preview renders for a sequence: each email step's words, the variant shown for each. */
export function previewSteps(inputs: StepInput[], shownVariant: (index: number) => number): { position: number; subject: string; body: string }[] {
  return inputs.flatMap((s, i) => {
    const variants = s.variants ?? [];
    if (variants.length === 0) return [];
    const v = variants[shownVariant(i)] ?? variants[0]!;
    return [{ position: s.position, subject: v.subject, body: v.body }];
  });
}

export function waitInWords(minutes: number): string {
  if (minutes === 0) return 'Sent at once';
  if (minutes % MINUTES_PER_DAY === 0) {
    const days = minutes / MINUTES_PER_DAY;
    return `Wait ${days} day${days === 1 ? '' : 's'}`;
  }
  const hours = Math.round(minutes / 60);
  return `Wait ${hours} hour${hours === 1 ? '' : 's'}`;
}
