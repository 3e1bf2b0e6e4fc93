// The SQL of untracked replies (untracked.ts, decisions.md §11): whether an inbox sent a subject in the
// window, and whether it emailed a lead at a domain in the window; one statement for a whole batch each,
// within the inbox's workspace.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, textArray } from '../../../storage/sql';
import { escapeLike } from '../../leads/lead-query';

/**
 * Of `subjects`, those the workspace's inbox sent (or had refused: bounced) since `since`, compared in
 * lower case. Plan: one probe per subject of send_inbox_subject (inbox_id, md5(lower(subject)), sent_at)
 * where status in ('sent', 'bounced'): what it reads does not grow with what the inbox has sent.
 */
export async function sentSubjects(em: EntityManager, workspaceId: string, inboxId: string, subjects: readonly string[], since: Date): Promise<Set<string>> {
  if (!subjects.length) return new Set();
  const rows = await sql(
    em,
    `select x.subject from unnest(?::text[]) as x(subject)
      where exists (select 1 from send s
                     where s.inbox_id = ? and s.status in ('sent', 'bounced') and md5(lower(s.subject)) = md5(lower(x.subject))
                       and s.sent_at >= ? and s.workspace_id = ?)`,
    [textArray(subjects), inboxId, since, workspaceId],
  );
  return new Set(rows.map((r) => String(r.subject)));
}

/**
 * Of `domains` (lower-case address domains), those where the workspace has a lead the inbox emailed
 * (sent or bounced) since `since`. Plan: per domain, the leads whose address ends in @domain through the
 * trigram index lead_email_trgm (a LIKE pattern with its % _ \ escaped), each probed for a send from the
 * inbox on send (lead_id, created_at); the first found is enough.
 */
export async function emailedDomains(em: EntityManager, workspaceId: string, inboxId: string, domains: readonly string[], since: Date): Promise<Set<string>> {
  if (!domains.length) return new Set();
  const rows = await sql(
    em,
    `select x.domain from unnest(?::text[], ?::text[]) as x(domain, pattern)
      where exists (select 1 from lead l
                     where l.workspace_id = ? and l.email like x.pattern
                       and exists (select 1 from send s where s.lead_id = l.id and s.inbox_id = ? and s.status in ('sent', 'bounced') and s.sent_at >= ?))`,
    [textArray(domains), textArray(domains.map((d) => `%@${escapeLike(d)}`)), workspaceId, inboxId, since],
  );
  return new Set(rows.map((r) => String(r.domain)));
}
