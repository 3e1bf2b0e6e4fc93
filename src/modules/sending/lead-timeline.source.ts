// What sending adds to a lead's activity timeline (GET /leads/:id/activity): its emails (sequence and
// one-off), first open and first counted click of each, bounces at SMTP time, the unsubscribe, and its
// tasks opened and closed. Read from the rows the engine and the public links write; nothing is stored
// twice. A bounce read over IMAP (a `dsn` bounce row) is shown by the replies area from its bounce item,
// which knows the rule that decided it (replies/lead-timeline.source.ts), so it appears once; the email
// it returned was accepted first and is still shown as sent.
import type { TimelineEntry, TimelineSource } from '../leads/lead-timeline';
import { sql } from '../../db/sql';

const TASK_LABELS: Record<string, string> = {
  linkedin_connect: 'LinkedIn connection',
  linkedin_message: 'LinkedIn message',
  call: 'Call',
  manual: 'Manual task',
};

const stepLabel = (position: number | null) => (position === null ? null : `Step ${position}`);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const sendingTimeline: TimelineSource = async (ctx, lead) => {
  const [sends, bounces, clicks, events, tasks] = await Promise.all([
    sql(
      ctx.em,
      `select kind, status, step_position, variant, subject, sent_at, opened_at, clicked_at, id from send where lead_id = ? and status in ('sent', 'bounced') order by sent_at`,
      [lead.id],
    ),
    sql(
      ctx.em,
      `select b.created_at, b.reason, b.code, b.source, b.send_id, s.step_position, s.variant from bounce b left join send s on s.id = b.send_id where b.lead_id = ? order by b.created_at`,
      [lead.id],
    ),
    sql(ctx.em, `select distinct on (send_id) send_id, url from tracking_event where lead_id = ? and kind = 'click' and human order by send_id, human_at`, [lead.id]),
    sql(ctx.em, `select kind, created_at from event where workspace_id = ? and once_key = ?`, [lead.workspace.id, `unsubscribe:${lead.id}`]),
    sql(ctx.em, `select kind, text, step_position, status, due_at, closed_at from task where lead_id = ? order by step_position`, [lead.id]),
  ]);
  const clickUrl = new Map(clicks.map((c) => [String(c.send_id), String(c.url)]));
  // Sends a DSN returned after their server accepted them: they went out.
  const acceptedThenBounced = new Set(bounces.filter((b) => b.source === 'dsn' && b.send_id).map((b) => String(b.send_id)));
  const entries: TimelineEntry[] = [];
  for (const s of sends) {
    if (s.status === 'bounced' && !acceptedThenBounced.has(String(s.id))) continue; // refused at SMTP time: only its bounce
    const step = num(s.step_position);
    const variant = num(s.variant);
    const oneOff = s.kind === 'one_off';
    entries.push({ type: oneOff ? 'one_off' : 'sent', at: new Date(s.sent_at as string), step, stepLabel: stepLabel(step), detail: (s.subject as string | null) ?? null, variant });
    if (s.opened_at) entries.push({ type: 'opened', at: new Date(s.opened_at as string), step, stepLabel: stepLabel(step), detail: null, variant });
    if (s.clicked_at)
      entries.push({ type: 'clicked', at: new Date(s.clicked_at as string), step, stepLabel: stepLabel(step), detail: clickUrl.get(String(s.id)) ?? null, variant });
  }
  for (const b of bounces) {
    if (b.source === 'dsn') continue;
    const step = num(b.step_position);
    entries.push({ type: 'bounce', at: new Date(b.created_at as string), step, stepLabel: stepLabel(step), detail: String(b.reason), variant: num(b.variant) });
  }
  for (const e of events) entries.push({ type: 'unsubscribed', at: new Date(e.created_at as string), step: null, stepLabel: null, detail: null, variant: null });
  for (const t of tasks) {
    const label = TASK_LABELS[String(t.kind)] ?? 'Task';
    const step = Number(t.step_position);
    entries.push({ type: 'task', at: new Date(t.due_at as string), step, stepLabel: label, detail: String(t.text), variant: null });
    if (t.closed_at)
      entries.push({ type: t.status === 'skipped' ? 'task_skipped' : 'task_done', at: new Date(t.closed_at as string), step, stepLabel: label, detail: null, variant: null });
  }
  return entries;
};
