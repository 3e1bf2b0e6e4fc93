// GET /reports/analytics.csv: one grouping of the analytics report as CSV.
import { csvRecord } from '../leads/leads-csv';
import type { ANALYTICS_GROUPS } from './analytics.inputs';
import { percent } from './metrics';
import type { Analytics } from './workspace-reports.service';

/** The CSV of one grouping: its key column, then the figures (api.md: `campaign,sent,replies,reply_rate,
 *  positive,bounces,bounce_rate` for campaigns). Values go through csvRecord: RFC 4180 quoting, and a
 *  campaign name that looks like a formula cannot run as one. */
export function analyticsCsv(report: Analytics, group: (typeof ANALYTICS_GROUPS)[number]): string {
  const header = csvRecord([group === 'mailbox' ? 'mailbox' : group, 'sent', 'replies', 'reply_rate', 'positive', 'bounces', 'bounce_rate']);
  const rows =
    group === 'day'
      ? report.byDay.map((d) => [d.day, d.sent, d.replies, percent(d.replies, d.sent), d.positive, d.bounces, percent(d.bounces, d.sent)])
      : (group === 'campaign' ? report.byCampaign : report.byMailbox).map((r) => [r.label, r.sent, r.replies, r.replyRate, r.positive, r.bounces, r.bounceRate]);
  return header + rows.map((r) => csvRecord(r)).join('');
}
