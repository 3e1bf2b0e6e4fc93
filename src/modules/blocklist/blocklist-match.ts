// What a blocklist entry is and what it covers, in one place for the blocklist endpoints, the import
// rules and the sender.
// - An entry is an address (has an @) or a whole domain, stored trimmed and lower-cased; a domain may be
//   given with a leading '@' ("@example.com") or a trailing dot, both dropped.
// - An address is blocked when the address itself or its domain is an entry. A domain entry covers the
//   addresses at exactly that domain, not its subdomains ("example.com" does not block
//   "a@mail.example.com"): that is how the import rules and the one-off check read it too.
import { domainOf, isValidEmail } from '../../contracts/email-address';

// The domain part of a valid address (email-address.ts): dotted labels and a 2+ letter TLD.
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The stored form of a blocklist entry (address or domain), or null when it is neither. */
export function normalizeBlockEntry(raw: string): string | null {
  const value = raw.trim().toLowerCase();
  if (value.includes('@') && !value.startsWith('@')) return isValidEmail(value) ? value : null;
  const domain = value.replace(/^@/, '').replace(/\.$/, '');
  return domain.length <= 253 && DOMAIN.test(domain) ? domain : null;
}

export const isDomainEntry = (entry: string): boolean => !entry.includes('@');

/** The entries that would block an address: the address and its domain (lower-cased). */
export function blockKeys(address: string): [address: string, domain: string] {
  const a = address.trim().toLowerCase();
  return [a, domainOf(a)];
}

/** Whether an address is blocked by a set of (normalized) entries. */
export function isBlocked(address: string, entries: ReadonlySet<string>): boolean {
  const [a, domain] = blockKeys(address);
  return entries.has(a) || entries.has(domain);
}

/**
 * An SQL condition, true when the lower-cased address in `addressSql` (a column or parameter) or its
 * domain (`domainSql`: by default cut from the address) is on the blocklist of the workspace in
 * `workspaceSql`. Example: `where not ${blockedSql('l.email', '?')}`. Each of the three appears once per
 * key, in the order workspace, address, workspace, domain: a `?` among them takes its value twice.
 *
 * Plan note: the check must cost each row one look-up whatever PostgreSQL thinks the blocklist holds.
 * A blocklist written a moment ago (a POST of 10,000 entries on a fresh install) has no statistics
 * until autovacuum analyses it, and the planner then takes it for a few dozen rows. An EXISTS over
 * `email in (address, domain)` was pulled up into a semi-join: a nested loop comparing every row with
 * every entry of the workspace (an import of 10,000 rows took 14.5 s instead of 1 s, and grew with
 * rows × entries); kept as a per-row subplan, the pair of keys was probed through blocklist_entry_page
 * (its email third, behind created_at), a skip scan that walks every distinct moment of the workspace's
 * entries (88 s for 100,000 rows against 10,000 entries added one by one). So each key is its own
 * EXISTS, joined by OR (an OR of subqueries is never turned into a join), and OFFSET 0 keeps each a
 * subplan probed row by row: an equality on both columns of the unique (workspace_id, email) index,
 * which the planner takes for one row whatever the statistics, so that index answers it (a few µs per
 * key, as fast as the semi-join with fresh statistics).
 */
export function blockedSql(addressSql: string, workspaceSql: string, domainSql = `substring(${addressSql} from '[^@]*$')`): string {
  const listed = (key: string) => `exists (select 1 from blocklist_entry b where b.workspace_id = ${workspaceSql} and b.email = ${key} offset 0)`;
  return `(${listed(addressSql)} or ${listed(domainSql)})`;
}
