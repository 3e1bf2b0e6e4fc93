// What sending adds to a lead's activity timeline (GET /leads/:id/activity): its emails (sequence and
// one-off), first open and first counted click of each, bounces at SMTP time, the unsubscribe, and its
// tasks opened and closed. Read from the rows the engine and the public links write; nothing is stored
// twice. A bounce read over IMAP (a `dsn` bounce row) is shown by the replies area from its bounce item,
// which knows the rule that decided it (replies/lead-timeline.source.ts), so it appears once; the email
// it returned was accepted first and is still shown as sent.
import type { TimelineEntry, TimelineSource } from '../leads/lead-timeline';
import { leadBounces, leadFirstClicks, leadSends, leadTasks, leadUnsubscribedAt } from './lead-timeline.queries';

const TASK_LABELS: Record<string, string> = {
  linkedin_connect: 'LinkedIn connection',
  linkedin_message: 'LinkedIn message',
  call: 'Call',
  manual: 'Manual task',
};

const stepLabel = (position: number | null) => (position === null ? null : `Step ${position}`);

export const sendingTimeline: TimelineSource = async (ctx, lead) => {
  const [sends, bounces, clickUrl, unsubscribed, tasks] = await Promise.all([
    leadSends(ctx.em, lead.id),
    leadBounces(ctx.em, lead.id),
    leadFirstClicks(ctx.em, lead.id),
    leadUnsubscribedAt(ctx.em, lead.workspace.id, lead.id),
    leadTasks(ctx.em, lead.id),
  ]);
  // Sends a DSN returned after their server accepted them: they went out.
  const acceptedThenBounced = new Set(bounces.filter((b) => b.source === 'dsn' && b.sendId).map((b) => b.sendId!));
  const entries: TimelineEntry[] = [];
  for (const s of sends) {
    if (s.status === 'bounced' && !acceptedThenBounced.has(s.id)) continue; // refused at SMTP time: only its bounce
    const step = s.stepPosition;
    const variant = s.variant;
    const oneOff = s.kind === 'one_off';
    entries.push({ type: oneOff ? 'one_off' : 'sent', at: s.sentAt, step, stepLabel: stepLabel(step), detail: s.subject, variant });
    if (s.openedAt) entries.push({ type: 'opened', at: s.openedAt, step, stepLabel: stepLabel(step), detail: null, variant });
    if (s.clickedAt) entries.push({ type: 'clicked', at: s.clickedAt, step, stepLabel: stepLabel(step), detail: clickUrl.get(s.id) ?? null, variant });
  }
  for (const b of bounces) {
    if (b.source === 'dsn') continue;
    entries.push({ type: 'bounce', at: b.createdAt, step: b.stepPosition, stepLabel: stepLabel(b.stepPosition), detail: b.reason, variant: b.variant });
  }
  for (const at of unsubscribed) entries.push({ type: 'unsubscribed', at, step: null, stepLabel: null, detail: null, variant: null });
  for (const t of tasks) {
    const label = TASK_LABELS[t.kind] ?? 'Task';
    entries.push({ type: 'task', at: t.dueAt, step: t.stepPosition, stepLabel: label, detail: t.text, variant: null });
    if (t.closedAt)
      entries.push({ type: t.status === 'skipped' ? 'task_skipped' : 'task_done', at: t.closedAt, step: t.stepPosition, stepLabel: label, detail: null, variant: null });
  }
  return entries;
};
