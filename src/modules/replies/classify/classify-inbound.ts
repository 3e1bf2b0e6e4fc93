// The kind of an inbound message, with the rule that decided it and the line that shows it, so a
// surprising classification can be explained (decisions.md §6: bounce, then auto_reply, then reply;
// first match wins). Pure: the message in, the verdict out.
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
  /** Auto-replies only: the first day the sender is back (return-date.ts), or null. */
  awayUntil?: Date | null;
}

export interface ClassifyOptions {
  /** When the message arrived; its Date header, else now, when not given. */
  received?: Date;
  /** Time zone the return date's day starts in (IANA name); UTC by default. */
  zone?: string;
}

export function classifyInbound(msg: InboundMessage, opts: ClassifyOptions = {}): Classification {
  const bounce = matchBounce(msg);
  if (bounce) return { kind: 'bounce', ...bounce };
  const auto = matchAutoReply(msg);
  if (auto) {
    const received = opts.received ?? msg.date ?? new Date();
    return { kind: 'auto_reply', ...auto, awayUntil: returnDate(msg.text, received, opts.zone) };
  }
  const list = mailingListEvidence(msg);
  if (list) return { kind: 'reply', rule: 'mailing_list', evidence: `${list}: mailing-list mail, not an auto-reply` };
  return { kind: 'reply', rule: 'reply', evidence: 'no bounce or auto-reply marker' };
}
