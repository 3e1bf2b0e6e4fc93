import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { checkInput } from '../../contracts/validation/validate-input';
import { AnalyticsInput } from './analytics.inputs';
import { reportAnalytics, reportSummary } from './workspace-reports.service';
import { AnalyticsView, ReportSummaryView } from './workspace-reports.types';

@Resolver()
export class WorkspaceReportsResolver {
  @Scope('reports:read')
  @Query(() => ReportSummaryView, { description: 'GET /reports/summary.' })
  reportSummary(@Ctx() ctx: Context) {
    return reportSummary(authed(ctx));
  }

  @Scope('reports:read')
  @Query(() => AnalyticsView, { description: 'GET /reports/analytics.' })
  async reportAnalytics(@Arg('input', () => AnalyticsInput, { nullable: true }) input: AnalyticsInput | null, @Ctx() ctx: Context) {
    return reportAnalytics(authed(ctx), await checkInput(Object.assign(new AnalyticsInput(), input ?? {})));
  }
}
