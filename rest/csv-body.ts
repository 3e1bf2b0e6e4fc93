// CSV request bodies (api.md Conventions): the CSV is the body (`Content-Type: text/csv` or
// application/csv) or the `file` field of a multipart form (a file part, or a plain field as
// `curl -F file=<leads.csv` sends it). Above 50 MB (decoded) the answer is 413 `payload_too_large`
// (decisions.md §3), after the rest of the body has been read off, as the JSON parser does.
// The body may be gzip/deflate/br encoded and in any charset the runtime decodes (default UTF-8).
//
// Routes declared `csv: 'stream'` (lead imports) read the CSV as a stream (withCsvStream), spooled to a
// temporary file once it has all arrived, so a large file never sits in memory; `csv: 'text'` routes read
// the whole text (csvText).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import busboy from 'busboy';
import type { Request } from 'express';
import { AppError } from '../src/contracts/errors';
import { CSV_MAX_BYTES } from '../src/modules/leads/import/csv';

const CSV_TYPES = ['text/csv', 'application/csv'];
const MULTIPART = 'multipart/form-data';
const FILE_FIELD = 'file';
const MULTIPART_OVERHEAD = 1024 * 1024;
/** Characters per chunk read back from a spooled upload (the CSV parser's own chunk size). */
const SPOOL_CHUNK = 1 << 16;

const tooLarge = () => new AppError('payload_too_large', `The request body is larger than ${CSV_MAX_BYTES / 1024 / 1024} MB; split it into smaller requests.`);
const unsupportedEncoding = () => new AppError('unsupported_encoding', 'Send the body as UTF-8 without a content encoding the server does not support.');
const noFile = () => new AppError('no_file', `Send the CSV as the multipart form field "${FILE_FIELD}", or as the body with Content-Type: text/csv.`);
const undecodable = () => new AppError('bad_request', 'The body could not be decompressed: send it encoded as its Content-Encoding says, or not encoded.');
const brokenMultipart = () => new AppError('invalid_multipart', 'The multipart form could not be read; check its boundary and parts.');
const notCsv = () => new AppError('not_csv', 'Send the CSV as the body with Content-Type: text/csv, or as the field "file" of a multipart/form-data form.');

/** Reads off (discards) what is left of the request body, so an early answer reaches the client. */
export function drainRequest(req: Request): Promise<void> {
  if (req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    req.unpipe();
    req.removeAllListeners('data');
    req.once('end', resolve);
    req.once('close', resolve);
    req.once('error', () => resolve());
    req.resume();
  });
}

/** Counts bytes and fails with 413 past the limit. */
class ByteLimit extends Transform {
  private seen = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.length;
    if (this.seen > this.limit) done(tooLarge());
    else done(null, chunk);
  }
}

/** Bytes in the given charset to text (strings out), streamed: a character split across chunks stays whole. */
class Decode extends Transform {
  private readonly decoder: TextDecoder;
  constructor(charset: string) {
    super({ readableObjectMode: true, readableHighWaterMark: 1 }); // little text waiting in buffers (RSS)
    try {
      this.decoder = new TextDecoder(charset);
    } catch {
      throw unsupportedEncoding();
    }
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    const text = this.decoder.decode(chunk, { stream: true });
    done(null, text || undefined);
  }
  override _flush(done: TransformCallback) {
    done(null, this.decoder.decode() || undefined);
  }
}

function inflater(encoding: string): Transform | null {
  switch (encoding) {
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      throw unsupportedEncoding();
  }
}

/** Pipes the request through our own stages and returns the last one. The request itself is piped, never
 *  put in a pipeline: a failing stage must not destroy the request, or the client would get a reset
 *  connection instead of the error answer. */
function chain(req: Request, stages: [Transform, ...Transform[]]): Readable {
  const out = stages[stages.length - 1];
  // A body that is not what its Content-Encoding says is the client's error (400), not a 500: zlib's own
  // error is replaced before the pipeline below hands it to every stage (listeners run in order).
  if (stages[0] instanceof zlib.Gunzip || stages[0] instanceof zlib.Inflate || stages[0] instanceof zlib.BrotliDecompress) {
    stages[0].once('error', () => out.destroy(undecodable()));
  }
  req.on('error', (err) => out.destroy(err));
  req.pipe(stages[0]);
  if (stages.length > 1) pipeline(stages as unknown as [Transform, Transform]).catch((err: Error) => out.destroy(err));
  return out;
}

