// sending-status.ts: every reason (in the order the sender meets them) and note code of decisions.md §5,
// and the due_today estimate of api.md (smallest of limit left, leads due before midnight, inbox room).
import { explainSending, type DueGroup, type SendingState, type StatusCampaign, type StatusInbox } from '../../../src/modules/sending/schedule';

// Wednesday 10 June 2026 10:00 in Berlin (08:00 UTC).
const NOW = new Date('2026-06-10T08:00:00Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const campaign = (over: Partial<StatusCampaign> = {}): StatusCampaign => ({
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
  ...over,
});
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
const due = (count: number, over: Partial<DueGroup> = {}): DueGroup => ({ zone: 'Europe/Berlin', provider: null, isNew: false, count, ...over });
const state = (over: Partial<SendingState> = {}): SendingState => ({
  campaign: campaign(),
  stepCount: 2,
  sentToday: 0,
  newToday: 0,
  inboxes: [inbox('a@one.example')],
  dueNow: [due(3)],
  dueToday: { followUps: 3, newLeads: 0 },
  held: { verification: 0, away: 0 },
  dueBySender: [],
  ...over,
});
const explain = (over: Partial<SendingState> = {}, now = NOW) => explainSending(state(over), now);
const reasonCodes = (over: Partial<SendingState> = {}, now = NOW) => explain(over, now).reasons.map((r) => r.code);
const noteCodes = (over: Partial<SendingState> = {}, now = NOW) => explain(over, now).notes.map((n) => n.code);

describe('sending', () => {
  it('is sending with no reasons when everything allows it', () => {
    const s = explain();
    expect(s).toMatchObject({ sending: true, reasons: [], notes: [], dueNow: 3 });
  });
});

