// When a lead's next step is due, as a pure function of its state and `now` (windows, dates and limits
// are separate: window.ts, plan.ts). Rules:
// - Never due: a status that ended the sequence (leads/lifecycle/lead-status.ts); verification `invalid`;
//   verification `risky` when the campaign skips risky leads. A paused lead waits for resume.
// - A task step that was created and is still open holds the lead until it is closed.
// - Step n+1's wait counts from step n: its send, its task's close, or, for a step that was skipped, the
//   instant it was skipped at (its own due instant). A sequence keeps its rhythm whatever branch a lead
//   takes. Step 1 counts from when the lead was added.
// - Conditions are checked once a step's wait has passed: null/no_reply: the lead has not replied;
//   interested / not_interested: the lead's interest label is exactly that; clicked: the lead has a
//   human click (clicks.ts) on an email of the sequence.
// - A step whose condition does not hold is skipped, and the next step whose condition holds is taken;
//   with none left the lead has completed. Skipping (not ending) lets a sequence branch: a `clicked`
//   follow-up for clickers, a `no_reply` bump for the rest, an `interested` step for those who answered
//   well while stop-on-reply is off.
// - Holds move the due instant later without skipping anything: awayUntil (an auto-reply said when the
//   lead is back) and verification `pending`, which holds for at most a day from when the check started
//   (VERIFICATION_HOLD_MS); after that, or when the start is unknown, the lead counts as `expired` and
//   is sent unchecked.
import type { StepCondition } from '../../steps/step.entity';
import type { LeadStatus, Verification } from '../../leads/lead.entity';
import { isEnded } from '../../leads/lifecycle/lead-status';
import { hasHumanClick, type Click } from './clicks';

export const VERIFICATION_HOLD_MS = 24 * 60 * 60_000;

export interface SequenceStep {
  position: number;
  waitMinutes: number;
  condition: StepCondition | null;
  isTask: boolean;
}

export interface LeadProgress {
  status: LeadStatus;
  /** Steps behind the lead (sent, closed or skipped); 0 before the first. */
  currentStep: number;
  addedAt: Date;
  /** When step `currentStep` was sent, its task closed or it was skipped; null before the first. */
  lastStepAt: Date | null;
  awayUntil: Date | null;
  verification: Verification | null;
  /** When the verifier was asked (start of a `pending` hold). */
  verificationStartedAt: Date | null;
  /** A person's reply (not an auto-reply or a bounce). */
  repliedAt: Date | null;
  interest: string | null;
  /** Tracked clicks on the lead's sequence emails. */
  clicks: readonly Click[];
  /** A task step was created for the lead and is not closed yet. */
  openTask: boolean;
}

export interface DueOptions {
  skipRisky: boolean;
}

export interface SkippedStep {
  position: number;
  /** Its due instant: the step after it counts its wait from here. */
  at: Date;
}

export type Hold = 'lead_away' | 'verification_hold';

export type DueDecision =
  /** Never sends again (until someone changes the lead): the sequence ended, the address is invalid,
   *  or it is risky and the campaign skips risky leads. */
  | { kind: 'ended'; why: 'status' | 'invalid' | 'risky' }
  | { kind: 'paused' }
  | { kind: 'task_open' }
  /** No step left whose condition holds: the lead has completed the sequence. */
  | { kind: 'completed'; skipped: SkippedStep[] }
  | {
      kind: 'step';
      /** The step to run next, from 1. */
      position: number;
      isTask: boolean;
      /** First step for this lead: counts as a new lead under maxNewLeadsPerDay. */
      isNew: boolean;
      /** When it may go (step wait and holds); due now when `at <= now`. */
      at: Date;
      dueNow: boolean;
      /** The hold that sets `at`, when a hold lasts longer than the wait. */
      heldBy: Hold | null;
      /** Steps passed over because their condition did not hold; to be recorded before the send. */
      skipped: SkippedStep[];
      /** A `pending` check older than a day: to be recorded as `expired`. */
      verificationExpired: boolean;
    };

export function conditionHolds(condition: StepCondition | null, lead: Pick<LeadProgress, 'repliedAt' | 'interest' | 'clicks'>): boolean {
  switch (condition ?? 'no_reply') {
    case 'no_reply':
      return lead.repliedAt === null;
    case 'interested':
      return lead.interest === 'interested';
    case 'not_interested':
      return lead.interest === 'not_interested';
    case 'clicked':
      return hasHumanClick(lead.clicks);
  }
}

