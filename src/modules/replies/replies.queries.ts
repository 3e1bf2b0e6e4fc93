// The reply inbox's SQL (conventions.md "SQL in named places"): one named function per statement, each
// taking the workspace, so no statement here can read another workspace's items, or keyed by an item or
// lead the caller found in its workspace (@allWorkspaces says which).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';
import { escapeLike } from '../leads/lead-query';
import { VISIBLE_SQL as VISIBLE } from './snooze';

/** What GET /replies lists of an item (api.md Reply), as stored. */
export interface ReplyRow {
  id: string;
  kind: string;
  status: string;
  isRead: boolean;
  repliedAt: Date | null;
  assistedInterest: string | null;
  assistedConfidence: number | null;
  fromEmail: string;
  replyTo: string | null;
  subject: string;
  snippet: string;
  bodyText: string;
  campaignId: string | null;
  mailboxId: string;
  leadId: string | null;
  untracked: boolean;
  receivedAt: Date;
  leadAwayUntil: Date | null;
  assignedUserId: string | null;
  snoozedUntil: Date | null;
  /** The classifier rule that decided the kind (replies/classify) and what it saw. */
  rule: string;
  evidence: string;
}

export interface ReplyListFilter {
  workspaceId: string;
  /** Items snoozed until after this moment are hidden. */
  now: Date;
  kind?: string | null;
  status?: string | null;
  /** true: only unread items; otherwise read and unread. */
  unread?: boolean | null;
  /** true: only untracked items; false: only the others; null: both. */
  untracked?: boolean | null;
  campaignId?: string | null;
  inboxId?: string | null;
  /** Part of the sender's address, the subject or the text, any case; % _ \ match themselves. */
  q?: string | null;
}

function listWhere(f: ReplyListFilter): { where: string; params: unknown[] } {
  const and = [`r.workspace_id = ?`, VISIBLE];
  const params: unknown[] = [f.workspaceId, f.now];
  const equal = (column: string, value: string | null | undefined) => {
    if (!value) return;
    and.push(`${column} = ?`);
    params.push(value);
  };
  equal('r.kind', f.kind);
  equal('r.status', f.status);
  equal('r.campaign_id', f.campaignId);
  equal('r.inbox_id', f.inboxId);
  if (f.unread === true) and.push(`not r.is_read`);
  // With true, the partial index reply_item_workspace_untracked holds exactly these rows, in page order.
  if (f.untracked === true) and.push(`r.untracked`);
  if (f.untracked === false) and.push(`not r.untracked`);
  if (f.q) {
    const pattern = `%${escapeLike(f.q)}%`;
    and.push(`(r.from_email ilike ? or r.subject ilike ? or r.body_text ilike ?)`);
    params.push(pattern, pattern, pattern);
  }
  return { where: and.join(' and '), params };
}

/** The columns of a ReplyRow (toReplyRow). */
const ROW_COLUMNS = `r.id, r.kind, r.status, r.is_read, r.replied_at, r.assisted_interest, r.assisted_confidence, r.from_email, r.reply_to, r.subject,
            r.snippet, r.body_text, r.campaign_id, r.inbox_id, r.lead_id, r.untracked, r.received_at, r.lead_away_until, r.assigned_user_id,
            r.snoozed_until, r.rule, r.evidence`;

const date = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(v as string));

function toReplyRow(r: Record<string, unknown>): ReplyRow {
  return {
    id: String(r.id),
    kind: String(r.kind),
    status: String(r.status),
    isRead: Boolean(r.is_read),
    repliedAt: date(r.replied_at),
    assistedInterest: (r.assisted_interest as string | null) ?? null,
    assistedConfidence: r.assisted_confidence === null || r.assisted_confidence === undefined ? null : Number(r.assisted_confidence),
    fromEmail: String(r.from_email),
    replyTo: (r.reply_to as string | null) ?? null,
    subject: String(r.subject),
    snippet: String(r.snippet),
    bodyText: String(r.body_text),
    campaignId: (r.campaign_id as string | null) ?? null,
    mailboxId: String(r.inbox_id),
    leadId: (r.lead_id as string | null) ?? null,
    untracked: r.untracked === true,
    receivedAt: date(r.received_at)!,
    leadAwayUntil: date(r.lead_away_until),
    assignedUserId: (r.assigned_user_id as string | null) ?? null,
    snoozedUntil: date(r.snoozed_until),
    rule: String(r.rule),
    evidence: String(r.evidence),
  };
}

