// A real DNS server on loopback (dns2) answering from an in-memory zone, for MX/TXT/A look-ups and
// DNSBL queries in tests. UDP and TCP share one port, so a resolver that retries a truncated answer
// over TCP (as c-ares does) keeps working. The zone object is read on every query: tests may change it
// while the server runs.
import type { AddressInfo, Socket } from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;

export interface ZoneRecords {
  A?: string[];
  MX?: { exchange: string; priority: number }[];
  /** Each entry is one TXT record: a string (split into 255-byte chunks as needed) or its chunks. */
  TXT?: (string | string[])[];
  /** Answer SERVFAIL to every query for this name. */
  servfail?: boolean;
  /** Never answer queries for this name (the client times out). */
  drop?: boolean;
}

/** Names (case-insensitive, no trailing dot) to their records. Unknown names answer NXDOMAIN; a known
 *  name without records of the asked type answers NOERROR with no answers (NODATA). */
export type Zone = Record<string, ZoneRecords>;

export interface DnsQuery {
  name: string;
  type: string;
}

export interface RunningDnsServer {
  /** `127.0.0.1:PORT`, the form DNS_SERVERS and createResolver take. */
  server: string;
  port: number;
  zone: Zone;
  /** Every question received, in order. */
  queries: DnsQuery[];
  stop(): Promise<void>;
}

// Response codes (RFC 1035 §4.1.1); dns2 has them at run time but not in its typings.
const RCODE = { FORMERR: 1, SERVFAIL: 2, NXDOMAIN: 3 } as const;

const TYPE_NAMES: Record<number, string> = { [Packet.TYPE.A]: 'A', [Packet.TYPE.MX]: 'MX', [Packet.TYPE.TXT]: 'TXT' };

const normalize = (name: string) => name.toLowerCase().replace(/\.$/, '');

function chunks(value: string | string[]): string[] {
  if (Array.isArray(value)) return value;
  const out: string[] = [];
  for (let i = 0; i < value.length; i += 255) out.push(value.slice(i, i + 255));
  return out.length ? out : [''];
}

function answer(zone: Zone, request: InstanceType<typeof Packet>): InstanceType<typeof Packet> | null {
  const response = Packet.createResponseFromRequest(request);
  response.header.aa = 1;
  response.header.ra = 1;
  const question = request.questions[0];
  if (!question) {
    response.header.rcode = RCODE.FORMERR;
    return response;
  }
  const name = normalize(question.name);
  const records = Object.prototype.hasOwnProperty.call(zone, name) ? zone[name] : undefined;
  if (!records) {
    response.header.rcode = RCODE.NXDOMAIN;
    return response;
  }
  if (records.drop) return null;
  if (records.servfail) {
    response.header.rcode = RCODE.SERVFAIL;
    return response;
  }
  const add = (record: Partial<InstanceType<typeof Packet>['answers'][number]>) => response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 60, ...record }));
  if (question.type === Packet.TYPE.A) {
    for (const address of records.A ?? []) add({ address });
  } else if (question.type === Packet.TYPE.MX) {
    for (const mx of records.MX ?? []) add({ exchange: mx.exchange, priority: mx.priority });
  } else if (question.type === Packet.TYPE.TXT) {
    for (const txt of records.TXT ?? []) add({ data: chunks(txt) });
  }
  return response;
}

/** Starts the server on 127.0.0.1 (a random port free for both UDP and TCP). */
export async function startDnsServer(zone: Zone = {}): Promise<RunningDnsServer> {
  const queries: DnsQuery[] = [];
  const handle = (request: InstanceType<typeof Packet>, send: (r: InstanceType<typeof Packet>) => unknown) => {
    const q = request.questions[0];
    if (q) queries.push({ name: normalize(q.name), type: TYPE_NAMES[q.type] ?? String(q.type) });
    const response = answer(zone, request);
    if (response) void Promise.resolve(send(response)).catch(() => undefined);
  };

  // UDP first on any port, then TCP on the same number; retry when that number is taken for TCP.
  for (let attempt = 0; attempt < 20; attempt++) {
    const udp = dns2.createUDPServer(handle);
    await udp.listen(0, '127.0.0.1');
    const port = (udp.address() as AddressInfo).port;
    const tcp = dns2.createTCPServer(handle);
    // Resolvers keep TCP connections open; stop() must not wait for their idle timeout.
    const sockets = new Set<Socket>();
    tcp.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    const tcpOk = await new Promise<boolean>((resolve) => {
      tcp.once('error', () => resolve(false));
      tcp.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!tcpOk) {
      udp.close();
      continue;
    }
    let stopped: Promise<void> | null = null;
    return {
      server: `127.0.0.1:${port}`,
      port,
      zone,
      queries,
      stop() {
        stopped ??= Promise.all([
          new Promise<void>((resolve) => udp.close(() => resolve())),
          new Promise<void>((resolve) => {
            tcp.close(() => resolve());
            for (const socket of sockets) socket.destroy();
          }),
        ]).then(() => undefined);
        return stopped;
      },
    };
  }
  throw new Error('startDnsServer: no port was free for both UDP and TCP on 127.0.0.1');
}
