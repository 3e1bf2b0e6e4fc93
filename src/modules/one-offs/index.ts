import type { AppModule } from '../../runtime/app-module';
import { OneOffsResolver } from './one-offs.resolver';
import { oneOffRoutes } from './one-offs.routes';

export const oneOffsModule: AppModule = {
  name: 'one-offs',
  description: 'One-off emails to a lead, outside any sequence: queued, sent by the engine, cancellable until they go.',
  resolvers: [OneOffsResolver],
  routes: oneOffRoutes,
};
