// The `data` of each event kind, built in one place so every code path that records a kind sends the
// same fields (EVENT_DESCRIPTIONS in record-event.ts and src/modules/webhooks/README.md list them).
// snake_case keys, ids as strings, times as ISO strings.
import type { NewEvent } from './record-event';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export interface SentEmail {
  workspaceId: string;
  sendId: string;
  leadId: string;
  email: string;
  campaignId: string;
  inboxId: string;
  from: string;
  kind: 'step' | 'one_off';
  step: number | null;
  variant: number | null;
  subject: string;
  messageId: string;
}

export const emailSentEvent = (s: SentEmail, at: Date): NewEvent => ({
  workspaceId: s.workspaceId,
  kind: 'email_sent',
  payload: {
    send_id: s.sendId,
    lead_id: s.leadId,
    email: s.email,
    campaign_id: s.campaignId,
    inbox_id: s.inboxId,
    from: s.from,
    kind: s.kind,
    step: s.step,
    variant: s.variant,
    subject: s.subject,
    message_id: s.messageId,
    sent_at: iso(at),
  },
  now: at,
});

/** Once per lead (a lead goes through its sequence once). */
export const leadCompletedEvent = (l: { workspaceId: string; leadId: string; email: string; campaignId: string }, at: Date): NewEvent => ({
  workspaceId: l.workspaceId,
  kind: 'lead_completed',
  payload: { lead_id: l.leadId, email: l.email, campaign_id: l.campaignId, completed_at: iso(at) },
  onceKey: `lead_completed:${l.leadId}`,
  now: at,
});

export interface BouncedEmail {
  workspaceId: string;
  leadId: string;
  email: string;
  campaignId: string;
  inboxId: string;
  sendId: string | null;
  bounceType: 'hard' | 'soft';
  /** hard, block (the server refused our sender) or soft. */
  category: string;
  source: 'smtp' | 'dsn';
  code: number | null;
  reason: string;
}

export const emailBouncedEvent = (b: BouncedEmail, at: Date): NewEvent => ({
  workspaceId: b.workspaceId,
  kind: 'email_bounced',
  payload: {
    lead_id: b.leadId,
    email: b.email,
    campaign_id: b.campaignId,
    inbox_id: b.inboxId,
    send_id: b.sendId,
    bounce_type: b.bounceType,
    category: b.category,
    source: b.source,
    code: b.code,
    reason: b.reason,
    bounced_at: iso(at),
  },
  now: at,
});

export const taskOpenedEvent = (
  t: { workspaceId: string; taskId: string; leadId: string; email: string; campaignId: string; kind: string; text: string; step: number; dueAt: Date },
  at: Date,
): NewEvent => ({
  workspaceId: t.workspaceId,
  kind: 'task_opened',
  payload: { task_id: t.taskId, lead_id: t.leadId, email: t.email, campaign_id: t.campaignId, kind: t.kind, text: t.text, step: t.step, due_at: iso(t.dueAt) },
  now: at,
});

export const mailboxStoppedEvent = (m: { workspaceId: string; inboxId: string; email: string; status: string; reason: string }, at: Date): NewEvent => ({
  workspaceId: m.workspaceId,
  kind: 'mailbox_stopped',
  payload: { inbox_id: m.inboxId, email: m.email, status: m.status, reason: m.reason, stopped_at: iso(at) },
  now: at,
});

/** decisions.md §15: the provider ended an OAuth inbox's access (its refresh answered invalid_grant). */
export const mailboxDisconnectedEvent = (m: { workspaceId: string; inboxId: string; email: string; provider: string; reason: string }, at: Date): NewEvent => ({
  workspaceId: m.workspaceId,
  kind: 'mailbox_disconnected',
  payload: { inbox_id: m.inboxId, email: m.email, provider: m.provider, reason: m.reason, disconnected_at: iso(at) },
  now: at,
});

/** decisions.md §11: a campaign paused itself (bounce protection); an event without a lead, with the
 *  figures that paused it. */
export const campaignPausedEvent = (c: { workspaceId: string; campaignId: string; name: string; reason: 'bounce_protect'; bounced: number; sent: number }, at: Date): NewEvent => ({
  workspaceId: c.workspaceId,
  kind: 'campaign_paused',
  payload: { campaign_id: c.campaignId, name: c.name, reason: c.reason, bounced: c.bounced, sent: c.sent, paused_at: iso(at) },
  now: at,
});

