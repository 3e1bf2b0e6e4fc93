import type { AppModule } from '../../app-module';
import { PlacementCopy, PlacementTest } from './placement.entity';

export const placementModule: AppModule = {
  name: 'placement',
  description: 'Placement tests: each sending inbox emails the seed inboxes, which are read over IMAP to see where each copy landed (decisions.md §16).',
  entities: [PlacementTest, PlacementCopy],
};