describe('reasons', () => {
  it('not_active for a draft or a paused campaign', () => {
    expect(explain({ campaign: campaign({ status: 'draft' }) }).reasons).toEqual([{ code: 'not_active', text: expect.stringContaining('draft') }]);
    expect(explain({ campaign: campaign({ status: 'paused' }) }).reasons).toEqual([{ code: 'not_active', text: expect.stringContaining('paused') }]);
    expect(explain({ campaign: campaign({ status: 'paused' }) }).sending).toBe(false);
  });

  it('no_steps without steps (and then no no_leads_due)', () => {
    expect(reasonCodes({ stepCount: 0, dueNow: [] })).toEqual(['no_steps']);
  });

  it('no_inbox without inboxes', () => {
    expect(reasonCodes({ inboxes: [] })).toEqual(['no_inbox']);
  });

  it('before_start and after_end, on dates read in the campaign zone', () => {
    expect(explain({ campaign: campaign({ startDate: '2026-06-11' }) }).reasons).toEqual([{ code: 'before_start', text: expect.stringContaining('2026-06-11') }]);
    expect(reasonCodes({ campaign: campaign({ startDate: '2026-06-10' }) })).toEqual([]);
    expect(explain({ campaign: campaign({ endDate: '2026-06-09' }) }).reasons).toEqual([{ code: 'after_end', text: expect.stringContaining('2026-06-09') }]);
    expect(reasonCodes({ campaign: campaign({ endDate: '2026-06-10' }) })).toEqual([]);
  });

  it('outside_hours, saying when the window opens next', () => {
    const evening = new Date('2026-06-10T16:30:00Z'); // 18:30 in Berlin
    const s = explain({}, evening);
    expect(s.reasons.map((r) => r.code)).toEqual(['outside_hours']);
    expect(s.reasons[0].text).toContain('Thu 11 Jun 09:00');
    expect(s.dueNow).toBe(0);
  });

  it('outside_hours with lead zones only when every zone with a lead due is closed', () => {
    const c = campaign({ leadTimezone: true });
    const lateInBerlin = new Date('2026-06-10T16:30:00Z'); // 18:30 Berlin, 09:30 Los Angeles, 01:30 Tokyo
    const la = due(2, { zone: 'America/Los_Angeles' });
    const tokyo = due(4, { zone: 'Asia/Tokyo' });
    expect(reasonCodes({ campaign: c, dueNow: [la, tokyo] }, lateInBerlin)).toEqual([]);
    expect(explain({ campaign: c, dueNow: [la, tokyo] }, lateInBerlin).dueNow).toBe(2);
    const closed = explain({ campaign: c, dueNow: [tokyo] }, lateInBerlin);
    expect(closed.reasons.map((r) => r.code)).toEqual(['outside_hours']);
    expect(closed.reasons[0].text).toContain('Thu 11 Jun 02:00'); // 09:00 in Tokyo, in Berlin time
  });

  it('daily_limit once the day has used the limit', () => {
    expect(reasonCodes({ sentToday: 30 })).toEqual(['daily_limit']);
    expect(reasonCodes({ sentToday: 29 })).toEqual([]);
  });

  it('inbox_stopped when every inbox is paused, bounce-stopped, backing off or capped, naming each', () => {
    const inboxes = [
      inbox('p@one.example', { status: 'paused' }),
      inbox('b@one.example', { status: 'bounce_stopped' }),
      inbox('o@one.example', { backoffUntil: later(15) }),
      inbox('c@one.example', { sentToday: 20 }),
    ];
    const s = explain({ inboxes });
    expect(s.reasons.map((r) => r.code)).toEqual(['inbox_stopped']);
    for (const email of [
      'p@one.example (paused)',
      'b@one.example (stopped for its bounce rate',
      'o@one.example (backing off after errors until Wed 10 Jun 10:15)',
      'c@one.example (20 of 20 sent)',
    ]) {
      expect(s.reasons[0].text).toContain(email);
    }
    // An inbox only waiting out its gap keeps the campaign sending.
    expect(reasonCodes({ inboxes: [...inboxes, inbox('r@one.example', { nextFreeAt: later(3) })] })).toEqual([]);
  });

  it('no_leads_due when no lead is due, or only new leads over the new-lead limit', () => {
    expect(reasonCodes({ dueNow: [] })).toEqual(['no_leads_due']);
    const newOnly = explain({ dueNow: [due(5, { isNew: true })], campaign: campaign({ maxNewLeadsPerDay: 10 }), newToday: 10 });
    expect(newOnly.reasons).toEqual([{ code: 'no_leads_due', text: expect.stringContaining('new-lead limit') }]);
  });

  it('lists every reason that applies, in the order the sender meets them', () => {
    const everything = state({
      campaign: campaign({ status: 'paused', startDate: '2026-07-01', endDate: null }),
      stepCount: 1,
      sentToday: 30,
      inboxes: [inbox('p@one.example', { status: 'paused' })],
      dueNow: [],
    });
    const night = new Date('2026-06-10T22:30:00Z');
    expect(explainSending(everything, night).reasons.map((r) => r.code)).toEqual(['not_active', 'before_start', 'outside_hours', 'daily_limit', 'inbox_stopped', 'no_leads_due']);
    const ended = state({ campaign: campaign({ endDate: '2026-06-01' }), stepCount: 0, inboxes: [], dueNow: [] });
    expect(explainSending(ended, night).reasons.map((r) => r.code)).toEqual(['no_steps', 'no_inbox', 'after_end', 'outside_hours']);
  });
});

