// DMARC aggregate reports (RFC 7489 appendix C) from plain XML, .gz and .zip: the parsed shape /reports/dmarc is built
// from, and refusals for hostile or broken attachments (bombs, DTDs, missing fields) that come back as {error}.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';
import { inflateSync, Zip, ZipPassThrough, zipSync } from 'fflate';
import { parseDmarcReport, type DmarcReport } from '../../src/mail/dmarc/parse-report';
import { MAX_COMPRESSED_BYTES, MAX_XML_BYTES } from '../../src/mail/dmarc/decompress';

const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/dmarc', name));

function report(content: Buffer, filename?: string, contentType?: string): DmarcReport {
  const parsed = parseDmarcReport(content, filename, contentType);
  if ('error' in parsed) throw new Error(`unexpected error: ${parsed.error}`);
  return parsed;
}

function failure(content: Buffer, filename?: string): string {
  const parsed = parseDmarcReport(content, filename);
  if (!('error' in parsed)) throw new Error(`expected an error, got report ${parsed.reportId}`);
  return parsed.error;
}

const MB = 1024 * 1024;
/** CPU milliseconds `work` took in this process: the work done, not the time a busy machine took from it. */
function cpuMsOf(work: () => void): number {
  const started = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}

/** The least CPU of several runs of `work`: the run no other thread of the process (a collection of an earlier
 *  test's garbage) or of the machine disturbed. A loaded CI run once measured a refusal at 20 blocks of CPU whose
 *  own work is about one. */
function leastCpuMsOf(work: () => void, runs = 3): number {
  return Math.min(...Array.from({ length: runs }, () => cpuMsOf(work)));
}

/** The median CPU of inflating ONE 16 MB block the same way, measured right beside the bomb: a refusal at the 16 MB cap
 *  costs about one block, inflating the whole 1 GB bomb costs 64. Comparing within the same moment keeps the bound
 *  true on a slow or busy machine (a fixed 2 s bound was overrun at 2.5 s on a loaded CI run). */
function oneBlockCpuMs(inflateOneBlock: () => void): number {
  const runs = [0, 1, 2].map(() => cpuMsOf(inflateOneBlock)).sort((a, b) => a - b);
  return runs[1];
}
/** Well under the 64 blocks of a full expansion, well over the ~1.3 a stop at the cap costs. */
const MAX_BLOCKS_OF_CPU = 8;

/** A gzip expanding to `mb` MB of spaces, built as concatenated gzip members (valid gzip, which zlib reads through)
 *  so the test itself never holds the expanded bytes: one 16 MB member compresses to ~16 KB. */
const gzipMember = () => gzipSync(Buffer.alloc(16 * MB, 0x20), { level: 9 });
function gzipBomb(mb: number): Buffer {
  const member = gzipMember();
  return Buffer.concat(Array.from({ length: mb / 16 }, () => member));
}

/** A zip whose one .xml entry inflates to `mb` MB while its header declares almost nothing. The deflate stream is built
 *  like gzipBomb: full-flushed (byte-aligned, self-contained) blocks of 16 MB of spaces, repeated, then a final empty
 *  block; it goes in through a pass-through entry relabelled as deflate, so the zip claims the compressed size as the
 *  original size and carries its sizes in a data descriptor. Only counting real output can stop it. */
const deflateBlock = () => deflateRawSync(Buffer.alloc(16 * MB, 0x20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
function lyingZipBomb(mb: number): Buffer {
  const block = deflateBlock();
  const stream = Buffer.concat([...Array.from({ length: mb / 16 }, () => block), FINAL_EMPTY_BLOCK]);
  const parts: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    parts.push(chunk);
  });
  const entry = new ZipPassThrough('report.xml');
  entry.compression = 8;
  zip.add(entry);
  entry.push(stream, true);
  zip.end();
  return Buffer.concat(parts);
}

