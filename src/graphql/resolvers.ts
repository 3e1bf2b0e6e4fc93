// Every resolver class in the schema. A new module adds its resolver here.
import type { NonEmptyArray } from 'type-graphql';
import { AccountsResolver } from '../modules/accounts/accounts.resolver';
import { InboxesResolver } from '../modules/inboxes/inboxes.resolver';
import { InboxChecksResolver } from '../modules/inboxes/inbox-checks.resolver';
import { CampaignsResolver } from '../modules/campaigns/campaigns.resolver';
import { StepsResolver } from '../modules/steps/steps.resolver';
import { LeadImportResolver } from '../modules/leads/import.resolver';
import { LeadsResolver } from '../modules/leads/leads.resolver';
import { LeadFiltersResolver } from '../modules/leads/lead-filters.resolver';
import { LeadListsResolver } from '../modules/leads/lead-lists.resolver';
import { BlocklistResolver } from '../modules/blocklist/blocklist.resolver';
import { SendingResolver } from '../modules/sending/sending.resolver';
import { TasksResolver } from '../modules/tasks/tasks.resolver';
import { OneOffsResolver } from '../modules/one-offs/one-offs.resolver';
import { CampaignActivityResolver } from '../modules/reports/campaign-activity.resolver';
import { CampaignStatsResolver } from '../modules/reports/campaign-stats.resolver';
import { WorkspaceReportsResolver } from '../modules/reports/workspace-reports.resolver';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [AccountsResolver, InboxesResolver, InboxChecksResolver, CampaignsResolver, StepsResolver, LeadImportResolver, LeadsResolver, LeadFiltersResolver, LeadListsResolver, BlocklistResolver, SendingResolver, TasksResolver, OneOffsResolver, CampaignActivityResolver, CampaignStatsResolver, WorkspaceReportsResolver];
