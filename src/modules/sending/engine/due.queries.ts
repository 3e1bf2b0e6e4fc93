// The engine's lead rows: picking due leads (pick-due.ts) with the due read of every campaign in one
// statement and the set-wise writes of what the pure rules settled, and the leads of a claimed batch
// (batch-context.ts). The dispatch tick and the delivery work for every workspace (or a scoped tick's),
// so the statements are keyed by the campaigns, leads and sends they read, never by a caller's workspace.
import type { EntityManager } from '@mikro-orm/postgresql';
import { boolArray, intArray, pgArray, sql, textArray, timeArray } from '../../../storage/sql';
import type { LeadStatus, Provider, Verification } from '../../leads/lead.entity';
import { leadProviderSql } from '../../leads/lead-provider';
import { conditionHoldsSql, type Click, type StepNeed } from '../schedule';
import { runningSql } from '../../leads/lifecycle/lead-status';

/** The lead columns the engine works with. */
export interface EngineLead {
  id: string;
  email: string;
  status: LeadStatus;
  currentStep: number;
  createdAt: Date;
  lastStepAt: Date | null;
  awayUntil: Date | null;
  verification: Verification | null;
  verificationStartedAt: Date | null;
  repliedAt: Date | null;
  interest: string | null;
  timezone: string | null;
  provider: Provider | null;
  variant: number | null;
  vars: Record<string, string>;
  /** The inbox that sends its sequence; null before its first email (schedule/sender.ts). */
  mailboxId: string | null;
}

// The provider is the lead's domain's (providerMatching pairs it with an inbox's): leads/lead-provider.ts.
const LEAD_COLUMNS = `l.id, l.email, l.status, l.current_step, l.created_at, l.last_step_at, l.away_until, l.verification,
  l.verification_started_at, l.replied_at, l.interest, l.timezone, ${leadProviderSql('l')} as provider, l.variant, l.vars, l.mailbox_id`;

const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

/** A row read with LEAD_COLUMNS as an EngineLead. */
function toEngineLead(r: Record<string, unknown>): EngineLead {
  return {
    id: String(r.id),
    email: String(r.email),
    status: r.status as LeadStatus,
    currentStep: Number(r.current_step),
    createdAt: new Date(r.created_at as string),
    lastStepAt: date(r.last_step_at),
    awayUntil: date(r.away_until),
    verification: (r.verification as Verification | null) ?? null,
    verificationStartedAt: date(r.verification_started_at),
    repliedAt: date(r.replied_at),
    interest: (r.interest as string | null) ?? null,
    timezone: (r.timezone as string | null) ?? null,
    provider: (r.provider as Provider | null) ?? null,
    variant: r.variant === null || r.variant === undefined ? null : Number(r.variant),
    vars: (r.vars as Record<string, string>) ?? {},
    mailboxId: (r.mailbox_id as string | null) ?? null,
  };
}

/**
 * A claimed batch's leads, with their workspace.
 * @allWorkspaces keyed by the leads of sends the delivery claimed
 */
export async function batchLeadRows(em: EntityManager, leadIds: readonly string[]): Promise<(EngineLead & { workspaceId: string })[]> {
  const rows = await sql(em, `select ${LEAD_COLUMNS}, l.workspace_id from lead l where l.id = any(?::uuid[])`, [pgArray(leadIds)]);
  return rows.map((r) => ({ ...toEngineLead(r), workspaceId: String(r.workspace_id) }));
}

/** What the due read asks of one campaign. */
export interface DueAsk {
  campaignId: string;
  /** Candidates to read, per kind (follow-ups, new leads). */
  limit: number;
  /** ISO instant: a new lead added after it has not waited step 1's wait yet. */
  newBefore: string;
  /** Whether new leads may start today (the campaign's new-leads limit not reached). */
  newAllowed: boolean;
  skipRisky: boolean;
  /** Inboxes of its pool that cannot send now: their leads wait (schedule/sender.ts) and are not read,
   *  unless their next step needs no inbox (`inboxFreeLimit`). */
  waitingInboxes: readonly string[];
  /** Leads of the waiting inboxes whose next step needs no inbox, read per kind (0: none). */
  inboxFreeLimit: number;
  /** The campaign's steps by position (from 1): `task`, or an email step's condition (schedule/due.ts stepNeeds). */
  steps: readonly StepNeed[];
  /** The places (current_step) whose next step may need no inbox (schedule/due.ts inboxFreePlaces). */
  inboxFreePlaces: readonly number[];
}

/** The step after the lead's current one (nextDue looks at it first) needs no inbox: there is none (the
 *  lead completes), it is a task, or it is an email whose condition does not hold (it is skipped). `w.steps`:
 *  the campaign's steps' needs by position. */
const NEXT_STEP_NEEDS_NO_INBOX = `(w.steps[l.current_step + 1] is null or w.steps[l.current_step + 1] = 'task'
    or not ${conditionHoldsSql('w.steps[l.current_step + 1]', 'l')})`;

