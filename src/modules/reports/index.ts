import type { AppModule } from '../../runtime/app-module';
import { CampaignActivityResolver } from './campaign-activity.resolver';
import { CampaignStatsResolver } from './campaign-stats.resolver';
import { DeliveryReportsResolver } from './delivery-reports.resolver';
import { deliveryReportRoutes } from './delivery-reports.routes';
import { DmarcReportRow } from './dmarc/dmarc-report.entity';
import { DmarcResolver } from './dmarc/dmarc.resolver';
import { reportRoutes } from './reports.routes';
import { WorkspaceReportsResolver } from './workspace-reports.resolver';

export const reportsModule: AppModule = {
  name: 'reports',
  description: "Campaign numbers (stats, activity, bounces), the workspace's summary and analytics, its deliverability, domains and best-time reports, and its DMARC reports.",
  entities: [DmarcReportRow],
  resolvers: [CampaignActivityResolver, CampaignStatsResolver, WorkspaceReportsResolver, DeliveryReportsResolver, DmarcResolver],
  routes: [...reportRoutes, ...deliveryReportRoutes],
};
