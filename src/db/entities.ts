// Every entity the ORM knows. A new module adds its entities here (and a migration under migrations/).
import { ApiKey } from '../modules/accounts/api-key.entity';
import { SessionToken } from '../modules/accounts/session-token.entity';
import { User } from '../modules/accounts/user.entity';
import { Workspace } from '../modules/accounts/workspace.entity';
import { BlocklistEntry } from '../modules/blocklist/blocklist-entry.entity';
import { Campaign } from '../modules/campaigns/campaign.entity';
import { InboxDayStat } from '../modules/inboxes/inbox-day-stat.entity';
import { Inbox } from '../modules/inboxes/inbox.entity';
import { RateLimitHit } from '../modules/inboxes/rate-limit-hit.entity';
import { LeadCount } from '../modules/leads/lead-count.entity';
import { LeadFilter } from '../modules/leads/lead-filter.entity';
import { LeadListEntry } from '../modules/leads/lead-list-entry.entity';
import { LeadList } from '../modules/leads/lead-list.entity';
import { Lead } from '../modules/leads/lead.entity';
import { Bounce } from '../modules/sending/bounce.entity';
import { SendAttempt } from '../modules/sending/send-attempt.entity';
import { Send } from '../modules/sending/send.entity';
import { TrackingEvent } from '../modules/sending/tracking-event.entity';
import { Task } from '../modules/tasks/task.entity';
import { Event } from '../modules/events/event.entity';
import { SequenceTemplate } from '../modules/steps/sequence-template.entity';
import { Step } from '../modules/steps/step.entity';

export const entities = [Workspace, User, SessionToken, ApiKey, Inbox, InboxDayStat, RateLimitHit, Campaign, Step, SequenceTemplate,
  Lead, LeadList, LeadListEntry, LeadFilter, BlocklistEntry, LeadCount,
  Send, SendAttempt, TrackingEvent, Bounce, Task, Event];
