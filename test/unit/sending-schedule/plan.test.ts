// plan.ts: one tick's sends under every limit at once — campaign daily and new-lead limits, inbox ramp
// caps across campaigns, domain caps shared by a domain's inboxes, status, back-off, gap (one send per
// inbox per tick) — with fair rotation, follow-ups first unless prioritizeNew, and provider matching.
import type { Provider } from '../../../src/modules/leads/lead.entity';
import { nextFreeAt, planSends, type DueLead, type PlanCampaign, type PlanInbox, type PlanInput } from '../../../src/modules/sending/schedule';

const NOW = new Date('2026-06-10T10:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const inbox = (id: string, over: Partial<PlanInbox> = {}): PlanInbox => ({
  id,
  status: 'active',
  capToday: 50,
  sentToday: 0,
  backoffUntil: null,
  nextFreeAt: null,
  lastSentAt: null,
  domain: 'one.example',
  domainDailyCap: null,
  provider: null,
  ...over,
});
const campaign = (id: string, inboxIds: string[], over: Partial<PlanCampaign> = {}): PlanCampaign => ({
  id,
  dailyLimit: 30,
  maxNewLeadsPerDay: null,
  prioritizeNew: false,
  providerMatching: false,
  sentToday: 0,
  newToday: 0,
  inboxIds,
  ...over,
});
const lead = (leadId: string, campaignId = 'c1', over: Partial<DueLead> = {}): DueLead => ({
  leadId,
  campaignId,
  provider: null,
  isNew: false,
  dueAt: ago(10),
  mailboxId: null,
  ...over,
});
const leads = (n: number, campaignId = 'c1', over: Partial<DueLead> = {}) =>
  Array.from({ length: n }, (_, i) => lead(`${campaignId}-l${String(i).padStart(3, '0')}`, campaignId, { dueAt: ago(1000 - i), ...over }));

const plan = (input: PlanInput, now = NOW) => planSends(input, now).sends.map((s) => `${s.leadId}@${s.inboxId}`);

describe('one send per inbox per tick', () => {
  it('sends as many leads as there are free inboxes, longest due first', () => {
    const input = { campaigns: [campaign('c1', ['i1', 'i2'])], inboxes: [inbox('i1'), inbox('i2')], leads: leads(5) };
    expect(plan(input)).toEqual(['c1-l000@i1', 'c1-l001@i2']);
  });

  it('ignores leads due later than now, and leads of campaigns not in the plan', () => {
    const input = {
      campaigns: [campaign('c1', ['i1'])],
      inboxes: [inbox('i1')],
      leads: [lead('future', 'c1', { dueAt: later(1) }), lead('other', 'c9'), lead('now', 'c1', { dueAt: NOW })],
    };
    expect(plan(input)).toEqual(['now@i1']);
  });

  it('uses an inbox once per tick even when two campaigns share it', () => {
    const input = {
      campaigns: [campaign('c1', ['shared']), campaign('c2', ['shared'])],
      inboxes: [inbox('shared')],
      leads: [...leads(3, 'c1'), ...leads(3, 'c2')],
    };
    expect(planSends(input, NOW).sends).toHaveLength(1);
  });

  it('plans nothing without due leads or inboxes', () => {
    expect(plan({ campaigns: [campaign('c1', ['i1'])], inboxes: [inbox('i1')], leads: [] })).toEqual([]);
    expect(plan({ campaigns: [campaign('c1', [])], inboxes: [inbox('i1')], leads: leads(2) })).toEqual([]);
    expect(plan({ campaigns: [campaign('c1', ['gone'])], inboxes: [inbox('i1')], leads: leads(2) })).toEqual([]);
  });
});

