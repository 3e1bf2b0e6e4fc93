// api.md Reports: the deliverability, domains and best-time reports (delivery-reports.resolver.ts is
// their GraphQL door).
import { jsonRoute } from '../../contracts/api-route';
import { bestTimeReport } from './best-time.service';
import { BestTimeReportView } from './best-time.types';
import { deliverabilityReport } from './deliverability.service';
import { DeliverabilityReportView } from './deliverability.types';
import { domainsReport } from './domains-report.service';
import { DomainsReportView } from './domains-report.types';
import { BestTimeArgs, daysQuery, DomainsReportArgs } from './report-days.inputs';

export const deliveryReportRoutes = [
  jsonRoute({
    method: 'get',
    path: '/reports/deliverability',
    scope: 'reports:read',
    summary: 'SMTP outcomes by code, bounce reasons and each inbox over the last 7 days',
    response: { type: DeliverabilityReportView, shape: 'snake' },
    handle: (ctx) => deliverabilityReport(ctx),
  }),
  jsonRoute({
    method: 'get',
    path: '/reports/domains',
    scope: 'reports:read',
    summary: 'Per sending domain and day: emails sent and the number allowed by the caps',
    query: daysQuery(DomainsReportArgs),
    response: { type: DomainsReportView, shape: 'snake' },
    handle: (ctx, { query }) => domainsReport(ctx, query),
  }),
  jsonRoute({
    method: 'get',
    path: '/analytics/best-time',
    scope: 'reports:read',
    summary: 'Replies by weekday and hour in the workspace timezone',
    query: daysQuery(BestTimeArgs),
    response: { type: BestTimeReportView, shape: 'snake' },
    handle: (ctx, { query }) => bestTimeReport(ctx, query),
  }),
];
