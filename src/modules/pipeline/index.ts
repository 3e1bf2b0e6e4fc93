import type { AppModule } from '../../runtime/app-module';
import { PipelineResolver } from './pipeline.resolver';
import { pipelineRoutes } from './pipeline.routes';

export const pipelineModule: AppModule = {
  name: 'pipeline',
  description: 'The sales pipeline: leads by stage with counts and values, and moving a lead that has replied.',
  resolvers: [PipelineResolver],
  routes: pipelineRoutes,
};
