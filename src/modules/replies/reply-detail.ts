// The short line a reply item shows in a campaign's activity and a lead's timeline: what it said, the
// classifier rule that decided its kind (the issue: "each item keeps which rule decided, visible in the
// lead's activity detail") and, for an out-of-office, the day the lead is back. One function, so both
// lists word an item the same way. Pure.
import { DateTime } from 'luxon';
import type { BounceDetail, ReplyKind } from './reply-item.entity';

export interface ReplyItemLine {
  kind: ReplyKind;
  snippet: string;
  subject: string;
  rule: string;
  leadAwayUntil: Date | null;
  bounce: BounceDetail | null;
}

/** Longest text taken from a bounce's diagnostic (snippets are at most 200 characters already). */
const MAX_DIAGNOSTIC = 200;

/** What the message said: its snippet (new text only), else its subject; for a bounce, hard or soft with
 *  the status and the server's diagnostic. */
export function replyItemText(item: Pick<ReplyItemLine, 'kind' | 'snippet' | 'subject' | 'bounce'>): string {
  if (item.kind === 'bounce' && item.bounce) {
    const b = item.bounce;
    const said = b.diagnostic?.trim() || item.snippet.trim() || item.subject.trim();
    return `${b.permanent ? 'Hard' : 'Soft'} bounce${b.status ? ` ${b.status}` : ''}${said ? `: ${said.slice(0, MAX_DIAGNOSTIC)}` : ''}`;
  }
  return item.snippet.trim() || item.subject.trim() || '(no text)';
}

/**
 * `Out of office until Friday (rule: auto_submitted) — back 7 Dec`. `withRule` false gives the text alone
 * (a person's reply in the campaign activity, where the rule says nothing new). The return day is shown
 * in `zone` (the campaign's): lead_away_until is the start of that day there.
 */
export function replyItemDetail(item: ReplyItemLine, zone: string, opts: { withRule: boolean }): string {
  let line = replyItemText(item);
  if (opts.withRule) line += ` (rule: ${item.rule})`;
  if (item.kind === 'auto_reply' && item.leadAwayUntil) line += ` — back ${DateTime.fromJSDate(item.leadAwayUntil, { zone }).setLocale('en').toFormat('d LLL')}`;
  return line;
}
