// Reading a published spreadsheet for an import: one GET (never retried), only from SHEET_ALLOWED_HOSTS,
// through the SSRF guard (no loopback/private/link-local/metadata addresses unless ALLOW_PRIVATE_FETCH),
// with the CSV body limit and a timeout.
import type { Config } from '../../../runtime/config';
import { AppError } from '../../../contracts/errors';
import type { HttpPort } from '../../../runtime/ports';
import { CSV_MAX_BYTES } from './csv';
import { sheetCsvUrl, sheetRedirectDomains } from './sheet-url';

export const SHEET_TIMEOUT_MS = 30_000;

/** The sheet's CSV text; 400 when the link answers a web page (a sheet not published, or a login page). */
export async function fetchSheetCsv(http: HttpPort, config: Config, url: string): Promise<string> {
  const text = await http.fetchText(sheetCsvUrl(url), {
    allowedHosts: config.sheetAllowedHosts,
    redirectDomains: sheetRedirectDomains(config.sheetAllowedHosts),
    maxBytes: CSV_MAX_BYTES,
    timeoutMs: SHEET_TIMEOUT_MS,
  });
  if (/^\s*<(!doctype html|html)[\s>]/i.test(text.slice(0, 1000))) {
    throw new AppError(
      'sheet_not_csv',
      'The link answered with a web page, not CSV: publish the sheet to the web (File → Share → Publish to web) and send that link, or a link that answers CSV.',
    );
  }
  return text;
}
