import type { AppModule } from '../../runtime/app-module';
import { BlocklistEntry } from './blocklist-entry.entity';
import { BlocklistResolver } from './blocklist.resolver';
import { blocklistRoutes } from './blocklist.routes';

export const blocklistModule: AppModule = {
  name: 'blocklist',
  description: 'Addresses and domains the workspace never emails.',
  entities: [BlocklistEntry],
  resolvers: [BlocklistResolver],
  routes: blocklistRoutes,
};