describe('notes', () => {
  it('inbox_capped for inboxes at their ramp cap or out of domain room', () => {
    const s = explain({ inboxes: [inbox('a@one.example'), inbox('c@one.example', { sentToday: 20 }), inbox('d@two.example', { domain: 'two.example', domainLeft: 0 })] });
    expect(s.reasons).toEqual([]);
    expect(s.notes).toEqual([{ code: 'inbox_capped', text: expect.stringContaining('c@one.example (20 of 20 sent)') }]);
    expect(s.notes[0].text).toContain('d@two.example (the two.example domain cap is used up)');
  });

  it('inbox_resting for inboxes waiting out their gap', () => {
    const s = explain({ inboxes: [inbox('r@one.example', { nextFreeAt: later(4) })] });
    expect(s.notes).toEqual([{ code: 'inbox_resting', text: expect.stringContaining('r@one.example until Wed 10 Jun 10:04') }]);
  });

  it('inbox_backoff for inboxes backing off after errors', () => {
    expect(noteCodes({ inboxes: [inbox('a@one.example'), inbox('o@one.example', { backoffUntil: later(30) })] })).toEqual(['inbox_backoff']);
  });

  it('new_leads_limit once the day has used the new-lead limit', () => {
    expect(noteCodes({ campaign: campaign({ maxNewLeadsPerDay: 10 }), newToday: 10 })).toEqual(['new_leads_limit']);
    expect(noteCodes({ campaign: campaign({ maxNewLeadsPerDay: 10 }), newToday: 9 })).toEqual([]);
  });

  it('sender_waiting for leads due now whose own inbox cannot send, with why and how many per inbox', () => {
    const s = explain({
      inboxes: [
        inbox('a@one.example'),
        inbox('c@one.example', { sentToday: 20 }),
        inbox('r@one.example', { nextFreeAt: later(4) }),
        inbox('p@one.example', { status: 'paused' }),
        inbox('o@one.example', { backoffUntil: later(30) }),
      ],
      dueBySender: [
        { inboxId: 'a@one.example', count: 4 }, // ready: its leads go
        { inboxId: 'c@one.example', count: 3 },
        { inboxId: 'r@one.example', count: 1 },
        { inboxId: 'p@one.example', count: 2 },
        { inboxId: 'o@one.example', count: 1 },
        { inboxId: 'left-the-pool', count: 5 }, // its leads move to another inbox: not waiting
      ],
    });
    const note = s.notes.find((n) => n.code === 'sender_waiting')!;
    expect(s.notes.map((n) => n.code).at(-1)).toBe('sender_waiting');
    expect(note.text).toMatch(/^7 leads wait for their own inbox/);
    expect(note.text).toContain("3 for c@one.example (reached today's cap: 20 of 20 sent)");
    expect(note.text).toContain('1 for r@one.example (resting until Wed 10 Jun 10:04)');
    expect(note.text).toContain('2 for p@one.example (paused)');
    expect(note.text).toContain('1 for o@one.example (backing off after errors until Wed 10 Jun 10:30)');
    expect(note.text).not.toContain('a@one.example');
    expect(explain({ inboxes: [inbox('c@one.example', { sentToday: 20 })], dueBySender: [{ inboxId: 'c@one.example', count: 1 }] }).notes.at(-1)!.text).toMatch(
      /^1 lead waits for its own inbox/,
    );
    expect(noteCodes({ dueBySender: [{ inboxId: 'a@one.example', count: 3 }] })).toEqual([]);
  });

  it('verification_hold and lead_away with their counts', () => {
    const s = explain({ held: { verification: 3, away: 1 } });
    expect(s.notes).toEqual([
      { code: 'verification_hold', text: expect.stringContaining('3 leads are held') },
      { code: 'lead_away', text: expect.stringContaining('1 lead is away') },
    ]);
  });

  it('provider_unmatched when leads wait for capped inboxes on their provider', () => {
    const c = campaign({ providerMatching: true });
    const inboxes = [inbox('g@one.example', { provider: 'provider_a', sentToday: 20 }), inbox('m@one.example', { provider: 'provider_b' })];
    const s = explain({ campaign: c, inboxes, dueNow: [due(4, { provider: 'provider_a' }), due(1, { provider: 'provider_b' })] });
    expect(s.notes.map((n) => n.code)).toEqual(['inbox_capped', 'provider_unmatched']);
    expect(s.notes[1].text).toContain('4 leads on Google-hosted (provider_a)');
    // Not without matching, nor when the provider has no active inbox (those leads go from any inbox).
    expect(noteCodes({ campaign: campaign(), inboxes, dueNow: [due(4, { provider: 'provider_a' })] })).toEqual(['inbox_capped']);
    expect(noteCodes({ campaign: c, inboxes: [inbox('m@one.example', { provider: 'provider_b' })], dueNow: [due(4, { provider: 'provider_a' })] })).toEqual([]);
  });
});

