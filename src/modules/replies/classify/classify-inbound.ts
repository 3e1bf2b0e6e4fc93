// The kind of an inbound message, with the rule that decided it and the line that shows it, so a
// surprising classification can be explained (decisions.md §6: bounce, then auto_reply, then reply;
// first match wins). Pure: the message in, the verdict out; and, for an auto-reply once its lead is
// known, until when that lead is away (leadAwayUntil).
import type { InboundMessage } from '../../../mail/inbound-message';
import { matchAutoReply, mailingListEvidence } from './auto-reply';
import { matchBounce, type BounceInfo } from './bounce';
import { returnDate } from './return-date';

export type InboundKind = 'bounce' | 'auto_reply' | 'reply';

export interface Classification {
  kind: InboundKind;
  /** Stable id of the rule that matched: dsn, dsn_nonstandard_<vendor>, auto_submitted, x_autoreply,
   *  x_autorespond, precedence_auto_reply, ooo_subject_<lang>, mailing_list, reply. */
  rule: string;
  /** Which header or line decided, for people. */
  evidence: string;
  bounce?: BounceInfo;
}

export function classifyInbound(msg: InboundMessage): Classification {
  const bounce = matchBounce(msg);
  if (bounce) return { kind: 'bounce', ...bounce };
  const auto = matchAutoReply(msg);
  if (auto) return { kind: 'auto_reply', ...auto };
  const list = mailingListEvidence(msg);
  if (list) return { kind: 'reply', rule: 'mailing_list', evidence: `${list}: mailing-list mail, not an auto-reply` };
  return { kind: 'reply', rule: 'reply', evidence: 'no bounce or auto-reply marker' };
}

/**
 * decisions.md §6 auto_reply: until when the lead an auto-reply answers for is away (its awayUntil, the
 * item's lead_away_until): the first day the sender is back (return-date.ts), starting at midnight in
 * the campaign's time zone (where the lead is written to), read from the text as of when the message
 * arrived. Null for every other kind, and when the text names no return date.
 */
export function leadAwayUntil(cls: Pick<Classification, 'kind'>, text: string, received: Date, campaignZone: string): Date | null {
  return cls.kind === 'auto_reply' ? returnDate(text, received, campaignZone) : null;
}
