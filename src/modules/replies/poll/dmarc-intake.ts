// Mail at the DMARC report address (decisions.md §6) is read as aggregate reports only, never as
// replies: every report attachment (XML, .gz, .zip) is parsed and stored once per report id.
import type { EntityManager } from '@mikro-orm/postgresql';
import { storeDmarcReport } from '../../reports/dmarc/dmarc.service';
import type { FolderTarget, ParsedMessage, Prepared } from '../ingest/prepare';

export async function readReports(em: EntityManager, target: FolderTarget, { raw, msg }: ParsedMessage): Promise<Prepared> {
  if ('unreadable' in msg) return { uid: raw.uid, skipped: 'unreadable', reason: msg.reason };
  let stored = 0;
  // Parsed with the message, on the parse thread (mail/inbound-message.ts).
  for (const report of msg.reports) {
    if ('error' in report) continue;
    if (await storeDmarcReport(em, target.workspaceId, target.inboxId, report)) stored++;
  }
  return stored ? { uid: raw.uid, skipped: 'report' } : { uid: raw.uid, skipped: 'not_ours' };
}