/** The body of a text/csv request as decoded text. */
function textCsvStream(req: Request): Readable {
  const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
  const length = Number(req.get('content-length'));
  if (encoding === 'identity' && Number.isFinite(length) && length > CSV_MAX_BYTES) throw tooLarge();
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(req.get('content-type') ?? '')?.[1] ?? 'utf-8';
  const inflate = inflater(encoding);
  const decode = new Decode(charset);
  return chain(req, inflate ? [inflate, new ByteLimit(CSV_MAX_BYTES), decode] : [new ByteLimit(CSV_MAX_BYTES), decode]);
}

/** The `file` field of a multipart form as decoded text; other parts are skipped. */
function multipartCsvStream(req: Request): Promise<Readable> {
  // Room for the other parts and the part headers; the file part itself is limited by busboy.
  const length = Number(req.get('content-length'));
  if (Number.isFinite(length) && length > CSV_MAX_BYTES + MULTIPART_OVERHEAD) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: CSV_MAX_BYTES, fieldSize: CSV_MAX_BYTES, files: 10, fields: 100 } });
    } catch {
      return reject(new AppError('invalid_multipart', 'The multipart form could not be read: send multipart/form-data with a boundary.'));
    }
    let found = false;
    const take = (stream: Readable) => {
      found = true;
      resolve(stream);
    };
    parser.on('file', (name, file) => {
      if (name !== FILE_FIELD || found) return void file.resume();
      const text = new Decode('utf-8');
      // The form may break (cut short, a bad part) before the route reads this stream: the error stays on
      // it for the reader (csvLeadRows sees it), and an error no one listens to yet must not be thrown at
      // the process (it would end the service).
      text.on('error', () => {});
      file.on('limit', () => text.destroy(tooLarge()));
      file.on('error', () => text.destroy(brokenMultipart()));
      file.pipe(text);
      take(text);
    });
    parser.on('field', (name, value, info) => {
      if (name !== FILE_FIELD || found) return;
      if (info.valueTruncated) return reject(tooLarge());
      take(Readable.from([value]));
    });
    parser.on('error', () => {
      if (!found) reject(brokenMultipart());
    });
    parser.on('close', () => {
      if (!found) reject(noFile());
    });
    req.pipe(parser);
  });
}

/**
 * The CSV of a request as a stream of text, for a route that parses it as it is read. Refuses with 400
 * when the request carries no CSV. On a refusal the rest of the body is read off first.
 */
export async function csvStream(req: Request): Promise<Readable> {
  try {
    if (req.is(CSV_TYPES)) return textCsvStream(req);
    if (req.is(MULTIPART)) return await multipartCsvStream(req);
    throw notCsv();
  } catch (err) {
    await drainRequest(req);
    throw err;
  }
}

/**
 * Runs `fn` on the request's CSV as a stream of text, once all of it has arrived; whatever happens, the
 * body is read off before answering.
 *
 * The CSV is spooled to a temporary file first and read back from there. `fn` is an import: it holds a
 * pooled database connection, a transaction and the workspace's import lock while it reads. Read straight
 * from the request, a client that uploads slowly (or stops half-way and keeps the connection open) held
 * all three for as long as it liked, and twenty such uploads took every connection of the pool, from every
 * workspace. The file keeps what the stream gave: a large CSV never sits in memory, and a refused body
 * (413, a broken form) is answered before any database work.
 */
export async function withCsvStream<T>(req: Request, fn: (csv: Readable) => Promise<T>): Promise<T> {
  const csv = await csvStream(req);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outreach-csv-'));
  const file = path.join(dir, 'upload.csv');
  let spooled: Readable | null = null;
  try {
    await pipeline(csv, createWriteStream(file, { encoding: 'utf8' }));
    spooled = createReadStream(file, { encoding: 'utf8', highWaterMark: SPOOL_CHUNK });
    return await fn(spooled);
  } finally {
    spooled?.destroy();
    await drainRequest(req);
    await rm(dir, { recursive: true, force: true });
  }
}

/** The whole CSV text of a request. */
export async function csvText(req: Request): Promise<string> {
  const csv = await csvStream(req);
  const parts: string[] = [];
  try {
    for await (const text of csv) parts.push(text as string);
  } catch (err) {
    await drainRequest(req);
    throw err;
  }
  return parts.join('');
}
