// Micro-benchmark of one dispatch tick's planning (planSends): 100,000 due leads in 500 campaigns over
// 1,000 inboxes, every limit in play. Target: the whole tick under 500 ms (the database part comes on
// top later). Prints the median time, the ratio to a baseline measured in the same run (one pass that
// buckets the same leads by campaign, the least any planner must do: read each due lead once), and the
// time per due lead at 10k, 50k and 100k due leads to show the cost grows with the due work.
// One sender per lead and sender pools (decisions.md §11, issue 22): the planner of before that rule
// (baseline/plan-today.ts, kept as it was) and today's plan the same input in turns, with sticky senders
// (follow-ups on an inbox of their own, some of them on one that left the pool) and tag pools (a third of
// the campaigns also send from 40 tagged inboxes); target: today's at most 1.1x the earlier one.
//   node -r @swc-node/register test/bench/plan-sends.bench.ts
import type { Provider } from '../../src/modules/leads/lead.entity';
import {
  isSendingOpen,
  nextDue,
  planSends,
  type DueLead,
  type LeadProgress,
  type PlanCampaign,
  type PlanInbox,
  type PlanInput,
  type SequenceStep,
} from '../../src/modules/sending/schedule';
import { planSends as planSendsBefore } from './baseline/plan-today';

const NOW = new Date('2026-06-10T10:00:00Z');
const PROVIDERS: (Provider | null)[] = ['provider_a', 'provider_b', 'other', 'unknown', null];

function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

