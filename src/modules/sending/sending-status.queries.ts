// The SQL of GET /campaigns/:id/sending-status (sending-status.service.ts): set-wise counts of the
// campaign's leads due now and today, and of those held, the way the engine judges them one by one
// (schedule/due.ts; LEAD_DUE_AT). Every statement is keyed by a campaign the service found first through
// the workspace-filtered em (findOr404).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';
import { leadProviderSql } from '../leads/lead-provider';
import type { DueGroup, SenderDue } from './schedule';
import { LEAD_DUE_AT, skippedVerifications } from './lead-due-sql';
import { runningSql } from '../leads/lifecycle/lead-status';

/** What the counts need of the campaign. */
export interface DueScope {
  campaignId: string;
  /** Step 1's wait, in minutes. */
  firstWaitMinutes: number;
  skipRisky: boolean;
  /** The campaign's zone, the zone of leads without one of their own when `leadTimezone`. */
  timezone: string;
  leadTimezone: boolean;
}

/** SQL over `lead l`: the campaign's leads still in line for mail with nothing in flight for them. */
const open = (excluded: string) => `l.campaign_id = ? and ${runningSql('l')} and (l.status = 'pending' or l.next_due_at is not null)
    and (l.verification is null or l.verification not in ${excluded})
    and not exists (select 1 from send s where s.lead_id = l.id and s.status in ('queued', 'sending'))
    and not exists (select 1 from task t where t.lead_id = l.id and t.status = 'open')`;
const away = `l.away_until > ?`;
// An away lead's mail waits for its return date (due.ts holds): the engine moves next_due_at there once
// it has looked at the lead, and until then these counts do the same.
const dueOrBack = `greatest(${LEAD_DUE_AT}, coalesce(l.away_until, '-infinity'::timestamptz))`;
const verifying = `l.verification = 'pending' and l.verification_started_at > ?`;

/**
 * The leads due at `now` (not away, not held by a running check started after `holdSince`), in one scan:
 * grouped by the zone they are sent in, their provider and whether they are new; and those with an inbox
 * of their own counted per inbox (those whose inbox cannot send now wait for it: decisions.md §11 "One
 * sender per lead").
 * @allWorkspaces keyed by a campaign the caller found in its workspace (findOr404)
 */
export async function dueNowCounts(em: EntityManager, c: DueScope, now: Date, holdSince: Date): Promise<{ groups: DueGroup[]; bySender: SenderDue[] }> {
  const zone = c.leadTimezone ? `coalesce(l.timezone, ?)` : `?::text`;
  const rows = await sql(
    em,
    `select ${zone} as zone, ${leadProviderSql('l')} as provider, (l.status = 'pending') as is_new, l.mailbox_id, count(*)::int as n from lead l
        where ${open(skippedVerifications(c.skipRisky))} and ${LEAD_DUE_AT} <= ? and not (${away}) is true and not (${verifying}) is true group by 1, 2, 3, 4`,
    [c.timezone, c.campaignId, c.firstWaitMinutes, now, now, holdSince],
  );
  const groups = new Map<string, DueGroup>();
  const bySender = new Map<string, number>();
  for (const r of rows) {
    const g = { zone: String(r.zone), provider: (r.provider as DueGroup['provider']) ?? null, isNew: Boolean(r.is_new), count: Number(r.n) };
    const key = `${g.zone}\u0000${g.provider}\u0000${g.isNew}`;
    const seen = groups.get(key);
    if (seen) seen.count += g.count;
    else groups.set(key, g);
    if (r.mailbox_id !== null) bySender.set(String(r.mailbox_id), (bySender.get(String(r.mailbox_id)) ?? 0) + g.count);
  }
  return { groups: [...groups.values()], bySender: [...bySender].map(([inboxId, count]) => ({ inboxId, count })) };
}

/** What lineCounts tells of the leads in line. */
export interface LineCounts {
  /** Follow-ups and new leads due (or back from away) before `endOfDay`. */
  dueToday: { followUps: number; newLeads: number };
  /** Leads held by an away lead (away now, and its next email would go before the return date were it not
   *  away, or was already moved to it) and by verification (due now while its check, started after
   *  `holdSince`, runs). */
  held: { away: number; verification: number };
  /** The earliest moment a lead in line comes due (or back from away); null when none is in line. */
  nextDueAt: Date | null;
}

/**
 * The campaign's leads in line, counted in one scan: due today, held, and the next one due. (One
 * statement rather than three: the campaigns list asks this of a page of campaigns at once.)
 * @allWorkspaces keyed by a campaign the caller found in its workspace (findOr404)
 */
export async function lineCounts(em: EntityManager, c: DueScope, now: Date, holdSince: Date, endOfDay: Date): Promise<LineCounts> {
  const [row] = await sql(
    em,
    `select count(*) filter (where l.status = 'active' and ${dueOrBack} < ?)::int as follow_ups,
            count(*) filter (where l.status = 'pending' and ${dueOrBack} < ?)::int as new_leads,
            count(*) filter (where ${away} and ${LEAD_DUE_AT} <= l.away_until)::int as away,
            count(*) filter (where ${verifying} and ${LEAD_DUE_AT} <= ?)::int as verification,
            min(${dueOrBack}) as at
       from lead l where ${open(skippedVerifications(c.skipRisky))}`,
    [c.firstWaitMinutes, endOfDay, c.firstWaitMinutes, endOfDay, now, c.firstWaitMinutes, holdSince, c.firstWaitMinutes, now, c.firstWaitMinutes, c.campaignId],
  );
  return {
    dueToday: { followUps: Number(row?.follow_ups ?? 0), newLeads: Number(row?.new_leads ?? 0) },
    held: { away: Number(row?.away ?? 0), verification: Number(row?.verification ?? 0) },
    nextDueAt: row?.at ? new Date(row.at as string) : null,
  };
}
