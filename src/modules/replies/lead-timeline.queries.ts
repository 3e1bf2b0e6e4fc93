// The SQL of what the replies area adds to a lead's activity timeline (lead-timeline.source.ts). The lead
// is one the caller found in its workspace (GET /leads/:id/activity, through the filtered em).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';
import type { BounceDetail, ReplyKind } from './reply-item.entity';

export interface LeadReplyRow {
  kind: ReplyKind;
  receivedAt: Date;
  snippet: string;
  subject: string;
  rule: string;
  leadAwayUntil: Date | null;
  bounce: BounceDetail | null;
  /** The step and variant of the send the item answers (null without one). */
  stepPosition: number | null;
  variant: number | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * Every reply item matched to the lead, oldest first (index reply_item(lead_id, received_at)).
 * @allWorkspaces keyed by a lead the caller found in its workspace
 */
export async function leadReplyRows(em: EntityManager, leadId: string): Promise<LeadReplyRow[]> {
  const rows = await sql(
    em,
    `select r.kind, r.received_at, r.snippet, r.subject, r.rule, r.lead_away_until, r.bounce, s.step_position, s.variant
       from reply_item r left join send s on s.id = r.send_id
      where r.lead_id = ? order by r.received_at, r.id`,
    [leadId],
  );
  return rows.map((r) => ({
    kind: r.kind as ReplyKind,
    receivedAt: new Date(r.received_at as string),
    snippet: String(r.snippet ?? ''),
    subject: String(r.subject ?? ''),
    rule: String(r.rule),
    leadAwayUntil: r.lead_away_until ? new Date(r.lead_away_until as string) : null,
    bounce: (r.bounce as BounceDetail | null) ?? null,
    stepPosition: num(r.step_position),
    variant: num(r.variant),
  }));
}