describe('due_today', () => {
  it('is the smallest of the daily limit left, leads due before midnight, and inbox room left', () => {
    const base = { inboxes: [inbox('a@one.example', { capToday: 20, sentToday: 5 }), inbox('b@one.example', { capToday: 20, sentToday: 10 })] };
    // Inboxes have 15 + 10 = 25 left.
    expect(explain({ ...base, sentToday: 0, dueToday: { followUps: 10, newLeads: 30 } }).dueToday).toEqual({ total: 25, followUps: 10, newLeads: 15 });
    expect(explain({ ...base, sentToday: 22, dueToday: { followUps: 10, newLeads: 30 } }).dueToday).toEqual({ total: 8, followUps: 8, newLeads: 0 });
    expect(explain({ ...base, sentToday: 0, dueToday: { followUps: 4, newLeads: 3 } }).dueToday).toEqual({ total: 7, followUps: 4, newLeads: 3 });
  });

  it('fills new leads first with prioritizeNew, and never past the new-lead limit left', () => {
    const c = campaign({ prioritizeNew: true, maxNewLeadsPerDay: 8, dailyLimit: 10 });
    expect(explain({ campaign: c, newToday: 2, dueToday: { followUps: 10, newLeads: 30 } }).dueToday).toEqual({ total: 10, followUps: 4, newLeads: 6 });
  });

  it("counts a domain's inboxes only up to the domain's room, and paused inboxes not at all", () => {
    const inboxes = [
      inbox('a@one.example', { capToday: 20, domainLeft: 6 }),
      inbox('b@one.example', { capToday: 20, domainLeft: 6 }),
      inbox('c@two.example', { domain: 'two.example', capToday: 20, sentToday: 17 }),
      inbox('p@two.example', { domain: 'two.example', status: 'paused' }),
    ];
    expect(explain({ inboxes, dueToday: { followUps: 100, newLeads: 0 } }).dueToday).toEqual({ total: 9, followUps: 9, newLeads: 0 });
  });

  it('is zero while a lasting reason stops sending today', () => {
    expect(explain({ campaign: campaign({ status: 'paused' }) }).dueToday).toEqual({ total: 0, followUps: 0, newLeads: 0 });
    expect(explain({ campaign: campaign({ endDate: '2026-06-01' }) }).dueToday.total).toBe(0);
    // Outside hours is not lasting: the window may still open today.
    expect(explain({}, new Date('2026-06-10T05:00:00Z')).dueToday.total).toBe(3);
  });
});

describe('inbox_placement (decisions.md §16)', () => {
  it('follows inbox_stopped and names the inboxes that paused themselves for their placement', () => {
    const s = explain({ inboxes: [inbox('p@one.example', { status: 'paused', pausedReason: 'placement' }), inbox('h@one.example', { status: 'paused' })] });
    expect(s.reasons.map((r) => r.code)).toEqual(['inbox_stopped', 'inbox_placement']);
    expect(s.reasons[0]!.text).toContain('p@one.example (paused for its placement-test inbox rate)');
    expect(s.reasons[1]!.text).toContain('p@one.example');
    expect(s.reasons[1]!.text).not.toContain('h@one.example');
  });

  it('is not given for inboxes paused by hand, nor while another inbox can send', () => {
    expect(reasonCodes({ inboxes: [inbox('h@one.example', { status: 'paused' })] })).toEqual(['inbox_stopped']);
    expect(reasonCodes({ inboxes: [inbox('p@one.example', { status: 'paused', pausedReason: 'placement' }), inbox('a@one.example')] })).toEqual([]);
  });
});
