// Keep-alive connections for a run of requests to one peer (a webhook worker and its endpoint), under the
// outbound guard (safe-fetch.ts). Without them every request opens and closes a socket of its own: at a
// few thousand webhook attempts a second, the connection set-up and tear-down (ours and the receiver's)
// was the largest cost of a delivery after the POST itself (test/bench/webhook-delivery.bench.ts).
//
// The guard checks a request's address before it connects and connects to that address only. So that a
// kept socket never skips the check, there is one agent per checked address: a request reuses a socket
// only when the guard has just checked the very address that socket was opened to. The owner closes
// them when its run ends (close()).
import http from 'node:http';
import https from 'node:https';

/** An idle socket is closed after this long (a receiver that announces a shorter keep-alive timeout is
 *  believed: Node's agent reads its Keep-Alive hint). */
const IDLE_MS = 4_000;

/** The address the guard checked and pinned (safe-fetch.ts ResolvedAddress has this shape). */
export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

export class KeptConnections {
  private readonly agents = new Map<string, http.Agent>();
  private closed = false;

  /** @param maxSockets the most sockets open at once to one address (the caller's concurrency) */
  constructor(private readonly maxSockets: number) {}

  /** The agent for requests to this checked address over this protocol ('http:' or 'https:'); null once
   *  closed (a request then opens a socket of its own). */
  agentFor(protocol: string, address: PinnedAddress): http.Agent | null {
    if (this.closed) return null;
    const key = `${protocol}//${address.family === 6 ? `[${address.address}]` : address.address}`;
    let agent = this.agents.get(key);
    if (!agent) {
      const options = { keepAlive: true, maxSockets: this.maxSockets, maxFreeSockets: this.maxSockets, timeout: IDLE_MS, scheduling: 'lifo' as const };
      agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
      this.agents.set(key, agent);
    }
    return agent;
  }

  /** Closes every socket, idle or not: the run that used them is over. */
  close(): void {
    this.closed = true;
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}
