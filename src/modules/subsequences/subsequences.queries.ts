// The SQL of the subsequence triggers and of the move (triggers.ts, enter.ts; README.md): which active
// subsequences a trigger fires for which leads of their parent, the joined lead rows inserted (unique per
// lead and subsequence: the lead_subsequence_once index), and the parent's side of the move in one round
// trip. The triggers fire inside the transaction of the change that fired them (a request, a reply poll's
// batch, the dispatch tick), on leads that change found or locked in its workspace; the dispatch tick's
// and the poll's changes span workspaces, so the statements keyed by those leads say so (@allWorkspaces).
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql, sqlStatements, timeArray, type Statement } from '../../storage/sql';
import { blockedSql } from '../blocklist/blocklist-match';
import { eventsInsert } from '../events/events.queries';
import type { NewEvent } from '../events/record-event';
import { stopSelectedStatement } from '../leads/lifecycle/lead-progress.queries';
import { reachableSql } from '../leads/lifecycle/lead-status';
import { latestSenderSql } from '../sending/schedule';

/** A subsequence firing for a lead of its parent: what the move needs to know. */
export interface Firing {
  leadId: string;
  subsequenceId: string;
  parentCampaignId: string;
}

/** A subsequence may take the lead `l` (of its parent) now: the subsequence `s` is active (decisions.md
 *  §11: only while it is), the address can still be emailed (not unsubscribed, bounced or blocklisted),
 *  and the lead has not joined it before (the unique index holds that against a race; this keeps a
 *  trigger fired again from taking a turn it cannot use). */
const mayJoin = (l: string, s: string) => `${s}.status = 'active' and ${reachableSql(l)} and not ${blockedSql(`${l}.email`, `${l}.workspace_id`)}
  and not exists (select 1 from lead j where j.origin_lead_id = ${l}.id and j.campaign_id = ${s}.id)`;

/** Columns of a Firing, for a select over lead `l` and subsequence `s`. Oldest subsequence
 *  first: when several fire for one lead at once, it joins the oldest (enter.ts). */
const FIRING_COLUMNS = `l.id as lead_id, s.id as subsequence_id, l.campaign_id as parent_id`;
const FIRING_ORDER = `order by l.id, s.created_at, s.id`;

const toFiring = (r: Record<string, unknown>): Firing => ({
  leadId: String(r.lead_id),
  subsequenceId: String(r.subsequence_id),
  parentCampaignId: String(r.parent_id),
});

/** The active subsequences whose interest trigger names `interest`, for these leads of their parent. */
export async function firingOnInterest(em: EntityManager, workspaceId: string, leadIds: readonly string[], interest: string): Promise<Firing[]> {
  const rows = await sql(
    em,
    `select ${FIRING_COLUMNS} from lead l join campaign s on s.parent_campaign_id = l.campaign_id
      where l.workspace_id = ? and l.id = any(?::uuid[]) and s.trigger -> 'interest' @> to_jsonb(?::text) and ${mayJoin('l', 's')}
      ${FIRING_ORDER}`,
    [workspaceId, pgArray(leadIds), interest],
  );
  return rows.map(toFiring);
}

/**
 * The active subsequences with the completed trigger, for these leads of their parent that finished its
 * sequence without replying (status completed, no reply recorded).
 * @allWorkspaces keyed by the leads the dispatch tick, a delivery or a closed task just completed
 */
export async function firingOnCompletion(em: EntityManager, leadIds: readonly string[]): Promise<Firing[]> {
  const rows = await sql(
    em,
    `select ${FIRING_COLUMNS} from lead l join campaign s on s.parent_campaign_id = l.campaign_id
      where l.id = any(?::uuid[]) and l.status = 'completed' and l.replied_at is null and s.trigger @> '{"completed": true}'::jsonb and ${mayJoin('l', 's')}
      ${FIRING_ORDER}`,
    [pgArray(leadIds)],
  );
  return rows.map(toFiring);
}

/** A subsequence with a reply_contains trigger that may take the lead: its words, to match in TypeScript. */
export interface WordFiring extends Firing {
  words: string[];
}

/**
 * What new replies from these leads do here, in one round trip:
 * - a reply stops what its lead joined (decisions.md §6 "reply", for the person's later sequence in the
 *   same thread): every lead that joined a subsequence from one of them and is still in its sequence
 *   stops (`stopped`/`replied`: the reply answered the parent's email and counts there) where the
 *   subsequence stops on a reply, its queued emails dropped;
 * - then the active subsequences with a reply_contains trigger that may take these leads, with their
 *   words (matched against each reply's text by the caller).
 * @allWorkspaces keyed by the leads of reply items the poll matched in the inbox's workspace
 */
