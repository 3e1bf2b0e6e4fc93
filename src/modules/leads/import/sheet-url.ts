// The link a spreadsheet import reads. People paste the link they see, not the CSV link, so a Google
// Sheets link is turned into the CSV form of the same sheet (same tab when the link names one):
//   …/spreadsheets/d/e/<key>/pubhtml[?gid=…]   (File → Share → Publish to web, "Web page")  → …/pub?…&output=csv
//   …/spreadsheets/d/e/<key>/pub?output=xlsx  (published in another format)                → output=csv
//   …/spreadsheets/d/<id>/edit#gid=…          (a sheet shared with anyone with the link)   → …/export?format=csv&gid=…
// Any other link is read as it is (it must already answer CSV). Only http(s) links are taken.
import { AppError } from '../../../contracts/errors';

const GOOGLE_SHEETS_HOST = 'docs.google.com';
const PUBLISHED = /^(\/spreadsheets\/d\/e\/[A-Za-z0-9_-]+)\/(pubhtml|pub)(\/.*)?$/;
const DOCUMENT = /^(\/spreadsheets\/d\/(?!e\/)[A-Za-z0-9_-]+)(?:\/(?:edit|view|htmlview|preview|export|copy)(?:\/.*)?|\/)?$/;

// Google answers a published sheet's CSV link with a redirect to the file on its content servers.
const GOOGLE_CONTENT_DOMAIN = 'googleusercontent.com';

/** Where the allowed publishers may redirect a sheet link to (never a place a link may start from). */
export function sheetRedirectDomains(allowedHosts: readonly string[]): string[] {
  return allowedHosts.some((h) => h.trim().toLowerCase().replace(/\.$/, '') === GOOGLE_SHEETS_HOST) ? [GOOGLE_CONTENT_DOMAIN] : [];
}

export function invalidSheetUrl() {
  return new AppError('invalid_url', 'url must be an http(s) link of a spreadsheet published as CSV.');
}

/** The CSV link for a spreadsheet link; 400 `invalid_url` for anything that is not an http(s) URL. */
export function sheetCsvUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalidSheetUrl();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidSheetUrl();
  if (url.hostname.toLowerCase() !== GOOGLE_SHEETS_HOST) return url.toString();

  const gid = url.searchParams.get('gid') ?? new URLSearchParams(url.hash.replace(/^#/, '')).get('gid');
  const published = PUBLISHED.exec(url.pathname);
  if (published) {
    const out = new URL(`${published[1]}/pub`, url.origin);
    if (gid !== null) out.searchParams.set('gid', gid);
    if (gid !== null || url.searchParams.get('single') === 'true') out.searchParams.set('single', 'true');
    out.searchParams.set('output', 'csv');
    return out.toString();
  }
  const document = DOCUMENT.exec(url.pathname);
  if (document) {
    const out = new URL(`${document[1]}/export`, url.origin);
    out.searchParams.set('format', 'csv');
    if (gid !== null) out.searchParams.set('gid', gid);
    return out.toString();
  }
  return url.toString();
}
