// The sequence rules of api.md "Steps and templates" (rules 1, 2, 5, 6, 8) and decisions.md §5, as a
// pure function of the steps being written. The service resolves defaults first (enabled flags,
// blank subjects) and answers 400 with the first error's code; every error is listed in details.
import type { StepCondition, StepTask, TaskKind } from './step.entity';

export const MAX_STEPS = 50;
export const MAX_VARIANTS = 26;
export const MAX_SUBJECT_CHARS = 998; // one header line (RFC 5322 line limit)
export const MAX_BODY_CHARS = 100_000;
export const MAX_TASK_TEXT_CHARS = 5_000;
export const MAX_WAIT_MINUTES = 525_600; // a year
export const MIN_FOLLOW_UP_WAIT_MINUTES = 1440; // rule 6

export const STEP_CONDITIONS: readonly StepCondition[] = ['no_reply', 'interested', 'not_interested', 'clicked'];
export const TASK_KINDS: readonly TaskKind[] = ['linkedin_connect', 'linkedin_message', 'call', 'manual'];

/** A step as it will be stored, before ids are assigned. */
export interface StepDraft {
  id?: string | null;
  position: number;
  waitMinutes: number;
  variants: { subject: string; body: string; enabled: boolean }[];
  condition: StepCondition | null;
  task: StepTask | null;
}

export type StepRuleCode =
  | 'too_many_steps'
  | 'duplicate_position'
  | 'position_gap'
  | 'duplicate_step_id'
  | 'first_step_condition'
  | 'task_clicked_condition'
  | 'task_has_variants'
  | 'blank_task_text'
  | 'no_variants'
  | 'too_many_variants'
  | 'blank_body'
  | 'subject_required'
  | 'no_enabled_variant'
  | 'follow_up_wait_too_short';

export interface StepRuleError {
  code: StepRuleCode;
  /** The step's position, or null for rules about the whole list. */
  position: number | null;
  /** Variant number (from 1) when the error is about one variant. */
  variant?: number;
  message: string;
}

const isBlank = (s: string) => s.trim() === '';

function positionErrors(steps: readonly StepDraft[]): StepRuleError[] {
  const errors: StepRuleError[] = [];
  const seen = new Set<number>();
  for (const s of steps) {
    if (seen.has(s.position)) errors.push({ code: 'duplicate_position', position: s.position, message: `Position ${s.position} is used by more than one step.` });
    seen.add(s.position);
  }
  const missing = [];
  for (let p = 1; p <= steps.length; p++) if (!seen.has(p)) missing.push(p);
  if (missing.length) {
    errors.push({
      code: 'position_gap',
      position: null,
      message: `Positions must run from 1 to ${steps.length} with no gaps; missing ${missing.join(', ')}.`,
    });
  }
  return errors;
}

function idErrors(steps: readonly StepDraft[]): StepRuleError[] {
  const seen = new Set<string>();
  const errors: StepRuleError[] = [];
  for (const s of steps) {
    if (!s.id) continue;
    if (seen.has(s.id)) errors.push({ code: 'duplicate_step_id', position: s.position, message: `Step id ${s.id} is sent for more than one step.` });
    seen.add(s.id);
  }
  return errors;
}

function taskErrors(s: StepDraft, task: StepTask): StepRuleError[] {
  const errors: StepRuleError[] = [];
  const at = `Step ${s.position}`;
  if (s.condition === 'clicked') errors.push({ code: 'task_clicked_condition', position: s.position, message: `${at} is a task; a task step cannot wait on a click.` });
  if (s.variants.length) errors.push({ code: 'task_has_variants', position: s.position, message: `${at} is a task; send "variants": [] for a task step.` });
  if (isBlank(task.text)) errors.push({ code: 'blank_task_text', position: s.position, message: `${at} is a task and needs a text saying what to do.` });
  return errors;
}

function emailErrors(s: StepDraft, isFirstEmail: boolean, opts: StepRuleOptions): StepRuleError[] {
  const errors: StepRuleError[] = [];
  const at = `Step ${s.position}`;
  if (!s.variants.length) {
    errors.push({ code: 'no_variants', position: s.position, message: `${at} is an email and needs at least one variant with a subject and body (or a task).` });
    return errors;
  }
  if (s.variants.length > MAX_VARIANTS)
    errors.push({ code: 'too_many_variants', position: s.position, message: `${at} has ${s.variants.length} variants; at most ${MAX_VARIANTS} are allowed.` });
  s.variants.forEach((v, i) => {
    const variant = i + 1;
    if (isBlank(v.body)) errors.push({ code: 'blank_body', position: s.position, variant, message: `${at}, variant ${variant} has an empty body.` });
    // An empty subject means "reply in the same thread" (rule 2), so the first email needs one, unless
    // the sequence continues a thread of its own (a subsequence's, in its parent's: decisions.md §11).
    if (isFirstEmail && !opts.continuesThread && isBlank(v.subject)) {
      errors.push({
        code: 'subject_required',
        position: s.position,
        variant,
        message: `${at}, variant ${variant} is the first email of the sequence and needs a subject; only follow-ups may leave it empty to reply in the thread.`,
      });
    }
  });
  if (!s.variants.some((v) => v.enabled)) errors.push({ code: 'no_enabled_variant', position: s.position, message: `${at} needs at least one enabled variant.` });
  if (s.position > 1 && (s.condition === null || s.condition === 'no_reply') && s.waitMinutes < MIN_FOLLOW_UP_WAIT_MINUTES) {
    errors.push({
      code: 'follow_up_wait_too_short',
      position: s.position,
      message: `${at} is a follow-up email waiting for no reply; wait_minutes must be at least ${MIN_FOLLOW_UP_WAIT_MINUTES} (a day), not ${s.waitMinutes}.`,
    });
  }
  return errors;
}

export interface StepRuleOptions {
  /** The sequence goes on in a thread started elsewhere (a subsequence, in its parent's thread), so its
   *  first email may leave the subject blank to answer there (`Re: <the parent's subject>`). */
  continuesThread?: boolean;
}

/** Every rule broken by the list of steps, in position order; empty when the list may be saved. */
export function stepRuleErrors(steps: readonly StepDraft[], opts: StepRuleOptions = {}): StepRuleError[] {
  if (steps.length > MAX_STEPS) return [{ code: 'too_many_steps', position: null, message: `A sequence has at most ${MAX_STEPS} steps; ${steps.length} were sent.` }];
  const errors = [...positionErrors(steps), ...idErrors(steps)];
  let emailSeen = false;
  for (const s of [...steps].sort((a, b) => a.position - b.position)) {
    // Rule 5: step 1 has nothing before it to reply to or click.
    if (s.position === 1 && s.condition !== null && s.condition !== 'no_reply') {
      errors.push({ code: 'first_step_condition', position: 1, message: `Step 1 cannot wait on a reply or a click (condition ${s.condition}); use no_reply or null.` });
    }
    if (s.task) errors.push(...taskErrors(s, s.task));
    else {
      errors.push(...emailErrors(s, !emailSeen, opts));
      emailSeen = true;
    }
  }
  return errors;
}
