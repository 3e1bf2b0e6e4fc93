// DNS look-ups (MX, TXT, A) through DNS_SERVERS when set, else the system resolvers.
import { Resolver } from 'node:dns/promises';

export interface DnsResolver {
  resolveMx(name: string): Promise<{ exchange: string; priority: number }[]>;
  resolveTxt(name: string): Promise<string[][]>;
  resolve4(name: string): Promise<string[]>;
}

/** Codes meaning "the name or record does not exist" (an answer), as opposed to a failed look-up. */
export const NO_DATA_CODES = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

export function isNoData(err: unknown): boolean {
  return NO_DATA_CODES.has((err as { code?: string })?.code ?? '');
}

export function createResolver(servers: string[] | undefined, opts: { timeoutMs?: number; tries?: number } = {}): DnsResolver {
  const resolver = new Resolver({ timeout: opts.timeoutMs ?? 3000, tries: opts.tries ?? 2 });
  if (servers?.length) resolver.setServers(servers);
  return resolver;
}
