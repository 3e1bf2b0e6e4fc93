// A worker thread that answers requests, shared by the SMTP thread (smtp-thread.ts) and the parse thread
// (parse-thread.ts): started at the first request, held open only while it has work (an idle thread
// does not keep the process alive), and when it dies every request it held fails with an error, so the
// caller's own failure handling applies; the next request starts a new thread.
//
// The thread's file answers each request with `{ id, result }`, the id it was given.
import path from 'node:path';
import { Worker } from 'node:worker_threads';

interface Pending<Result> {
  resolve: (result: Result) => void;
  reject: (err: Error) => void;
}

/** What a worker file posts back for each request. */
export interface WorkerAnswer<Result> {
  id: number;
  result: Result;
}

function spawn(file: string): Worker {
  // Run from TypeScript sources (tests, `npm run dev`, benchmarks), the thread compiles its file as the
  // main thread's was; built (`npm start`), it runs the JavaScript.
  if (file.endsWith('.ts')) {
    return new Worker(`require(${JSON.stringify(require.resolve('@swc-node/register'))}); require(${JSON.stringify(file)});`, { eval: true });
  }
  return new Worker(file);
}

export class WorkerThread<Result> {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending<Result>>();
  private nextId = 1;

  /** `name`: the worker file next to this one, without extension (`smtp-worker`); `label` names the thread in errors. */
  constructor(
    private readonly name: string,
    private readonly label: string,
  ) {}

  /** Posts the request built for a fresh id and resolves with the thread's answer to it. */
  request(build: (id: number) => unknown): Promise<Result> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<Result>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Held open only while it has work: an idle thread must not keep the process alive.
      if (this.pending.size === 1) worker.ref();
      worker.postMessage(build(id));
    });
  }

  /** Posts a message that gets no answer, to a running thread (nothing to tell a thread not started). */
  notify(message: unknown): void {
    this.worker?.postMessage(message);
  }

  /** How many requests wait for their answer. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Ends the thread; the requests it still held fail. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.fail(worker, new Error(`the ${this.label} thread was stopped`));
    await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = spawn(path.join(__dirname, `${this.name}${path.extname(__filename)}`));
    worker.on('message', (m: WorkerAnswer<Result>) => {
      const waiting = this.pending.get(m.id);
      if (!waiting) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      waiting.resolve(m.result);
    });
    worker.on('error', (err) => this.fail(worker, err));
    worker.on('exit', (code) => this.fail(worker, new Error(`the ${this.label} thread exited (code ${code})`)));
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
