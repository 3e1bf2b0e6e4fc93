// The SQL of recording a batch's accepted emails (record-sent.ts), in two round trips: the locks
// (lockAcceptedRows), then every write with the events' insert (writeAcceptedRows, from the statement
// builders below, sent together through storage/sql.ts sqlStatements). A batch holds sends of any workspace (the
// delivery claims every workspace's due sends), so every statement is keyed by the ids of the batch's
// sends, inboxes, campaigns and leads;
// inserts carry each send's workspace. Locks are taken in id order (inboxes, campaigns, leads) so two
// processes flushing at once cannot deadlock on each other.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LeadStatus } from '../../leads/lead.entity';
import { boolArray, intArray, pgArray, sqlStatements, textArray, timeArray, type Row, type Statement } from '../../../storage/sql';
import { campaignsWithBounces } from './bounce-protect.queries';
import { eventsInsert } from '../../events/events.queries';
import type { NewEvent } from '../../events/record-event';

/** A lead as the lock reads it. */
export interface LockedLeadRow {
  id: string;
  status: LeadStatus;
  currentStep: number;
}

/**
 * One round trip taking the batch's locks in id order: its inboxes, its campaigns not yet marked as
 * having sent (an UPDATE on the row the steps service locks; steps/sequence-lock.ts), and its leads,
 * reading where each lead stands. Each id list sorted by the caller.
 * @allWorkspaces keyed by the inboxes, campaigns and leads of the batch's sends
 */
export async function lockAcceptedRows(
  tx: EntityManager,
  ids: { inboxIds: readonly string[]; campaignIds: readonly string[]; leadIds: readonly string[] },
): Promise<{ unmarkedCampaignIds: string[]; leads: LockedLeadRow[] }> {
  const [, unmarked, leads] = await sqlStatements(tx, [
    { query: `select id from inbox where id = any(?::uuid[]) order by id for update`, params: [pgArray(ids.inboxIds)] },
    { query: `select id from campaign where id = any(?::uuid[]) and first_sent_at is null order by id for update`, params: [pgArray(ids.campaignIds)] },
    { query: `select id, status, current_step from lead where id = any(?::uuid[]) order by id for update`, params: [pgArray(ids.leadIds)] },
  ]);
  return {
    unmarkedCampaignIds: unmarked!.map((r) => String(r.id)),
    leads: leads!.map((r) => ({ id: String(r.id), status: r.status as LeadStatus, currentStep: Number(r.current_step) })),
  };
}

/**
 * Each inbox's last send and its gap after it. Answers recorded meanwhile (outcomes.ts, at once) stand:
 * a bounce's later gap is not moved back, and the error of a back-off that began after these emails
 * stays shown.
 * @allWorkspaces keyed by the inboxes of the batch's sends
 */
const inboxesSent = (inboxes: readonly { id: string; at: Date; free: Date }[]): Statement => ({
  query: `update inbox set last_sent_at = greatest(inbox.last_sent_at, x.at), next_free_at = greatest(inbox.next_free_at, x.free),
              last_error = case when inbox.backoff_until > x.at then inbox.last_error end
         from unnest(?::uuid[], ?::timestamptz[], ?::timestamptz[]) as x(id, at, free) where inbox.id = x.id`,
  params: [pgArray(inboxes.map((i) => i.id)), timeArray(inboxes.map((i) => i.at)), timeArray(inboxes.map((i) => i.free))],
});

/**
 * Adds the batch's sends to each inbox's count for their day.
 * @allWorkspaces an upsert for the inboxes of the batch's sends, each row carrying its workspace
 */
const addDaySends = (days: readonly { workspace: string; inbox: string; day: string; n: number }[]): Statement => ({
  query: `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied)
       select gen_random_uuid(), now(), x.workspace, x.inbox, x.day, x.n, 0, 0, 0 from unnest(?::uuid[], ?::uuid[], ?::date[], ?::int[]) as x(workspace, inbox, day, n)
       on conflict (inbox_id, day) do update set sent = inbox_day_stat.sent + excluded.sent`,
  params: [pgArray(days.map((d) => d.workspace)), pgArray(days.map((d) => d.inbox)), pgArray(days.map((d) => d.day)), intArray(days.map((d) => d.n))],
});

/**
 * Marks campaigns as having sent, each at its first send of the batch.
 * @allWorkspaces keyed by campaigns lockUnmarkedCampaigns locked
 */
const campaignsFirstSent = (campaigns: readonly { id: string; at: Date }[]): Statement => ({
  query: `update campaign set first_sent_at = x.at from unnest(?::uuid[], ?::timestamptz[]) as x(id, at) where campaign.id = x.id`,
  params: [pgArray(campaigns.map((c) => c.id)), timeArray(campaigns.map((c) => c.at))],
});

/**
 * The sends went out: status sent, when, the server's code and the subject as sent.
 * @allWorkspaces keyed by the batch's sends
 */
const sendsSent = (sends: readonly { id: string; at: Date; code: number | null; subject: string }[]): Statement => ({
  query: `update send set status = 'sent', sent_at = x.at, smtp_code = x.code, subject = x.subject, error = null
         from unnest(?::uuid[], ?::timestamptz[], ?::int[], ?::text[]) as x(id, at, code, subject) where send.id = x.id`,
  params: [pgArray(sends.map((s) => s.id)), timeArray(sends.map((s) => s.at)), intArray(sends.map((s) => s.code)), textArray(sends.map((s) => s.subject))],
});

/**
 * The accepted attempt of each send.
 * @allWorkspaces an insert for the batch's sends, each row carrying its workspace
 */
