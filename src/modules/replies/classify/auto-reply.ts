// Auto-replies (decisions.md §6, second in the order): RFC 3834 Auto-Submitted other than "no",
// X-Autoreply, X-Autorespond, Precedence: auto_reply, or an out-of-office subject in one of seven languages.
//
// Not signals, on purpose:
// - Precedence: bulk / junk / list, List-Id, List-Unsubscribe: mailing lists and newsletters (RFC 2076,
//   RFC 2369). They are not answers to our mail; classifyInbound reports them as kind `reply` with rule
//   `mailing_list` so the caller can tell them from a person (an old vacation(1) also sets bulk/junk, but
//   then its subject or Auto-Submitted still marks it).
// - X-Auto-Response-Suppress: Outlook puts it on ordinary mail too; it asks others not to auto-reply.
import type { InboundMessage } from '../../../mail/inbound-message';

export interface AutoReplyMatch {
  rule: string;
  evidence: string;
}

/** Out-of-office subjects, anchored at the start (after an optional "[tag]"): "Re: Out of office" is a
 *  person writing about it. "Ausente" is listed under Portuguese; Spanish uses it too, either way it is
 *  an auto-reply. */
const OOO_SUBJECTS: [lang: string, re: RegExp][] = [
  ['en', /^(out of (the )?office|automatic reply|auto[- ]?reply|autoreply|auto[- ]?response|away from (the )?office|on (vacation|holiday|leave))\b/i],
  ['de', /^(abwesenheitsnotiz|automatische antwort|abwesend|nicht im büro|abwesenheit)\b/i],
  ['fr', /^(réponse automatique|reponse automatique|absence|absente?|message d'absence|hors du bureau)\b/i],
  ['es', /^(respuesta automática|respuesta automatica|fuera de (la )?oficina|ausencia)\b/i],
  ['it', /^(risposta automatica|fuori ufficio|fuori sede|assente)\b/i],
  ['pt', /^(resposta automática|resposta automatica|ausente|fora do escritório|ausência)\b/i],
  ['nl', /^(automatisch antwoord|afwezig|niet aanwezig|afwezigheid)\b/i],
];

/** The text without its `(comments)`: each `(` to the first `)` after it, as `/\([^)]*\)/g` would take
 *  them, in one pass (that expression is quadratic on a header of unclosed brackets; decisions.md §10). */
function withoutComments(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('(', at);
    const close = open < 0 ? -1 : text.indexOf(')', open);
    if (close < 0) return out + text.slice(at);
    out += text.slice(at, open);
    at = close + 1;
  }
}

export function matchAutoReply(msg: InboundMessage): AutoReplyMatch | null {
  const h = msg.headers;
  // RFC 3834 §5: a keyword, then optional parameters and (comments); "no (manual)" is still no.
  const autoSubmitted = withoutComments(h['auto-submitted'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (autoSubmitted !== '' && autoSubmitted !== 'no') return { rule: 'auto_submitted', evidence: `Auto-Submitted: ${h['auto-submitted']}` };
  for (const [key, rule] of [
    ['x-autoreply', 'x_autoreply'],
    ['x-autorespond', 'x_autorespond'],
  ] as const) {
    const v = h[key];
    if (v !== undefined && !/^(no|false|0)$/i.test(v.trim())) return { rule, evidence: `${key === 'x-autoreply' ? 'X-Autoreply' : 'X-Autorespond'}: ${v}` };
  }
  if (/^auto[_-]reply$/i.test((h.precedence ?? '').trim())) return { rule: 'precedence_auto_reply', evidence: `Precedence: ${h.precedence}` };
  const subject = msg.subject.replace(/^\s*(\[[^\]]*\]\s*|\*+\s*)/, '').trim();
  for (const [lang, re] of OOO_SUBJECTS) {
    const m = subject.match(re);
    if (m) return { rule: `ooo_subject_${lang}`, evidence: `subject "${msg.subject}" starts with "${m[0]}"` };
  }
  return null;
}

/** Mailing-list or bulk mail (see the note at the top). */
export function mailingListEvidence(msg: InboundMessage): string | null {
  const h = msg.headers;
  if (h['list-id']) return `List-Id: ${h['list-id']}`;
  if (/^(bulk|list|junk)$/i.test((h.precedence ?? '').trim())) return `Precedence: ${h.precedence}`;
  if (h['list-unsubscribe']) return `List-Unsubscribe: ${h['list-unsubscribe']}`;
  return null;
}
