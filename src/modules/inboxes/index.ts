import type { AppModule } from '../../runtime/app-module';
import { DomainCheckResult } from './domain-check-result.entity';
import { InboxChecksResolver } from './inbox-checks.resolver';
import { InboxDayStat } from './inbox-day-stat.entity';
import { Inbox } from './inbox.entity';
import { InboxesResolver } from './inboxes.resolver';
import { inboxRoutes } from './inboxes.routes';
import { RateLimitHit } from './rate-limit-hit.entity';

export const inboxesModule: AppModule = {
  name: 'inboxes',
  description: 'Connected SMTP/IMAP inboxes (REST calls them mailboxes): limits, ramp, scores, the connection test and domain health.',
  entities: [Inbox, InboxDayStat, RateLimitHit, DomainCheckResult],
  resolvers: [InboxesResolver, InboxChecksResolver],
  routes: inboxRoutes,
};
