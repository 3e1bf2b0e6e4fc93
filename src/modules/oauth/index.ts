import type { AppModule } from '../../runtime/app-module';
import { InboxOAuth } from './inbox-oauth.entity';
import { OAuthResolver } from './oauth.resolver';
import { oauthRoutes } from './oauth.routes';
import { OAuthState } from './oauth-state.entity';

export const oauthModule: AppModule = {
  name: 'oauth',
  description: 'Google and Microsoft inboxes connected with OAuth 2.0 (decisions.md §15): the providers, the connection and the tokens.',
  entities: [InboxOAuth, OAuthState],
  resolvers: [OAuthResolver],
  routes: oauthRoutes,
};