/**
 * The leads of every asked campaign that may be due at `now`, in ONE statement: a lateral join per
 * campaign, each side an ordered index range cut by LIMIT, so the cost follows the campaigns and the due
 * work, not all the leads. Leads with an email in the queue or on the wire, an open task, or a
 * verification result the campaign skips are not read.
 *
 * One sender per lead (decisions.md §11): only an email waits for the lead's own inbox. So:
 * - follow-ups by next_due_at (index lead_campaign_due) and new leads by created_at (index
 *   lead_campaign_status_created), leaving out leads waiting for their own inbox (`waitingInboxes`):
 *   otherwise a capped inbox's backlog, first in due order, would fill every read and starve the leads of
 *   the inboxes that can send. Those are passed over in the index range, so a read costs more while many
 *   leads wait in front for an inbox that stays paused. New leads are read whatever their inbox when step 1
 *   is a task (a subsequence's joined leads carry their inbox from the start);
 * - and, apart, the waiting inboxes' leads whose next step needs no inbox (a task, or an email skipped
 *   because its condition does not hold, down to completing the lead), so a task opens and a lead
 *   completes at once whatever its inbox's gap, cap, pause or back-off. Only the places whose next step
 *   may need no inbox are read (schedule/due.ts inboxFreePlaces, index lead_campaign_step_due), and the leads that replied
 *   (a no_reply step is skipped for them, index lead_campaign_replied_due), each judged in SQL as nextDue
 *   would (NEXT_STEP_NEEDS_NO_INBOX): every lead read there moves on (a task opened, a step skipped, a
 *   later due time), so a waiting inbox's backlog that needs the inbox is never read and never in front.
 * @allWorkspaces the dispatch tick reads the due leads of every workspace's campaigns it plans
 */
export async function dueLeadRows(em: EntityManager, asked: readonly DueAsk[], now: Date): Promise<{ campaignId: string; lead: EngineLead }[]> {
  const notBusy = `(l.verification is null or l.verification <> 'invalid') and (not c.skip_risky or l.verification is null or l.verification <> 'risky')
    and not exists (select 1 from send s where s.lead_id = l.id and s.status in ('queued', 'sending'))
    and not exists (select 1 from task t where t.lead_id = l.id and t.status = 'open')`;
  const ownInboxFree = `(l.mailbox_id is null or l.mailbox_id <> all(w.waiting))`;
  const inboxFree = `l.mailbox_id = any(w.waiting) and ${notBusy} and ${NEXT_STEP_NEEDS_NO_INBOX}`;
  const rows = await sql(
    em,
    // Each campaign's arrays are parsed once (OFFSET 0 keeps the subquery from being pulled up into the
    // lead scans, which would parse them per lead); a CTE doing the same cost more.
    `select c.id as for_campaign, x.* from unnest(?::uuid[], ?::int[], ?::timestamptz[], ?::boolean[], ?::boolean[], ?::text[], ?::int[], ?::text[], ?::text[])
       as c(id, lim, new_before, new_ok, skip_risky, waiting, free_lim, steps, places)
     cross join lateral (select c.waiting::uuid[] as waiting, c.steps::text[] as steps, c.places::int[] as places offset 0) w
     cross join lateral (
       (select ${LEAD_COLUMNS} from lead l where l.campaign_id = c.id and l.status = 'active' and l.next_due_at <= ? and ${ownInboxFree} and ${notBusy}
         order by l.next_due_at, l.id limit c.lim)
       union all
       (select ${LEAD_COLUMNS} from lead l where c.new_ok and l.campaign_id = c.id and l.status = 'pending' and l.created_at <= c.new_before
          and (l.next_due_at is null or l.next_due_at <= ?) and (${ownInboxFree} or w.steps[1] = 'task') and ${notBusy}
         order by l.created_at, l.id limit c.lim)
       union all
       (select ${LEAD_COLUMNS} from unnest(w.places) as p(place) cross join lateral (
          select * from lead l where l.campaign_id = c.id and l.status = 'active' and l.current_step = p.place and l.next_due_at <= ? and ${inboxFree}
           order by l.next_due_at, l.id limit c.free_lim) l)
       union all
       (select ${LEAD_COLUMNS} from lead l where l.campaign_id = c.id and l.status = 'active' and l.replied_at is not null and l.next_due_at <= ?
          and l.current_step <> all(w.places) and ${inboxFree}
         order by l.next_due_at, l.id limit c.free_lim)
     ) x`,
    [
      pgArray(asked.map((a) => a.campaignId)),
      intArray(asked.map((a) => a.limit)),
      pgArray(asked.map((a) => a.newBefore)),
      boolArray(asked.map((a) => a.newAllowed)),
      boolArray(asked.map((a) => a.skipRisky)),
      textArray(asked.map((a) => pgArray(a.waitingInboxes))),
      intArray(asked.map((a) => a.inboxFreeLimit)),
      textArray(asked.map((a) => pgArray(a.steps))),
      textArray(asked.map((a) => intArray([...a.inboxFreePlaces]))),
      now,
      now,
      now,
      now,
    ],
  );
  return rows.map((r) => ({ campaignId: String(r.for_campaign), lead: toEngineLead(r) }));
}

