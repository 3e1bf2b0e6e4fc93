// The accepted emails of a batch recorded together (README "Outcomes", the 2xx row; the other answers are
// recorded one by one in outcomes.ts), as array statements inside one transaction, sent in two round trips
// (locks and reads, then every write; values written into the statements by db/sql.ts inlined). Rows lock in id
// order (inboxes, campaigns, leads) so two processes flushing at once cannot deadlock on each other;
// should PostgreSQL still pick this transaction as a deadlock victim, nothing of it was applied and
// it runs again.
//
// Until the flush commits, the sends stay `sending`: a process that dies in between leaves them to the
// sweep (sweep.ts), which counts them as sent and never sends them again.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SmtpResult } from '../../../mail/smtp-sender';
import type { LeadStatus } from '../../leads/lead.entity';
import { afterStep } from '../../leads/lifecycle/lead-progress';
import { isInSequence } from '../../leads/lifecycle/lead-status';
import { dayKey } from '../schedule';
import type { EngineCampaign } from './load-state';
import { checkBounceStop, type Delivery } from './outcomes';
import { emailSentEvent, leadCompletedEvent } from '../../events/payloads';
import { eventsInsert } from '../../events/record-event';
import { boolArray, inlined, inlinedStatement, intArray, pgArray, sqlBatch, textArray, timeArray } from '../../../db/sql';

export interface AcceptedSend {
  delivery: Delivery;
  result: SmtpResult;
  at: Date;
  /** The inbox's gap after this send (drawn when it went out). */
  nextFreeAt: Date;
}

const DEADLOCK = '40P01';
const FLUSH_TRIES = 3;

export async function recordAcceptedBatch(em: EntityManager, accepted: readonly AcceptedSend[]): Promise<void> {
  if (!accepted.length) return;
  for (let attempt = 1; ; attempt++) {
    try {
      await em.fork().transactional((tx) => writeAccepted(tx, accepted));
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= FLUSH_TRIES) throw err;
    }
  }
}

