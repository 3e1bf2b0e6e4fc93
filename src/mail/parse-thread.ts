// Inbound messages are parsed on a thread of their own (parse-worker.ts). mailparser is most of the CPU
// reading a message costs; on the main thread it took turns with the IMAP fetch and the batch's
// database work. Here it runs beside them: the poller fetches the next batch and writes the previous
// one while this thread parses (modules/replies/README.md "The batch pipeline").
//
// One thread per service, owned by the IMAP port (imap-client.ts), started at the first parse and
// stopped with the service; idle, it holds nothing open and does not keep the process alive. If it dies,
// every message it held fails with an error, which fails that inbox's poll like any IMAP error (lastError,
// cursor at the last committed batch): the next poll starts a new thread and reads those messages again.
import type { InboundMessage, Unreadable } from './inbound-message';
import type { ToParseThread } from './parse-worker';
import { WorkerThread } from './worker-thread';

export class ParseThread {
  private readonly thread = new WorkerThread<InboundMessage | Unreadable>('parse-worker', 'parse');

  async parse(raw: Buffer): Promise<InboundMessage | Unreadable> {
    return revive(await this.thread.request((id) => ({ id, raw }) satisfies ToParseThread));
  }

  /** Ends the thread (service shutdown); messages it still held fail. */
  stop(): Promise<void> {
    return this.thread.stop();
  }
}

/** A message crossing threads keeps its Dates but its Buffers arrive as plain Uint8Arrays. */
function revive(result: InboundMessage | Unreadable): InboundMessage | Unreadable {
  if ('unreadable' in result) return result;
  for (const a of result.reportAttachments) a.content = Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength);
  return result;
}
