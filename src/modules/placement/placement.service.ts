// Placement tests (decisions.md §16, README.md here): start one, read one, list them; and the score's
// placement input. One function per use case, `(ctx, input)`, called by the resolver and the routes.
import type { AuthedCtx } from '../../runtime/context';
import { isUuid } from '../../storage/find';
import { AppError, notFound } from '../../contracts/errors';
import { isoKey, Paging } from '../../contracts/pagination/keyset';
import type { CursorPage } from '../../contracts/pagination/page';
import { campaignContent, type TestContent } from './content';
import { DEFAULT_TEST_LIMIT, type PlacementTestListInput, type StartPlacementTestInput } from './placement.inputs';
import { copyGroups, copyResults, workspaceTest, workspaceTests, type TestRow } from './placement.queries';
import type { PlacementResultView, PlacementTestView } from './placement.types';
import { startTest } from './start-test';
import { testFigures, type CopyGroup } from './summary';

const LIST_NAME = 'placement-tests';

/** decisions.md §16: a campaign step's variant, or a given subject and body; exactly one of the two. */
async function contentOf(ctx: AuthedCtx, input: StartPlacementTestInput): Promise<TestContent> {
  const given = input.subject != null || input.body != null;
  const fromCampaign = input.campaignId != null;
  const refuse = (message: string, fields: Record<string, string[]>) => new AppError('validation_failed', message, { fields });
  if (fromCampaign && given)
    throw refuse('Give either campaign_id (with step and variant) or subject and body, not both.', { campaign_id: ['cannot be given with subject and body'] });
  if (!fromCampaign && (input.step != null || input.variant != null))
    throw refuse('step and variant name a step of campaign_id; give campaign_id too.', { campaign_id: ['is required with step or variant'] });
  if (fromCampaign) return campaignContent(ctx.em, input.campaignId!, input.step ?? null, input.variant ?? null);
  if (input.subject == null || input.body == null) {
    const missing = input.subject == null ? 'subject' : 'body';
    throw refuse(
      given ? `Give ${missing} too: the content is a subject and a body.` : 'Give the content: campaign_id (with step and variant), or subject and body.',
      given ? { [missing]: ['is required with the other'] } : { campaign_id: ['campaign_id, or subject and body, is required'] },
    );
  }
  return { campaignId: null, step: null, variant: null, subject: input.subject, body: input.body, textOnly: false };
}

/** POST /placement-tests: 202 with the test as it starts (`running`); its run goes on in the background. */
export async function startPlacementTest(ctx: AuthedCtx, input: StartPlacementTestInput): Promise<PlacementTestView> {
  const content = await contentOf(ctx, input);
  const id = await startTest(ctx.deps, ctx.em, ctx.actor.workspaceId, { content, mailboxIds: input.mailboxIds, seedIds: input.seedIds, waitMinutes: input.waitMinutes });
  return getPlacementTest(ctx, id);
}

function testView(t: TestRow, groups: readonly CopyGroup[]): PlacementTestView {
  return {
    id: t.id,
    status: t.status,
    createdAt: t.createdAt,
    finishedAt: t.finishedAt,
    waitMinutes: t.waitMinutes,
    content: { campaignId: t.campaignId, step: t.step, variant: t.variant, subject: t.subject },
    ...testFigures(groups),
  };
}

/** GET /placement-tests/:id: the test with its figures and every copy's result. */
export async function getPlacementTest(ctx: AuthedCtx, id: string): Promise<PlacementTestView> {
  const test = isUuid(id) ? await workspaceTest(ctx.em, ctx.actor.workspaceId, id) : null;
  if (!test) throw notFound('Placement test');
  const groups = await copyGroups(ctx.em, ctx.actor.workspaceId, [test.id]);
  return { ...testView(test, groups.get(test.id) ?? []), results: await placementResults(ctx, test.id) };
}

/** Every copy of a test the caller can see (its workspace's). */
export function placementResults(ctx: AuthedCtx, testId: string): Promise<PlacementResultView[]> {
  return copyResults(ctx.em, ctx.actor.workspaceId, testId);
}

/** GET /placement-tests: newest first, in cursor pages (decisions.md §12). */
export async function listPlacementTests(ctx: AuthedCtx, query: PlacementTestListInput): Promise<CursorPage<PlacementTestView>> {
  const page = Paging.of(ctx, LIST_NAME, {}, query, DEFAULT_TEST_LIMIT);
  // A cursor's key is [created_at, id] of the last test sent (signed: only keys made below get here).
  const [createdAt, id] = page.after ?? [];
  const rows = await workspaceTests(ctx.em, ctx.actor.workspaceId, page.fetch!, page.after ? { createdAt: String(createdAt), id: String(id) } : null);
  const { items, nextCursor } = page.close(rows, (t) => [isoKey(t.createdAt), t.id]);
  const groups = await copyGroups(
    ctx.em,
    ctx.actor.workspaceId,
    items.map((t) => t.id),
  );
  return { items: items.map((t) => testView(t, groups.get(t.id) ?? [])), nextCursor };
}
