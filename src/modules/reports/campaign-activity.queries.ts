// SQL of GET /campaigns/:id/activity and /campaigns/:id/bounces (campaign-activity.service.ts). Every
// statement is keyed by a campaign the service found first through the workspace-filtered em
// (findOr404), so the campaign id carries the workspace.
//
// Plan: each kind is read newest first from its own index (send(campaign_id, sent_at),
// bounce(campaign_id, created_at), reply_item(campaign_id, received_at)) and cut at offset + limit + 1
// before the kinds are merged, so a page costs what it shows and not the campaign's whole history.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';

const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));
const int = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** One entry of the activity list. Columns past `detail` are the reply item's, null for the other kinds. */
export interface CampaignActivityRow {
  /** `sent`, `bounce`, or the reply item's kind (`reply`, `auto_reply`). */
  type: string;
  at: Date;
  email: string;
  step: number | null;
  variant: number | null;
  mailbox: string | null;
  /** The subject (sent), the reason (bounce) or the snippet (reply item). */
  detail: string | null;
  subject: string | null;
  rule: string | null;
  awayUntil: Date | null;
  /** The row's own id (the send's, bounce's or reply item's): the order's tie-break and the cursor's key. */
  id: string;
}

// The `?` in turn: the campaign, the cursor's key (a cursor page only) and the per-kind cut, for each kind
// (the DSN-bounced sends take the campaign and the key). A cursor page (decisions.md §12) starts each
// kind's index range at the cursor's (at, id): a row comparison, so a deep page reads what a first does.
const activitySql = (after: boolean) => {
  const from = (at: string, id: string) => (after ? ` and (${at}, ${id}) < (?::timestamptz, ?::uuid)` : '');
  return `
  (select 'sent' as type, s.sent_at as at, l.email, s.step_position as step, s.variant, i.email as mailbox, s.subject as detail,
          null::text as subject, null::text as rule, null::timestamptz as away_until, s.id as tie
     from send s join lead l on l.id = s.lead_id join inbox i on i.id = s.inbox_id
    where s.campaign_id = ? and s.kind = 'step' and s.status = 'sent'${from('s.sent_at', 's.id')}
    order by s.sent_at desc, s.id desc limit ?)
  union all
  -- Accepted, then returned by a hard DSN (the send is 'bounced' now): it went out all the same.
  -- Read from the campaign's bounce rows (few), one row per send however many DSNs it drew.
  (select distinct on (s.id) 'sent', s.sent_at, l.email, s.step_position, s.variant, i.email, s.subject, null, null, null, s.id
     from bounce b join send s on s.id = b.send_id join lead l on l.id = s.lead_id join inbox i on i.id = s.inbox_id
    where b.campaign_id = ? and b.source = 'dsn' and s.kind = 'step' and s.status = 'bounced'${from('s.sent_at', 's.id')})
  union all
  (select 'bounce', b.created_at, b.email, s.step_position, s.variant, i.email, b.reason, null, null, null, b.id
     from bounce b left join send s on s.id = b.send_id left join inbox i on i.id = b.inbox_id
    where b.campaign_id = ? and (s.id is null or s.kind = 'step')${from('b.created_at', 'b.id')}
    order by b.created_at desc, b.id desc limit ?)
  union all
  (select r.kind, r.received_at, coalesce(l.email, r.from_email), s.step_position, s.variant, i.email, r.snippet, r.subject, r.rule, r.lead_away_until, r.id
     from reply_item r left join lead l on l.id = r.lead_id left join send s on s.id = r.send_id join inbox i on i.id = r.inbox_id
    where r.campaign_id = ? and r.kind in ('reply', 'auto_reply') and not r.one_off${from('r.received_at', 'r.id')}
    order by r.received_at desc, r.id desc limit ?)`;
};

/** Where a page starts: an offset, or (a cursor page) after the entry whose (at, id) is `after`. */
export interface ActivityPage {
  limit: number;
  offset: number;
  after?: { at: string; id: string };
}

/**
 * A page of the campaign's activity, newest first: up to limit + 1 rows (one more than asked tells
 * whether there is a next page). Each kind gives at most offset + limit + 1 rows before the merge.
 * @allWorkspaces keyed by a campaign id the caller found in its workspace (findOr404)
 */
export async function campaignActivityPage(em: EntityManager, campaignId: string, page: ActivityPage): Promise<CampaignActivityRow[]> {
  const cut = page.offset + page.limit + 1;
  const key = page.after ? [page.after.at, page.after.id] : [];
  const rows = await sql(em, `select * from (${activitySql(!!page.after)}) a order by a.at desc, a.tie desc limit ? offset ?`, [
    campaignId,
    ...key,
    cut,
    campaignId,
    ...key,
    campaignId,
    ...key,
    cut,
    campaignId,
    ...key,
    cut,
    page.limit + 1,
    page.offset,
  ]);
  return rows.map((r) => ({
    type: String(r.type),
    at: new Date(r.at as string),
    email: String(r.email),
    step: int(r.step),
    variant: int(r.variant),
    mailbox: (r.mailbox as string | null) ?? null,
    detail: (r.detail as string | null) ?? null,
    subject: (r.subject as string | null) ?? null,
    rule: (r.rule as string | null) ?? null,
    awayUntil: date(r.away_until),
    id: String(r.tie),
  }));
}

export interface CampaignBounceRow {
  /** The bounce's id: the order's tie-break and the cursor's key (not sent). */
  id: string;
  at: Date;
  email: string;
  mailbox: string | null;
  code: number | null;
  category: string;
  reason: string;
}

/**
 * A page of the campaign's bounces, newest first (bounce(campaign_id, created_at)): up to limit + 1 rows.
 * @allWorkspaces keyed by a campaign id the caller found in its workspace (findOr404)
 */
export async function campaignBouncePage(em: EntityManager, campaignId: string, page: ActivityPage): Promise<CampaignBounceRow[]> {
  const rows = await sql(
    em,
    `select b.id, b.created_at as at, b.email, i.email as mailbox, b.code, b.category, b.reason from bounce b left join inbox i on i.id = b.inbox_id
      where b.campaign_id = ?${page.after ? ` and (b.created_at, b.id) < (?::timestamptz, ?::uuid)` : ''} order by b.created_at desc, b.id desc limit ? offset ?`,
    [campaignId, ...(page.after ? [page.after.at, page.after.id] : []), page.limit + 1, page.offset],
  );
  return rows.map((r) => ({
    id: String(r.id),
    at: new Date(r.at as string),
    email: String(r.email),
    mailbox: (r.mailbox as string | null) ?? null,
    code: int(r.code),
    category: String(r.category),
    reason: String(r.reason),
  }));
}
