// The inbox score formula of scores.ts: 100 minus points lost for bounces (≤40), replies (≤20),
// placement (≤20) and errors (≤20); bounce and reply parts only count from ENOUGH_SENDS sends.
import { ENOUGH_SENDS, inboxScore } from '../../src/modules/inboxes/scores';

const healthy = { sent: 100, failed: 0, bounced: 0, replied: 5, placement: null };

describe('inboxScore', () => {
  it('is 100 for a healthy inbox', () => {
    expect(inboxScore(healthy)).toEqual({ score: 100, parts: { bounces: 0, replies: 0, placement: 0, errors: 0 }, enoughSends: true });
  });

  it('loses 8 points per bounce percent, all 40 at the 5% bounce-stop line', () => {
    expect(inboxScore({ ...healthy, bounced: 1 }).parts.bounces).toBe(8);
    expect(inboxScore({ ...healthy, bounced: 3 }).parts.bounces).toBe(24);
    expect(inboxScore({ ...healthy, bounced: 5 }).parts.bounces).toBe(40);
    expect(inboxScore({ ...healthy, bounced: 30 }).parts.bounces).toBe(40);
  });

  it('loses up to 20 for replies, linearly below a 2% reply rate', () => {
    expect(inboxScore({ ...healthy, replied: 0 }).parts.replies).toBe(20);
    expect(inboxScore({ ...healthy, replied: 1 }).parts.replies).toBe(10);
    expect(inboxScore({ ...healthy, replied: 2 }).parts.replies).toBe(0);
    expect(inboxScore({ ...healthy, replied: 40 }).parts.replies).toBe(0);
  });

  it('loses 2 points per percent of failed attempts, at most 20', () => {
    expect(inboxScore({ ...healthy, sent: 95, replied: 2, failed: 5 }).parts.errors).toBe(10);
    expect(inboxScore({ ...healthy, failed: 1000 }).parts.errors).toBe(20);
  });

  it('counts placement only once measured', () => {
    expect(inboxScore(healthy).parts.placement).toBe(0);
    expect(inboxScore({ ...healthy, placement: 100 }).parts.placement).toBe(0);
    expect(inboxScore({ ...healthy, placement: 75 }).parts.placement).toBe(5);
    expect(inboxScore({ ...healthy, placement: 0 }).parts.placement).toBe(20);
  });

  it('adds the parts into the score and never goes below 0', () => {
    const worst = inboxScore({ sent: 100, failed: 1000, bounced: 100, replied: 0, placement: 0 });
    expect(worst).toEqual({ score: 0, parts: { bounces: 40, replies: 20, placement: 20, errors: 20 }, enoughSends: true });
    expect(inboxScore({ ...healthy, bounced: 2, replied: 1 }).score).toBe(100 - 16 - 10);
  });

  it(`does not judge bounces or replies below ${ENOUGH_SENDS} sends`, () => {
    const few = inboxScore({ sent: ENOUGH_SENDS - 1, failed: 0, bounced: 5, replied: 0, placement: null });
    expect(few).toEqual({ score: 100, parts: { bounces: 0, replies: 0, placement: 0, errors: 0 }, enoughSends: false });
    expect(inboxScore({ sent: ENOUGH_SENDS, failed: 0, bounced: 0, replied: 0, placement: null }).enoughSends).toBe(true);
  });

  it('counts errors from the first attempt, even with nothing sent', () => {
    expect(inboxScore({ sent: 0, failed: 3, bounced: 0, replied: 0, placement: null })).toEqual({
      score: 80,
      parts: { bounces: 0, replies: 0, placement: 0, errors: 20 },
      enoughSends: false,
    });
    expect(inboxScore({ sent: 0, failed: 0, bounced: 0, replied: 0, placement: null }).score).toBe(100);
  });
});
