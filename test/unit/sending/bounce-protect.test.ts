// Bounce protection's rule (decisions.md §11, sending/engine/bounce-protect.ts): 5% hard bounces of the
// last 100 emails, reached (not passed), from 40 emails; and the sending-status reason it gives.
import { PROTECT_MIN_SENDS, PROTECT_WINDOW, reachesBounceLimit } from '../../../src/modules/sending/engine/bounce-protect';
import { explainSending, type SendingState } from '../../../src/modules/sending/schedule';

describe('reachesBounceLimit', () => {
  it('pauses at 5% of the emails counted, not below, and never under 40 emails', () => {
    expect([PROTECT_WINDOW, PROTECT_MIN_SENDS]).toEqual([100, 40]);
    expect(reachesBounceLimit(100, 5)).toBe(true); // exactly 5%
    expect(reachesBounceLimit(100, 4)).toBe(false);
    expect(reachesBounceLimit(40, 2)).toBe(true); // 5% at the first count that counts
    expect(reachesBounceLimit(41, 2)).toBe(false); // 4.88%
    expect(reachesBounceLimit(61, 3)).toBe(false); // 4.92%
    expect(reachesBounceLimit(60, 3)).toBe(true);
    expect(reachesBounceLimit(39, 39)).toBe(false); // under 40, whatever bounced
    expect(reachesBounceLimit(0, 0)).toBe(false);
  });
});

describe('sending status', () => {
  const NOW = new Date('2026-06-10T08:00:00Z');
  const state = (over: Partial<SendingState['campaign']>, bounces: SendingState['bounces']): SendingState => ({
    campaign: {
      status: 'paused',
      timezone: 'UTC',
      days: [0, 1, 2, 3, 4, 5, 6],
      windowStart: '00:00',
      windowEnd: '24:00',
      windows: null,
      leadTimezone: false,
      startDate: null,
      endDate: null,
      dailyLimit: 30,
      maxNewLeadsPerDay: null,
      prioritizeNew: false,
      providerMatching: false,
      ...over,
    },
    stepCount: 1,
    sentToday: 0,
    newToday: 0,
    inboxes: [],
    dueNow: [],
    dueToday: { followUps: 3, newLeads: 0 },
    held: { verification: 0, away: 0 },
    bounces,
    dueBySender: [],
  });

  it('a campaign that paused itself says bounce_protect after not_active, with {bounced, sent}, and expects nothing today', () => {
    const s = explainSending(state({ pausedReason: 'bounce_protect' }, { bounced: 6, sent: 100 }), NOW);
    expect(s.reasons.slice(0, 2)).toEqual([
      { code: 'not_active', text: expect.stringContaining('paused') },
      { code: 'bounce_protect', text: expect.stringContaining('6 hard bounces in its last 100 emails'), details: { bounced: 6, sent: 100 } },
    ]);
    expect(s.dueToday.total).toBe(0);
  });

  it('paused by hand, or active, it does not', () => {
    expect(explainSending(state({ pausedReason: null }, null), NOW).reasons.map((r) => r.code)).not.toContain('bounce_protect');
    expect(explainSending(state({ status: 'active', pausedReason: 'bounce_protect' }, null), NOW).reasons.map((r) => r.code)).not.toContain('bounce_protect');
  });
});