describe('campaign limits', () => {
  const three = () => ({ inboxes: [inbox('i1'), inbox('i2'), inbox('i3')] });

  it('stops at the daily limit, counting what was sent earlier today', () => {
    expect(plan({ ...three(), campaigns: [campaign('c1', ['i1', 'i2', 'i3'], { dailyLimit: 30, sentToday: 29 })], leads: leads(5) })).toHaveLength(1);
    expect(plan({ ...three(), campaigns: [campaign('c1', ['i1', 'i2', 'i3'], { dailyLimit: 30, sentToday: 30 })], leads: leads(5) })).toEqual([]);
  });

  it('holds new leads at maxNewLeadsPerDay and lets follow-ups go', () => {
    const input = {
      ...three(),
      campaigns: [campaign('c1', ['i1', 'i2', 'i3'], { maxNewLeadsPerDay: 5, newToday: 4, prioritizeNew: true })],
      leads: [lead('new1', 'c1', { isNew: true, dueAt: ago(50) }), lead('new2', 'c1', { isNew: true, dueAt: ago(40) }), lead('fu1', 'c1', { dueAt: ago(5) })],
    };
    expect(plan(input)).toEqual(['new1@i1', 'fu1@i2']);
    input.campaigns[0].newToday = 5;
    expect(plan(input)).toEqual(['fu1@i1']);
  });

  it('sends follow-ups before new leads, so started sequences finish', () => {
    const input = {
      inboxes: [inbox('i1'), inbox('i2')],
      campaigns: [campaign('c1', ['i1', 'i2'])],
      leads: [lead('new-old', 'c1', { isNew: true, dueAt: ago(500) }), lead('fu-a', 'c1', { dueAt: ago(5) }), lead('fu-b', 'c1', { dueAt: ago(6) })],
    };
    expect(plan(input)).toEqual(['fu-b@i1', 'fu-a@i2']);
  });

  it('sends new leads first with prioritizeNew', () => {
    const input = {
      inboxes: [inbox('i1'), inbox('i2')],
      campaigns: [campaign('c1', ['i1', 'i2'], { prioritizeNew: true })],
      leads: [lead('fu', 'c1', { dueAt: ago(500) }), lead('new-b', 'c1', { isNew: true, dueAt: ago(5) }), lead('new-a', 'c1', { isNew: true, dueAt: ago(5) })],
    };
    expect(plan(input)).toEqual(['new-a@i1', 'new-b@i2']);
  });
});

describe('inbox limits', () => {
  const one = (over: Partial<PlanInbox>) => ({ campaigns: [campaign('c1', ['i1', 'i2'])], inboxes: [inbox('i1', over), inbox('i2')], leads: leads(5) });

  it('skips an inbox at its ramp cap, counting its sends for every campaign', () => {
    expect(plan(one({ capToday: 20, sentToday: 20 }))).toEqual(['c1-l000@i2']);
  });

  it('skips a paused or bounce-stopped inbox', () => {
    expect(plan(one({ status: 'paused' }))).toEqual(['c1-l000@i2']);
    expect(plan(one({ status: 'bounce_stopped' }))).toEqual(['c1-l000@i2']);
  });

  it('skips an inbox backing off until its back-off is over', () => {
    expect(plan(one({ backoffUntil: later(1) }))).toEqual(['c1-l000@i2']);
    expect(plan(one({ backoffUntil: NOW }))).toHaveLength(2);
  });

  it('skips an inbox inside its gap', () => {
    const sent = ago(10);
    const free = nextFreeAt(sent, 9, 5, () => 0.5); // 11.5 minutes after: still resting
    expect(plan(one({ lastSentAt: sent, nextFreeAt: free }))).toEqual(['c1-l000@i2']);
    expect(plan(one({ lastSentAt: sent, nextFreeAt: nextFreeAt(sent, 9, 5, () => 0) }))).toHaveLength(2);
  });

  it('shares a domain cap between the inboxes of the domain, the smallest set value applying', () => {
    const input = {
      campaigns: [campaign('c1', ['a1', 'a2', 'b1'])],
      inboxes: [
        inbox('a1', { domain: 'a.example', domainDailyCap: 40, sentToday: 2 }),
        inbox('a2', { domain: 'a.example', domainDailyCap: 5, sentToday: 2 }),
        inbox('b1', { domain: 'b.example', sentToday: 9 }),
      ],
      leads: leads(5),
    };
    // a.example may send 5 - 4 = 1 more today: only one of a1/a2 sends.
    expect(plan(input)).toEqual(['c1-l000@a1', 'c1-l001@b1']);
  });

  it("counts a paused inbox's sends under its domain cap", () => {
    const input = {
      campaigns: [campaign('c1', ['a1', 'a2'])],
      inboxes: [inbox('a1', { domain: 'a.example', domainDailyCap: 4 }), inbox('a2', { domain: 'a.example', status: 'paused', sentToday: 4 })],
      leads: leads(2),
    };
    expect(plan(input)).toEqual([]);
  });

  it('shares a domain cap across campaigns', () => {
    const input = {
      campaigns: [campaign('c1', ['a1']), campaign('c2', ['a2'])],
      inboxes: [inbox('a1', { domain: 'a.example', domainDailyCap: 3, sentToday: 1 }), inbox('a2', { domain: 'a.example', sentToday: 1 })],
      leads: [...leads(2, 'c1'), ...leads(2, 'c2')],
    };
    expect(planSends(input, NOW).sends).toHaveLength(1);
  });
});

