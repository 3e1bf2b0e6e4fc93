// Every entity the ORM knows. A new module adds its entities here (and a migration under migrations/).
import { ApiKey } from '../modules/accounts/api-key.entity';
import { SessionToken } from '../modules/accounts/session-token.entity';
import { User } from '../modules/accounts/user.entity';
import { Workspace } from '../modules/accounts/workspace.entity';

export const entities = [Workspace, User, SessionToken, ApiKey];
