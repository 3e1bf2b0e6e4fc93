// What a blocklist entry is and what it covers, in one place for the blocklist endpoints, the import
// rules and the sender.
// - An entry is an address (has an @) or a whole domain, stored trimmed and lower-cased; a domain may be
//   given with a leading '@' ("@example.com") or a trailing dot, both dropped.
// - An address is blocked when the address itself or its domain is an entry. A domain entry covers the
//   addresses at exactly that domain, not its subdomains ("example.com" does not block
//   "a@mail.example.com"): that is how the import rules and the one-off check read it too.
import { domainOf, isValidEmail } from '../../email-address';

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
 * domain is on the blocklist of the workspace in `workspaceSql`. Both index look-ups use the
 * (workspace_id, email) unique index. Example: `where not ${blockedSql('l.email', '?')}`.
 */
export function blockedSql(addressSql: string, workspaceSql: string): string {
  return `exists (select 1 from blocklist_entry b where b.workspace_id = ${workspaceSql} and b.email in (${addressSql}, substring(${addressSql} from '[^@]*$')))`;
}
