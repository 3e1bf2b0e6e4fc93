import { ANALYTICS_GROUPS, parseAnalyticsCsvQuery, parseAnalyticsQuery } from '../../src/modules/reports/analytics.inputs';
import { reportAnalytics, reportSummary, type Analytics } from '../../src/modules/reports/workspace-reports.service';
import { csvRecord } from '../../src/modules/leads/leads-csv';
import { percent } from '../../src/modules/reports/metrics';
import { route } from '../route';
import { snake } from '../shape';

const query = (q: unknown) => q as Record<string, unknown>;

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

export const reportRoutes = [
  route({ method: 'get', path: '/reports/summary', handle: async (ctx) => snake(await reportSummary(ctx)) }),
  route({ method: 'get', path: '/reports/analytics', handle: async (ctx, req) => snake(await reportAnalytics(ctx, await parseAnalyticsQuery(query(req.query)))) }),
  route({
    method: 'get',
    path: '/reports/analytics.csv',
    handle: async (ctx, req, res) => {
      const { group = 'campaign', ...input } = await parseAnalyticsCsvQuery(query(req.query));
      const report = await reportAnalytics(ctx, input);
      res.status(200);
      res.set('Content-Type', 'text/csv; charset=utf-8');
      res.set('Content-Disposition', `attachment; filename="analytics-${group}-${report.from}-${report.to}.csv"`);
      res.send(analyticsCsv(report, group));
      return undefined;
    },
  }),
];
