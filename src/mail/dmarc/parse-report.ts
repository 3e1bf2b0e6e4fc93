import { isIP } from 'node:net';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { unpack } from './decompress';

/** One RFC 7489 appendix C aggregate report, as /reports/dmarc needs it (summary counts, sources, latest). */
export interface DmarcReport {
  orgName: string;
  email: string | null;
  reportId: string;
  begin: Date;
  end: Date;
  domain: string | null;
  policy: { p: string | null; sp: string | null; pct: number | null; adkim: string | null; aspf: string | null };
  records: DmarcRecord[];
  /** Sum of the records' counts. */
  messages: number;
}

export interface DmarcRecord {
  sourceIp: string;
  count: number;
  disposition: string | null;
  /** policy_evaluated results (after alignment): 'pass' | 'fail', or null when absent. */
  dkim: string | null;
  spf: string | null;
  headerFrom: string | null;
  authResults: { dkim: { domain: string | null; result: string | null; selector: string | null }[]; spf: { domain: string | null; result: string | null }[] };
}

/** Longest text kept from any field: these end up in database columns and API answers. */
const MAX_FIELD = 255;

// Every value stays a string (parseTagValue false) and is parsed by us, so "0x10" or "1e400" never become numbers.
// processEntities false: nothing is expanded by the parser; a DOCTYPE is refused before parsing anyway.
const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  processEntities: false,
  htmlEntities: false,
  // One record and many records (one and many auth results) must come out the same shape.
  isArray: (_name, jPath) => jPath === 'feedback.record' || jPath === 'feedback.record.auth_results.dkim' || jPath === 'feedback.record.auth_results.spf',
});

type Node = Record<string, unknown>;

/** A report, or why the attachment is none. */
export type DmarcReportResult = DmarcReport | { error: string };

export function parseDmarcReport(content: Buffer, filename?: string, contentType?: string): DmarcReportResult {
  // filename and content type are not trusted for the format (see detectFormat); they only label errors.
  const label = filename ?? contentType ?? 'report';
  try {
    const unpacked = unpack(content);
    if ('error' in unpacked) return { error: `${label}: ${unpacked.error}` };
    const result = fromXml(unpacked.xml.toString('utf8'));
    return 'error' in result ? { error: `${label}: ${result.error}` } : result;
  } catch (err) {
    // Nothing above should throw, but a report is mail from strangers: never let it take the poller down.
    return { error: `${label}: ${(err as Error).message}` };
  }
}

function fromXml(xml: string): DmarcReport | { error: string } {
  // Reports never carry a DTD; refusing one rules out entity expansion (billion laughs) and external entities outright.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { error: 'XML with a DOCTYPE or ENTITY declaration is refused' };
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { error: `malformed XML: ${valid.err.msg} (line ${valid.err.line})` };
  const feedback = child(parser.parse(xml) as Node, 'feedback');
  if (!feedback) return { error: 'no <feedback> root element' };

  const meta = child(feedback, 'report_metadata');
  const reportId = text(meta?.report_id);
  if (!reportId) return { error: 'report_id missing' };
  const range = child(meta, 'date_range');
  const begin = unixSeconds(range?.begin);
  const end = unixSeconds(range?.end);
  if (!begin || !end || end < begin) return { error: 'date_range missing or invalid' };

  const published = child(feedback, 'policy_published');
  const records: DmarcRecord[] = [];
  let messages = 0;
  for (const raw of asArray(feedback.record)) {
    const record = toRecord(raw);
    if ('error' in record) return record;
    records.push(record);
    messages += record.count;
  }
  return {
    orgName: text(meta?.org_name) ?? '',
    email: text(meta?.email),
    reportId,
    begin,
    end,
    domain: text(published?.domain),
    policy: {
      p: text(published?.p),
      sp: text(published?.sp),
      pct: count(published?.pct),
      adkim: text(published?.adkim),
      aspf: text(published?.aspf),
    },
    records,
    messages,
  };
}

function toRecord(raw: unknown): DmarcRecord | { error: string } {
  const row = child(raw, 'row');
  const sourceIp = text(row?.source_ip);
  if (!sourceIp || !isIP(sourceIp)) return { error: `record source_ip missing or invalid: ${sourceIp}` };
  const n = count(row?.count);
  if (n === null) return { error: `record count missing or invalid for ${sourceIp}` };
  const evaluated = child(row, 'policy_evaluated');
  const auth = child(raw, 'auth_results');
  return {
    sourceIp,
    count: n,
    disposition: text(evaluated?.disposition),
    dkim: text(evaluated?.dkim),
    spf: text(evaluated?.spf),
    headerFrom: text(child(raw, 'identifiers')?.header_from),
    authResults: {
      dkim: asArray(auth?.dkim).map((d) => ({ domain: text(child(d)?.domain), result: text(child(d)?.result), selector: text(child(d)?.selector) })),
      spf: asArray(auth?.spf).map((s) => ({ domain: text(child(s)?.domain), result: text(child(s)?.result) })),
    },
  };
}

/** An element with children, or undefined (a text-only or missing element where children were expected). */
function child(parent: unknown, name?: string): Node | undefined {
  const value = name === undefined ? parent : isNode(parent) ? parent[name] : undefined;
  return isNode(value) ? value : undefined;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Trimmed text of a leaf, with XML's five predefined entities and character references decoded (the parser leaves them
 *  alone because processEntities is off); null when missing, empty or not a leaf. */
function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const decoded = value
    .replace(/&(amp|lt|gt|quot|apos);|&#(\d{1,7});|&#x([0-9a-f]{1,6});/gi, (whole, name: string, dec: string, hex: string) => {
      if (name) return PREDEFINED[name.toLowerCase()] ?? whole;
      const code = dec ? Number(dec) : parseInt(hex, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .trim();
  return decoded ? decoded.slice(0, MAX_FIELD) : null;
}

/** A non-negative integer written in plain digits (no sign, exponent or hex), within the safe integer range. */
function count(value: unknown): number | null {
  const s = text(value);
  return s && /^\d{1,15}$/.test(s) ? Number(s) : null;
}

/** Unix seconds → Date; the range check refuses milliseconds sent by mistake and dates before 2000 or after 2100. */
function unixSeconds(value: unknown): Date | null {
  const seconds = count(value);
  return seconds !== null && seconds >= 946684800 && seconds < 4102444800 ? new Date(seconds * 1000) : null;
}
