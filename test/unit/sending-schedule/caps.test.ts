// caps.ts: inbox ramp caps per workspace day, domain caps shared by a domain's inboxes (smallest set
// value, every inbox's sends counted), and whether an inbox can send now.
import { capToday, domainDays, inboxLeftToday, inboxReadiness, type InboxDay } from '../../../src/modules/sending/schedule';

const NOW = new Date('2026-06-10T10:00:00Z');
const inbox = (over: Partial<InboxDay> = {}): InboxDay => ({
  status: 'active',
  capToday: 20,
  sentToday: 0,
  backoffUntil: null,
  nextFreeAt: null,
  ...over,
});

describe('capToday', () => {
  const ramp = { dailyCap: 50, rampStart: 10, rampIncrement: 5, rampStartedAt: '2026-06-08' };

  it("follows the ramp on the workspace's calendar day", () => {
    expect(capToday(ramp, 'UTC', NOW)).toBe(20); // two days in
    // 23:30 UTC on 10 June is already 11 June in Tokyo: one more step of the ramp.
    expect(capToday(ramp, 'UTC', new Date('2026-06-10T23:30:00Z'))).toBe(20);
    expect(capToday(ramp, 'Asia/Tokyo', new Date('2026-06-10T23:30:00Z'))).toBe(25);
  });
});

describe('domainDays', () => {
  it('applies the smallest cap set on any inbox of the domain and counts every inbox, paused ones too', () => {
    const days = domainDays([
      { domain: 'a.com', domainDailyCap: 30, sentToday: 4 },
      { domain: 'a.com', domainDailyCap: null, sentToday: 3 },
      { domain: 'a.com', domainDailyCap: 10, sentToday: 2 },
      { domain: 'b.com', domainDailyCap: null, sentToday: 7 },
    ]);
    expect(days.get('a.com')).toEqual({ cap: 10, sent: 9, left: 1 });
    expect(days.get('b.com')).toEqual({ cap: null, sent: 7, left: Infinity });
  });

  it('never has less than nothing left', () => {
    expect(domainDays([{ domain: 'a.com', domainDailyCap: 5, sentToday: 8 }]).get('a.com')!.left).toBe(0);
  });
});

describe('inboxReadiness', () => {
  it('is ready when active, under its cap and its domain cap, not backing off and past its gap', () => {
    expect(inboxReadiness(inbox({ nextFreeAt: new Date(NOW.getTime() - 1), backoffUntil: new Date(NOW.getTime() - 1) }), Infinity, NOW)).toBe('ready');
    expect(inboxReadiness(inbox({ nextFreeAt: NOW }), Infinity, NOW)).toBe('ready');
  });

  it('names the most lasting reason it cannot send', () => {
    expect(inboxReadiness(inbox({ status: 'paused', sentToday: 20 }), Infinity, NOW)).toBe('paused');
    expect(inboxReadiness(inbox({ status: 'bounce_stopped' }), Infinity, NOW)).toBe('bounce_stopped');
    expect(inboxReadiness(inbox({ sentToday: 20, backoffUntil: new Date(NOW.getTime() + 1) }), Infinity, NOW)).toBe('capped');
    expect(inboxReadiness(inbox(), 0, NOW)).toBe('capped');
    expect(inboxReadiness(inbox({ backoffUntil: new Date(NOW.getTime() + 1), nextFreeAt: new Date(NOW.getTime() + 1) }), Infinity, NOW)).toBe('backoff');
    expect(inboxReadiness(inbox({ nextFreeAt: new Date(NOW.getTime() + 1) }), Infinity, NOW)).toBe('resting');
  });
});

describe('inboxLeftToday', () => {
  it('is what the ramp cap leaves, and nothing for an inbox that does not send', () => {
    expect(inboxLeftToday(inbox({ sentToday: 15 }))).toBe(5);
    expect(inboxLeftToday(inbox({ sentToday: 25 }))).toBe(0);
    expect(inboxLeftToday(inbox({ status: 'paused' }))).toBe(0);
  });
});
