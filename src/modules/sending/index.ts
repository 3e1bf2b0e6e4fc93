import type { AppModule } from '../../runtime/app-module';
import { contribute } from '../../runtime/extensions';
import { TIMELINE_SOURCES } from '../leads/lead-timeline';
import { Bounce } from './bounce.entity';
import { createDispatchJob } from './dispatch.job';
import { sendingTimeline } from './lead-timeline.source';
import { SendAttempt } from './send-attempt.entity';
import { Send } from './send.entity';
import { SendingResolver } from './sending.resolver';
import { sendingRoutes } from './sending.routes';
import { TrackingEvent } from './tracking-event.entity';

export const sendingModule: AppModule = {
  name: 'sending',
  description: 'Planning and delivering each lead its sequence inside every limit, tracking links, unsubscribe, and the sending status.',
  entities: [Send, SendAttempt, TrackingEvent, Bounce],
  resolvers: [SendingResolver],
  routes: sendingRoutes,
  jobs: (config) => [createDispatchJob(config.schedulerTickSeconds)],
  contributes: [contribute(TIMELINE_SOURCES, sendingTimeline)],
};
