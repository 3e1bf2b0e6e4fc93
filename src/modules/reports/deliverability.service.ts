// GET /reports/deliverability (api.md Reports): how the workspace's mail fared at the receiving servers
// over the last 7 days (7 × 24 hours up to now, as the DMARC report counts back from now), from what the
// sending engine records for every SMTP attempt (send_attempt: outcome, reply code, the server's text),
// the bounce rows and the reply items.
//
// Every email an inbox put on the wire counts, one-off emails included: this report is about the inboxes
// and the receiving servers, not about campaigns (analytics leaves one-offs out). Likewise `answered`
// counts every person's reply the inbox received (kind `reply`, one-off replies included).
import type { AuthedCtx } from '../../runtime/context';
import { answeredByInbox, attemptCounts, bounceReasons, refusedCodes, workspaceInboxes } from './deliverability.queries';
import type { BounceReasonCountView, DeliverabilityInboxView, DeliverabilityReportView, SmtpCodeCountView } from './deliverability.types';

/** api.md Limits: 7 days deliverability. */
export const DELIVERABILITY_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;
const OUTCOME_ORDER = { accepted: 0, deferred: 1, rejected: 2 } as const;

export async function deliverabilityReport(ctx: AuthedCtx): Promise<DeliverabilityReportView> {
  const ws = ctx.actor.workspaceId;
  const until = ctx.deps.clock.now();
  const since = new Date(until.getTime() - DELIVERABILITY_WINDOW_DAYS * DAY_MS);
  const [attempts, refused, bounces, answered, inboxes] = await Promise.all([
    attemptCounts(ctx.em, ws, since, until),
    refusedCodes(ctx.em, ws, since, until),
    bounceReasons(ctx.em, ws, since, until),
    answeredByInbox(ctx.em, ws, since, until),
    workspaceInboxes(ctx.em, ws),
  ]);

  const smtp = { accepted: 0, deferred: 0, rejected: 0 };
  const perInbox = new Map<string, { sent: number; deferred: number; rejected: number }>();
  const accepted = new Map<number | null, number>();
  for (const a of attempts) {
    smtp[a.outcome] += a.count;
    const row = perInbox.get(a.inboxId) ?? { sent: 0, deferred: 0, rejected: 0 };
    if (a.outcome !== 'deferred') row.sent += a.count;
    if (a.outcome !== 'accepted') row[a.outcome] += a.count;
    perInbox.set(a.inboxId, row);
    if (a.outcome === 'accepted') accepted.set(a.code, (accepted.get(a.code) ?? 0) + a.count);
  }
  // Accepted attempts by code alone; refusals by code and enhanced code, which tell a missing mailbox
  // (5.1.1) from a policy block (5.7.1) under the same 550.
  const byCode: SmtpCodeCountView[] = [
    ...[...accepted].map(([code, count]) => ({ code, enhancedCode: null, outcome: 'accepted', count })),
    ...refused.map((r) => ({ code: r.code, enhancedCode: r.enhancedCode, outcome: r.outcome, count: r.count })),
  ].sort(
    (a, b) =>
      b.count - a.count ||
      OUTCOME_ORDER[a.outcome as keyof typeof OUTCOME_ORDER] - OUTCOME_ORDER[b.outcome as keyof typeof OUTCOME_ORDER] ||
      (a.code ?? 1000) - (b.code ?? 1000) ||
      (a.enhancedCode ?? '').localeCompare(b.enhancedCode ?? ''),
  );

  const rows: DeliverabilityInboxView[] = inboxes
    .filter((i) => !i.deleted || perInbox.has(i.id) || answered.has(i.id))
    .map((i) => ({ email: i.email, sent: 0, deferred: 0, rejected: 0, ...perInbox.get(i.id), answered: answered.get(i.id) ?? 0 }));
  const reasons: BounceReasonCountView[] = bounces;
  return { windowDays: DELIVERABILITY_WINDOW_DAYS, smtp: { ...smtp, byCode }, bounceReasons: reasons, perInbox: rows };
}