describe('parseDmarcReport: fixtures', () => {
  test('Google, plain XML, one record', () => {
    const r = report(fixture('google-one-record.xml'), 'google.xml', 'text/xml');
    expect(r).toEqual({
      orgName: 'google.com',
      email: 'noreply-dmarc-support@google.com',
      reportId: '13876543210987654321',
      begin: new Date(1763942400 * 1000),
      end: new Date(1764028799 * 1000),
      domain: 'example.com',
      policy: { p: 'none', sp: 'none', pct: 100, adkim: 'r', aspf: 'r' },
      records: [
        {
          sourceIp: '192.0.2.10',
          count: 42,
          disposition: 'none',
          dkim: 'pass',
          spf: 'pass',
          headerFrom: 'example.com',
          authResults: { dkim: [{ domain: 'example.com', result: 'pass', selector: 's1' }], spf: [{ domain: 'mail.example.com', result: 'pass' }] },
        },
      ],
      messages: 42,
    });
  });

  test('Google, .zip holding the same report, parses the same', () => {
    const zipped = report(fixture('google-one-record.zip'), 'google.com!example.com!1763942400!1764028799.zip', 'application/zip');
    expect(zipped).toEqual(report(fixture('google-one-record.xml')));
  });

  test('Outlook.com, .xml.gz, many records with several auth results, IPv6 source', () => {
    const r = report(fixture('outlook-many-records.xml.gz'), 'enterprise.protection.outlook.com!example.com!1763856000!1763942400.xml.gz');
    expect(r.orgName).toBe('Enterprise Outlook');
    expect(r.email).toBe('dmarcreport@microsoft.com');
    expect(r.reportId).toBe('5a1f0c3e9b7d4e2f8a6c1b0d9e8f7a6b');
    expect(r.policy).toEqual({ p: 'quarantine', sp: 'quarantine', pct: 100, adkim: 'r', aspf: 'r' });
    expect(r.records.map((x) => [x.sourceIp, x.count, x.disposition, x.dkim, x.spf])).toEqual([
      ['198.51.100.25', 17, 'none', 'pass', 'pass'],
      ['203.0.113.7', 3, 'quarantine', 'fail', 'fail'],
      ['2001:db8::25', 5, 'none', 'fail', 'pass'],
    ]);
    expect(r.records[0].authResults.dkim).toEqual([
      { domain: 'example.com', result: 'pass', selector: 's1' },
      { domain: 'esp.example.com', result: 'pass', selector: 'esp2024' },
    ]);
    expect(r.records[1].authResults).toEqual({ dkim: [], spf: [{ domain: 'spoof.example.org', result: 'softfail' }] });
    expect(r.messages).toBe(25);
  });

  test('Yahoo, plain XML, many records; no sp gives null; entities in text are decoded', () => {
    const r = report(fixture('yahoo-many-records.xml'));
    expect(r.orgName).toBe('Yahoo');
    expect(r.reportId).toBe('1763942400.482913');
    expect(r.policy).toEqual({ p: 'reject', sp: null, pct: 50, adkim: 's', aspf: 's' });
    expect(r.records.map((x) => [x.sourceIp, x.count, x.disposition])).toEqual([
      ['192.0.2.10', 8, 'none'],
      ['203.0.113.99', 2, 'reject'],
    ]);
    expect(r.messages).toBe(10);
  });

  test('DMARC 2.0 draft with a default xmlns: same shape, no pct', () => {
    const r = report(fixture('dmarc2-namespace.xml'));
    expect(r.orgName).toBe('Example Receiver & Co');
    expect(r.reportId).toBe('rcv-2025-11-24-0001');
    expect(r.policy).toEqual({ p: 'quarantine', sp: 'none', pct: null, adkim: 'r', aspf: 'r' });
    expect(r.records).toHaveLength(1);
    expect(r.records[0]).toMatchObject({ sourceIp: '198.51.100.200', count: 11, disposition: 'quarantine', headerFrom: 'example.com' });
    expect(r.messages).toBe(11);
  });

  test('namespace prefixes are dropped too', () => {
    const xml = fixture('google-one-record.xml')
      .toString()
      .replace('<feedback>', '<dmarc:feedback xmlns:dmarc="urn:ietf:params:xml:ns:dmarc-2.0">')
      .replace('</feedback>', '</dmarc:feedback>');
    expect(report(Buffer.from(xml)).messages).toBe(42);
  });

  test('format comes from the bytes, not the filename or content type', () => {
    const r = report(fixture('google-one-record.zip'), 'report.xml.gz', 'application/gzip');
    expect(r.reportId).toBe('13876543210987654321');
    expect(report(fixture('outlook-many-records.xml.gz'), 'report.xml', 'text/xml').messages).toBe(25);
  });

  test('a report without records counts zero messages', () => {
    const xml = fixture('google-one-record.xml')
      .toString()
      .replace(/<record>[\s\S]*<\/record>/, '');
    expect(report(Buffer.from(xml))).toMatchObject({ records: [], messages: 0 });
  });
});

