// due.ts: when a lead's next step is due — waits from the step before, conditions (skip to the next step
// whose condition holds), holds (away, verification for a day at most), and leads that never send.
import type { LeadStatus } from '../../../src/modules/leads/lead.entity';
import { inboxFreePlaces, nextDue, stepNeeds, VERIFICATION_HOLD_MS, type Click, type LeadProgress, type SequenceStep } from '../../../src/modules/sending/schedule';

const MIN = 60_000;
const DAY = 1440;
const T0 = new Date('2026-06-01T09:00:00Z'); // step 1 went out
const after = (minutes: number) => new Date(T0.getTime() + minutes * MIN);

const step = (position: number, waitMinutes: number, over: Partial<SequenceStep> = {}): SequenceStep => ({
  position,
  waitMinutes,
  condition: null,
  isTask: false,
  ...over,
});
const lead = (over: Partial<LeadProgress> = {}): LeadProgress => ({
  status: 'active',
  currentStep: 1,
  addedAt: new Date('2026-05-31T12:00:00Z'),
  lastStepAt: T0,
  awayUntil: null,
  verification: null,
  verificationStartedAt: null,
  repliedAt: null,
  interest: null,
  clicks: [],
  openTask: false,
  ...over,
});
const humanClick: Click = { sendId: 's1', sentAt: T0, at: after(60), url: 'https://example.com/a', method: 'GET' };
const scannerClick: Click = { ...humanClick, at: after(1) };

const threeSteps = [step(1, 0), step(2, 2 * DAY), step(3, 3 * DAY)];
const opts = { skipRisky: true };

describe('waits', () => {
  it('makes step 1 due from when the lead was added', () => {
    const added = new Date('2026-06-01T08:00:00Z');
    const d = nextDue(lead({ status: 'pending', currentStep: 0, lastStepAt: null, addedAt: added }), threeSteps, opts, added);
    expect(d).toMatchObject({ kind: 'step', position: 1, isNew: true, dueNow: true, at: added, skipped: [] });
    const delayed = [step(1, 60), step(2, 2 * DAY)];
    expect(nextDue(lead({ status: 'pending', currentStep: 0, lastStepAt: null, addedAt: added }), delayed, opts, added)).toMatchObject({
      at: new Date('2026-06-01T09:00:00Z'),
      dueNow: false,
    });
  });

  it('counts the next wait from the step before (its send or its task close)', () => {
    expect(nextDue(lead(), threeSteps, opts, after(2 * DAY - 1))).toMatchObject({ kind: 'step', position: 2, isNew: false, dueNow: false, at: after(2 * DAY) });
    expect(nextDue(lead(), threeSteps, opts, after(2 * DAY))).toMatchObject({ position: 2, dueNow: true });
    const closedAt = after(2 * DAY + 300);
    expect(nextDue(lead({ currentStep: 2, lastStepAt: closedAt }), threeSteps, opts, after(2 * DAY + 301))).toMatchObject({
      position: 3,
      at: new Date(closedAt.getTime() + 3 * DAY * MIN),
    });
  });

  it('takes steps by position whatever order they come in', () => {
    expect(nextDue(lead(), [step(3, 3 * DAY), step(1, 0), step(2, 2 * DAY)], opts, after(0))).toMatchObject({ position: 2 });
  });

  it('has completed once no step is left', () => {
    expect(nextDue(lead({ currentStep: 3 }), threeSteps, opts, after(10 * DAY))).toEqual({ kind: 'completed', skipped: [] });
  });

  it('marks a task step, and holds the lead while its task is open', () => {
    const withTask = [step(1, 0), step(2, DAY, { isTask: true })];
    expect(nextDue(lead(), withTask, opts, after(DAY))).toMatchObject({ kind: 'step', position: 2, isTask: true, dueNow: true });
    expect(nextDue(lead({ openTask: true }), withTask, opts, after(DAY))).toEqual({ kind: 'task_open' });
  });
});

describe('leads that do not send', () => {
  it.each<LeadStatus>(['completed', 'replied', 'unsubscribed', 'bounced', 'stopped'])('%s is never due', (status) => {
    expect(nextDue(lead({ status }), threeSteps, opts, after(10 * DAY))).toEqual({ kind: 'ended', why: 'status' });
  });

  it('holds a paused lead until it is resumed', () => {
    expect(nextDue(lead({ status: 'paused' }), threeSteps, opts, after(10 * DAY))).toEqual({ kind: 'paused' });
  });

  it('never sends to an invalid address', () => {
    expect(nextDue(lead({ verification: 'invalid' }), threeSteps, { skipRisky: false }, after(10 * DAY))).toEqual({ kind: 'ended', why: 'invalid' });
  });

  it('skips a risky address only when the campaign skips risky leads', () => {
    expect(nextDue(lead({ verification: 'risky' }), threeSteps, { skipRisky: true }, after(10 * DAY))).toEqual({ kind: 'ended', why: 'risky' });
    expect(nextDue(lead({ verification: 'risky' }), threeSteps, { skipRisky: false }, after(10 * DAY))).toMatchObject({ kind: 'step', dueNow: true });
  });

  it.each(['valid', 'unknown', 'expired', 'unchecked', null] as const)('sends with verification %s', (verification) => {
    expect(nextDue(lead({ verification }), threeSteps, opts, after(2 * DAY))).toMatchObject({ kind: 'step', dueNow: true, verificationExpired: false });
  });
});

