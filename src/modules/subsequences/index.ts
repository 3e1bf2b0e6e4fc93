import type { AppModule } from '../../runtime/app-module';
import { contribute } from '../../runtime/extensions';
import { INTEREST_CHANGED } from '../leads/lifecycle/interest-change';
import { LEAD_COMPLETED } from '../leads/lifecycle/lead-completed';
import { REPLIES_INGESTED } from '../replies/ingest/after-ingest';
import { SubsequencesResolver } from './subsequences.resolver';
import { subsequenceRoutes } from './subsequences.routes';
import { onInterestChanged, onLeadsCompleted, onRepliesIngested } from './triggers';

export const subsequencesModule: AppModule = {
  name: 'subsequences',
  description: "Subsequences: campaigns under a campaign that take its leads when a trigger fires (an interest label, a reply's words, a finished sequence).",
  resolvers: [SubsequencesResolver],
  routes: subsequenceRoutes,
  contributes: [contribute(INTEREST_CHANGED, onInterestChanged), contribute(REPLIES_INGESTED, onRepliesIngested), contribute(LEAD_COMPLETED, onLeadsCompleted)],
};
