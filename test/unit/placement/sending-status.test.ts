// The sending-status reason inbox_placement (decisions.md §16): it follows inbox_stopped when inboxes
// that stop the campaign paused themselves for their placement, and names them.
import { explainSending, type SendingState, type StatusInbox } from '../../../src/modules/sending/schedule';

const NOW = new Date('2026-06-10T08:00:00Z');
const inbox = (email: string, over: Partial<StatusInbox> = {}): StatusInbox => ({
  id: email,
  email,
  domain: 'one.example',
  provider: null,
  status: 'active',
  capToday: 20,
  sentToday: 0,
  backoffUntil: null,
  nextFreeAt: null,
  domainLeft: Infinity,
  ...over,
});
const state = (inboxes: StatusInbox[]): SendingState => ({
  campaign: {
    status: 'active',
    timezone: 'Europe/Berlin',
    days: [1, 2, 3, 4, 5],
    windowStart: '09:00',
    windowEnd: '17:00',
    windows: null,
    leadTimezone: false,
    startDate: null,
    endDate: null,
    dailyLimit: 30,
    maxNewLeadsPerDay: null,
    prioritizeNew: false,
    providerMatching: false,
  },
  stepCount: 1,
  sentToday: 0,
  newToday: 0,
  inboxes,
  dueNow: [{ zone: 'Europe/Berlin', provider: null, isNew: false, count: 2 }],
  dueToday: { followUps: 2, newLeads: 0 },
  held: { verification: 0, away: 0 },
  dueBySender: [],
});

describe('inbox_placement', () => {
  it('follows inbox_stopped and names the inboxes paused for their placement', () => {
    const s = explainSending(state([inbox('p@one.example', { status: 'paused', pausedReason: 'placement' }), inbox('h@one.example', { status: 'paused' })]), NOW);
    expect(s.reasons.map((r) => r.code)).toEqual(['inbox_stopped', 'inbox_placement']);
    expect(s.reasons[0]!.text).toContain('p@one.example (paused for its placement-test inbox rate)');
    expect(s.reasons[1]!.text).toContain('p@one.example');
    expect(s.reasons[1]!.text).not.toContain('h@one.example');
  });

  it('is not given for inboxes paused by hand, nor while another inbox can send', () => {
    expect(explainSending(state([inbox('h@one.example', { status: 'paused' })]), NOW).reasons.map((r) => r.code)).toEqual(['inbox_stopped']);
    expect(explainSending(state([inbox('p@one.example', { status: 'paused', pausedReason: 'placement' }), inbox('a@one.example')]), NOW).reasons).toEqual([]);
  });
});
