// Mail at the DMARC report address (decisions.md §6) is read as aggregate reports only, never as
// replies: every report attachment (XML, .gz, .zip) is parsed and stored once per report id.
import type { EntityManager } from '@mikro-orm/postgresql';
import { storeDmarcReport } from '../../reports/dmarc/dmarc.service';
import { parseDmarcReport } from '../../../mail/dmarc/parse-report';
import type { FolderTarget, ParsedMessage, Prepared } from '../ingest/prepare';

export async function readReports(em: EntityManager, target: FolderTarget, { raw, msg }: ParsedMessage): Promise<Prepared> {
  if ('unreadable' in msg) return { uid: raw.uid, skipped: 'unreadable', reason: msg.reason };
  let stored = 0;
  for (const file of msg.reportAttachments) {
    const report = parseDmarcReport(file.content, file.filename ?? undefined, file.contentType);
    if ('error' in report) continue;
    if (await storeDmarcReport(em, target.workspaceId, target.inboxId, report)) stored++;
  }
  return stored ? { uid: raw.uid, skipped: 'report' } : { uid: raw.uid, skipped: 'not_ours' };
}
