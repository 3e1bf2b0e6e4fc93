// Inbound messages are parsed on a thread of their own (parse-worker.ts). mailparser is most of the CPU
// reading a message costs; on the main thread it took turns with the IMAP fetch and the batch's
// database work. Here it runs beside them: the poller fetches the next batch and writes the previous
// one while this thread parses (modules/replies/README.md "The batch pipeline").
//
// One thread per service, owned by the IMAP port (imap-client.ts), started at the first parse and
// stopped with the service; idle, it holds nothing open and does not keep the process alive. If it dies,
// every message it held fails with an error, which fails that inbox's poll like any IMAP error (lastError,
// cursor at the last committed batch): the next poll starts a new thread and reads those messages again.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { InboundMessage, Unreadable } from './inbound-message';
import type { FromParseThread, ToParseThread } from './parse-worker';

interface Pending {
  resolve: (result: InboundMessage | Unreadable) => void;
  reject: (err: Error) => void;
}

function spawn(): Worker {
  const file = path.join(__dirname, `parse-worker${path.extname(__filename)}`);
  // From TypeScript sources (tests, `npm run dev`, benchmarks) the thread compiles its file as the main
  // thread's was; built (`npm start`), it runs the JavaScript.
  if (file.endsWith('.ts')) {
    return new Worker(`require(${JSON.stringify(require.resolve('@swc-node/register'))}); require(${JSON.stringify(file)});`, { eval: true });
  }
  return new Worker(file);
}

export class ParseThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  parse(raw: Buffer): Promise<InboundMessage | Unreadable> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Held open only while it has work: an idle thread must not keep the process alive.
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, raw } satisfies ToParseThread);
    });
  }

  /** Ends the thread (service shutdown); messages it still held fail. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.fail(worker, new Error('the parse thread was stopped'));
    await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = spawn();
    worker.on('message', (m: FromParseThread) => {
      const waiting = this.pending.get(m.id);
      if (!waiting) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      waiting.resolve(revive(m.result));
    });
    worker.on('error', (err) => this.fail(worker, err));
    worker.on('exit', (code) => this.fail(worker, new Error(`the parse thread exited (code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private fail(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const w of waiting) w.reject(err);
  }
}

/** A message crossing threads keeps its Dates but its Buffers arrive as plain Uint8Arrays. */
function revive(result: InboundMessage | Unreadable): InboundMessage | Unreadable {
  if ('unreadable' in result) return result;
  for (const a of result.reportAttachments) a.content = Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength);
  return result;
}