const acceptedAttempts = (attempts: readonly { at: Date; workspaceId: string; sendId: string; inboxId: string; code: number | null; detail: string }[]): Statement => ({
  query: `insert into send_attempt (id, created_at, workspace_id, send_id, inbox_id, outcome, code, detail)
       select gen_random_uuid(), x.at, x.workspace, x.send, x.inbox, 'accepted', x.code, nullif(x.detail, '')
         from unnest(?::timestamptz[], ?::uuid[], ?::uuid[], ?::uuid[], ?::int[], ?::text[]) as x(at, workspace, send, inbox, code, detail)`,
  params: [
    timeArray(attempts.map((a) => a.at)),
    pgArray(attempts.map((a) => a.workspaceId)),
    pgArray(attempts.map((a) => a.sendId)),
    pgArray(attempts.map((a) => a.inboxId)),
    intArray(attempts.map((a) => a.code)),
    textArray(attempts.map((a) => a.detail)),
  ],
});

/** What one accepted email changes on its lead. */
export interface LeadAdvance {
  id: string;
  at: Date;
  step: number | null;
  stepAt: Date | null;
  status: string | null;
  due: Date | null;
  /** Whether status, next_due_at and variant move (the sequence went on). */
  moves: boolean;
  variant: number | null;
}

/**
 * Every lead's last_sent_at, and where a sequence email moved it past its step: the step, its time and,
 * when the sequence goes on, the status, next due time and variant.
 * @allWorkspaces keyed by leads lockLeads locked
 */
const advanceLeads = (leads: readonly LeadAdvance[]): Statement => ({
  query: `update lead set last_sent_at = x.at,
              current_step = coalesce(x.step, lead.current_step),
              last_step_at = coalesce(x.step_at, lead.last_step_at),
              status = case when x.moves then x.status else lead.status end,
              next_due_at = case when x.moves then x.due else lead.next_due_at end,
              variant = case when x.moves then coalesce(lead.variant, x.variant) else lead.variant end
         from unnest(?::uuid[], ?::timestamptz[], ?::int[], ?::timestamptz[], ?::text[], ?::timestamptz[], ?::boolean[], ?::int[])
           as x(id, at, step, step_at, status, due, moves, variant)
        where lead.id = x.id`,
  params: [
    pgArray(leads.map((u) => u.id)),
    timeArray(leads.map((u) => u.at)),
    intArray(leads.map((u) => u.step)),
    timeArray(leads.map((u) => u.stepAt)),
    textArray(leads.map((u) => u.status)),
    timeArray(leads.map((u) => u.due)),
    boolArray(leads.map((u) => u.moves)),
    intArray(leads.map((u) => u.variant)),
  ],
});

/**
 * Of these inboxes, the active ones with a bounce since their count started (one index probe each; the
 * full bounce-stop check reads 100 sends): the 20th send may be the one that makes earlier bounces count.
 * @allWorkspaces keyed by the inboxes of the batch's sends
 */
const inboxesWithBounces = (inboxIds: readonly string[]): Statement => ({
  query: `select i.id from inbox i where i.id = any(?::uuid[]) and i.status = 'active'
          and exists (select 1 from bounce b where b.inbox_id = i.id and b.created_at >= coalesce(i.bounce_count_from, '-infinity'::timestamptz))`,
  params: [pgArray(inboxIds)],
});

/** What a batch's accepted emails write (record-sent.ts works it out from the batch and the locked rows). */
export interface AcceptedWrites {
  /** Each inbox's last send of the batch and its gap after it, in id order. */
  inboxes: readonly { id: string; at: Date; free: Date }[];
  days: readonly { workspace: string; inbox: string; day: string; n: number }[];
  /** The campaigns lockAcceptedRows found not yet marked, each with its first send of the batch. */
  firstSent: readonly { id: string; at: Date }[];
  sends: readonly { id: string; at: Date; code: number | null; subject: string }[];
  attempts: readonly { at: Date; workspaceId: string; sendId: string; inboxId: string; code: number | null; detail: string }[];
  leads: readonly LeadAdvance[];
  /** The events of the change, in its transaction (decisions.md §8). */
  events: readonly NewEvent[];
  /** The campaigns of the batch's sends, for bounce protection's probe (campaignsWithBounces). */
  campaignIds: readonly string[];
}

/**
 * Every write of the batch in one round trip, in order (inboxes, day counts, campaigns, sends, attempts,
 * leads, events), and then which of its inboxes need the bounce-stop check (inboxesWithBounces) and which
 * of its campaigns need bounce protection's (bounce-protect.queries.ts campaignsWithBounces).
 * @allWorkspaces keyed by the inboxes, campaigns, leads and sends of the batch, locked by lockAcceptedRows; inserts carry each send's workspace
 */
export async function writeAcceptedRows(tx: EntityManager, w: AcceptedWrites): Promise<{ inboxIds: string[]; campaignIds: string[] }> {
  const results = await sqlStatements(tx, [
    inboxesSent(w.inboxes),
    addDaySends(w.days),
    ...(w.firstSent.length ? [campaignsFirstSent(w.firstSent)] : []),
    sendsSent(w.sends),
    acceptedAttempts(w.attempts),
    advanceLeads(w.leads),
    eventsInsert(w.events),
    inboxesWithBounces(w.inboxes.map((i) => i.id)),
    campaignsWithBounces(w.campaignIds),
  ]);
  const ids = (rows: Row[] | undefined) => (rows ?? []).map((r) => String(r.id));
  return { inboxIds: ids(results[results.length - 2]), campaignIds: ids(results[results.length - 1]) };
}
