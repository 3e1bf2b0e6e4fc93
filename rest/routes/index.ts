// The REST route table: every api.md path, grouped by area. A new area adds its list here.
import type { Route } from '../route';
import { accountRoutes } from './accounts.routes';
import { inboxRoutes } from './inboxes.routes';
import { inboxCheckRoutes } from './inbox-checks.routes';
import { campaignRoutes } from './campaigns.routes';
import { stepRoutes } from './steps.routes';
import { leadImportRoutes } from './lead-import.routes';
import { leadRoutes } from './leads.routes';
import { leadFilterRoutes } from './lead-filters.routes';
import { leadListRoutes } from './lead-lists.routes';
import { blocklistRoutes } from './blocklist.routes';
import { sendingRoutes } from './sending.routes';
import { taskRoutes } from './tasks.routes';
import { oneOffRoutes } from './one-offs.routes';
import { campaignActivityRoutes } from './campaign-activity.routes';
import { campaignStatsRoutes } from './campaign-stats.routes';
import { reportRoutes } from './reports.routes';

export const routes: Route[] = [...accountRoutes, ...inboxCheckRoutes, ...inboxRoutes, ...campaignRoutes, ...stepRoutes, ...leadImportRoutes, ...leadRoutes, ...leadFilterRoutes, ...leadListRoutes, ...blocklistRoutes, ...sendingRoutes, ...taskRoutes, ...oneOffRoutes, ...campaignActivityRoutes, ...campaignStatsRoutes, ...reportRoutes];
