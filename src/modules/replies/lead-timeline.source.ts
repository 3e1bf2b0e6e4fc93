// What the replies area adds to a lead's activity timeline (GET /leads/:id/activity): every reply item
// matched to the lead, as `reply`, `auto_reply` or `bounce`, with what it said and the classifier rule
// that decided its kind (reply-detail.ts), on the step and variant of the send it answers. Replies to
// one-off emails are listed too: the timeline is the lead's whole history, one-off emails included
// (they are left out of campaign numbers, not of the lead's story).
//
// A bounce read over IMAP is both a bounce item and a `dsn` bounce row (written together by the
// poller); it is shown from here, where its rule is known, and the sending source skips `dsn` rows.
import type { TimelineEntry, TimelineSource } from '../leads/lead-timeline';
import { sql } from '../../db/sql';
import { replyItemDetail } from './reply-detail';
import type { BounceDetail, ReplyKind } from './reply-item.entity';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const repliesTimeline: TimelineSource = async (ctx, lead, campaign) => {
  // Index reply_item(lead_id, received_at).
  const rows = await sql(
    ctx.em,
    `select r.kind, r.received_at, r.snippet, r.subject, r.rule, r.lead_away_until, r.bounce, s.step_position, s.variant
       from reply_item r left join send s on s.id = r.send_id
      where r.lead_id = ? order by r.received_at, r.id`,
    [lead.id],
  );
  return rows.map((r): TimelineEntry => {
    const step = num(r.step_position);
    return {
      type: String(r.kind),
      at: new Date(r.received_at as string),
      step,
      stepLabel: step === null ? null : `Step ${step}`,
      detail: replyItemDetail(
        {
          kind: r.kind as ReplyKind,
          snippet: String(r.snippet ?? ''),
          subject: String(r.subject ?? ''),
          rule: String(r.rule),
          leadAwayUntil: r.lead_away_until ? new Date(r.lead_away_until as string) : null,
          bounce: (r.bounce as BounceDetail | null) ?? null,
        },
        campaign.timezone,
        { withRule: true },
      ),
      variant: num(r.variant),
    };
  });
};