export function buildTick(dueLeads: number, campaigns = 500, inboxes = 1000, senders: { sticky?: boolean; tagPools?: boolean } = {}): PlanInput {
  const rnd = random(7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const minutes = (m: number) => new Date(NOW.getTime() + m * 60_000);
  const inboxList: PlanInbox[] = Array.from({ length: inboxes }, (_, i) => {
    const roll = rnd();
    return {
      id: `inbox-${i}`,
      status: roll < 0.03 ? 'paused' : roll < 0.04 ? 'bounce_stopped' : 'active',
      capToday: 10 + 5 * Math.floor(rnd() * 10),
      sentToday: Math.floor(rnd() * 40),
      backoffUntil: rnd() < 0.02 ? minutes(10) : null,
      nextFreeAt: rnd() < 0.5 ? minutes(rnd() * 10 - 5) : null,
      lastSentAt: rnd() < 0.9 ? minutes(-rnd() * 60) : null,
      domain: `d${Math.floor(i / 5)}.example`,
      domainDailyCap: rnd() < 0.2 ? 100 + Math.floor(rnd() * 100) : null,
      provider: pick(['provider_a', 'provider_b', 'other'] as const),
    };
  });
  // Tag pools: 25 tags of 40 inboxes each (as resolved by the tick: the campaign's inboxIds).
  const tagPools = Array.from({ length: 25 }, (_, t) => Array.from({ length: 40 }, (_, k) => `inbox-${(t * 40 + k) % inboxes}`));
  const campaignList: PlanCampaign[] = Array.from({ length: campaigns }, (_, c) => {
    // 2 to 10 inboxes each, overlapping between campaigns.
    const own = Array.from({ length: 2 + Math.floor(rnd() * 9) }, () => `inbox-${Math.floor(rnd() * inboxes)}`);
    const pooled = senders.tagPools && c % 3 === 0 ? [...new Set([...own, ...tagPools[c % tagPools.length]!])] : own;
    return {
      id: `campaign-${c}`,
      dailyLimit: 30 + Math.floor(rnd() * 200),
      maxNewLeadsPerDay: rnd() < 0.5 ? 20 + Math.floor(rnd() * 50) : null,
      prioritizeNew: rnd() < 0.3,
      providerMatching: rnd() < 0.5,
      sentToday: Math.floor(rnd() * 40),
      newToday: Math.floor(rnd() * 20),
      inboxIds: pooled,
    };
  });
  const leads: DueLead[] = Array.from({ length: dueLeads }, (_, i) => {
    const campaign = campaignList[i % campaigns]!;
    const isNew = rnd() < 0.4;
    // A follow-up's own inbox: one of its campaign's, or (1 in 10) one that has left it since.
    const mailboxId = !senders.sticky || isNew ? null : rnd() < 0.9 ? pick(campaign.inboxIds) : `inbox-${Math.floor(rnd() * inboxes)}`;
    return { leadId: `lead-${i}`, campaignId: campaign.id, provider: pick(PROVIDERS), isNew, dueAt: minutes(-rnd() * 3 * 1440), mailboxId };
  });
  return { leads, campaigns: campaignList, inboxes: inboxList };
}

function median(runs: number, fn: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}

export function benchPlanSends(): void {
  const runs = 9;
  const full = buildTick(100_000);
  // Warm up the JIT on the real shapes.
  for (let i = 0; i < 3; i++) planSends(full, NOW);

  const baseline = median(runs, () => {
    const buckets = new Map<string, DueLead[]>();
    for (const lead of full.leads) {
      const bucket = buckets.get(lead.campaignId);
      if (bucket) bucket.push(lead);
      else buckets.set(lead.campaignId, [lead]);
    }
  });
  let sends = 0;
  const planned = median(runs, () => {
    sends = planSends(full, NOW).sends.length;
  });
  console.log(`planSends: 100,000 due leads, 500 campaigns, 1,000 inboxes → ${sends} sends`);
  console.log(`  median ${planned.toFixed(1)} ms (target < 500 ms); baseline (bucket the leads by campaign) ${baseline.toFixed(1)} ms; ratio ${(planned / baseline).toFixed(2)}×`);
  for (const n of [10_000, 50_000, 100_000]) {
    const input = buildTick(n);
    const ms = median(runs, () => planSends(input, NOW));
    console.log(`  ${String(n).padStart(7)} due leads: ${ms.toFixed(1)} ms, ${((ms * 1000) / n).toFixed(2)} µs per due lead`);
  }
}

/** Today's planner against the one before one sender per lead, on the same input, timed in turns. */
export function benchSenders(): void {
  const runs = 31;
  for (const [label, senders] of [
    ['no senders yet, no tag pools', {}],
    ['sticky senders and tag pools', { sticky: true, tagPools: true }],
  ] as const) {
    const input = buildTick(100_000, 500, 1000, senders);
    for (let i = 0; i < 3; i++) {
      planSendsBefore(input, NOW);
      planSends(input, NOW);
    }
    const before: number[] = [];
    const now: number[] = [];
    const sends = [0, 0];
    let waiting = 0;
    const runBefore = () => {
      const t = process.hrtime.bigint();
      sends[0] = planSendsBefore(input, NOW).sends.length;
      before.push(Number(process.hrtime.bigint() - t) / 1e6);
    };
    const runToday = () => {
      const t = process.hrtime.bigint();
      const plan = planSends(input, NOW);
      now.push(Number(process.hrtime.bigint() - t) / 1e6);
      sends[1] = plan.sends.length;
      waiting = plan.senderWaiting.length;
    };
    for (let i = 0; i < runs; i++) {
      // In turns, each first every other time, so both see the machine (and the collector) alike.
      if (i % 2 === 0) runBefore();
      runToday();
      if (i % 2 === 1) runBefore();
    }
    const [b, n] = [before, now].map((xs) => xs.sort((x, y) => x - y)[Math.floor(runs / 2)]!);
    console.log(
      `  ${label.padEnd(30)} before ${b!.toFixed(1)} ms (${sends[0]} sends), today ${n!.toFixed(1)} ms (${sends[1]} sends, ${waiting} leads waiting for their inbox): ratio ${(n! / b!).toFixed(2)}x${n! / b! > 1.1 ? '  OVER 1.1x' : ''}`,
    );
  }
}

/** The other pure work a tick may do per due lead: its due decision and its window in its own zone. */
export function benchPerLead(): void {
  const zones = ['Europe/Berlin', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo', 'Australia/Sydney', 'Asia/Kolkata', 'Europe/London', 'America/Sao_Paulo'];
  const steps: SequenceStep[] = [
    { position: 1, waitMinutes: 0, condition: null, isTask: false },
    { position: 2, waitMinutes: 2880, condition: 'clicked', isTask: false },
    { position: 3, waitMinutes: 4320, condition: 'no_reply', isTask: false },
  ];
  const schedule = { days: [1, 2, 3, 4, 5], windowStart: '09:00', windowEnd: '17:00', windows: null };
  const rnd = random(11);
  const leads = Array.from({ length: 100_000 }, (_, i) => ({
    zone: zones[i % zones.length],
    progress: {
      status: 'active',
      currentStep: 1 + (i % 2),
      addedAt: new Date(NOW.getTime() - 10 * 86_400_000),
      lastStepAt: new Date(NOW.getTime() - rnd() * 5 * 86_400_000),
      awayUntil: null,
      verification: 'valid',
      verificationStartedAt: null,
      repliedAt: null,
      interest: null,
      clicks: [],
      openTask: false,
    } satisfies LeadProgress,
  }));
  for (let i = 0; i < 3; i++) for (const l of leads) nextDue(l.progress, steps, { skipRisky: true }, NOW);
  const due = median(5, () => {
    for (const l of leads) nextDue(l.progress, steps, { skipRisky: true }, NOW);
  });
  const open = median(5, () => {
    for (const l of leads) isSendingOpen(schedule, l.zone, NOW);
  });
  console.log(`per due lead, 100,000 leads: nextDue ${due.toFixed(1)} ms; isSendingOpen in the lead's zone ${open.toFixed(1)} ms (group by zone to pay it once per zone)`);
}

if (require.main === module) {
  benchPlanSends();
  console.log("\nOne sender per lead: the planner before it and today's, 100,000 due leads, median of 31 in turns:");
  benchSenders();
  benchPerLead();
}
