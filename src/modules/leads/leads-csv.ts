// GET /campaigns/:id/leads.csv: the campaign's leads as RFC 4180 CSV, written batch by batch as they are
// read (keyset pages: leads-csv.queries.ts), so memory stays flat however many leads the campaign holds. Cells that a spreadsheet would run as a formula are neutralised.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Campaign } from '../campaigns/campaign.entity';
import { campaignLeadsCsvPage, CSV_PAGE, type CsvLeadRow } from './leads-csv.queries';

export const FIXED_COLUMNS = ['email', 'status', 'interest', 'current_step', 'stop_reason', 'created_at', 'last_sent_at', 'replied_at', 'next_due_at'] as const;

// A cell starting with one of these is read as a formula by Excel, LibreOffice and Google Sheets
// (tab and CR too, which some of them skip before looking); a leading quote makes it text (OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One RFC 4180 field: quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = neutralizeFormula(value instanceof Date ? value.toISOString() : value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF line end. */
export const csvRecord = (values: readonly (string | number | Date | null | undefined)[]): string => `${values.map(csvField).join(',')}\r\n`;

/** Where the CSV goes; write resolves when the receiver can take more (back-pressure). */
export interface CsvSink {
  write(chunk: string): Promise<void>;
}

/**
 * Writes the header and every lead of the campaign, oldest first. `fields` are the lead-field columns
 * (same order as lead-fields). The campaign came through the caller's workspace-filtered em, so its id
 * scopes the reads. The next page is read while this one is turned into CSV and written (it needs only
 * this page's last key), so the database and the event loop work side by side rather than in turns:
 * at most two pages are held at once.
 */
export async function writeCampaignLeadsCsv(em: EntityManager, campaign: Campaign, fields: readonly string[], sink: CsvSink): Promise<number> {
  await sink.write(csvRecord([...FIXED_COLUMNS, ...fields]));
  let next = campaignLeadsCsvPage(em, campaign.id, fields, null);
  let written = 0;
  for (;;) {
    const rows = await next;
    const more = rows.length === CSV_PAGE;
    if (more) {
      const last = rows[rows.length - 1]!;
      next = campaignLeadsCsvPage(em, campaign.id, fields, { createdAt: last.created_at, id: last.id });
      // Awaited at the top of the loop; this only keeps a read the loop never reaches (the sink
      // failed: the client went away) from going unhandled.
      next.catch(() => undefined);
    }
    if (rows.length) await sink.write(csvChunk(rows, fields.length));
    written += rows.length;
    if (!more) return written;
  }
}

/** A page of leads as CSV records. */
function csvChunk(rows: readonly CsvLeadRow[], fieldCount: number): string {
  const fieldKeys = Array.from({ length: fieldCount }, (_, i) => `f${i}` as const);
  let chunk = '';
  for (const r of rows) {
    chunk += csvRecord([r.email, r.status, r.interest, r.current_step, r.stop_reason, r.created_iso, r.last_sent_at, r.replied_at, r.next_due_at, ...fieldKeys.map((k) => r[k])]);
  }
  return chunk;
}

/** A download name from the campaign name: ASCII letters, digits and dashes only (safe in a header). */
export function csvFileName(campaignName: string): string {
  const slug = campaignName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'campaign'}-leads.csv`;
}
