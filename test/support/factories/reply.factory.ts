// Reply items inserted through the ORM, for tests of the reply inbox and the numbers that do not need
// a message read over IMAP (integration/reply-polling.test.ts reads real ones from Dovecot). Only the
// row: effects on the lead (stop, replied_at, awayUntil) are the poller's and are not applied here.
import { randomUUID } from 'node:crypto';
import type { RequiredEntityData } from '@mikro-orm/core';
import { authedContext } from '../../../src/runtime/context';
import type { RunningService } from '../../../src/service';
import { ReplyItem } from '../../../src/modules/replies/reply-item.entity';

type Service = Pick<RunningService, 'deps'>;
export type ReplyItemFields = Partial<Omit<RequiredEntityData<ReplyItem>, 'workspace'>> & { inbox: string };

let uid = 0;

/** A `reply` item from a person unless `fields` say otherwise, received now, unread, status `lead`. */
export async function createReplyItem(service: Service, workspaceId: string, fields: ReplyItemFields): Promise<ReplyItem> {
  const em = authedContext(service.deps, { workspaceId, userId: null, role: 'owner', via: 'api_key' }).em;
  const messageId = `${randomUUID()}@mail.example.net`;
  const item = em.create(ReplyItem, {
    kind: 'reply',
    rule: 'default_reply',
    evidence: 'no bounce or auto-reply sign',
    matchedBy: 'message_id',
    messageId,
    threadReferences: [messageId],
    folder: 'INBOX',
    uidValidity: '1',
    uid: ++uid,
    fromEmail: 'lead@example.org',
    subject: 'Re: Hello',
    snippet: 'Sounds good, tell me more.',
    bodyText: 'Sounds good, tell me more.',
    receivedAt: service.deps.clock.now(),
    ...fields,
    workspace: workspaceId,
  });
  await em.persistAndFlush(item);
  return item;
}