describe('parseDmarcReport: refusals', () => {
  test('malformed XML', () => {
    expect(failure(fixture('malformed.xml'), 'malformed.xml')).toMatch(/^malformed\.xml: malformed XML/);
  });

  test('missing report_id', () => {
    expect(failure(fixture('missing-report-id.xml'))).toMatch(/report_id missing/);
  });

  test.each([
    ['no date_range', (x: string) => x.replace(/<date_range>[\s\S]*<\/date_range>/, '')],
    ['end before begin', (x: string) => x.replace('<end>1764028799</end>', '<end>1763000000</end>')],
    ['milliseconds', (x: string) => x.replace('<begin>1763942400</begin>', '<begin>1763942400000</begin>')],
    ['negative', (x: string) => x.replace('<begin>1763942400</begin>', '<begin>-1</begin>')],
  ])('invalid date_range: %s', (_name, edit) => {
    expect(failure(Buffer.from(edit(fixture('google-one-record.xml').toString())))).toMatch(/date_range missing or invalid/);
  });

  test.each([
    ['exponent', '<count>1e400</count>'],
    ['hex', '<count>0x10</count>'],
    ['negative', '<count>-5</count>'],
    ['too many digits', '<count>1234567890123456</count>'],
  ])('invalid record count: %s', (_name, count) => {
    const xml = fixture('google-one-record.xml').toString().replace('<count>42</count>', count);
    expect(failure(Buffer.from(xml))).toMatch(/count missing or invalid/);
  });

  test('invalid source_ip', () => {
    const xml = fixture('google-one-record.xml').toString().replace('192.0.2.10', 'not-an-ip');
    expect(failure(Buffer.from(xml))).toMatch(/source_ip/);
  });

  test('not a feedback document, not XML at all, empty', () => {
    expect(failure(Buffer.from('<?xml version="1.0"?><rss><channel/></rss>'))).toMatch(/no <feedback>/);
    expect(failure(Buffer.from('just some text'))).toMatch(/malformed XML/);
    expect(failure(Buffer.alloc(0))).toMatch(/malformed XML|no <feedback>/);
  });

  test('a DOCTYPE (billion laughs) is refused before parsing', () => {
    const lol = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
      <feedback><report_metadata><org_name>&lol2;</org_name></report_metadata></feedback>`;
    expect(failure(Buffer.from(lol))).toMatch(/DOCTYPE/);
  });

  test('truncated gzip and a zip without an .xml entry', () => {
    const gz = fixture('outlook-many-records.xml.gz');
    expect(failure(gz.subarray(0, gz.length - 20))).toMatch(/^report: gzip/);
    expect(failure(Buffer.from(zipSync({ 'readme.txt': new TextEncoder().encode('hello') })))).toMatch(/no \.xml/);
  });

  test('input over the compressed cap is refused unread', () => {
    expect(failure(Buffer.alloc(MAX_COMPRESSED_BYTES + 1, 0x20))).toMatch(/attachment larger than/);
    expect(failure(Buffer.alloc(MAX_XML_BYTES + 1, 0x20))).toMatch(/XML larger than/);
  });

  test('gzip bomb (1 GB of spaces in 1 MB) is refused quickly, without expanding it', () => {
    const bomb = gzipBomb(1024);
    expect(bomb.length).toBeLessThan(2 * MB);
    const member = gzipMember();
    const block = oneBlockCpuMs(() => gunzipSync(member));
    const before = process.memoryUsage().arrayBuffers;
    expect(failure(bomb)).toMatch(/gzip expands past/);
    // zlib stops at the cap: at most the cap's worth of buffers was allocated, far from 1 GB.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(128 * MB);
    expect(leastCpuMsOf(() => failure(bomb))).toBeLessThan(MAX_BLOCKS_OF_CPU * block + 100);
  });

  test('zip bomb (1 GB in 1 MB) with a lying size is stopped by counting inflated bytes', () => {
    const bomb = lyingZipBomb(1024);
    expect(bomb.length).toBeLessThan(2 * MB);
    const oneBlockStream = Buffer.concat([deflateBlock(), FINAL_EMPTY_BLOCK]);
    const block = oneBlockCpuMs(() => inflateSync(oneBlockStream));
    const before = process.memoryUsage().arrayBuffers;
    expect(failure(bomb)).toMatch(/zip entry expands past/);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(128 * MB);
    expect(leastCpuMsOf(() => failure(bomb))).toBeLessThan(MAX_BLOCKS_OF_CPU * block + 100);
  });

  test('zip entry declaring a size over the cap is refused before inflating', () => {
    // The local header's uncompressed size (offset 22) is what the streaming reader sees; claim 40 MB.
    const zipped = Buffer.from(zipSync({ 'report.xml': fixture('google-one-record.xml') }));
    zipped.writeUInt32LE(40 * MB, 22);
    expect(failure(zipped)).toMatch(/declares 41943040 bytes/);
  });
});
