import type { AppModule } from '../../runtime/app-module';
import { contribute } from '../../runtime/extensions';
import { TIMELINE_SOURCES } from '../leads/lead-timeline';
import { InboxFolderCursor } from './inbox-folder-cursor.entity';
import { repliesTimeline } from './lead-timeline.source';
import { createPollJob } from './poll.job';
import { ReplyItem } from './reply-item.entity';
import { RepliesResolver } from './replies.resolver';
import { replyRoutes } from './replies.routes';

export const repliesModule: AppModule = {
  name: 'replies',
  description: 'Reading every inbox over IMAP: replies, bounces and auto-replies matched to what we sent, their effects on leads, and the reply inbox.',
  entities: [ReplyItem, InboxFolderCursor],
  resolvers: [RepliesResolver],
  routes: replyRoutes,
  jobs: (config) => [createPollJob(config.imapPollSeconds)],
  contributes: [contribute(TIMELINE_SOURCES, repliesTimeline)],
};
