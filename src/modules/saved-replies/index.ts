import type { AppModule } from '../../runtime/app-module';
import { SavedRepliesResolver } from './saved-replies.resolver';
import { savedReplyRoutes } from './saved-replies.routes';
import { SavedReply } from './saved-reply.entity';

export const savedRepliesModule: AppModule = {
  name: 'saved-replies',
  description: 'Reply templates shared by the workspace, built-in examples, and rendering one for a reply or a lead.',
  entities: [SavedReply],
  resolvers: [SavedRepliesResolver],
  routes: savedReplyRoutes,
};
