// The end of a placement test (decisions.md §16), once, in one transaction: copies not found are `missing`,
// copies never sent `failed`, the test `done`; the `placement_test_completed` event with its summary; and
// protection: with the workspace's placement_protect_below set, every sender whose inbox rate in this test
// is below it pauses itself (pausedReason `placement`, event `mailbox_paused`; resuming by hand clears it).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../../runtime/context';
import { Workspace } from '../accounts/workspace.entity';
import { mailboxPausedEvent, placementTestCompletedEvent } from '../events/payloads';
import { recordEvent } from '../events/record-event';
import { copyGroups } from './placement.queries';
import { endTest, pauseForPlacement } from './run.queries';
import { testFigures, type TestFigures } from './summary';

export interface Finished {
  figures: TestFigures;
  /** Inboxes this test paused. */
  paused: string[];
}

/** Ends the test; null when it had already ended (another run got there first). */
export async function finishTest(deps: AppDeps, test: { id: string; workspaceId: string }): Promise<Finished | null> {
  return deps.orm.em.fork().transactional(async (em: EntityManager) => {
    const now = deps.clock.now();
    const ended = await endTest(em, test.id, now);
    if (!ended) return null;
    const groups = (await copyGroups(em, test.workspaceId, [test.id])).get(test.id) ?? [];
    const figures = testFigures(groups);
    await recordEvent(em, placementTestCompletedEvent({ workspaceId: test.workspaceId, testId: test.id, ...ended, summary: figures.summary }, now));
    const workspace = await em.findOneOrFail(Workspace, test.workspaceId, { filters: false });
    const threshold = workspace.placementProtectBelow;
    if (threshold === null) return { figures, paused: [] };
    const below = figures.bySender.filter((s) => s.inboxRate !== null && s.inboxRate < threshold);
    const paused = await pauseForPlacement(
      em,
      below.map((s) => s.mailboxId),
    );
    for (const p of paused) {
      const rate = below.find((s) => s.mailboxId === p.inboxId)!.inboxRate!;
      await recordEvent(em, mailboxPausedEvent({ workspaceId: test.workspaceId, inboxId: p.inboxId, email: p.email, inboxRate: rate, threshold, testId: test.id }, now));
    }
    return { figures, paused: paused.map((p) => p.inboxId) };
  });
}
