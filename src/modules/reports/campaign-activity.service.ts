// GET /campaigns/:id/activity and /campaigns/:id/bounces (api.md Campaign numbers): what happened, newest
// first, a page at a time with `more`. Activity covers the sequence's emails (`sent`), bounces (SMTP-time
// and DSNs read over IMAP alike: both are bounce rows) and the replies and auto-replies read over IMAP
// (reply items; a bounce item is left to its bounce row, so it is not listed twice). One-off emails and
// replies to them are left out, as api.md says.
//
// The statements and their plan: campaign-activity.queries.ts.
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { isoKey, Paging } from '../../contracts/pagination/keyset';
import { Campaign } from '../campaigns/campaign.entity';
import { replyItemDetail } from '../replies/reply-detail';
import type { ReplyKind } from '../replies/reply-item.entity';
import { DEFAULT_ACTIVITY_PAGE, type ActivityPageInput } from './campaign-activity.inputs';
import { campaignActivityPage, campaignBouncePage, type CampaignActivityRow, type CampaignBounceRow } from './campaign-activity.queries';

/** An entry as the API shows it: a reply item's columns are folded into `detail`. */
export type ActivityRow = Omit<CampaignActivityRow, 'subject' | 'rule' | 'awayUntil' | 'id'>;

export type BounceRow = Omit<CampaignBounceRow, 'id'>;

/** The page asked (decisions.md §12): an offset, or the rows after a cursor of this campaign's list. */
function paging(ctx: AuthedCtx, list: 'campaign-activity' | 'campaign-bounces', campaignId: string, input: ActivityPageInput) {
  const p = Paging.of(ctx, list, { campaignId }, input, DEFAULT_ACTIVITY_PAGE);
  const [at, id] = p.after ?? [];
  return { paging: p, page: { limit: p.limit!, offset: p.offset, ...(p.after ? { after: { at: String(at), id: String(id) } } : {}) } };
}

const rowKey = (r: { at: Date; id: string }) => [isoKey(r.at), r.id];

export async function campaignActivity(ctx: AuthedCtx, campaignId: string, input: ActivityPageInput): Promise<{ rows: ActivityRow[]; more: boolean; nextCursor: string | null }> {
  const campaign = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const { paging: p, page } = paging(ctx, 'campaign-activity', campaign.id, input);
  const read = p.close(await campaignActivityPage(ctx.em, campaign.id, page), rowKey);
  return {
    rows: read.items.map((r) => {
      const isItem = r.type === 'reply' || r.type === 'auto_reply';
      return {
        type: r.type,
        at: r.at,
        email: r.email,
        step: r.step,
        variant: r.variant,
        mailbox: r.mailbox,
        detail: isItem
          ? replyItemDetail(
              {
                kind: r.type as ReplyKind,
                snippet: r.detail ?? '',
                subject: r.subject ?? '',
                rule: String(r.rule),
                leadAwayUntil: r.awayUntil,
                bounce: null,
              },
              campaign.timezone,
              { withRule: r.type === 'auto_reply' },
            )
          : r.detail,
      };
    }),
    more: read.nextCursor !== null,
    nextCursor: read.nextCursor,
  };
}

export async function campaignBounces(ctx: AuthedCtx, campaignId: string, input: ActivityPageInput): Promise<{ rows: BounceRow[]; more: boolean; nextCursor: string | null }> {
  const campaign = await findOr404(ctx.em, Campaign, campaignId, 'Campaign');
  const { paging: p, page } = paging(ctx, 'campaign-bounces', campaign.id, input);
  const read = p.close(await campaignBouncePage(ctx.em, campaign.id, page), rowKey);
  return { rows: read.items.map(({ id: _id, ...row }) => row), more: read.nextCursor !== null, nextCursor: read.nextCursor };
}
