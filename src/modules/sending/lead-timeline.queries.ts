// The SQL of what sending adds to a lead's activity timeline (lead-timeline.source.ts): the lead's sends,
// bounces, first human clicks, unsubscribe event and tasks, each read by the lead's own index. The lead
// is one the caller found in its workspace (GET /leads/:id/activity, through the filtered em).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';

const int = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

export interface LeadSendRow {
  id: string;
  kind: string;
  status: string;
  stepPosition: number | null;
  variant: number | null;
  subject: string | null;
  sentAt: Date;
  openedAt: Date | null;
  clickedAt: Date | null;
}

/**
 * The lead's emails that went out (sent or bounced), oldest first.
 * @allWorkspaces keyed by a lead the caller found in its workspace
 */
export async function leadSends(em: EntityManager, leadId: string): Promise<LeadSendRow[]> {
  const rows = await sql(
    em,
    `select kind, status, step_position, variant, subject, sent_at, opened_at, clicked_at, id from send where lead_id = ? and status in ('sent', 'bounced') order by sent_at`,
    [leadId],
  );
  return rows.map((s) => ({
    id: String(s.id),
    kind: String(s.kind),
    status: String(s.status),
    stepPosition: int(s.step_position),
    variant: int(s.variant),
    subject: (s.subject as string | null) ?? null,
    sentAt: new Date(s.sent_at as string),
    openedAt: date(s.opened_at),
    clickedAt: date(s.clicked_at),
  }));
}

export interface LeadBounceRow {
  createdAt: Date;
  reason: string;
  code: number | null;
  source: string;
  sendId: string | null;
  stepPosition: number | null;
  variant: number | null;
}

/**
 * The lead's bounces (at SMTP time and from bounce messages), oldest first, with the step of their send.
 * @allWorkspaces keyed by a lead the caller found in its workspace
 */
export async function leadBounces(em: EntityManager, leadId: string): Promise<LeadBounceRow[]> {
  const rows = await sql(
    em,
    `select b.created_at, b.reason, b.code, b.source, b.send_id, s.step_position, s.variant from bounce b left join send s on s.id = b.send_id where b.lead_id = ? order by b.created_at`,
    [leadId],
  );
  return rows.map((b) => ({
    createdAt: new Date(b.created_at as string),
    reason: String(b.reason),
    code: int(b.code),
    source: String(b.source),
    sendId: (b.send_id as string | null) ?? null,
    stepPosition: int(b.step_position),
    variant: int(b.variant),
  }));
}

/**
 * Per send of the lead, the URL of its first counted (human) click.
 * @allWorkspaces keyed by a lead the caller found in its workspace
 */
export async function leadFirstClicks(em: EntityManager, leadId: string): Promise<Map<string, string>> {
  const rows = await sql(em, `select distinct on (send_id) send_id, url from tracking_event where lead_id = ? and kind = 'click' and human order by send_id, human_at`, [leadId]);
  return new Map(rows.map((c) => [String(c.send_id), String(c.url)]));
}

/** When the lead unsubscribed (its once-only `unsubscribe` event), if it did. */
export async function leadUnsubscribedAt(em: EntityManager, workspaceId: string, leadId: string): Promise<Date[]> {
  const rows = await sql(em, `select kind, created_at from event where workspace_id = ? and once_key = ?`, [workspaceId, `unsubscribe:${leadId}`]);
  return rows.map((e) => new Date(e.created_at as string));
}

export interface LeadTaskRow {
  kind: string;
  text: string;
  stepPosition: number;
  status: string;
  dueAt: Date;
  closedAt: Date | null;
}

/**
 * The lead's tasks, by step.
 * @allWorkspaces keyed by a lead the caller found in its workspace
 */
export async function leadTasks(em: EntityManager, leadId: string): Promise<LeadTaskRow[]> {
  const rows = await sql(em, `select kind, text, step_position, status, due_at, closed_at from task where lead_id = ? order by step_position`, [leadId]);
  return rows.map((t) => ({
    kind: String(t.kind),
    text: String(t.text),
    stepPosition: Number(t.step_position),
    status: String(t.status),
    dueAt: new Date(t.due_at as string),
    closedAt: date(t.closed_at),
  }));
}
