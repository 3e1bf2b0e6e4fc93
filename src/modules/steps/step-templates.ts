// decisions.md §11: the texts of a sequence are templates, and a broken block tag in one (`{{#if}}`
// never closed, an unknown `{{#each}}`, conditions nested deeper than 3, …) refuses the save with 400
// template_invalid, `details: {position, variant, field, at}`: the step's position, the variant number
// (from 1) and "subject" or "body", or for a task step `variant: null` and field "text"; `at` is the
// character offset of the bad tag in that text. The first broken text in sequence order is named.
// Checked on PUT steps, on applying a sequence template and on saving one (a sequence saved before the
// rule may hold a broken tag), and at activation (templates-launch.check.ts).
import type { AppError } from '../../contracts/errors';
import { checkTemplates, templateProblem, type TemplateText } from '../templates/template-check';
import type { StepTask } from './step.entity';

interface StepTexts {
  position: number;
  variants: readonly { subject: string; body: string; enabled?: boolean }[];
  task: StepTask | null;
}

/** Every template of the steps, in sequence order; `enabledOnly` leaves out variants switched off. */
function* stepTemplateTexts(steps: readonly StepTexts[], enabledOnly: boolean): Generator<TemplateText> {
  for (const s of [...steps].sort((a, b) => a.position - b.position)) {
    if (s.task) yield { text: s.task.text, where: { position: s.position, variant: null, field: 'text' }, label: `Step ${s.position}, task text` };
    for (const [i, v] of s.variants.entries()) {
      if (enabledOnly && v.enabled === false) continue;
      for (const field of ['subject', 'body'] as const) {
        yield { text: v[field], where: { position: s.position, variant: i + 1, field }, label: `Step ${s.position}, variant ${i + 1}, ${field}` };
      }
    }
  }
}

/** template_invalid for the first broken template of the steps, or null. */
export const stepTemplateProblem = (steps: readonly StepTexts[], opts: { enabledOnly: boolean } = { enabledOnly: false }): AppError | null =>
  templateProblem(stepTemplateTexts(steps, opts.enabledOnly));

/** Throws template_invalid for the first broken template of the steps being saved. */
export function checkStepTemplates(steps: readonly StepTexts[]): void {
  checkTemplates(stepTemplateTexts(steps, false));
}
