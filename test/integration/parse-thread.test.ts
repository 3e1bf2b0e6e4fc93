// The parse thread (src/mail/parse-thread.ts): what the reply poller relies on when it hands a batch of
// raw messages over. Each answer is what parseInbound gives on the caller's own thread, in order; a batch
// crosses to the thread in one message; a thread that dies fails the batches it held, and the next batch
// starts a new one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { MAX_XML_BYTES } from '../../src/mail/dmarc/decompress';
import { parseInbound } from '../../src/mail/inbound-message';
import { ParseThread } from '../../src/mail/parse-thread';
import { dmarcReportMail, dsnBounce, outOfOffice, personReply, unrelated } from '../support/inbound-mail';

let thread: ParseThread;
beforeEach(() => {
  thread = new ParseThread();
});
afterEach(() => thread.stop());

const at = new Date('2026-11-30T10:00:00Z');
const GOOGLE_REPORT = readFileSync(join(__dirname, '../fixtures/dmarc/google-one-record.xml'));
const mix = (n: number): Buffer[] =>
  Array.from({ length: n }, (_, i) => {
    const lead = `lead${i}@client${i}.test`;
    const id = `<send-${i}@acme.test>`;
    switch (i % 6) {
      case 0:
        return Buffer.from(personReply({ from: lead, to: 'sam@acme.test', inReplyTo: id, at }));
      case 1:
        return Buffer.from(outOfOffice({ from: lead, to: 'sam@acme.test', inReplyTo: id, at }));
      case 2:
        return Buffer.from(dsnBounce({ to: 'sam@acme.test', recipient: lead, returnedId: id, at }));
      case 3:
        return Buffer.from(unrelated({ from: `billing${i}@vendor.test`, to: 'sam@acme.test' }));
      case 4:
        return Buffer.from(dmarcReportMail({ to: 'dmarc@acme.test', filename: `report-${i}.xml`, content: GOOGLE_REPORT, contentType: 'text/xml' }));
      default:
        return Buffer.alloc(0); // unreadable: an empty message
    }
  });

describe('the parse thread', () => {
  it("answers each message of a batch with what parseInbound gives on the caller's thread, in order, Dates included", async () => {
    const raws = mix(60);
    const results = await thread.parseAll(raws, { reports: true });
    const expected = await Promise.all(raws.map((raw) => parseInbound(raw, { reports: true })));
    expect(results).toEqual(expected);
    expect(results.filter((r) => 'unreadable' in r)).toHaveLength(10);
    const report = results[4]!;
    if ('unreadable' in report) throw new Error('the DMARC report mail should parse');
    const [dmarc] = report.reports;
    if (!dmarc || 'error' in dmarc) throw new Error('the DMARC report should parse');
    expect(dmarc.orgName).toBe('google.com');
    expect(Object.prototype.toString.call(dmarc.begin)).toBe('[object Date]'); // a Date from the other thread's realm
  });

  it('parses a DMARC report of the largest size on the thread, so the main thread keeps answering meanwhile', async () => {
    // Anyone can mail a workspace's report address. Parsed on the main thread (as it was), a report near
    // the 16 MB cap held the event loop for seconds: every request and job of the service waited.
    const one = /<record>[\s\S]*<\/record>/.exec(GOOGLE_REPORT.toString())![0];
    const records = one.repeat(Math.floor((MAX_XML_BYTES - GOOGLE_REPORT.length) / one.length));
    const big = gzipSync(Buffer.from(GOOGLE_REPORT.toString().replace(one, records)));
    const mail = Buffer.from(dmarcReportMail({ to: 'dmarc@acme.test', filename: 'big.xml.gz', content: big, contentType: 'application/gzip' }));
    // The longest gap between ticks of a 10 ms timer: how long the main thread was held at a time.
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    const [result] = await thread.parseAll([mail], { reports: true });
    const took = performance.now() - started;
    clearInterval(ticker);
    longestGap = Math.max(longestGap, performance.now() - last); // a hold just before the answer came
    if (!result || 'unreadable' in result) throw new Error('the report mail should parse');
    const [report] = result.reports;
    if (!report || 'error' in report) throw new Error(`the report should parse: ${JSON.stringify(report)}`);
    expect(report.records.length).toBeGreaterThan(10_000);
    // The longest the main thread was held, against the whole parse: taking the answer across threads
    // is a fraction of the parse itself.
    expect(longestGap).toBeLessThan(Math.max(250, took / 4));
  }, 60_000);

  it('sends a batch to the thread as one message, whatever its size', async () => {
    await thread.parseAll(mix(1)); // the thread started
    const posted = jest.spyOn(Worker.prototype, 'postMessage');
    try {
      const results = await thread.parseAll(mix(250));
      expect(results).toHaveLength(250);
      expect(posted).toHaveBeenCalledTimes(1);
    } finally {
      posted.mockRestore();
    }
  });

  it('answers an empty batch without starting the thread', async () => {
    const started = jest.spyOn(Worker.prototype, 'postMessage');
    try {
      expect(await thread.parseAll([])).toEqual([]);
      expect(started).not.toHaveBeenCalled();
    } finally {
      started.mockRestore();
    }
  });

  it('fails the batch it holds when it dies, and the next batch starts a new thread', async () => {
    const held = thread.parseAll(mix(3_000));
    const failed = expect(held).rejects.toThrow(/parse thread was stopped/);
    await thread.stop();
    await failed;
    const again = await thread.parseAll(mix(6));
    expect(again.map((r) => ('unreadable' in r ? 'unreadable' : r.from.address))).toEqual([
      'lead0@client0.test',
      'lead1@client1.test',
      expect.any(String), // the bounce's sender, the reporting MTA
      'billing3@vendor.test',
      expect.any(String),
      'unreadable',
    ]);
  });
});
