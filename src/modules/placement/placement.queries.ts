// The SQL of the placement requests (placement.service.ts): starting a test (its row and its copies in one
// transaction), reading tests and their copies, and the score's input. Each statement is scoped to the
// caller's workspace.
import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray, sql, sqlRun, textArray } from '../../storage/sql';
import type { AuthResults, CopyStatus, Placement, PlacementTestStatus, TestContent } from './placement.entity';
import type { CopyGroup } from './summary';

/** Serialises the starts of one workspace's tests until the transaction ends (the one-running and
 *  10-a-day rules count what the others wrote). */
export async function lockTestStarts(em: EntityManager, workspaceId: string): Promise<void> {
  await sql(em, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [`placement_start:${workspaceId}`]);
}

/** The workspace's running test, if any. */
export async function runningTestId(em: EntityManager, workspaceId: string): Promise<string | null> {
  const [r] = await sql(em, `select id from placement_test where workspace_id = ? and status = 'running'`, [workspaceId]);
  return r ? String(r.id) : null;
}

/** When each of the workspace's tests since `since` started, oldest first (the 10-a-day rule). */
export async function testStartsSince(em: EntityManager, workspaceId: string, since: Date): Promise<Date[]> {
  const rows = await sql(em, `select created_at from placement_test where workspace_id = ? and created_at > ? order by created_at`, [workspaceId, since]);
  return rows.map((r) => new Date(r.created_at as string));
}

export interface NewTest extends TestContent {
  workspaceId: string;
  id: string;
  createdAt: Date;
  waitMinutes: number;
  deadlineAt: Date;
  scheduledFor: Date | null;
}

export interface NewCopy {
  id: string;
  senderId: string;
  senderEmail: string;
  seedId: string;
  seedEmail: string;
  seedProvider: string;
  messageId: string;
}

/** The test row and every copy, each with its Message-ID, in one round trip of the caller's transaction. */
export async function insertTest(em: EntityManager, t: NewTest, copies: readonly NewCopy[]): Promise<void> {
  await sqlRun(
    em,
    `with test as (
       insert into placement_test (id, created_at, workspace_id, status, wait_minutes, deadline_at, campaign_id, step, variant, subject, body, text_only, scheduled_for)
       values (?, ?, ?, 'running', ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id)
     insert into placement_copy (id, created_at, workspace_id, test_id, sender_id, seed_id, sender_email, seed_email, seed_provider, message_id, status)
     select c.id, ?, ?, (select id from test), c.sender_id, c.seed_id, c.sender_email, c.seed_email, c.seed_provider, c.message_id, 'queued'
       from unnest(?::uuid[], ?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::text[], ?::text[]) as c(id, sender_id, seed_id, sender_email, seed_email, seed_provider, message_id)`,
    [
      t.id,
      t.createdAt,
      t.workspaceId,
      t.waitMinutes,
      t.deadlineAt,
      t.campaignId,
      t.step,
      t.variant,
      t.subject,
      t.body,
      t.textOnly,
      t.scheduledFor,
      t.createdAt,
      t.workspaceId,
      pgArray(copies.map((c) => c.id)),
      pgArray(copies.map((c) => c.senderId)),
      pgArray(copies.map((c) => c.seedId)),
      textArray(copies.map((c) => c.senderEmail)),
      textArray(copies.map((c) => c.seedEmail)),
      textArray(copies.map((c) => c.seedProvider)),
      textArray(copies.map((c) => c.messageId)),
    ],
  );
}

export interface TestRow {
  id: string;
  status: PlacementTestStatus;
  createdAt: Date;
  finishedAt: Date | null;
  waitMinutes: number;
  campaignId: string | null;
  step: number | null;
  variant: number | null;
  subject: string;
}

const TEST_COLUMNS = 'id, status, created_at, finished_at, wait_minutes, campaign_id, step, variant, subject';

const testRow = (r: Record<string, unknown>): TestRow => ({
  id: String(r.id),
  status: r.status as PlacementTestStatus,
  createdAt: new Date(r.created_at as string),
  finishedAt: r.finished_at ? new Date(r.finished_at as string) : null,
  waitMinutes: Number(r.wait_minutes),
  campaignId: (r.campaign_id as string | null) ?? null,
  step: r.step === null ? null : Number(r.step),
  variant: r.variant === null ? null : Number(r.variant),
  subject: String(r.subject),
});

/** One test of the workspace, or null. */
export async function workspaceTest(em: EntityManager, workspaceId: string, id: string): Promise<TestRow | null> {
  const [r] = await sql(em, `select ${TEST_COLUMNS} from placement_test where workspace_id = ? and id = ?`, [workspaceId, id]);
  return r ? testRow(r) : null;
}

