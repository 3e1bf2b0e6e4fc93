import type { AppModule } from '../../app-module';
import { InboxFolderCursor } from './inbox-folder-cursor.entity';
import { repliesTimeline } from './lead-timeline.source';
import { ReplyItem } from './reply-item.entity';

export const repliesModule: AppModule = {
  name: 'replies',
  description: 'Reading every inbox over IMAP: replies, bounces and auto-replies matched to what we sent, their effects on leads, and the reply inbox.',
  entities: [ReplyItem, InboxFolderCursor],
  timelineSources: [repliesTimeline],
};