/** What a step asks of a lead's own inbox (decisions.md §11: only an email waits for it): `task` needs
 *  none; an email step, by its condition, needs it only when the condition holds for the lead. */
export type StepNeed = 'task' | StepCondition;

/** Each step's need, by position from 1 (positions run from 1 with no gaps). */
export const stepNeeds = (steps: readonly SequenceStep[]): StepNeed[] =>
  [...steps].sort((a, b) => a.position - b.position).map((s) => (s.isTask ? 'task' : (s.condition ?? 'no_reply')));

/**
 * The places a lead may stand (its current step) whose next step may go without an inbox once due: a
 * task, or an email whose condition may not hold for it (interested, not_interested, clicked). A
 * `no_reply` email does not hold only for a lead that replied, which the due read finds apart
 * (engine/due.queries.ts dueLeadRows).
 */
export function inboxFreePlaces(needs: readonly StepNeed[]): number[] {
  const places: number[] = [];
  needs.forEach((need, i) => {
    if (need !== 'no_reply') places.push(i);
  });
  return places;
}

/**
 * conditionHolds in SQL, for the lead row `l` and a step condition `cond` (an SQL text expression:
 * no_reply, interested, not_interested or clicked); never null. The clicks are the lead's that are still
 * a person's (tracking_event.person_at: the rules of clicks.ts applied as the hits came,
 * public-links.service.ts), as engine/due.queries.ts leadClicks reads them for conditionHolds. Tested
 * against conditionHolds (test/integration/inbox-free-steps.test.ts).
 */
export const conditionHoldsSql = (cond: string, l: string): string => `(case ${cond}
    when 'no_reply' then ${l}.replied_at is null
    when 'interested' then ${l}.interest is not distinct from 'interested'
    when 'not_interested' then ${l}.interest is not distinct from 'not_interested'
    when 'clicked' then exists (select 1 from tracking_event te join send s on s.id = te.send_id
                                 where te.lead_id = ${l}.id and te.kind = 'click' and te.person_at is not null and s.sent_at is not null)
    else false end)`;

export function nextDue(lead: LeadProgress, steps: readonly SequenceStep[], options: DueOptions, now: Date): DueDecision {
  if (isEnded(lead.status)) return { kind: 'ended', why: 'status' };
  if (lead.verification === 'invalid') return { kind: 'ended', why: 'invalid' };
  if (lead.verification === 'risky' && options.skipRisky) return { kind: 'ended', why: 'risky' };
  if (lead.status === 'paused') return { kind: 'paused' };
  if (lead.openTask) return { kind: 'task_open' };

  const nowMs = now.getTime();
  const ordered = [...steps].sort((a, b) => a.position - b.position);
  const skipped: SkippedStep[] = [];
  let from = (lead.lastStepAt ?? lead.addedAt).getTime();
  let next: SequenceStep | null = null;
  let stepAt = 0;
  for (const step of ordered) {
    if (step.position <= lead.currentStep) continue;
    stepAt = from + step.waitMinutes * 60_000;
    // Not yet time: the condition is looked at when it is.
    if (stepAt > nowMs || conditionHolds(step.condition, lead)) {
      next = step;
      break;
    }
    skipped.push({ position: step.position, at: new Date(stepAt) });
    from = stepAt;
  }
  if (!next) return { kind: 'completed', skipped };

  let at = stepAt;
  let heldBy: Hold | null = null;
  const awayUntil = lead.awayUntil?.getTime() ?? 0;
  if (awayUntil > at) {
    at = awayUntil;
    heldBy = 'lead_away';
  }
  let verificationExpired = false;
  if (lead.verification === 'pending') {
    const holdEnds = lead.verificationStartedAt ? lead.verificationStartedAt.getTime() + VERIFICATION_HOLD_MS : 0;
    if (holdEnds <= nowMs) verificationExpired = true;
    else if (holdEnds > at) {
      at = holdEnds;
      heldBy = 'verification_hold';
    }
  }
  return {
    kind: 'step',
    position: next.position,
    isTask: next.isTask,
    isNew: lead.currentStep === 0,
    at: new Date(at),
    dueNow: at <= nowMs,
    heldBy,
    skipped,
    verificationExpired,
  };
}
