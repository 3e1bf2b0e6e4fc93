import * as accounts from '../../src/modules/accounts/accounts.service';
import { CreateApiKeyInput, CreateMemberInput, LoginInput, SignupInput, UpdateWorkspaceInput, VerificationKeyInput } from '../../src/modules/accounts/accounts.inputs';
import { parseInput } from '../../src/validation';
import { param, route } from '../route';
import { snake } from '../shape';

// decisions.md §2: signup and login show the workspace as {id, name, timezone}.
const session = ({ token, user, workspace }: Awaited<ReturnType<typeof accounts.login>>) => ({
  token,
  user,
  workspace: { id: workspace.id, name: workspace.name, timezone: workspace.timezone },
});

export const accountRoutes = [
  route({ method: 'post', path: '/auth/signup', auth: 'none', status: 201, handle: async (ctx, req) => session(await accounts.signup(ctx, await parseInput(SignupInput, req.body))) }),
  route({ method: 'post', path: '/auth/login', auth: 'none', handle: async (ctx, req) => session(await accounts.login(ctx, await parseInput(LoginInput, req.body))) }),
  route({ method: 'get', path: '/settings', handle: async (ctx) => snake(await accounts.getSettings(ctx)) }),
  route({ method: 'patch', path: '/settings/workspace', handle: async (ctx, req) => snake(await accounts.updateWorkspace(ctx, await parseInput(UpdateWorkspaceInput, req.body))) }),
  route({ method: 'get', path: '/settings/api-keys', handle: async (ctx) => snake(await accounts.listApiKeys(ctx)) }),
  route({ method: 'post', path: '/settings/api-keys', status: 201, handle: async (ctx, req) => snake(await accounts.createApiKey(ctx, await parseInput(CreateApiKeyInput, req.body))) }),
  route({ method: 'delete', path: '/settings/api-keys/:id', handle: (ctx, req) => accounts.deleteApiKey(ctx, param(req, 'id')) }),
  route({ method: 'put', path: '/settings/verification-key', handle: async (ctx, req) => snake(await accounts.setVerificationKey(ctx, await parseInput(VerificationKeyInput, req.body))) }),
  route({ method: 'get', path: '/settings/members', handle: async (ctx) => snake(await accounts.listMembers(ctx)) }),
  route({ method: 'post', path: '/settings/members', handle: async (ctx, req) => snake(await accounts.addMember(ctx, await parseInput(CreateMemberInput, req.body))) }),
  route({ method: 'delete', path: '/settings/members/:id', handle: (ctx, req) => accounts.deleteMember(ctx, param(req, 'id')) }),
];
