// The SQL of what a batch's new reply items do (effects.ts): the leads locked with what hard bounces need,
// then each wave's writes in one round trip. The items are one inbox's, matched in its workspace
// (match.ts), so every statement is keyed by leads and sends of that workspace, locked here first; inserts
// carry the workspace (@allWorkspaces says so on each).
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { boolArray, pgArray, sqlStatements, textArray, timeArray, type Statement } from '../../../storage/sql';
import { stopAssignments } from '../../leads/lifecycle/lead-progress';
import { dropQueuedSendsStatement, stopSelectedStatement } from '../../leads/lifecycle/lead-progress.queries';
import { stopChangesSql } from '../../leads/lifecycle/lead-status';

/** A lead of new items, with its campaign's reply settings, as read under its lock. */
export interface EffectLead {
  id: string;
  email: string;
  stopOnReply: boolean;
  stopOnAutoReply: boolean;
  companyReplyStop: boolean;
}

/** A send a hard bounce names (`leadId` null), or a lead's last send from the inbox (`leadId` set). */
export interface BouncedSendRow {
  id: string;
  status: string;
  leadId: string | null;
}

/**
 * One round trip: the items' leads locked (FOR UPDATE, in id order: two pollers locking in one order
 * cannot deadlock each other) with their campaigns' settings, and for hard bounces the status of the sends
 * they name (`sendIds`) or of the last send from the inbox to the leads whose bounce names none
 * (`lastSendOf`).
 * @allWorkspaces keyed by leads and sends matched in the inbox's workspace (match.ts)
 */
export async function lockEffectLeads(
  em: EntityManager,
  q: { leadIds: readonly string[]; sendIds: readonly string[]; lastSendOf: readonly string[]; inboxId: string },
): Promise<{ leads: EffectLead[]; sends: BouncedSendRow[] }> {
  const [leadRows, sendRows] = await sqlStatements(em, [
    {
      query: `select l.id, l.email, c.stop_on_reply, c.stop_on_auto_reply, c.company_reply_stop
         from lead l join campaign c on c.id = l.campaign_id where l.id = any(?::uuid[]) order by l.id for update of l`,
      params: [pgArray(q.leadIds)],
    },
    {
      query: `select s.id, s.status, null::uuid as lead_id from send s where s.id = any(?::uuid[])
       union all
       select * from (select distinct on (lead_id) id, status, lead_id from send
                       where lead_id = any(?::uuid[]) and inbox_id = ? and status in ('sent', 'bounced') order by lead_id, sent_at desc) last`,
      params: [pgArray(q.sendIds), pgArray(q.lastSendOf), q.inboxId],
    },
  ]);
  return {
    leads: leadRows!.map((r) => ({
      id: String(r.id),
      email: String(r.email),
      stopOnReply: Boolean(r.stop_on_reply),
      stopOnAutoReply: Boolean(r.stop_on_auto_reply),
      companyReplyStop: Boolean(r.company_reply_stop),
    })),
    sends: sendRows!.map((r) => ({ id: String(r.id), status: String(r.status), leadId: r.lead_id === null ? null : String(r.lead_id) })),
  };
}

/** A number of items on one day of the workspace. */
export interface DayCount {
  day: string;
  n: number;
}

/** What one wave of items writes (effects.ts decides it; each list may be empty). */
export interface WaveWrites {
  /** Counted replies per day: the inbox's `replied` count. */
  repliedDays: readonly DayCount[];
  /** Replies' leads: replied_at (null for a reply to a one-off) and the stop (`replied`, `stopped`, or null). */
  replies: readonly { leadId: string; at: Date | null; stop: string | null }[];
  /** Leads a reply stopped: every queued email dropped. */
  replyStops: readonly string[];
  /** Leads a reply did not stop: their queued one-offs dropped. */
  replyGoingOn: readonly string[];
  /** Auto-replies' leads: away until (or null), and whether it stops them (`stopped`/`auto_replied`). */
  away: readonly { leadId: string; until: Date | null; stop: boolean }[];
  /** Leads an auto-reply stopped: every queued email dropped. */
  awayStops: readonly string[];
  /** The company stop: for each reply that stops its company, the campaign, the replying lead, and the
   *  LIKE pattern (escaped) of addresses at its domain. */
  companyStops: readonly { campaignId: string; leadId: string; pattern: string }[];
  softBounces: readonly { campaignId: string; leadId: string; sendId: string | null; email: string; code: number | null; reason: string }[];
  /** Sends a hard bounce counts as bounced, with its reason. */
  bouncedSends: readonly { sendId: string; reason: string }[];
  /** Those bounces per day: the inbox's `bounced` count. */
  bouncedDays: readonly DayCount[];
}

/**
 * A wave's writes in one round trip, in this order (each when it has rows): the replied counts, the
 * replies' leads (replied_at and the stop in one update of each lead: lead-progress.ts stopAssignments)
 * and their queued emails, the auto-replies' leads and theirs, the company stop, soft bounces, then the
 * sends hard bounces count and their day counts; then `tail` (built by other queries files: the batch's
 * events and cursor go with its last wave).
 * @allWorkspaces keyed by leads and sends of the inbox's workspace locked by lockEffectLeads; inserts carry `scope.workspaceId`
 */