export const interestChangedEvent = (
  c: {
    workspaceId: string;
    leadId: string;
    email: string;
    campaignId: string;
    replyId: string | null;
    interest: string | null;
    previous: string | null;
    /** What made the change: a reply label, PATCH /leads/:id or a pipeline move (decisions.md §11). */
    source: 'reply' | 'lead_update' | 'pipeline';
  },
  at: Date,
): NewEvent => ({
  workspaceId: c.workspaceId,
  kind: 'interest_changed',
  payload: {
    lead_id: c.leadId,
    email: c.email,
    campaign_id: c.campaignId,
    reply_id: c.replyId,
    interest: c.interest,
    previous_interest: c.previous,
    source: c.source,
    at: iso(at),
  },
  now: at,
});

export interface ReceivedReply {
  workspaceId: string;
  replyId: string;
  leadId: string;
  campaignId: string;
  inboxId: string;
  fromEmail: string;
  subject: string;
  kind: 'reply' | 'auto_reply';
  /** A reply to a one-off email (kept, not counted in the campaign's numbers). */
  oneOff: boolean;
  /** An auto-reply's return date, when it gave one. */
  awayUntil: Date | null;
}

/** `reply_received`, or `auto_reply_received` (with `away_until`), recorded by the reply poller. */
export const replyReceivedEvent = (r: ReceivedReply, receivedAt: Date, now: Date): NewEvent => ({
  workspaceId: r.workspaceId,
  kind: r.kind === 'auto_reply' ? 'auto_reply_received' : 'reply_received',
  payload: {
    reply_id: r.replyId,
    lead_id: r.leadId,
    campaign_id: r.campaignId,
    inbox_id: r.inboxId,
    from_email: r.fromEmail,
    subject: r.subject,
    received_at: iso(receivedAt),
    kind: r.kind,
    one_off: r.oneOff,
    ...(r.kind === 'auto_reply' ? { away_until: iso(r.awayUntil) } : {}),
  },
  now,
});

/** decisions.md §11: a lead of `parentCampaignId` joined the subsequence as `newLeadId`; once per lead
 *  and subsequence, as the join itself (the unique join row). */
export const subsequenceEnteredEvent = (
  e: {
    workspaceId: string;
    leadId: string;
    email: string;
    parentCampaignId: string;
    subsequenceId: string;
    newLeadId: string;
    trigger: 'interest' | 'reply_contains' | 'completed';
  },
  at: Date,
): NewEvent => ({
  workspaceId: e.workspaceId,
  kind: 'subsequence_entered',
  payload: {
    lead_id: e.leadId,
    email: e.email,
    parent_campaign_id: e.parentCampaignId,
    subsequence_id: e.subsequenceId,
    new_lead_id: e.newLeadId,
    trigger: e.trigger,
    entered_at: iso(at),
  },
  now: at,
});

/** decisions.md §16: a placement test finished, with its summary (snake_case as the test object's). */
export const placementTestCompletedEvent = (
  t: {
    workspaceId: string;
    testId: string;
    createdAt: Date;
    scheduled: boolean;
    summary: { sent: number; inbox: number; category: number; spam: number; other: number; missing: number; failed: number; inboxRate: number | null };
  },
  at: Date,
): NewEvent => ({
  workspaceId: t.workspaceId,
  kind: 'placement_test_completed',
  payload: {
    test_id: t.testId,
    created_at: iso(t.createdAt),
    finished_at: iso(at),
    scheduled: t.scheduled,
    summary: {
      sent: t.summary.sent,
      inbox: t.summary.inbox,
      category: t.summary.category,
      spam: t.summary.spam,
      other: t.summary.other,
      missing: t.summary.missing,
      failed: t.summary.failed,
      inbox_rate: t.summary.inboxRate,
    },
  },
  onceKey: `placement_test_completed:${t.testId}`,
  now: at,
});

/** decisions.md §16: an inbox paused itself for its placement (placement protection). */
export const mailboxPausedEvent = (m: { workspaceId: string; inboxId: string; email: string; inboxRate: number; threshold: number; testId: string }, at: Date): NewEvent => ({
  workspaceId: m.workspaceId,
  kind: 'mailbox_paused',
  payload: { inbox_id: m.inboxId, email: m.email, reason: 'placement', inbox_rate: m.inboxRate, threshold: m.threshold, test_id: m.testId, paused_at: iso(at) },
  now: at,
});