export async function afterReplies(em: EntityManager, leadIds: readonly string[]): Promise<WordFiring[]> {
  const ids = pgArray(leadIds);
  const joinedStop = stopSelectedStatement(
    { query: `select j.id from lead j join campaign s on s.id = j.campaign_id where j.origin_lead_id = any(?::uuid[]) and s.stop_on_reply`, params: [ids] },
    { status: 'stopped', reason: 'replied' },
    'Lead replied',
  );
  const [, rows] = await sqlStatements(em, [
    joinedStop,
    {
      query: `select ${FIRING_COLUMNS}, s.trigger -> 'reply_contains' as words from lead l join campaign s on s.parent_campaign_id = l.campaign_id
               where l.id = any(?::uuid[]) and jsonb_exists(s.trigger, 'reply_contains') and ${mayJoin('l', 's')}
               ${FIRING_ORDER}`,
      params: [ids],
    },
  ]);
  return rows!.map((r) => ({ ...toFiring(r), words: (r.words as string[] | null) ?? [] }));
}

/** A lead row a move inserted into a subsequence. */
export interface JoinedLead {
  id: string;
  /** When it joined: when its trigger fired. */
  at: Date;
  originLeadId: string;
  subsequenceId: string;
  workspaceId: string;
  email: string;
}

/** What a joined lead takes from the lead it came from: who the person is and what is known of the
 *  address. Not its interest, deal value or note (the pipeline would count the person twice), nor its
 *  place in the parent's sequence. Its sender is JOINED_SENDER. */
const JOINED_COLUMNS = ['email', 'vars', 'timezone', 'provider', 'verification', 'verified_at', 'verification_started_at', 'verification_result'] as const;

/** The joined lead's sender (decisions.md §11: the subsequence writes from the same inbox, in the same
 *  thread): the inbox of the latest email that went to the lead it came from, by the one rule of
 *  schedule/sender.ts latestSenderSql (not that lead's mailbox_id, which names the inbox of an email
 *  still queued, which the move drops). Whichever trigger or interest source fires, the join is this
 *  statement, so every path threads alike. */
const JOINED_SENDER = latestSenderSql('l');

/**
 * The joined leads (decisions.md §11 "joins the subsequence with its fields"): a new lead row per
 * (lead, subsequence), created at the moment its trigger fired (its first step's wait counts from there:
 * sending/README.md "Due"), pending, with the lead's address, fields, time zone, pinned provider and
 * verification, its sender (JOINED_SENDER) and its link to the lead it came from (origin_lead_id: its
 * thread). Unique per lead and
 * subsequence, and per subsequence and address: a pair already there inserts nothing, whoever got there
 * first.
 * @allWorkspaces keyed by leads the caller found in their workspaces; each row copies its lead's workspace
 */
export async function insertJoinedLeads(em: EntityManager, joins: readonly { leadId: string; subsequenceId: string; at: Date }[]): Promise<JoinedLead[]> {
  const rows = await sql(
    em,
    `insert into lead (id, created_at, workspace_id, campaign_id, status, current_step, origin_lead_id, mailbox_id, ${JOINED_COLUMNS.join(', ')})
     select gen_random_uuid(), f.at, l.workspace_id, f.subsequence, 'pending', 0, l.id, ${JOINED_SENDER}, ${JOINED_COLUMNS.map((c) => `l.${c}`).join(', ')}
       from unnest(?::uuid[], ?::uuid[], ?::timestamptz[]) with ordinality as f(lead, subsequence, at, n) join lead l on l.id = f.lead
      order by f.n
     on conflict do nothing
     returning id, created_at, origin_lead_id, campaign_id, workspace_id, email`,
    [pgArray(joins.map((j) => j.leadId)), pgArray(joins.map((j) => j.subsequenceId)), timeArray(joins.map((j) => j.at))],
  );
  return rows.map((r) => ({
    id: String(r.id),
    at: new Date(r.created_at as string),
    originLeadId: String(r.origin_lead_id),
    subsequenceId: String(r.campaign_id),
    workspaceId: String(r.workspace_id),
    email: String(r.email),
  }));
}

/**
 * The parent's side of a move, with its events, in one round trip: the leads that moved stop where they
 * were (decisions.md §11: `stopped`/`subsequence`, unless their sequence already ended; which leads a stop
 * changes is the lifecycle's) — in the parent, and in any subsequence of it they joined before (a person
 * follows one sequence of a campaign at a time) — and every queued email of theirs is dropped; then the
 * `subsequence_entered` events.
 * @allWorkspaces keyed by the leads of the move and the rows it just inserted for them
 */
export async function writeMove(em: EntityManager, move: { originIds: readonly string[]; joinedIds: readonly string[] }, events: readonly NewEvent[]): Promise<void> {
  const moved: Statement = {
    query: `select id from lead where id = any(?::uuid[])
            union select id from lead where origin_lead_id = any(?::uuid[]) and id <> all(?::uuid[])`,
    params: [pgArray(move.originIds), pgArray(move.originIds), pgArray(move.joinedIds)],
  };
  await sqlStatements(em, [stopSelectedStatement(moved, { status: 'stopped', reason: 'subsequence' }, 'Lead moved to a subsequence'), eventsInsert(events)]);
}