/**
 * One page of the reply inbox, newest first. Plan: the reply_item_workspace_received index
 * (workspace_id, received_at desc, id desc) gives the rows in page order, so the scan stops after
 * offset + limit visible matches instead of sorting the workspace's items; body_text (lazy on the entity)
 * is read only for the rows of the page.
 */
export async function listReplyRows(
  em: EntityManager,
  f: ReplyListFilter,
  page: { limit: number; offset: number; after?: { receivedAt: string; id: string } },
): Promise<ReplyRow[]> {
  const { where, params } = listWhere(f);
  // A cursor page (decisions.md §12): the rows after the cursor's (received_at, id), a range of the same
  // index, so a deep page reads what a first page reads.
  const after = page.after ? ` and (r.received_at, r.id) < (?::timestamptz, ?::uuid)` : '';
  const rows = await sql(
    em,
    `select ${ROW_COLUMNS}
       from reply_item r
      where ${where}${after}
      order by r.received_at desc, r.id desc
      limit ? offset ?`,
    [...params, ...(page.after ? [page.after.receivedAt, page.after.id] : []), page.limit, page.offset],
  );
  return rows.map(toReplyRow);
}

/** One item of the workspace as GET /replies lists it, or null. */
export async function replyRowById(em: EntityManager, workspaceId: string, id: string): Promise<ReplyRow | null> {
  const [row] = await sql(em, `select ${ROW_COLUMNS} from reply_item r where r.id = ? and r.workspace_id = ?`, [id, workspaceId]);
  return row ? toReplyRow(row) : null;
}

/** How many items the filter matches (X-Total-Count, exact: decisions.md §5). */
export async function countReplyRows(em: EntityManager, f: ReplyListFilter): Promise<number> {
  const { where, params } = listWhere(f);
  const [row] = await sql(em, `select count(*)::int as n from reply_item r where ${where}`, params);
  return Number(row?.n ?? 0);
}

/**
 * GET /replies/counts (decisions.md §6, §11). `unread` and `unread_replies` count what the list shows with
 * unread=true: an item snoozed until later is hidden there, so it is not counted as waiting either, and
 * counts again the moment it comes back. `answered` counts every item answered with POST
 * /replies/:id/reply, snoozed or not (snoozing does not undo an answer). `untracked` counts what the list
 * shows with untracked=true (read or not: each still waits to be linked).
 */
export async function replyCountRow(em: EntityManager, workspaceId: string, now: Date): Promise<{ unread: number; unreadReplies: number; answered: number; untracked: number }> {
  const [row] = await sql(
    em,
    `select count(*) filter (where not r.is_read and ${VISIBLE})::int as unread,
            count(*) filter (where not r.is_read and r.kind = 'reply' and ${VISIBLE})::int as unread_replies,
            count(*) filter (where r.replied_at is not null)::int as answered,
            count(*) filter (where r.untracked and ${VISIBLE})::int as untracked
       from reply_item r where r.workspace_id = ?`,
    [now, now, now, workspaceId],
  );
  return {
    unread: Number(row?.unread ?? 0),
    unreadReplies: Number(row?.unread_replies ?? 0),
    answered: Number(row?.answered ?? 0),
    untracked: Number(row?.untracked ?? 0),
  };
}

export interface ReplyItemToAnswer {
  id: string;
  kind: string;
  /** Who wrote it, and the Reply-To it gave (where an answer goes: decisions.md §11). */
  fromEmail: string;
  replyTo: string | null;
  leadId: string | null;
  /** The campaign of the item's lead (where an answer's send row belongs), null without a lead. */
  leadCampaignId: string | null;
  inboxId: string;
  inboxEmail: string;
}

/** The item POST /replies/:id/reply answers, with its lead's campaign and its inbox's address. Read
 *  without a lock: the answer's claim is its send row (reply-answer.service.ts), and no transaction may
 *  stay open across the SMTP call (decisions.md §10). */
