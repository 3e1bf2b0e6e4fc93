// The SQL of a claimed batch's context (batch-context.ts): its leads' blocklist hits, their earlier
// sequence emails and the reply items one-offs answer, each one statement per batch (the leads
// themselves: due.queries.ts batchLeadRows). The batch holds
// sends of any workspace (the delivery claims every workspace's due sends), so the statements are keyed
// by the ids of the claimed sends; the blocklist is matched per lead against its own workspace.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql, textArray } from '../../../db/sql';

/**
 * Of the given (lead, workspace, key) triples, the leads whose key (address or domain) is on their
 * workspace's blocklist; one statement over the (workspace_id, email) unique index.
 * @allWorkspaces keyed by the leads of sends the delivery claimed, each matched in its own workspace
 */
export async function blockedLeadIds(em: EntityManager, keys: readonly { lead: string; workspace: string; key: string }[]): Promise<string[]> {
  const rows = await sql(
    em,
    `select distinct k.lead from unnest(?::uuid[], ?::uuid[], ?::text[]) as k(lead, workspace, key)
           join blocklist_entry b on b.workspace_id = k.workspace and b.email = k.key`,
    [pgArray(keys.map((k) => k.lead)), pgArray(keys.map((k) => k.workspace)), textArray(keys.map((k) => k.key))],
  );
  return rows.map((h) => String(h.lead));
}

export interface SentStepRow {
  leadId: string;
  position: number;
  inboxId: string;
  subject: string;
  messageId: string;
}

/**
 * The sent sequence emails of these leads, by lead and step.
 * @allWorkspaces keyed by the leads of sends the delivery claimed
 */
export async function sentStepRows(em: EntityManager, leadIds: readonly string[]): Promise<SentStepRow[]> {
  const rows = await sql(
    em,
    `select lead_id, step_position, inbox_id, subject, message_id from send
        where lead_id = any(?::uuid[]) and kind = 'step' and status = 'sent' order by lead_id, step_position`,
    [pgArray(leadIds)],
  );
  return rows.map((r) => ({
    leadId: String(r.lead_id),
    position: Number(r.step_position),
    inboxId: String(r.inbox_id),
    subject: String(r.subject ?? ''),
    messageId: String(r.message_id),
  }));
}

export interface ReplyThreadRow {
  id: string;
  subject: string;
  messageId: string | null;
  threadReferences: string[];
}

/**
 * The reply items these one-off emails answer: what their thread needs.
 * @allWorkspaces keyed by the reply items of one-off sends the delivery claimed
 */
export async function replyThreadRows(em: EntityManager, replyIds: readonly string[]): Promise<ReplyThreadRow[]> {
  const rows = await sql(em, `select id, subject, message_id, thread_references from reply_item where id = any(?::uuid[])`, [pgArray(replyIds)]);
  return rows.map((r) => ({
    id: String(r.id),
    subject: String(r.subject),
    messageId: (r.message_id as string | null) ?? null,
    threadReferences: (r.thread_references as string[] | null) ?? [],
  }));
}
