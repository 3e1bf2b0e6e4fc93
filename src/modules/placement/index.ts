import type { AppModule } from '../../runtime/app-module';
import { createPlacementScheduleJob, createPlacementTestJob } from './placement.job';
import { PlacementCopy, PlacementTest } from './placement.entity';
import { PlacementResolver } from './placement.resolver';
import { placementRoutes } from './placement.routes';

export const placementModule: AppModule = {
  name: 'placement',
  description: 'Placement tests: each sending inbox emails the seed inboxes, which are read over IMAP to see where each copy landed (decisions.md §16).',
  entities: [PlacementTest, PlacementCopy],
  resolvers: [PlacementResolver],
  routes: placementRoutes,
  jobs: () => [createPlacementTestJob(), createPlacementScheduleJob()],
};