export async function replyItemToAnswer(em: EntityManager, workspaceId: string, id: string): Promise<ReplyItemToAnswer | null> {
  const [r] = await sql(
    em,
    `select r.id, r.kind, r.from_email, r.reply_to, r.lead_id, l.campaign_id as lead_campaign_id, r.inbox_id, i.email as inbox_email
       from reply_item r join inbox i on i.id = r.inbox_id left join lead l on l.id = r.lead_id
      where r.id = ? and r.workspace_id = ?`,
    [id, workspaceId],
  );
  if (!r) return null;
  return {
    id: String(r.id),
    kind: String(r.kind),
    fromEmail: String(r.from_email),
    replyTo: (r.reply_to as string | null) ?? null,
    leadId: (r.lead_id as string | null) ?? null,
    leadCampaignId: (r.lead_campaign_id as string | null) ?? null,
    inboxId: String(r.inbox_id),
    inboxEmail: String(r.inbox_email),
  };
}

/**
 * The status of the answer row holding a dedupe key (a one-off of the lead), or null when there is none
 * (never written, or deleted after a refusal).
 * @allWorkspaces keyed by the lead of a reply item the caller found in its workspace (replyItemToAnswer)
 */
export async function answerSendStatus(em: EntityManager, leadId: string, dedupeKey: string): Promise<string | null> {
  const [row] = await sql(em, `select status from send where lead_id = ? and kind = 'one_off' and dedupe_key = ?`, [leadId, dedupeKey]);
  return row ? String(row.status) : null;
}

/** An answer's send row, the claim (reply-answer.service.ts): a one-off of the item's lead, `sending`. */
export interface AnswerClaim {
  id: string;
  campaignId: string;
  leadId: string;
  inboxId: string;
  dedupeKey: string;
  messageId: string;
  subject: string;
  body: string;
  replyToId: string;
  inReplyTo: string | null;
  references: string | null;
}

/** Inserts the workspace's answer claim, claimed at `now` by the process `owner` and handed to the wire at
 *  once (it goes to SMTP right after): if that process dies, the sweep marks it interrupted at its next
 *  tick instead of after the backstop. False when a row with its dedupe key stands (another call's claim,
 *  or an answer already sent). */
export async function insertAnswerClaim(em: EntityManager, workspaceId: string, c: AnswerClaim, now: Date, owner: string): Promise<boolean> {
  const written = await sql(
    em,
    `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, dedupe_key, status, message_id, subject, body, reply_to_id,
                       in_reply_to, "references", scheduled_for, claimed_at, claimed_by, handed_at, attempts)
     values (?, ?, ?, ?, ?, ?, 'one_off', ?, 'sending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
     on conflict do nothing returning id`,
    [c.id, now, workspaceId, c.campaignId, c.leadId, c.inboxId, c.dedupeKey, c.messageId, c.subject, c.body, c.replyToId, c.inReplyTo, c.references, now, now, owner, now],
  );
  return written.length > 0;
}

/**
 * Deletes a refused answer's claim (while still `sending`), so the same text may be tried again.
 * @allWorkspaces keyed by a claim this call inserted (insertAnswerClaim)
 */
export async function deleteAnswerClaim(em: EntityManager, sendId: string): Promise<void> {
  await sql(em, `delete from send where id = ? and status = 'sending'`, [sendId]);
}

/** The workspace's item was answered at `at`: replied_at set, and read. */
export async function markItemAnswered(em: EntityManager, workspaceId: string, itemId: string, at: Date): Promise<void> {
  await sql(em, `update reply_item set replied_at = ?, is_read = true where id = ? and workspace_id = ?`, [at, itemId, workspaceId]);
}

/** The lead's own inbox (lead.mailbox_id: the one that sends its sequence, decisions.md §11), with its
 *  address; null when it has none or that inbox was deleted. */
export async function leadOwnInbox(em: EntityManager, workspaceId: string, leadId: string): Promise<{ id: string; email: string } | null> {
  const [r] = await sql(
    em,
    `select i.id, i.email from lead l join inbox i on i.id = l.mailbox_id and i.workspace_id = l.workspace_id
      where l.id = ? and l.workspace_id = ? and i.deleted_at is null`,
    [leadId, workspaceId],
  );
  return r ? { id: String(r.id), email: String(r.email) } : null;
}
