// Writing an event to the outbox (decisions.md §8): always inside the transaction of the change it
// reports, so a crash neither loses nor invents one. Delivery (signed webhooks, src/modules/webhooks/)
// reads the outbox later: its fan-out job turns each event into one delivery per subscribed endpoint.
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { insertEventRow, type EventToWrite } from './events.queries';

/** Every kind an event can have (decisions.md §8, §11); `webhook_test` is only ever sent by POST /webhooks/:id/test. */
export const EVENT_KINDS = [
  'unsubscribe',
  'interest_changed',
  'email_sent',
  'email_bounced',
  'reply_received',
  'auto_reply_received',
  'lead_completed',
  'task_opened',
  'mailbox_stopped',
  'mailbox_disconnected',
  'subsequence_entered',
  'campaign_paused',
  'placement_test_completed',
  'mailbox_paused',
  'webhook_test',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** One line per kind (GET /webhooks/events), naming the fields of its `data`; README.md of
 *  src/modules/webhooks has the same list with examples. */
export const EVENT_DESCRIPTIONS: Readonly<Record<EventKind, string>> = {
  unsubscribe: 'A lead unsubscribed (by the link in an email or POST /replies/:id/unsubscribe); once per lead. data: lead_id, email, campaign_id, at, source (link or reply).',
  interest_changed:
    "A lead's interest label changed; source says what changed it: reply (a reply labelled), lead_update (PATCH /leads/:id) or pipeline (a pipeline move). data: lead_id, email, campaign_id, reply_id, interest, previous_interest, source, at.",
  email_sent:
    "The lead's mail server accepted an email. data: send_id, lead_id, email, campaign_id, inbox_id, from, kind (step or one_off), step, variant, subject, message_id, sent_at.",
  email_bounced:
    'An email failed for good: refused at SMTP time or by a bounce message (hard), or given up after its retries (soft); the lead stopped as bounced. data: lead_id, email, campaign_id, inbox_id, send_id, bounce_type (hard or soft), source (smtp or dsn), code, reason, bounced_at.',
  reply_received:
    'A person replied to an email (a reply to a one-off too, with one_off true). data: reply_id, lead_id, campaign_id, inbox_id, from_email, subject, received_at, kind, one_off.',
  auto_reply_received:
    'An automatic answer (out of office, …) arrived for an email. data: reply_id, lead_id, campaign_id, inbox_id, from_email, subject, received_at, kind, one_off, away_until (the return date read from it, or null).',
  lead_completed: 'A lead went through every step of its sequence without stopping; once per lead. data: lead_id, email, campaign_id, completed_at.',
  task_opened: 'A task step came due for a lead (a call, a LinkedIn step, …). data: task_id, lead_id, email, campaign_id, kind, text, step, due_at.',
  mailbox_stopped: 'An inbox stopped sending by itself (bounce_stopped: hard bounces over 5% of its last 100 sends). data: inbox_id, email, status, reason, stopped_at.',
  mailbox_disconnected:
    "An inbox connected with Google or Microsoft lost its access (consent revoked, password changed, account disabled): status reconnect_needed, it neither sends nor is read until connected again. data: inbox_id, email, provider, reason (the provider's answer), disconnected_at.",
  subsequence_entered:
    "A subsequence's trigger fired for a lead of its parent: the lead stopped there and joined the subsequence as a new lead. data: lead_id, email, parent_campaign_id, subsequence_id, new_lead_id, trigger (interest, reply_contains or completed), entered_at.",
  campaign_paused:
    'A campaign paused itself (bounce protection: hard bounces reached 5% of its last 100 emails, once it had sent 40); no lead. data: campaign_id, name, reason (bounce_protect), bounced, sent, paused_at.',
  placement_test_completed:
    'A placement test finished (decisions.md §16): every copy found or failed, or its wait ended. data: test_id, created_at, finished_at, scheduled, summary (sent, inbox, category, spam, other, missing, failed, inbox_rate).',
  mailbox_paused:
    "An inbox paused itself (placement protection: a finished placement test gave it an inbox rate below the workspace's placement_protect_below). data: inbox_id, email, reason (placement), inbox_rate, threshold, test_id, paused_at.",
  webhook_test: 'Sent by POST /webhooks/:id/test only, to that endpoint (whatever kinds it lists; an endpoint may list webhook_test alone). data: webhook_id, message.',
};

/** An event to record (events.queries.ts EventToWrite) with a kind of this list. */
export interface NewEvent extends EventToWrite {
  kind: EventKind;
}

/** Records one event in the caller's transaction. Returns false when `onceKey` was already used
 *  (nothing recorded), true otherwise. */
export async function recordEvent(em: EntityManager, event: NewEvent): Promise<boolean> {
  return (await insertEvent(em, event)) !== null;
}

/** As recordEvent, returning the new event's id (null when `onceKey` was already used). `fannedOut`
 *  writes it as already handed to delivery (webhook_test: its one delivery is made by the caller). */
export async function insertEvent(em: EntityManager, event: NewEvent, opts: { fannedOut?: boolean } = {}): Promise<string | null> {
  return insertEventRow(em, event.workspaceId, {
    id: randomUUID(),
    at: event.now,
    kind: event.kind,
    payload: JSON.stringify(event.payload),
    onceKey: event.onceKey ?? null,
    deliveredAt: opts.fannedOut ? event.now : null,
  });
}
