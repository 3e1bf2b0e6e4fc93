// SQL of GET /reports/deliverability (deliverability.service.ts). Every statement reads one workspace's
// window (since, until] and is served by an index made for it (migration reports_windows), so its cost
// follows the window's rows, not the workspace's history:
// - attemptCounts: index-only scan of send_attempt_workspace_window (workspace_id, created_at) including
//   (inbox_id, outcome, code); the table only grows, so the visibility map stays set and no row is read.
// - refusedCodes: send_attempt_workspace_refused, partial on outcome <> 'accepted' (a few percent), which
//   reads `detail` for the enhanced status code.
// - bounceReasons: bounce (workspace_id, created_at).
// - answeredByInbox: reply_item_workspace_replies, partial on kind = 'reply', including inbox_id.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../storage/sql';

/** RFC 3463 enhanced status code ("5.1.1") in a server's answer, or null. `\m`/`\M`: word edges. */
const enhancedCode = (col: string) => `substring(${col} from '\\m([245]\\.[0-9]{1,3}\\.[0-9]{1,3})\\M')`;

const n = (v: unknown): number => Number(v ?? 0);
const codeOf = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const textOf = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export interface AttemptCountRow {
  inboxId: string;
  outcome: 'accepted' | 'deferred' | 'rejected';
  code: number | null;
  count: number;
}

/** SMTP attempts in the window per inbox, outcome and reply code. */
export async function attemptCounts(em: EntityManager, workspaceId: string, since: Date, until: Date): Promise<AttemptCountRow[]> {
  const rows = await sql(
    em,
    `select inbox_id, outcome, code, count(*)::int as n
       from send_attempt
      where workspace_id = ? and created_at > ? and created_at <= ?
      group by 1, 2, 3`,
    [workspaceId, since, until],
  );
  return rows.map((r) => ({ inboxId: String(r.inbox_id), outcome: r.outcome as AttemptCountRow['outcome'], code: codeOf(r.code), count: n(r.n) }));
}

export interface RefusedCodeRow {
  outcome: 'deferred' | 'rejected';
  code: number | null;
  enhancedCode: string | null;
  count: number;
}

/** Deferred and rejected attempts in the window by reply code and enhanced status code. */
export async function refusedCodes(em: EntityManager, workspaceId: string, since: Date, until: Date): Promise<RefusedCodeRow[]> {
  const rows = await sql(
    em,
    `select outcome, code, ${enhancedCode('detail')} as enhanced, count(*)::int as n
       from send_attempt
      where workspace_id = ? and created_at > ? and created_at <= ? and outcome <> 'accepted'
      group by 1, 2, 3`,
    [workspaceId, since, until],
  );
  return rows.map((r) => ({ outcome: r.outcome as RefusedCodeRow['outcome'], code: codeOf(r.code), enhancedCode: textOf(r.enhanced), count: n(r.n) }));
}

export interface BounceReasonRow {
  category: string;
  code: number | null;
  enhancedCode: string | null;
  count: number;
  /** The newest reason text of the group, as the server or the bounce message said it. */
  example: string;
}

/** Bounces recorded in the window (at send time or from a bounce message) by category, reply code and
 *  enhanced status code, most first. */
export async function bounceReasons(em: EntityManager, workspaceId: string, since: Date, until: Date): Promise<BounceReasonRow[]> {
  const rows = await sql(
    em,
    `select category, code, ${enhancedCode('reason')} as enhanced, count(*)::int as n, (array_agg(reason order by created_at desc, id))[1] as example
       from bounce
      where workspace_id = ? and created_at > ? and created_at <= ?
      group by 1, 2, 3
      order by n desc, category, code nulls last, enhanced nulls last`,
    [workspaceId, since, until],
  );
  return rows.map((r) => ({ category: String(r.category), code: codeOf(r.code), enhancedCode: textOf(r.enhanced), count: n(r.n), example: String(r.example) }));
}

/** A person's replies (kind `reply`) each inbox received in the window. */
export async function answeredByInbox(em: EntityManager, workspaceId: string, since: Date, until: Date): Promise<Map<string, number>> {
  const rows = await sql(
    em,
    `select inbox_id, count(*)::int as n from reply_item
      where workspace_id = ? and kind = 'reply' and received_at > ? and received_at <= ?
      group by 1`,
    [workspaceId, since, until],
  );
  return new Map(rows.map((r) => [String(r.inbox_id), n(r.n)]));
}

export interface InboxLabelRow {
  id: string;
  email: string;
  deleted: boolean;
}

/** Every inbox of the workspace, deleted ones too (what they sent stays counted). */
export async function workspaceInboxes(em: EntityManager, workspaceId: string): Promise<InboxLabelRow[]> {
  const rows = await sql(em, `select id, email, deleted_at is not null as deleted from inbox where workspace_id = ? order by email, id`, [workspaceId]);
  return rows.map((r) => ({ id: String(r.id), email: String(r.email), deleted: Boolean(r.deleted) }));
}