describe('fair rotation', () => {
  it('takes the inbox that sent least today, then the one idle longest, then by id', () => {
    const input = {
      campaigns: [campaign('c1', ['i1', 'i2', 'i3', 'i4'])],
      inboxes: [
        inbox('i1', { sentToday: 5 }),
        inbox('i2', { sentToday: 3, lastSentAt: ago(5) }),
        inbox('i3', { sentToday: 3, lastSentAt: ago(50) }),
        inbox('i4', { sentToday: 4 }),
      ],
      leads: leads(3),
    };
    expect(plan(input)).toEqual(['c1-l000@i3', 'c1-l001@i2', 'c1-l002@i4']);
  });

  it('spreads sends evenly over inboxes across many ticks', () => {
    const inboxes = ['i1', 'i2', 'i3', 'i4', 'i5'].map((id) => inbox(id));
    const sent: string[] = [];
    // One lead due per 30-second tick for 100 ticks: the campaign has only one send per tick to give.
    for (let tick = 0; tick < 100; tick++) {
      const now = new Date(NOW.getTime() + tick * 30_000);
      const sends = planSends(
        {
          campaigns: [
            campaign(
              'c1',
              inboxes.map((i) => i.id),
              { dailyLimit: 1000 },
            ),
          ],
          inboxes,
          leads: [lead(`t${tick}`, 'c1', { dueAt: now })],
        },
        now,
      ).sends;
      for (const s of sends) {
        const used = inboxes.find((i) => i.id === s.inboxId)!;
        used.sentToday++;
        used.lastSentAt = now;
        sent.push(s.inboxId);
      }
    }
    expect(inboxes.map((i) => i.sentToday)).toEqual([20, 20, 20, 20, 20]);
    expect(sent.slice(0, 10)).toEqual(['i1', 'i2', 'i3', 'i4', 'i5', 'i1', 'i2', 'i3', 'i4', 'i5']);
  });

  it('keeps inboxes within one send of each other with gaps and jitter over a day', () => {
    // A lead falls due every 5 minutes; each inbox rests 9 to 14 minutes after a send.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const inboxes = ['i1', 'i2', 'i3'].map((id) => inbox(id, { capToday: 40 }));
    const c = campaign('c1', ['i1', 'i2', 'i3'], { dailyLimit: 60 });
    const due = Array.from({ length: 200 }, (_, i) => lead(`l${i}`, 'c1', { dueAt: new Date(NOW.getTime() + i * 5 * 60_000) }));
    const done = new Set<string>();
    for (let tick = 0; tick < 8 * 120; tick++) {
      const now = new Date(NOW.getTime() + tick * 30_000);
      const { sends } = planSends({ campaigns: [c], inboxes, leads: due.filter((l) => !done.has(l.leadId)) }, now);
      for (const s of sends) {
        const used = inboxes.find((i) => i.id === s.inboxId)!;
        used.sentToday++;
        used.lastSentAt = now;
        used.nextFreeAt = nextFreeAt(now, 9, 5, random);
        c.sentToday++;
        done.add(s.leadId);
      }
    }
    expect(c.sentToday).toBe(60);
    const counts = inboxes.map((i) => i.sentToday);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('gives campaigns sharing an inbox turns over ticks', () => {
    const shared = inbox('shared');
    const campaigns = [campaign('c1', ['shared']), campaign('c2', ['shared'])];
    const due = [...leads(20, 'c1'), ...leads(20, 'c2')];
    const done = new Set<string>();
    for (let tick = 0; tick < 10; tick++) {
      const { sends } = planSends({ campaigns, inboxes: [shared], leads: due.filter((l) => !done.has(l.leadId)) }, NOW);
      for (const s of sends) {
        done.add(s.leadId);
        campaigns.find((c) => c.id === s.campaignId)!.sentToday++;
        shared.sentToday++;
      }
    }
    expect(campaigns.map((c) => c.sentToday)).toEqual([5, 5]);
  });

  it('gives every campaign a turn before any campaign sends twice in a tick', () => {
    const input = {
      campaigns: [campaign('big', ['i1', 'i2', 'i3']), campaign('small', ['i1', 'i2', 'i3'])],
      inboxes: [inbox('i1'), inbox('i2'), inbox('i3')],
      leads: [...leads(50, 'big'), lead('s1', 'small', { dueAt: ago(1) })],
    };
    const sends = planSends(input, NOW).sends;
    expect(sends.map((s) => s.campaignId).sort()).toEqual(['big', 'big', 'small']);
  });
});

describe('provider matching', () => {
  const gmail: Provider = 'provider_a';
  const outlook: Provider = 'provider_b';
  const matched = (over: Partial<PlanCampaign> = {}) => campaign('c1', ['ga', 'ms'], { providerMatching: true, ...over });

  it("sends from an inbox on the lead's provider even when another inbox sent less", () => {
    const input = {
      campaigns: [matched()],
      inboxes: [inbox('ga', { provider: gmail, sentToday: 10 }), inbox('ms', { provider: outlook })],
      leads: [lead('g1', 'c1', { provider: gmail })],
    };
    expect(plan(input)).toEqual(['g1@ga']);
  });

  it('holds a lead while the inboxes on its provider cannot send, and tries the next lead', () => {
    const input = {
      campaigns: [matched()],
      inboxes: [inbox('ga', { provider: gmail, nextFreeAt: later(3) }), inbox('ms', { provider: outlook })],
      leads: [lead('g1', 'c1', { provider: gmail, dueAt: ago(20) }), lead('m1', 'c1', { provider: outlook, dueAt: ago(10) })],
    };
    const result = planSends(input, NOW);
    expect(result.sends.map((s) => `${s.leadId}@${s.inboxId}`)).toEqual(['m1@ms']);
    expect(result.providerHeld).toEqual(['g1']);
  });

  it('does not call a lead held for its provider when the campaign has no free inbox at all', () => {
    const input = {
      campaigns: [campaign('first', ['ga']), matched({ sentToday: 10 })],
      inboxes: [inbox('ga', { provider: gmail }), inbox('ms', { provider: outlook, nextFreeAt: later(2) })],
      leads: [lead('f1', 'first'), lead('g1', 'c1', { provider: gmail })],
    };
    expect(planSends(input, NOW)).toEqual({ sends: [{ leadId: 'f1', campaignId: 'first', inboxId: 'ga' }], providerHeld: [], senderWaiting: [] });
  });

  it('holds the lead while its provider inboxes are capped for the day', () => {
    const input = {
      campaigns: [matched()],
      inboxes: [inbox('ga', { provider: gmail, capToday: 10, sentToday: 10 }), inbox('ms', { provider: outlook })],
      leads: [lead('g1', 'c1', { provider: gmail })],
    };
    expect(plan(input)).toEqual([]);
  });

  it("falls back to any inbox when the campaign has no active inbox on the lead's provider", () => {
    const input = {
      campaigns: [matched()],
      inboxes: [inbox('ga', { provider: gmail, status: 'paused' }), inbox('ms', { provider: outlook })],
      leads: [lead('g1', 'c1', { provider: gmail })],
    };
    expect(plan(input)).toEqual(['g1@ms']);
  });

  it.each<Provider | null>(['other', 'none', 'unknown', null])('sends a lead on provider %s from any inbox', (provider) => {
    const input = {
      campaigns: [matched()],
      inboxes: [inbox('ga', { provider: gmail, sentToday: 3 }), inbox('ms', { provider: outlook, sentToday: 1 })],
      leads: [lead('x', 'c1', { provider })],
    };
    expect(plan(input)).toEqual(['x@ms']);
  });

  it('ignores providers when matching is off', () => {
    const input = {
      campaigns: [matched({ providerMatching: false })],
      inboxes: [inbox('ga', { provider: gmail, sentToday: 3 }), inbox('ms', { provider: outlook })],
      leads: [lead('g1', 'c1', { provider: gmail })],
    };
    expect(plan(input)).toEqual(['g1@ms']);
  });
});

describe('one sender per lead (decisions.md §11)', () => {
  const three = () => [inbox('i1'), inbox('i2'), inbox('i3')];

  it('sends a lead that has had an email only from its own inbox, whatever the rotation would pick', () => {
    const input = {
      campaigns: [campaign('c1', ['i1', 'i2', 'i3'])],
      // i3 has sent least and would be first in the rotation.
      inboxes: [inbox('i1', { sentToday: 5 }), inbox('i2', { sentToday: 4 }), inbox('i3')],
      leads: [lead('a', 'c1', { mailboxId: 'i1', dueAt: ago(30) }), lead('b', 'c1', { mailboxId: 'i2', dueAt: ago(20) }), lead('n', 'c1', { isNew: true, dueAt: ago(10) })],
    };
    expect(plan(input)).toEqual(['a@i1', 'b@i2', 'n@i3']);
  });

  it.each([
    ['capped', { capToday: 5, sentToday: 5 }],
    ['resting', { nextFreeAt: later(3) }],
    ['paused', { status: 'paused' as const }],
    ['stopped for bounces', { status: 'bounce_stopped' as const }],
    ['backing off', { backoffUntil: later(30) }],
    ['out of domain room', { domainDailyCap: 5, sentToday: 5 }],
  ])('keeps a lead waiting while its own inbox is %s, never giving it to another, and sends the next lead', (_label, over) => {
    const input = {
      campaigns: [campaign('c1', ['i1', 'i2'])],
      inboxes: [inbox('i1', { ...over, domain: 'i1.example' }), inbox('i2', { domain: 'i2.example' })],
      leads: [lead('waits', 'c1', { mailboxId: 'i1', dueAt: ago(30) }), lead('goes', 'c1', { mailboxId: 'i2', dueAt: ago(20) })],
    };
    const result = planSends(input, NOW);
    expect(result.sends.map((s) => `${s.leadId}@${s.inboxId}`)).toEqual(['goes@i2']);
    expect(result.senderWaiting).toEqual(['waits']);
    expect(result.providerHeld).toEqual([]);
  });

  it('keeps a lead waiting while its inbox has sent this tick (one send per inbox per tick), even for another campaign', () => {
    const input = {
      campaigns: [campaign('c1', ['i1']), campaign('c2', ['i1', 'i2'], { sentToday: 10 })],
      inboxes: [inbox('i1'), inbox('i2')],
      leads: [lead('c1-a', 'c1', { mailboxId: 'i1' }), lead('c2-a', 'c2', { mailboxId: 'i1', dueAt: ago(50) }), lead('c2-b', 'c2', { mailboxId: 'i2' })],
    };
    const result = planSends(input, NOW);
    expect(result.sends.map((s) => `${s.leadId}@${s.inboxId}`)).toEqual(['c1-a@i1', 'c2-b@i2']);
    expect(result.senderWaiting).toEqual(['c2-a']);
  });

  it('sends a lead whose inbox left the pool (or is unknown) from any inbox of the pool, by the rotation', () => {
    const input = {
      campaigns: [campaign('c1', ['i2', 'i3'])],
      inboxes: [inbox('i1'), inbox('i2', { sentToday: 3 }), inbox('i3')],
      leads: [lead('moved', 'c1', { mailboxId: 'i1', dueAt: ago(30) }), lead('gone', 'c1', { mailboxId: 'deleted-inbox', dueAt: ago(20) })],
    };
    expect(plan(input)).toEqual(['moved@i3', 'gone@i2']);
  });

  it('puts the own inbox before provider matching, which still places leads without one', () => {
    const input = {
      campaigns: [campaign('c1', ['ga', 'ms'], { providerMatching: true })],
      inboxes: [inbox('ga', { provider: 'provider_a' }), inbox('ms', { provider: 'provider_b' })],
      leads: [lead('own', 'c1', { provider: 'provider_a', mailboxId: 'ms', dueAt: ago(30) }), lead('new', 'c1', { provider: 'provider_a', isNew: true })],
    };
    expect(plan(input)).toEqual(['own@ms', 'new@ga']);
  });

  it("still ends the campaign's turn once none of its inboxes is free", () => {
    const input = { campaigns: [campaign('c1', ['i1', 'i2', 'i3'])], inboxes: three(), leads: leads(6, 'c1', { mailboxId: 'i1' }) };
    const result = planSends(input, NOW);
    expect(result.sends.map((s) => `${s.leadId}@${s.inboxId}`)).toEqual(['c1-l000@i1']);
    expect(result.senderWaiting).toEqual(['c1-l001', 'c1-l002', 'c1-l003', 'c1-l004', 'c1-l005']);
  });
});

describe('everything at once', () => {
  it('applies every limit together, and gives the same plan whatever order the input comes in', () => {
    const input: PlanInput = {
      campaigns: [
        campaign('c1', ['a1', 'a2', 'b1', 'g1'], { dailyLimit: 10, sentToday: 7, maxNewLeadsPerDay: 3, newToday: 3, providerMatching: true }),
        campaign('c2', ['a1', 'b1', 'b2', 'p1'], { dailyLimit: 100, prioritizeNew: true }),
      ],
      inboxes: [
        inbox('a1', { domain: 'a.example', domainDailyCap: 12, sentToday: 6 }),
        inbox('a2', { domain: 'a.example', sentToday: 5 }), // a.example: 1 left today
        inbox('b1', { domain: 'b.example', sentToday: 2, lastSentAt: ago(60) }),
        inbox('b2', { domain: 'b.example', sentToday: 2, lastSentAt: ago(30), backoffUntil: later(5) }),
        inbox('g1', { domain: 'g.example', provider: 'provider_a', capToday: 10, sentToday: 10 }),
        inbox('p1', { domain: 'p.example', status: 'paused' }),
      ],
      leads: [
        lead('c1-new', 'c1', { isNew: true, dueAt: ago(100) }), // new-lead limit reached
        lead('c1-gmail', 'c1', { provider: 'provider_a', dueAt: ago(90) }), // its provider inbox is capped: held
        lead('c1-fu1', 'c1', { dueAt: ago(80) }),
        lead('c1-fu2', 'c1', { dueAt: ago(70) }),
        lead('c1-fu3', 'c1', { dueAt: ago(60) }),
        lead('c1-fu4', 'c1', { dueAt: ago(50) }),
        lead('c2-fu', 'c2', { dueAt: ago(200) }),
        lead('c2-new', 'c2', { isNew: true, dueAt: ago(10) }),
      ],
    };
    const expected = planSends(input, NOW);
    // c1 has used 70% of its limit, c2 none: c2 turns first. c2-new (prioritizeNew) takes b1 (2 sent, idle
    // longest of its free inboxes), c1-fu1 takes a2 (the one a.example send left), c2-fu finds a1 out of
    // domain room, b2 backing off and p1 paused; c1's remaining inboxes are used or capped.
    expect(expected.sends.map((s) => `${s.leadId}@${s.inboxId}`)).toEqual(['c2-new@b1', 'c1-fu1@a2']);
    expect(expected.providerHeld).toEqual(['c1-gmail']);

    const shuffled: PlanInput = { campaigns: [...input.campaigns].reverse(), inboxes: [...input.inboxes].reverse(), leads: [...input.leads].reverse() };
    expect(planSends(shuffled, NOW)).toEqual(expected);
  });
});
