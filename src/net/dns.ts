// DNS look-ups (MX, TXT, A) through DNS_SERVERS when set, else the system resolvers. Every look-up ends
// within its deadline whatever the servers do (a resolver that drops queries used to hold the provider
// look-up after an import, and so a SIGTERM, for a minute), and a caller's signal ends it at once.
import { Resolver } from 'node:dns/promises';

export interface LookupOptions {
  /** Aborted (a job told to stop): the look-up rejects at once with the signal's reason. */
  signal?: AbortSignal;
}

export interface DnsResolver {
  resolveMx(name: string, opts?: LookupOptions): Promise<{ exchange: string; priority: number }[]>;
  resolveTxt(name: string, opts?: LookupOptions): Promise<string[][]>;
  resolve4(name: string, opts?: LookupOptions): Promise<string[]>;
  /** Ends every look-up in flight (service stop), so none keeps the process waiting. */
  cancel?(): void;
}

/** Codes meaning "the name or record does not exist" (an answer), as opposed to a failed look-up. */
export const NO_DATA_CODES = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

export function isNoData(err: unknown): boolean {
  return NO_DATA_CODES.has((err as { code?: string })?.code ?? '');
}

/** A look-up's wall-clock limit: the resolver's own timeout doubles with each try and applies per server,
 *  so with several servers that drop queries it alone would wait much longer. */
export const DNS_DEADLINE_MS = 8_000;

export interface ResolverOptions {
  /** The first try's timeout per server (later tries wait longer). */
  timeoutMs?: number;
  tries?: number;
  /** Wall-clock limit of one look-up, all servers and tries included. */
  deadlineMs?: number;
}

export function createResolver(servers: string[] | undefined, opts: ResolverOptions = {}): DnsResolver & { cancel(): void } {
  const resolver = new Resolver({ timeout: opts.timeoutMs ?? 3000, tries: opts.tries ?? 2 });
  if (servers?.length) resolver.setServers(servers);
  const deadlineMs = opts.deadlineMs ?? DNS_DEADLINE_MS;
  const bounded = <T>(name: string, query: Promise<T>, o?: LookupOptions) => withinDeadline(name, query, deadlineMs, o?.signal);
  return {
    resolveMx: (name, o) => bounded(name, resolver.resolveMx(name), o),
    resolveTxt: (name, o) => bounded(name, resolver.resolveTxt(name), o),
    resolve4: (name, o) => bounded(name, resolver.resolve4(name), o),
    cancel: () => resolver.cancel(),
  };
}

/** The query's answer, or ETIMEOUT after `ms`, or the signal's reason once it aborts, whichever is first.
 *  A query cut short goes on inside the resolver until its own timeout; its late outcome is dropped. */
function withinDeadline<T>(name: string, query: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  query.catch(() => undefined); // a late failure after the deadline is nobody's to handle
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      done();
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      done();
      reject(Object.assign(new Error(`DNS look-up of ${name} timed out after ${ms} ms`), { code: 'ETIMEOUT', hostname: name }));
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
    query.then(
      (value) => {
        done();
        resolve(value);
      },
      (err) => {
        done();
        reject(err);
      },
    );
  });
}