describe('holds', () => {
  it('holds an away lead until it is back, without skipping anything', () => {
    const back = after(4 * DAY);
    expect(nextDue(lead({ awayUntil: back }), threeSteps, opts, after(2 * DAY))).toMatchObject({ position: 2, at: back, dueNow: false, heldBy: 'lead_away' });
    expect(nextDue(lead({ awayUntil: back }), threeSteps, opts, back)).toMatchObject({ position: 2, dueNow: true });
    // Back before the wait is over: the wait decides.
    expect(nextDue(lead({ awayUntil: after(DAY) }), threeSteps, opts, after(DAY))).toMatchObject({ at: after(2 * DAY), heldBy: null });
  });

  it('holds a lead whose address is being verified for a day at most, then sends it as expired', () => {
    const started = after(2 * DAY - 60);
    const pending = lead({ verification: 'pending', verificationStartedAt: started });
    expect(VERIFICATION_HOLD_MS).toBe(24 * 60 * MIN);
    expect(nextDue(pending, threeSteps, opts, after(2 * DAY))).toMatchObject({
      position: 2,
      dueNow: false,
      heldBy: 'verification_hold',
      at: new Date(started.getTime() + VERIFICATION_HOLD_MS),
      verificationExpired: false,
    });
    expect(nextDue(pending, threeSteps, opts, new Date(started.getTime() + VERIFICATION_HOLD_MS))).toMatchObject({ dueNow: true, heldBy: null, verificationExpired: true });
  });

  it('does not hold a pending lead whose check start is unknown', () => {
    expect(nextDue(lead({ verification: 'pending' }), threeSteps, opts, after(2 * DAY))).toMatchObject({ dueNow: true, verificationExpired: true });
  });
});

describe('conditions', () => {
  it('sends a no_reply (or condition-less) step only to a lead who has not replied', () => {
    const steps = [step(1, 0), step(2, DAY, { condition: 'no_reply' }), step(3, DAY)];
    expect(nextDue(lead(), steps, opts, after(DAY))).toMatchObject({ position: 2, dueNow: true });
    // Stop-on-reply off: a lead who replied passes over both no_reply steps and completes.
    const replied = lead({ repliedAt: after(100) });
    expect(nextDue(replied, steps, opts, after(2 * DAY))).toEqual({
      kind: 'completed',
      skipped: [
        { position: 2, at: after(DAY) },
        { position: 3, at: after(2 * DAY) },
      ],
    });
  });

  it('sends interested / not_interested steps on the exact interest label', () => {
    const steps = [step(1, 0), step(2, DAY, { condition: 'interested' }), step(3, DAY, { condition: 'not_interested' })];
    expect(nextDue(lead({ repliedAt: after(10), interest: 'interested' }), steps, opts, after(DAY))).toMatchObject({ position: 2, dueNow: true });
    expect(nextDue(lead({ repliedAt: after(10), interest: 'not_interested' }), steps, opts, after(2 * DAY))).toMatchObject({
      position: 3,
      dueNow: true,
      skipped: [{ position: 2, at: after(DAY) }],
    });
    expect(nextDue(lead({ repliedAt: after(10), interest: 'meeting_booked' }), steps, opts, after(2 * DAY))).toMatchObject({ kind: 'completed' });
  });

  it('sends a clicked step only after a human click', () => {
    const steps = [step(1, 0), step(2, DAY, { condition: 'clicked' })];
    expect(nextDue(lead({ clicks: [humanClick] }), steps, opts, after(DAY))).toMatchObject({ position: 2, dueNow: true });
    expect(nextDue(lead({ clicks: [scannerClick] }), steps, opts, after(DAY))).toEqual({ kind: 'completed', skipped: [{ position: 2, at: after(DAY) }] });
  });

  it('skips to the next step whose condition holds, keeping the sequence rhythm from the skipped step', () => {
    // 1: first email; 2: for clickers after 2 days; 3: bump for the rest 3 days after that.
    const branch = [step(1, 0), step(2, 2 * DAY, { condition: 'clicked' }), step(3, 3 * DAY, { condition: 'no_reply' })];
    const d = nextDue(lead(), branch, opts, after(2 * DAY + 60));
    expect(d).toMatchObject({ kind: 'step', position: 3, dueNow: false, at: after(5 * DAY), skipped: [{ position: 2, at: after(2 * DAY) }] });
    expect(nextDue(lead(), branch, opts, after(5 * DAY))).toMatchObject({ position: 3, dueNow: true });
    // A clicker gets step 2.
    expect(nextDue(lead({ clicks: [humanClick] }), branch, opts, after(2 * DAY))).toMatchObject({ position: 2, dueNow: true, skipped: [] });
  });

  it("does not judge a step's condition before its wait is over", () => {
    const steps = [step(1, 0), step(2, 2 * DAY, { condition: 'clicked' })];
    expect(nextDue(lead(), steps, opts, after(DAY))).toMatchObject({ kind: 'step', position: 2, dueNow: false, skipped: [] });
  });
});

describe("what each step needs of the lead's own inbox (only an email waits for it)", () => {
  const steps = [
    step(3, DAY, { isTask: true }),
    step(1, 0),
    step(2, DAY, { condition: 'no_reply' }),
    step(4, 60, { condition: 'clicked' }),
    step(5, DAY, { condition: 'interested' }),
    step(6, DAY),
  ];
  it("lists each step by position: a task, or the email's condition (null is no_reply)", () => {
    expect(stepNeeds(steps)).toEqual(['no_reply', 'no_reply', 'task', 'clicked', 'interested', 'no_reply']);
  });
  it('names the places (current step) whose next step may go without an inbox: before a task or a conditional email', () => {
    expect(inboxFreePlaces(stepNeeds(steps))).toEqual([2, 3, 4]);
    expect(inboxFreePlaces(stepNeeds([step(1, 0, { isTask: true }), step(2, DAY, { condition: 'not_interested' })]))).toEqual([0, 1]);
    expect(inboxFreePlaces(stepNeeds([step(1, 0), step(2, DAY)]))).toEqual([]);
  });
});
