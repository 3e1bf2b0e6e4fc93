// decisions.md §16 the score's placement input (inboxes/scores.ts): an inbox's inbox rate over its copies of
// finished placement tests made since the score window began; null when it has none. Asked by the inbox
// area's scores (GET /mailboxes/scores, mailboxScores), the one place the score is computed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { recentCopyCounts } from './placement.queries';
import { countCopies } from './summary';

export async function placementRates(em: EntityManager, workspaceId: string, inboxIds: readonly string[], since: Date): Promise<Map<string, number | null>> {
  const counts = await recentCopyCounts(em, workspaceId, inboxIds, since);
  return new Map(inboxIds.map((id) => [id, counts.has(id) ? countCopies(counts.get(id)!).inboxRate : null]));
}
