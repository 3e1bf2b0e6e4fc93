// Address handling shared by accounts, inboxes, leads and the blocklist.

// Pragmatic RFC 5321 subset: a dot-atom local part and a dotted domain with a 2+ letter TLD.
const ADDRESS = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(raw: string): boolean {
  const s = raw.trim();
  return s.length <= 254 && ADDRESS.test(s) && s.split('@')[0].length <= 64;
}

export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
