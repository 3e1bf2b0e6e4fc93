// GET /campaigns/:id/activity and /campaigns/:id/bounces (api.md Campaign numbers): what happened, newest
// first, a page at a time with `more`. Activity covers the sequence's emails (`sent`), bounces (SMTP-time
// and DSNs read over IMAP alike: both are bounce rows) and the replies and auto-replies read over IMAP
// (reply items; a bounce item is left to its bounce row, so it is not listed twice). One-off emails and
// replies to them are left out, as api.md says.
//
// Each kind is read newest first from its own index (send(campaign_id, sent_at),
// bounce(campaign_id, created_at), reply_item(campaign_id, received_at)) and cut at offset + limit + 1
// before the kinds are merged, so a page costs what it shows and not the campaign's whole history.
import type { AuthedCtx } from '../../context';
import { findOr404 } from '../../db/find';
import { Campaign } from '../campaigns/campaign.entity';
import { sql } from '../../db/sql';
import { replyItemDetail } from '../replies/reply-detail';
import type { ReplyKind } from '../replies/reply-item.entity';
import { DEFAULT_ACTIVITY_PAGE, type ActivityPageInput } from './campaign-activity.inputs';

export interface ActivityRow {
  type: string;
  at: Date;
  email: string;
  step: number | null;
  variant: number | null;
  mailbox: string | null;
  detail: string | null;
}

export interface BounceRow {
  at: Date;
  email: string;
  mailbox: string | null;
  code: number | null;
  category: string;
  reason: string;
}

// Five `?`: the campaign and the per-kind cut, for each kind in turn (the DSN-bounced sends take the
// campaign only). Columns past `detail` are the reply item's, null for the other kinds.
const ACTIVITY = `
  (select 'sent' as type, s.sent_at as at, l.email, s.step_position as step, s.variant, i.email as mailbox, s.subject as detail,
          null::text as subject, null::text as rule, null::timestamptz as away_until, s.id as tie
     from send s join lead l on l.id = s.lead_id join inbox i on i.id = s.inbox_id
    where s.campaign_id = ? and s.kind = 'step' and s.status = 'sent'
    order by s.sent_at desc, s.id desc limit ?)
  union all
  -- Accepted, then returned by a hard DSN (the send is 'bounced' now): it went out all the same.
  -- Read from the campaign's bounce rows (few), one row per send however many DSNs it drew.
  (select distinct on (s.id) 'sent', s.sent_at, l.email, s.step_position, s.variant, i.email, s.subject, null, null, null, s.id
     from bounce b join send s on s.id = b.send_id join lead l on l.id = s.lead_id join inbox i on i.id = s.inbox_id
    where b.campaign_id = ? and b.source = 'dsn' and s.kind = 'step' and s.status = 'bounced')
  union all
  (select 'bounce', b.created_at, b.email, s.step_position, s.variant, i.email, b.reason, null, null, null, b.id
     from bounce b left join send s on s.id = b.send_id left join inbox i on i.id = b.inbox_id
    where b.campaign_id = ? and (s.id is null or s.kind = 'step')
    order by b.created_at desc, b.id desc limit ?)
  union all
  (select r.kind, r.received_at, coalesce(l.email, r.from_email), s.step_position, s.variant, i.email, r.snippet, r.subject, r.rule, r.lead_away_until, r.id
     from reply_item r left join lead l on l.id = r.lead_id left join send s on s.id = r.send_id join inbox i on i.id = r.inbox_id
    where r.campaign_id = ? and r.kind in ('reply', 'auto_reply') and not r.one_off
    order by r.received_at desc, r.id desc limit ?)`;

function page(input: ActivityPageInput) {
  return { limit: input.limit ?? DEFAULT_ACTIVITY_PAGE, offset: input.offset ?? 0 };
}

export async function campaignActivity(ctx: AuthedCtx, campaignId: string, input: ActivityPageInput): Promise<{ rows: ActivityRow[]; more: boolean }> {
  const campaign = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const { limit, offset } = page(input);
  // One row more than asked tells whether there is a next page; each kind gives at most that many.
  const cut = offset + limit + 1;
  const rows = await sql(ctx.em, `select * from (${ACTIVITY}) a order by a.at desc, a.tie desc limit ? offset ?`, [
    campaignId,
    cut,
    campaignId,
    campaignId,
    cut,
    campaignId,
    cut,
    limit + 1,
    offset,
  ]);
  return {
    rows: rows.slice(0, limit).map((r) => {
      const type = String(r.type);
      const text = (r.detail as string | null) ?? null;
      const isItem = type === 'reply' || type === 'auto_reply';
      return {
        type,
        at: new Date(r.at as string),
        email: String(r.email),
        step: r.step === null ? null : Number(r.step),
        variant: r.variant === null ? null : Number(r.variant),
        mailbox: (r.mailbox as string | null) ?? null,
        detail: isItem
          ? replyItemDetail(
              {
                kind: type as ReplyKind,
                snippet: text ?? '',
                subject: String(r.subject ?? ''),
                rule: String(r.rule),
                leadAwayUntil: r.away_until ? new Date(r.away_until as string) : null,
                bounce: null,
              },
              campaign.timezone,
              { withRule: type === 'auto_reply' },
            )
          : text,
      };
    }),
    more: rows.length > limit,
  };
}

export async function campaignBounces(ctx: AuthedCtx, campaignId: string, input: ActivityPageInput): Promise<{ rows: BounceRow[]; more: boolean }> {
  await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const { limit, offset } = page(input);
  const rows = await sql(
    ctx.em,
    `select b.created_at as at, b.email, i.email as mailbox, b.code, b.category, b.reason from bounce b left join inbox i on i.id = b.inbox_id
      where b.campaign_id = ? order by b.created_at desc, b.id desc limit ? offset ?`,
    [campaignId, limit + 1, offset],
  );
  return {
    rows: rows.slice(0, limit).map((r) => ({
      at: new Date(r.at as string),
      email: String(r.email),
      mailbox: (r.mailbox as string | null) ?? null,
      code: r.code === null ? null : Number(r.code),
      category: String(r.category),
      reason: String(r.reason),
    })),
    more: rows.length > limit,
  };
}