/** Two round trips: lock (and read) what the batch changes, then every write together. */
async function writeAccepted(tx: EntityManager, accepted: readonly AcceptedSend[]) {
  // Inboxes: the last send of each sets its gap; each day's count grows by the sends of that day.
  const inboxes = new Map<string, { id: string; at: Date; free: Date }>();
  const days = new Map<string, { workspace: string; inbox: string; day: string; n: number }>();
  const firsts = new Map<string, Date>();
  for (const a of accepted) {
    const i = a.delivery.inbox;
    const cur = inboxes.get(i.id);
    if (!cur || cur.at <= a.at) inboxes.set(i.id, { id: i.id, at: a.at, free: a.nextFreeAt });
    const day = dayKey(i.workspaceZone, a.at);
    const stat = days.get(`${i.id}:${day}`) ?? { workspace: a.delivery.send.workspaceId, inbox: i.id, day, n: 0 };
    stat.n++;
    days.set(`${i.id}:${day}`, stat);
    const campaignId = a.delivery.send.campaignId;
    if (!firsts.has(campaignId) || firsts.get(campaignId)! > a.at) firsts.set(campaignId, a.at);
  }
  const inboxRows = [...inboxes.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  const dayRows = [...days.values()];
  const leadIds = [...new Set(accepted.map((a) => a.delivery.send.leadId))].sort();

  // 1. Locks in id order: inboxes, the campaigns not yet marked as having sent (an UPDATE on the row the
  //    steps service locks; steps/sequence-lock.ts), the leads with where they stand.
  const [, unmarked, leadRows] = await sqlBatch(tx, [
    inlined(`select id from inbox where id = any(?::uuid[]) order by id for update`, [pgArray(inboxRows.map((i) => i.id))]),
    inlined(`select id from campaign where id = any(?::uuid[]) and first_sent_at is null order by id for update`, [pgArray([...firsts.keys()].sort())]),
    inlined(`select id, status, current_step from lead where id = any(?::uuid[]) order by id for update`, [pgArray(leadIds)]),
  ]);
  const leads = leadUpdates(accepted, leadRows!);
  const marked = unmarked!.map((r) => String(r.id));

  // 2. Every write, then which inboxes need the bounce-stop check.
  const results = await sqlBatch(tx, [
    inlined(
      // Answers recorded meanwhile (outcomes.ts, at once) stand: a bounce's later gap is not moved back,
      // and the error of a back-off that began after these emails stays shown.
      `update inbox set last_sent_at = greatest(inbox.last_sent_at, x.at), next_free_at = greatest(inbox.next_free_at, x.free),
              last_error = case when inbox.backoff_until > x.at then inbox.last_error end
         from unnest(?::uuid[], ?::timestamptz[], ?::timestamptz[]) as x(id, at, free) where inbox.id = x.id`,
      [pgArray(inboxRows.map((i) => i.id)), timeArray(inboxRows.map((i) => i.at)), timeArray(inboxRows.map((i) => i.free))],
    ),
    inlined(
      `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied)
       select gen_random_uuid(), now(), x.workspace, x.inbox, x.day, x.n, 0, 0, 0 from unnest(?::uuid[], ?::uuid[], ?::date[], ?::int[]) as x(workspace, inbox, day, n)
       on conflict (inbox_id, day) do update set sent = inbox_day_stat.sent + excluded.sent`,
      [pgArray(dayRows.map((d) => d.workspace)), pgArray(dayRows.map((d) => d.inbox)), pgArray(dayRows.map((d) => d.day)), intArray(dayRows.map((d) => d.n))],
    ),
    ...(marked.length
      ? [
          inlined(`update campaign set first_sent_at = x.at from unnest(?::uuid[], ?::timestamptz[]) as x(id, at) where campaign.id = x.id`, [
            pgArray(marked),
            timeArray(marked.map((id) => firsts.get(id)!)),
          ]),
        ]
      : []),
    inlined(
      `update send set status = 'sent', sent_at = x.at, smtp_code = x.code, subject = x.subject, error = null
         from unnest(?::uuid[], ?::timestamptz[], ?::int[], ?::text[]) as x(id, at, code, subject) where send.id = x.id`,
      [
        pgArray(accepted.map((a) => a.delivery.send.id)),
        timeArray(accepted.map((a) => a.at)),
        intArray(accepted.map((a) => a.result.code)),
        textArray(accepted.map((a) => a.delivery.subject)),
      ],
    ),
    inlined(
      `insert into send_attempt (id, created_at, workspace_id, send_id, inbox_id, outcome, code, detail)
       select gen_random_uuid(), x.at, x.workspace, x.send, x.inbox, 'accepted', x.code, nullif(x.detail, '')
         from unnest(?::timestamptz[], ?::uuid[], ?::uuid[], ?::uuid[], ?::int[], ?::text[]) as x(at, workspace, send, inbox, code, detail)`,
      [
        timeArray(accepted.map((a) => a.at)),
        pgArray(accepted.map((a) => a.delivery.send.workspaceId)),
        pgArray(accepted.map((a) => a.delivery.send.id)),
        pgArray(accepted.map((a) => a.delivery.inbox.id)),
        intArray(accepted.map((a) => a.result.code)),
        textArray(accepted.map((a) => a.result.detail ?? '')),
      ],
    ),
    inlined(
      `update lead set last_sent_at = x.at,
              current_step = coalesce(x.step, lead.current_step),
              last_step_at = coalesce(x.step_at, lead.last_step_at),
              status = case when x.moves then x.status else lead.status end,
              next_due_at = case when x.moves then x.due else lead.next_due_at end,
              variant = case when x.moves then coalesce(lead.variant, x.variant) else lead.variant end
         from unnest(?::uuid[], ?::timestamptz[], ?::int[], ?::timestamptz[], ?::text[], ?::timestamptz[], ?::boolean[], ?::int[])
           as x(id, at, step, step_at, status, due, moves, variant)
        where lead.id = x.id`,
      [
        pgArray(leads.map((u) => u.id)),
        timeArray(leads.map((u) => u.at)),
        intArray(leads.map((u) => u.step)),
        timeArray(leads.map((u) => u.stepAt)),
        textArray(leads.map((u) => u.status)),
        timeArray(leads.map((u) => u.due)),
        boolArray(leads.map((u) => u.moves)),
        intArray(leads.map((u) => u.variant)),
      ],
    ),
    // The events of the change, in its transaction (decisions.md §8): each email sent, each lead it completed.
    inlinedStatement(eventsInsert(sentEvents(accepted, leads))),
    // The 20th send may be the one that makes earlier bounces count: checked for the inboxes that have a
    // bounce since their count started (one index probe each, here; the full check reads 100 sends).
    inlined(
      `select i.id from inbox i where i.id = any(?::uuid[]) and i.status = 'active'
          and exists (select 1 from bounce b where b.inbox_id = i.id and b.created_at >= coalesce(i.bounce_count_from, '-infinity'::timestamptz))`,
      [pgArray(inboxRows.map((i) => i.id))],
    ),
  ]);
  const latest = new Date(Math.max(...accepted.map((a) => a.at.getTime())));
  for (const r of results[results.length - 1]!) await checkBounceStop(tx, String(r.id), latest);
}

/** email_sent for every accepted email, lead_completed for every lead whose last step it was. */
function sentEvents(accepted: readonly AcceptedSend[], leads: readonly LeadUpdate[]) {
  const sent = accepted.map(({ delivery: d, at }) =>
    emailSentEvent(
      {
        workspaceId: d.send.workspaceId,
        sendId: d.send.id,
        leadId: d.send.leadId,
        email: d.lead.email,
        campaignId: d.send.campaignId,
        inboxId: d.inbox.id,
        from: d.inbox.email,
        kind: d.send.kind,
        step: d.send.stepPosition,
        variant: d.send.variant,
        subject: d.subject,
        messageId: d.send.messageId,
      },
      at,
    ),
  );
  const byLead = new Map(accepted.map((a) => [a.delivery.send.leadId, a.delivery]));
  const completed = leads
    .filter((u) => u.moves && u.status === 'completed')
    .map((u) => {
      const d = byLead.get(u.id)!;
      return leadCompletedEvent({ workspaceId: d.send.workspaceId, leadId: u.id, email: d.lead.email, campaignId: d.send.campaignId }, u.at);
    });
  return [...sent, ...completed];
}

interface LeadUpdate {
  id: string;
  at: Date;
  step: number | null;
  stepAt: Date | null;
  status: string | null;
  due: Date | null;
  moves: boolean;
  variant: number | null;
}

/** Every lead's last_sent_at, and a sequence email moves its lead past the step (as stepBehind, for
 *  many leads): unless it is already past it; a lead whose sequence ended meanwhile only records it. */
function leadUpdates(accepted: readonly AcceptedSend[], rows: readonly Record<string, unknown>[]): LeadUpdate[] {
  const current = new Map(rows.map((r) => [String(r.id), { status: r.status as LeadStatus, step: Number(r.current_step) }]));
  const updates = new Map<string, LeadUpdate>();
  for (const a of [...accepted].sort((x, y) => x.at.getTime() - y.at.getTime())) {
    const { send, campaign } = a.delivery;
    const lead = current.get(send.leadId);
    if (!lead) continue;
    const row = updates.get(send.leadId) ?? { id: send.leadId, at: a.at, step: null, stepAt: null, status: null, due: null, moves: false, variant: null };
    row.at = a.at;
    if (send.kind === 'step' && lead.step < send.stepPosition!) {
      const running = isInSequence(lead.status);
      const next = running ? afterStep(stepTimings(campaign), send.stepPosition!, a.at, lead.status as 'pending' | 'active' | 'paused') : null;
      Object.assign(row, { step: send.stepPosition!, stepAt: a.at, moves: running, status: next?.status ?? null, due: next?.nextDueAt ?? null, variant: send.variant });
      lead.step = send.stepPosition!;
      if (next) lead.status = next.status;
    }
    updates.set(send.leadId, row);
  }
  return [...updates.values()];
}

const stepTimings = (campaign: EngineCampaign) => campaign.steps.map((s) => ({ position: s.position, waitMinutes: s.waitMinutes }));
