import type { AppModule } from '../../runtime/app-module';
import { contribute } from '../../runtime/extensions';
import { createBackgroundJobs } from './background/background.job';
import { BackgroundJobsResolver } from './background/background-jobs.resolver';
import { backgroundJobRoutes } from './background/background-jobs.routes';
import { CampaignField } from './campaign-field.entity';
import { LeadImportResolver } from './import.resolver';
import { LeadCount } from './lead-count.entity';
import { LeadFieldName } from './lead-field-name.entity';
import { LeadFilter } from './lead-filter.entity';
import { LeadFiltersResolver } from './lead-filters.resolver';
import { LeadListEntry } from './lead-list-entry.entity';
import { LeadList } from './lead-list.entity';
import { LeadListsResolver } from './lead-lists.resolver';
import { addedEntry, TIMELINE_SOURCES } from './lead-timeline';
import { Lead } from './lead.entity';
import { leadRoutes } from './leads.routes';
import { LeadsResolver } from './leads.resolver';

export const leadsModule: AppModule = {
  name: 'leads',
  description: 'Leads: the four ways in and the import rules, lists, saved filters, search, activity and export; background jobs (async imports and exports).',
  entities: [Lead, LeadList, LeadListEntry, LeadFilter, LeadCount, LeadFieldName, CampaignField],
  resolvers: [LeadImportResolver, LeadsResolver, LeadFiltersResolver, LeadListsResolver, BackgroundJobsResolver],
  routes: [...leadRoutes, ...backgroundJobRoutes],
  jobs: () => createBackgroundJobs(),
  contributes: [contribute(TIMELINE_SOURCES, addedEntry)],
};
