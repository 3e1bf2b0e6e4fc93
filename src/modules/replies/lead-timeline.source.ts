// What the replies area adds to a lead's activity timeline (GET /leads/:id/activity): every reply item
// matched to the lead, as `reply`, `auto_reply` or `bounce`, with what it said and the classifier rule
// that decided its kind (reply-detail.ts), on the step and variant of the send it answers. Replies to
// one-off emails are listed too: the timeline is the lead's whole history, one-off emails included
// (they are left out of campaign numbers, not of the lead's story).
//
// A bounce read over IMAP is both a bounce item and a `dsn` bounce row (written together by the
// poller); it is shown from here, where its rule is known, and the sending source skips `dsn` rows.
import type { TimelineEntry, TimelineSource } from '../leads/lead-timeline';
import { leadReplyRows } from './lead-timeline.queries';
import { replyItemDetail } from './reply-detail';

export const repliesTimeline: TimelineSource = async (ctx, lead, campaign) => {
  const rows = await leadReplyRows(ctx.em, lead.id);
  return rows.map((r): TimelineEntry => ({
    type: r.kind,
    at: r.receivedAt,
    step: r.stepPosition,
    stepLabel: r.stepPosition === null ? null : `Step ${r.stepPosition}`,
    detail: replyItemDetail({ kind: r.kind, snippet: r.snippet, subject: r.subject, rule: r.rule, leadAwayUntil: r.leadAwayUntil, bounce: r.bounce }, campaign.timezone, {
      withRule: true,
    }),
    variant: r.variant,
  }));
};
