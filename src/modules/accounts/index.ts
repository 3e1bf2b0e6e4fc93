import type { AppModule } from '../../runtime/app-module';
import { AccountsResolver } from './accounts.resolver';
import { accountRoutes } from './accounts.routes';
import { ApiKey } from './api-key.entity';
import { SessionToken } from './session-token.entity';
import { User } from './user.entity';
import { Workspace } from './workspace.entity';

export const accountsModule: AppModule = {
  name: 'accounts',
  description: 'Sign-up, login, workspace settings, API keys and members.',
  entities: [Workspace, User, SessionToken, ApiKey],
  resolvers: [AccountsResolver],
  routes: accountRoutes,
};
