// The SQL of a claimed batch's context (batch-context.ts): its leads' blocklist hits, their earlier
// sequence emails, the reply items one-offs answer and the status of campaigns already loaded, each one
// statement per batch (the leads
// themselves: due.queries.ts batchLeadRows). The batch holds
// sends of any workspace (the delivery claims every workspace's due sends), so the statements are keyed
// by the ids of the claimed sends; the blocklist is matched per lead against its own workspace.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql, textArray } from '../../../storage/sql';

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
  /** An email of the lead it came from (a lead that joined a subsequence: its parent lead's), which its
   *  own thread continues. */
  fromOrigin: boolean;
}

/**
 * The sent sequence emails of these leads, by lead and step; for a lead that joined a subsequence
 * (origin_lead_id), first those of the lead it came from, by step (subsequences/README.md "Thread").
 * @allWorkspaces keyed by the leads of sends the delivery claimed
 */
export async function sentStepRows(em: EntityManager, leadIds: readonly string[]): Promise<SentStepRow[]> {
  const rows = await sql(
    em,
    // Two plain equality joins, each a probe of send_lead_step_unique per lead, rather than one join on
    // either lead id, which leaves the planner a way to scan send whole.
    `select lead_id, from_origin, step_position, inbox_id, subject, message_id from (
       select s.lead_id, false as from_origin, s.step_position, s.inbox_id, s.subject, s.message_id
         from send s where s.lead_id = any(?::uuid[]) and s.kind = 'step' and s.status = 'sent'
       union all
       select l.id, true, s.step_position, s.inbox_id, s.subject, s.message_id
         from lead l join send s on s.lead_id = l.origin_lead_id
        where l.id = any(?::uuid[]) and l.origin_lead_id is not null and s.kind = 'step' and s.status = 'sent'
     ) t order by lead_id, from_origin desc, step_position`,
    [pgArray(leadIds), pgArray(leadIds)],
  );
  return rows.map((r) => ({
    leadId: String(r.lead_id),
    position: Number(r.step_position),
    inboxId: String(r.inbox_id),
    subject: String(r.subject ?? ''),
    messageId: String(r.message_id),
    fromOrigin: Boolean(r.from_origin),
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

/**
 * The status of campaigns an earlier batch of the same delivery call loaded (a pause since then, by hand
 * or by bounce protection, stops the emails of this batch).
 * @allWorkspaces keyed by the campaigns of sends the delivery claimed
 */
export async function campaignStatusRows(em: EntityManager, campaignIds: readonly string[]): Promise<{ id: string; status: string }[]> {
  const rows = await sql(em, `select id, status from campaign where id = any(?::uuid[])`, [pgArray(campaignIds)]);
  return rows.map((r) => ({ id: String(r.id), status: String(r.status) }));
}