/**
 * Completes leads still pending or active (their sequence has no step left for them), each moved to the
 * last step it passed when there is one. Returns the leads it completed.
 * @allWorkspaces keyed by lead ids the dispatch tick read (dueLeadRows)
 */
export async function completeLeads(
  em: EntityManager,
  completed: readonly { id: string; position: number | null; at: Date | null }[],
): Promise<{ id: string; workspaceId: string; email: string; campaignId: string }[]> {
  const rows = await sql(
    em,
    `update lead l set status = 'completed', next_due_at = null, current_step = coalesce(x.pos, l.current_step), last_step_at = coalesce(x.at, l.last_step_at)
         from unnest(?::uuid[], ?::int[], ?::timestamptz[]) as x(id, pos, at) where l.id = x.id and ${runningSql('l')}
       returning l.id, l.workspace_id, l.email, l.campaign_id`,
    [pgArray(completed.map((c) => c.id)), intArray(completed.map((c) => c.position)), timeArray(completed.map((c) => c.at))],
  );
  return rows.map((l) => ({ id: String(l.id), workspaceId: String(l.workspace_id), email: String(l.email), campaignId: String(l.campaign_id) }));
}

/**
 * Moves leads past steps whose condition failed (for good), unless they are past them already.
 * @allWorkspaces keyed by lead ids the dispatch tick read (dueLeadRows)
 */
export async function skipLeadSteps(em: EntityManager, skipped: readonly { id: string; position: number; at: Date }[]): Promise<void> {
  await sql(
    em,
    `update lead l set current_step = x.pos, last_step_at = x.at from unnest(?::uuid[], ?::int[], ?::timestamptz[]) as x(id, pos, at) where l.id = x.id and l.current_step < x.pos`,
    [pgArray(skipped.map((c) => c.id)), intArray(skipped.map((c) => c.position)), timeArray(skipped.map((c) => c.at))],
  );
}

/**
 * The verification holds of these leads ran out: `pending` becomes `expired`.
 * @allWorkspaces keyed by lead ids the dispatch tick read (dueLeadRows)
 */
export async function expireVerificationHolds(em: EntityManager, leadIds: readonly string[]): Promise<void> {
  await sql(em, `update lead set verification = 'expired' where id = any(?::uuid[]) and verification = 'pending'`, [pgArray(leadIds)]);
}

/**
 * Sets when each lead comes due next (it is not read again before then).
 * @allWorkspaces keyed by lead ids the dispatch tick read (dueLeadRows)
 */
export async function setLeadsNextDue(em: EntityManager, later: readonly { id: string; at: Date }[]): Promise<void> {
  await sql(em, `update lead l set next_due_at = x.at from unnest(?::uuid[], ?::timestamptz[]) as x(id, at) where l.id = x.id`, [
    pgArray(later.map((c) => c.id)),
    timeArray(later.map((c) => c.at)),
  ]);
}

export interface NewTask {
  id: string;
  createdAt: Date;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  position: number;
  kind: string;
  text: string;
  dueAt: Date;
}

/**
 * Opens a task (once: unique per lead and step); its id, or null when the lead has it already.
 * @allWorkspaces an insert for a lead the dispatch tick read, the row carrying the campaign's workspace
 */
export async function insertTask(em: EntityManager, t: NewTask): Promise<string | null> {
  const [opened] = await sql(
    em,
    `insert into task (id, created_at, workspace_id, campaign_id, lead_id, step_position, kind, text, status, due_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?) on conflict (lead_id, step_position) do nothing returning id`,
    [t.id, t.createdAt, t.workspaceId, t.campaignId, t.leadId, t.position, t.kind, t.text, t.dueAt],
  );
  return opened ? String(opened.id) : null;
}

/**
 * The lead waits (for its open task): no due time.
 * @allWorkspaces keyed by a lead the dispatch tick read (dueLeadRows)
 */
export async function clearLeadNextDue(em: EntityManager, leadId: string): Promise<void> {
  await sql(em, `update lead set next_due_at = null where id = ?`, [leadId]);
}

/**
 * The clicks on the leads' sent emails that are still a person's (tracking_event.person_at: the burst
 * rule of schedule/clicks.ts applied as the hits came, public-links.service.ts), for the `clicked`
 * condition. One row per link, so as many rows as links were clicked, however often.
 * @allWorkspaces keyed by lead ids the dispatch tick read (dueLeadRows)
 */
export async function leadClicks(em: EntityManager, leadIds: readonly string[]): Promise<Map<string, Click[]>> {
  const rows = await sql(
    em,
    `select te.lead_id, te.send_id, s.sent_at, te.person_at, te.url from tracking_event te join send s on s.id = te.send_id
      where te.kind = 'click' and te.person_at is not null and te.lead_id = any(?::uuid[]) and s.sent_at is not null`,
    [pgArray(leadIds)],
  );
  const by = new Map<string, Click[]>();
  for (const r of rows) {
    const list = by.get(String(r.lead_id)) ?? [];
    list.push({ sendId: String(r.send_id), sentAt: new Date(r.sent_at as string), at: new Date(r.person_at as string), url: String(r.url), method: 'GET' });
    by.set(String(r.lead_id), list);
  }
  return by;
}
