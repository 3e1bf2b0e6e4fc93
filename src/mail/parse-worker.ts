// The parse thread's side (see parse-thread.ts): parses raw inbound messages with mailparser
// (inbound-message.ts parseInbound) and answers each batch with what it gives, in order, so the poller's
// main thread keeps IMAP and the database to itself while this core parses.
import { parentPort } from 'node:worker_threads';
import { parseInboundAll, type InboundMessage, type Unreadable } from './inbound-message';
import type { WorkerAnswer } from './worker-thread';

export interface ToParseThread {
  id: number;
  raws: Uint8Array[];
  /** Parse DMARC report attachments too (the report address's messages). */
  reports: boolean;
}

/** The thread's answer to one batch (worker-thread.ts): a result per message, in the order given. */
export type FromParseThread = WorkerAnswer<(InboundMessage | Unreadable)[]>;

parentPort?.on('message', (m: ToParseThread) => {
  // parseInbound never throws: malformed input comes back as { unreadable, reason }.
  const raws = m.raws.map((raw) => Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength));
  void parseInboundAll(raws, { reports: m.reports }).then((result) => parentPort!.postMessage({ id: m.id, result } satisfies FromParseThread));
});
