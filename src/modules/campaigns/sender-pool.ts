// decisions.md §11 "Sender pools" for the campaign's own use cases: its pool as inbox entities (the
// rule itself: sender-pool.queries.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import { Inbox } from '../inboxes/inbox.entity';
import type { Campaign } from './campaign.entity';
import { sendingInboxLinks } from './sender-pool.queries';

/** The inboxes the campaign sends from now (mailbox_ids plus tagged ones), oldest first. The em's
 *  workspace filter holds: the campaign was found in the caller's workspace. */
export async function sendingInboxes(em: EntityManager, campaign: Pick<Campaign, 'id'>): Promise<Inbox[]> {
  const ids = (await sendingInboxLinks(em, [campaign.id])).map((l) => l.inboxId);
  return ids.length ? em.find(Inbox, { id: { $in: ids } }, { orderBy: { createdAt: 'asc', id: 'asc' } }) : [];
}
