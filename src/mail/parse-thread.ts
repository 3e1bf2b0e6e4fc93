// Inbound messages are parsed on a thread of their own (parse-worker.ts). mailparser is most of the CPU
// reading a message costs; on the main thread it took turns with the IMAP fetch and the batch's
// database work. Here it runs beside them: the poller fetches the next batch and writes the previous
// one while this thread parses (modules/replies/README.md "The batch pipeline").
//
// A batch of messages crosses to the thread and back as one message each way. One message per email
// cost more than the parsing saved: every postMessage pays a fixed price on both threads, and a small
// Buffer drags along the 8 KiB pool it was cut from. On the reply-ingest benchmark's mix, 10,000 emails
// took 1.9–2.2 s of CPU to parse one by one on the thread and 1.0–1.3 s in batches of 250, as on the
// main thread; the whole poll of 5,000 of them took the service 1.45 s of CPU instead of 1.77 (every
// thread of the process, the garbage collector's included; same session, alternating runs).
//
// One thread per service, owned by the IMAP port (imap-client.ts), started at the first parse and
// stopped with the service; idle, it holds nothing open and does not keep the process alive. If it dies,
// every batch it held fails with an error, which fails that inbox's poll like any IMAP error (lastError,
// cursor at the last committed batch): the next poll starts a new thread and reads those messages again.
import type { InboundMessage, Unreadable } from './inbound-message';
import type { ToParseThread } from './parse-worker';
import { WorkerThread } from './worker-thread';

export class ParseThread {
  private readonly thread = new WorkerThread<(InboundMessage | Unreadable)[]>('parse-worker', 'parse');

  /** Parses the messages, in order: a result for each. */
  async parseAll(raws: readonly Buffer[], opts: { reports?: boolean } = {}): Promise<(InboundMessage | Unreadable)[]> {
    if (!raws.length) return [];
    return this.thread.request((id) => ({ id, raws: [...raws], reports: opts.reports === true }) satisfies ToParseThread);
  }

  /** Ends the thread (service shutdown); batches it still held fail. */
  stop(): Promise<void> {
    return this.thread.stop();
  }
}
