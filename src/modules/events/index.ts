import type { AppModule } from '../../runtime/app-module';
import { Event } from './event.entity';

export const eventsModule: AppModule = {
  name: 'events',
  description: 'Events recorded once per change (unsubscribe, …), in the transaction of the change.',
  entities: [Event],
};