/** A page of the workspace's tests, newest first, after the keyset (created_at, id) when given
 *  (placement_test_workspace_order). */
export async function workspaceTests(em: EntityManager, workspaceId: string, limit: number, after: { createdAt: string; id: string } | null): Promise<TestRow[]> {
  const rows = await sql(
    em,
    `select ${TEST_COLUMNS} from placement_test where workspace_id = ? ${after ? 'and (created_at, id) < (?::timestamptz, ?::uuid)' : ''}
      order by created_at desc, id desc limit ${Math.floor(limit)}`,
    after ? [workspaceId, after.createdAt, after.id] : [workspaceId],
  );
  return rows.map(testRow);
}

/** The tests' copies counted by sender, seed provider, status and placement (what the figures need), by
 *  sender address. */
export async function copyGroups(em: EntityManager, workspaceId: string, testIds: readonly string[]): Promise<Map<string, CopyGroup[]>> {
  const out = new Map<string, CopyGroup[]>(testIds.map((id) => [id, []]));
  if (!testIds.length) return out;
  const rows = await sql(
    em,
    `select test_id, sender_id, sender_email, seed_provider, status, placement, count(*)::int as n
       from placement_copy where workspace_id = ? and test_id = any(?::uuid[])
      group by test_id, sender_id, sender_email, seed_provider, status, placement
      order by sender_email, sender_id`,
    [workspaceId, pgArray(testIds)],
  );
  for (const r of rows) {
    out.get(String(r.test_id))?.push({
      senderId: String(r.sender_id),
      senderEmail: String(r.sender_email),
      seedProvider: String(r.seed_provider),
      status: r.status as CopyStatus,
      placement: (r.placement as Placement | null) ?? null,
      n: Number(r.n),
    });
  }
  return out;
}

export interface CopyResult {
  mailboxId: string;
  seedId: string;
  seedProvider: string;
  placement: Placement | null;
  folder: string | null;
  auth: AuthResults | null;
  delaySeconds: number | null;
  detail: string | null;
}

/** Every copy of the test, by sender then seed (in the order they were made). */
export async function copyResults(em: EntityManager, workspaceId: string, testId: string): Promise<CopyResult[]> {
  const rows = await sql(
    em,
    `select sender_id, seed_id, seed_provider, placement, folder, auth, delay_seconds, detail
       from placement_copy where workspace_id = ? and test_id = ? order by sender_email, seed_email, id`,
    [workspaceId, testId],
  );
  return rows.map((r) => ({
    mailboxId: String(r.sender_id),
    seedId: String(r.seed_id),
    seedProvider: String(r.seed_provider),
    placement: (r.placement as Placement | null) ?? null,
    folder: (r.folder as string | null) ?? null,
    auth: (r.auth as AuthResults | null) ?? null,
    delaySeconds: r.delay_seconds === null ? null : Number(r.delay_seconds),
    detail: (r.detail as string | null) ?? null,
  }));
}

/**
 * decisions.md §16 the score: per inbox, its copies of finished tests made since `since`, counted by
 * status and placement (placement_copy's (sender_id, created_at) index).
 */
export async function recentCopyCounts(
  em: EntityManager,
  workspaceId: string,
  inboxIds: readonly string[],
  since: Date,
): Promise<Map<string, { status: CopyStatus; placement: Placement | null; n: number }[]>> {
  const out = new Map<string, { status: CopyStatus; placement: Placement | null; n: number }[]>();
  if (!inboxIds.length) return out;
  const rows = await sql(
    em,
    `select c.sender_id, c.status, c.placement, count(*)::int as n
       from placement_copy c join placement_test t on t.id = c.test_id and t.status = 'done'
      where c.workspace_id = ? and c.sender_id = any(?::uuid[]) and c.created_at >= ?
      group by c.sender_id, c.status, c.placement`,
    [workspaceId, pgArray(inboxIds), since],
  );
  for (const r of rows) {
    const id = String(r.sender_id);
    out.set(id, [...(out.get(id) ?? []), { status: r.status as CopyStatus, placement: (r.placement as Placement | null) ?? null, n: Number(r.n) }]);
  }
  return out;
}

/** The workspace's most recently edited email step of an active campaign (a scheduled test's content). */
export async function latestEditedEmailStep(em: EntityManager, workspaceId: string): Promise<{ campaignId: string; position: number } | null> {
  const [r] = await sql(
    em,
    `select s.campaign_id, s.position from step s join campaign c on c.id = s.campaign_id
      where c.workspace_id = ? and c.status = 'active' and not c.one_off and jsonb_array_length(s.variants::jsonb) > 0
      order by s.updated_at desc, s.id limit 1`,
    [workspaceId],
  );
  return r ? { campaignId: String(r.campaign_id), position: Number(r.position) } : null;
}
