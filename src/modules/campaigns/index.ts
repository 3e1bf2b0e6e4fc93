import type { AppModule } from '../../runtime/app-module';
import { Campaign } from './campaign.entity';
import { CampaignsResolver } from './campaigns.resolver';
import { campaignRoutes } from './campaigns.routes';

export const campaignsModule: AppModule = {
  name: 'campaigns',
  description: 'Campaigns: schedule, limits and settings, launch and pause, duplicate.',
  entities: [Campaign],
  resolvers: [CampaignsResolver],
  routes: campaignRoutes,
};
