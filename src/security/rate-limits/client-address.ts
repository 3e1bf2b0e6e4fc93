// The key a per-client limit counts under, from the client address (Express's req.ip, trust proxy
// loopback, in the request context). An IPv4 address counts alone. An IPv6 host is normally handed a
// whole /64, so counting single IPv6 addresses would give one client 2^64 fresh counters: the /64 is the
// client. An IPv4 address written as IPv6 (::ffff:203.0.113.9) is the IPv4 address.
import { isIPv4, isIPv6 } from 'node:net';

export function clientKey(address: string): string {
  const plain = address.trim().replace(/%.*$/, '').toLowerCase(); // a zone id (fe80::1%eth0) is local detail
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(plain)) return plain;
  const groups = isIPv6(plain) ? ipv6Groups(plain) : null;
  if (!groups) return plain; // not an address (cannot come from req.ip): counted as it is
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 part split). */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const groups = tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}
