import type { AppModule } from '../../app-module';
import { Bounce } from './bounce.entity';
import { createDispatchJob } from './dispatch.job';
import { OneOffsResolver } from './one-offs.resolver';
import { SendAttempt } from './send-attempt.entity';
import { Send } from './send.entity';
import { SendingResolver } from './sending.resolver';
import { sendingRoutes } from './sending.routes';
import { TrackingEvent } from './tracking-event.entity';

export const sendingModule: AppModule = {
  name: 'sending',
  description: 'Planning and delivering each lead its sequence inside every limit; sending status; one-off emails.',
  entities: [Send, SendAttempt, TrackingEvent, Bounce],
  resolvers: [SendingResolver, OneOffsResolver],
  routes: sendingRoutes,
  jobs: (config) => [createDispatchJob(config.schedulerTickSeconds)],
};
