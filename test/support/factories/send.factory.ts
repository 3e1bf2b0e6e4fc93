// A sent email row as the sending engine leaves it (status `sent`, its Message-ID stored), for tests
// that need mail to answer without running the dispatcher.
import { randomUUID } from 'node:crypto';
import type { RunningService } from '../../../src/service';
import { messageIdFor } from '../../../src/modules/sending/render/headers';

export interface SentEmail {
  id: string;
  messageId: string;
}

export async function createSentEmail(
  service: Pick<RunningService, 'deps'>,
  row: { workspaceId: string; campaignId: string; leadId: string; inboxId: string; inboxEmail: string; sentAt: Date; kind?: 'step' | 'one_off'; stepPosition?: number },
): Promise<SentEmail> {
  const id = randomUUID();
  const messageId = messageIdFor(id, row.inboxEmail);
  const kind = row.kind ?? 'step';
  await service.deps.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, step_position, variant, dedupe_key, is_first, status, message_id, subject, scheduled_for, sent_at, attempts)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'sent', ?, 'Quick question', ?, ?, 1)`,
      [
        id,
        row.sentAt,
        row.workspaceId,
        row.campaignId,
        row.leadId,
        row.inboxId,
        kind,
        kind === 'step' ? (row.stepPosition ?? 1) : null,
        kind === 'step' ? 1 : null,
        kind === 'one_off' ? id : null,
        kind === 'step' && (row.stepPosition ?? 1) === 1,
        messageId,
        row.sentAt,
        row.sentAt,
      ],
    );
  return { id, messageId };
}
