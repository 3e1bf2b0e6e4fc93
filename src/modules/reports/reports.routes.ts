// api.md Reports and campaign numbers: stats, activity and bounces of a campaign; the workspace summary
// and analytics (JSON and CSV); the DMARC report and its address.
import { body, csvDownloadRoute, jsonRoute, query } from '../../contracts/api-route';
import { analyticsCsv } from './analytics-csv';
import { AnalyticsCsvInput, AnalyticsInput } from './analytics.inputs';
import { ActivityPageInput } from './campaign-activity.inputs';
import { campaignActivity, campaignBounces } from './campaign-activity.service';
import { ActivityPageView, BouncePageView } from './campaign-activity.types';
import { campaignStats, type DayStats } from './campaign-stats.service';
import { CampaignStatsView } from './campaign-stats.types';
import { DmarcReportAddressInput, DmarcReportArgs } from './dmarc/dmarc.inputs';
import { readDmarcReport, setDmarcReportAddress } from './dmarc/dmarc.service';
import { DmarcReportAddressView, DmarcReportView } from './dmarc/dmarc.types';
import { reportAnalytics, reportSummary } from './workspace-reports.service';
import { daysQuery } from './report-days.inputs';
import { AnalyticsView, ReportSummaryView } from './workspace-reports.types';
import { objectPage } from '../../contracts/pagination/keyset';

/** A past day has no `pending`, and only upcoming days carry `future: true` (api.md). */
function dayRow({ pending, future, ...counts }: DayStats) {
  return { ...counts, ...(pending === null ? {} : { pending }), ...(future ? { future } : {}) };
}

export const reportRoutes = [
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id/stats',
    scope: 'reports:read',
    summary: "A campaign's numbers: per variant, per day and its leads",
    response: { type: CampaignStatsView, shape: 'snake', optional: ['byDay.pending', 'byDay.future'] },
    handle: async (ctx, { params }) => {
      const { byDay, ...stats } = await campaignStats(ctx, params.id);
      return { ...stats, byDay: byDay.map(dayRow) };
    },
  }),
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id/activity',
    scope: 'reports:read',
    summary: "A campaign's sends and what followed, newest first",
    query: query(ActivityPageInput),
    cursorPage: true,
    response: { type: ActivityPageView, omit: ['nextCursor'] },
    handle: async (ctx, { params, query }) => {
      const { nextCursor, ...body } = await campaignActivity(ctx, params.id, query);
      return objectPage(body, nextCursor);
    },
  }),
  jsonRoute({
    method: 'get',
    path: '/campaigns/:id/bounces',
    scope: 'reports:read',
    summary: "A campaign's bounces, newest first",
    query: query(ActivityPageInput),
    cursorPage: true,
    response: { type: BouncePageView, omit: ['nextCursor'] },
    handle: async (ctx, { params, query }) => {
      const { nextCursor, ...body } = await campaignBounces(ctx, params.id, query);
      return objectPage(body, nextCursor);
    },
  }),
  jsonRoute({
    method: 'get',
    path: '/reports/summary',
    scope: 'reports:read',
    summary: 'The workspace at a glance',
    response: { type: ReportSummaryView, shape: 'snake' },
    handle: (ctx) => reportSummary(ctx),
  }),
  jsonRoute({
    method: 'get',
    path: '/reports/analytics',
    scope: 'reports:read',
    summary: 'Sent, replies and bounces over a period, by day, campaign and inbox',
    query: query(AnalyticsInput),
    response: { type: AnalyticsView, shape: 'snake' },
    handle: (ctx, { query }) => reportAnalytics(ctx, query),
  }),
  csvDownloadRoute({
    method: 'get',
    path: '/reports/analytics.csv',
    scope: 'reports:read',
    summary: 'One grouping of the analytics report as CSV',
    query: query(AnalyticsCsvInput),
    response: { schema: { type: 'string' }, description: 'text/csv' },
    handle: async (ctx, { query: { group = 'campaign', ...input } }, open) => {
      const report = await reportAnalytics(ctx, input);
      await open(`analytics-${group}-${report.from}-${report.to}.csv`).write(analyticsCsv(report, group));
    },
  }),
  jsonRoute({
    method: 'get',
    path: '/reports/dmarc',
    scope: 'reports:read',
    summary: 'DMARC aggregate reports received at the report address',
    query: daysQuery(DmarcReportArgs),
    response: { type: DmarcReportView, shape: 'snake' },
    handle: (ctx, { query }) => readDmarcReport(ctx, query),
  }),
  jsonRoute({
    method: 'patch',
    path: '/reports/dmarc',
    scope: 'mailboxes:write',
    summary: 'Set the inbox that receives DMARC aggregate reports (null turns it off)',
    body: body(DmarcReportAddressInput),
    response: { type: DmarcReportAddressView, shape: 'snake' },
    handle: (ctx, { body }) => setDmarcReportAddress(ctx, body),
  }),
];
