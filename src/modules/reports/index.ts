import type { AppModule } from '../../app-module';
import { CampaignActivityResolver } from './campaign-activity.resolver';
import { CampaignStatsResolver } from './campaign-stats.resolver';
import { DmarcReportRow } from './dmarc/dmarc-report.entity';
import { reportRoutes } from './reports.routes';
import { WorkspaceReportsResolver } from './workspace-reports.resolver';

export const reportsModule: AppModule = {
  name: 'reports',
  description: "Campaign numbers (stats, activity, bounces) and the workspace's summary and analytics.",
  entities: [DmarcReportRow],
  resolvers: [CampaignActivityResolver, CampaignStatsResolver, WorkspaceReportsResolver],
  routes: reportRoutes,
};
