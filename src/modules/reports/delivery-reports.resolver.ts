// GraphQL beside GET /reports/deliverability, GET /reports/domains and GET /analytics/best-time.
import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { bestTimeReport } from './best-time.service';
import { BestTimeReportView } from './best-time.types';
import { deliverabilityReport } from './deliverability.service';
import { DeliverabilityReportView } from './deliverability.types';
import { domainsReport } from './domains-report.service';
import { DomainsReportView } from './domains-report.types';
import { BestTimeArgs, DomainsReportArgs } from './report-days.inputs';

@Resolver()
export class DeliveryReportsResolver {
  @Scope('reports:read')
  @Query(() => DeliverabilityReportView, { description: 'GET /reports/deliverability: SMTP outcomes, bounce reasons and inboxes over the last 7 days.' })
  deliverabilityReport(@Ctx() ctx: Context) {
    return deliverabilityReport(authed(ctx));
  }

  @Scope('reports:read')
  @Query(() => DomainsReportView, { description: 'GET /reports/domains: per sending domain, sent and allowed on each of the last `days` days.' })
  domainsReport(@Args() args: DomainsReportArgs, @Ctx() ctx: Context) {
    return domainsReport(authed(ctx), args);
  }

  @Scope('reports:read')
  @Query(() => BestTimeReportView, { description: 'GET /analytics/best-time: replies by weekday and hour in the workspace timezone over the last `days` days.' })
  bestTimeReport(@Args() args: BestTimeArgs, @Ctx() ctx: Context) {
    return bestTimeReport(authed(ctx), args);
  }
}
