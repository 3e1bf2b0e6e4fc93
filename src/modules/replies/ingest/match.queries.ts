// The SQL of matching messages to our emails (match.ts): one look-up by Message-ID and one by address per
// batch, each one indexed query whatever the number of sends (send.message_id, send_message_id; lead
// (workspace_id, email) then send (lead_id, created_at)), within the inbox's workspace.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, textArray } from '../../../storage/sql';

/** A send of ours a message names, with its campaign's one-off flag and zone. */
export interface NamedSendRow {
  id: string;
  leadId: string;
  campaignId: string;
  kind: string;
  messageId: string;
  oneOff: boolean;
  timezone: string;
  /** An answer to a reply (reply_to_id set): it went to whoever wrote that reply. */
  answer: boolean;
}

/** The workspace's sends whose Message-ID is one of `messageIds`. */
export async function sendsByMessageId(em: EntityManager, workspaceId: string, messageIds: readonly string[]): Promise<NamedSendRow[]> {
  const rows = await sql(
    em,
    `select s.id, s.lead_id, s.campaign_id, s.kind, s.message_id, c.one_off, c.timezone, s.reply_to_id is not null as answer
         from send s join campaign c on c.id = s.campaign_id
        where s.message_id = any(?::text[]) and s.workspace_id = ?`,
    [textArray(messageIds), workspaceId],
  );
  return rows.map((r) => ({
    id: String(r.id),
    leadId: String(r.lead_id),
    campaignId: String(r.campaign_id),
    kind: String(r.kind),
    messageId: String(r.message_id),
    oneOff: Boolean(r.one_off),
    timezone: String(r.timezone),
    answer: r.answer === true,
  }));
}

/** The lead an address belongs to, as the inbox last emailed it. */
export interface EmailedLeadRow {
  email: string;
  leadId: string;
  campaignId: string;
  kind: string;
  oneOff: boolean;
  timezone: string;
}

/** Per address of `emails` (lower-cased), the workspace's lead this inbox emailed most recently (sent or
 *  bounced), a lead whose own inbox it is first (decisions.md §11: a lead hears from one inbox, so mail
 *  to that inbox is its): DISTINCT ON keeps each email's first row. */
export async function leadsEmailedFrom(em: EntityManager, workspaceId: string, inboxId: string, emails: readonly string[]): Promise<EmailedLeadRow[]> {
  const rows = await sql(
    em,
    `select distinct on (l.email) l.email, l.id as lead_id, l.campaign_id, s.kind, c.one_off, c.timezone from lead l
         join lateral (select s.kind, s.sent_at from send s
                        where s.lead_id = l.id and s.inbox_id = ? and s.status in ('sent', 'bounced')
                        order by s.created_at desc limit 1) s on true
         join campaign c on c.id = l.campaign_id
        where l.workspace_id = ? and l.email = any(?::text[])
        order by l.email, l.mailbox_id is not distinct from ?::uuid desc, s.sent_at desc`,
    [inboxId, workspaceId, textArray(emails), inboxId],
  );
  return rows.map((r) => ({
    email: String(r.email),
    leadId: String(r.lead_id),
    campaignId: String(r.campaign_id),
    kind: String(r.kind),
    oneOff: r.one_off === true,
    timezone: String(r.timezone),
  }));
}
