// The inbox score (GET /mailboxes/scores): 100 minus the points lost in four parts, from the inbox's
// counters over a recent window. Pure, so the formula is unit-tested on its own.
//
//   bounces    up to 40: 8 points per percent of sends that hard-bounced (5%, the bounce-stop line
//              of decisions.md §5, loses all 40)
//   replies    up to 20: linear from 20 at no replies to 0 at a 2% reply rate or better
//   placement  up to 20: 20 × the share of placement-test emails that missed the inbox; 0 while
//              no placement test has run (placement null). The input is the inbox's inbox rate over its
//              placement-test copies of the window (decisions.md §16, placement/score-input.ts)
//   errors     up to 20: 2 points per percent of attempts (sent + failed) that failed
//
// Bounce and reply rates say little about a handful of sends: below ENOUGH_SENDS sends those two parts
// lose nothing and `enoughSends` is false. Errors and placement count from the first attempt.

export const ENOUGH_SENDS = 20;
export const SCORE_WINDOW_DAYS = 30;

const MAX = { bounces: 40, replies: 20, placement: 20, errors: 20 } as const;
const HEALTHY_REPLY_RATE = 0.02;

export interface ScoreInputs {
  sent: number;
  failed: number;
  bounced: number;
  replied: number;
  /** Percent (0..100) of placement-test emails that reached the inbox (or a Gmail tab); null until a test has run. */
  placement: number | null;
}

export interface ScoreParts {
  bounces: number;
  replies: number;
  placement: number;
  errors: number;
}

export interface InboxScore {
  score: number;
  parts: ScoreParts;
  enoughSends: boolean;
}

const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.round(v)));

export function inboxScore(inputs: ScoreInputs): InboxScore {
  const enoughSends = inputs.sent >= ENOUGH_SENDS;
  const attempts = inputs.sent + inputs.failed;
  const parts: ScoreParts = {
    bounces: enoughSends ? clamp(((inputs.bounced / inputs.sent) * 100 * MAX.bounces) / 5, MAX.bounces) : 0,
    replies: enoughSends ? clamp(MAX.replies * (1 - inputs.replied / inputs.sent / HEALTHY_REPLY_RATE), MAX.replies) : 0,
    placement: inputs.placement === null ? 0 : clamp((MAX.placement * (100 - inputs.placement)) / 100, MAX.placement),
    errors: attempts > 0 ? clamp(((inputs.failed / attempts) * 100 * MAX.errors) / 10, MAX.errors) : 0,
  };
  const lost = parts.bounces + parts.replies + parts.placement + parts.errors;
  return { score: 100 - lost, parts, enoughSends };
}
