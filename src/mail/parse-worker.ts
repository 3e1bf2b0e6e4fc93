// The parse thread's side (see parse-thread.ts): parses raw inbound messages with mailparser
// (inbound-message.ts parseInbound) and answers each with what it gives, so the poller's main thread
// keeps IMAP and the database to itself while this core parses.
import { parentPort } from 'node:worker_threads';
import { parseInbound, type InboundMessage, type Unreadable } from './inbound-message';
import type { WorkerAnswer } from './worker-thread';

export interface ToParseThread {
  id: number;
  raw: Uint8Array;
}

/** The thread's answer to one request (worker-thread.ts). */
export type FromParseThread = WorkerAnswer<InboundMessage | Unreadable>;

parentPort?.on('message', (m: ToParseThread) => {
  // parseInbound never throws: malformed input comes back as { unreadable, reason }.
  void parseInbound(Buffer.from(m.raw.buffer, m.raw.byteOffset, m.raw.byteLength)).then((result) => parentPort!.postMessage({ id: m.id, result } satisfies FromParseThread));
});
