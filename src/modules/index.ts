// The ordered list of areas the composition root (src/service.ts) walks once: entities, GraphQL
// resolvers, REST routes, jobs and what areas contribute to each other's extension points (launch
// checks, timeline sources, hooks after a lead import) all come from these manifests.
// Adding an area: a folder src/modules/<area>/ with its index.ts manifest, and one line here.
import type { AppModule } from '../runtime/app-module';
import { accountsModule } from './accounts';
import { auditModule } from './audit';
import { blocklistModule } from './blocklist';
import { campaignsModule } from './campaigns';
import { checksModule } from './checks';
import { columnsModule } from './columns';
import { eventsModule } from './events';
import { inboxesModule } from './inboxes';
import { leadsModule } from './leads';
import { oauthModule } from './oauth';
import { oneOffsModule } from './one-offs';
import { pipelineModule } from './pipeline';
import { placementModule } from './placement';
import { repliesModule } from './replies';
import { reportsModule } from './reports';
import { savedRepliesModule } from './saved-replies';
import { sendingModule } from './sending';
import { stepsModule } from './steps';
import { subsequencesModule } from './subsequences';
import { tasksModule } from './tasks';
import { templatesModule } from './templates';
import { verificationModule } from './verification';
import { webhooksModule } from './webhooks';

export const appModules: readonly AppModule[] = [
  accountsModule,
  inboxesModule,
  oauthModule,
  campaignsModule,
  subsequencesModule,
  templatesModule,
  stepsModule,
  leadsModule,
  columnsModule,
  blocklistModule,
  sendingModule,
  oneOffsModule,
  verificationModule,
  tasksModule,
  repliesModule,
  savedRepliesModule,
  reportsModule,
  pipelineModule,
  eventsModule,
  webhooksModule,
  checksModule,
  auditModule,
  placementModule,
];
