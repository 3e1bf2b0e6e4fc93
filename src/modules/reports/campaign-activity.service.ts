// GET /campaigns/:id/activity and /campaigns/:id/bounces (api.md Campaign numbers): what happened, newest
// first, a page at a time with `more`. Activity covers the sequence's emails (`sent`) and bounces; replies
// and auto-replies join here when replies are read (a later piece of work: add their rows to ACTIVITY).
// One-off emails and replies to them are left out, as api.md says.
import type { AuthedCtx } from '../../context';
import { findOr404 } from '../../db/find';
import { Campaign } from '../campaigns/campaign.entity';
import { sql } from '../../db/sql';
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

const ACTIVITY = `
  select 'sent' as type, s.sent_at as at, l.email, s.step_position as step, s.variant, i.email as mailbox, s.subject as detail, s.id as tie
    from send s join lead l on l.id = s.lead_id join inbox i on i.id = s.inbox_id
   where s.campaign_id = ? and s.kind = 'step' and s.status = 'sent'
  union all
  select 'bounce', b.created_at, b.email, s.step_position, s.variant, i.email, b.reason, b.id
    from bounce b left join send s on s.id = b.send_id left join inbox i on i.id = b.inbox_id
   where b.campaign_id = ? and (s.id is null or s.kind = 'step')`;

function page(input: ActivityPageInput) {
  return { limit: input.limit ?? DEFAULT_ACTIVITY_PAGE, offset: input.offset ?? 0 };
}

export async function campaignActivity(ctx: AuthedCtx, campaignId: string, input: ActivityPageInput): Promise<{ rows: ActivityRow[]; more: boolean }> {
  await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const { limit, offset } = page(input);
  // One row more than asked tells whether there is a next page.
  const rows = await sql(ctx.em, `select * from (${ACTIVITY}) a order by a.at desc, a.tie desc limit ? offset ?`, [campaignId, campaignId, limit + 1, offset]);
  return {
    rows: rows.slice(0, limit).map((r) => ({
      type: String(r.type),
      at: new Date(r.at as string),
      email: String(r.email),
      step: r.step === null ? null : Number(r.step),
      variant: r.variant === null ? null : Number(r.variant),
      mailbox: (r.mailbox as string | null) ?? null,
      detail: (r.detail as string | null) ?? null,
    })),
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