export async function writeWave(em: EntityManager, scope: { workspaceId: string; inboxId: string; now: Date }, w: WaveWrites, tail: readonly Statement[] = []): Promise<void> {
  const statements: Statement[] = [];
  if (w.repliedDays.length) statements.push(dayCounts(scope, w.repliedDays, 'replied'));
  if (w.replies.length) {
    statements.push({
      query: `update lead l set replied_at = coalesce(l.replied_at, v.at), ${stopAssignments('l', 'v.stop is not null', 'v.stop', `'replied'`)}
         from unnest(?::uuid[], ?::timestamptz[], ?::text[]) as v(id, at, stop) where l.id = v.id`,
      params: [pgArray(w.replies.map((r) => r.leadId)), timeArray(w.replies.map((r) => r.at)), textArray(w.replies.map((r) => r.stop))],
    });
  }
  if (w.replyStops.length) statements.push(dropQueuedSendsStatement(w.replyStops, 'Lead replied'));
  // api.md Other value sets: a queued one-off is dropped when the lead replies before it goes.
  if (w.replyGoingOn.length) statements.push(dropQueuedSendsStatement(w.replyGoingOn, 'Lead replied', 'one_off'));
  if (w.away.length) {
    statements.push({
      query: `update lead l set away_until = case when v.until is null then l.away_until else greatest(coalesce(l.away_until, v.until), v.until) end,
              ${stopAssignments('l', 'v.stop', `'stopped'`, `'auto_replied'`)}
         from unnest(?::uuid[], ?::timestamptz[], ?::boolean[]) as v(id, until, stop) where l.id = v.id`,
      params: [pgArray(w.away.map((a) => a.leadId)), timeArray(w.away.map((a) => a.until)), boolArray(w.away.map((a) => a.stop))],
    });
  }
  if (w.awayStops.length) statements.push(dropQueuedSendsStatement(w.awayStops, 'Lead auto-replied'));
  if (w.companyStops.length) statements.push(companyStop(w.companyStops));
  if (w.softBounces.length) {
    statements.push({
      query: `insert into bounce (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, send_id, email, source, code, category, reason)
       values ${w.softBounces.map(() => `(?, ?, ?, ?, ?, ?, ?, ?, 'dsn', ?, 'soft', ?)`).join(', ')}`,
      params: w.softBounces.flatMap((b) => [randomUUID(), scope.now, scope.workspaceId, b.campaignId, b.leadId, scope.inboxId, b.sendId, b.email, b.code, b.reason]),
    });
  }
  if (w.bouncedSends.length) {
    statements.push({
      query: `update send s set status = 'bounced', error = v.reason from unnest(?::uuid[], ?::text[]) as v(id, reason) where s.id = v.id and s.status = 'sent'`,
      params: [pgArray(w.bouncedSends.map((b) => b.sendId)), textArray(w.bouncedSends.map((b) => b.reason))],
    });
  }
  if (w.bouncedDays.length) statements.push(dayCounts(scope, w.bouncedDays, 'bounced'));
  statements.push(...tail);
  await sqlStatements(em, statements);
}

/** The inbox's `replied` or `bounced` count per day of the workspace, added to. `column` is one of a fixed
 *  pair, never input. */
function dayCounts(scope: { workspaceId: string; inboxId: string; now: Date }, days: readonly DayCount[], column: 'replied' | 'bounced'): Statement {
  return {
    query: `insert into inbox_day_stat (id, created_at, workspace_id, inbox_id, day, sent, failed, bounced, replied)
     values ${days.map(() => (column === 'replied' ? '(?, ?, ?, ?, ?, 0, 0, 0, ?)' : '(?, ?, ?, ?, ?, 0, 0, ?, 0)')).join(', ')}
     on conflict (inbox_id, day) do update set ${column} = inbox_day_stat.${column} + excluded.${column}`,
    params: days.flatMap(({ day, n }) => [randomUUID(), scope.now, scope.workspaceId, scope.inboxId, day, n]),
  };
}

/** decisions.md §6 companyReplyStop: the lifecycle's stop (`stopped`/`company_replied`) for every other lead
 *  of each campaign at the domain that the stop changes, and their queued emails dropped. */
function companyStop(stops: WaveWrites['companyStops']): Statement {
  const colleagues = {
    query: `select l.id from lead l join unnest(?::uuid[], ?::uuid[], ?::text[]) as r(campaign_id, lead_id, pattern)
         on l.campaign_id = r.campaign_id and l.id <> r.lead_id and lower(l.email) like r.pattern escape '\\'
      where ${stopChangesSql('l', 'stopped')}`,
    params: [pgArray(stops.map((s) => s.campaignId)), pgArray(stops.map((s) => s.leadId)), textArray(stops.map((s) => s.pattern))],
  };
  return stopSelectedStatement(colleagues, { status: 'stopped', reason: 'company_replied' }, 'Someone at the same company replied');
}
