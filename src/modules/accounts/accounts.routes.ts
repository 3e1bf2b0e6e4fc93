// decisions.md §2: sign-up, login, settings, API keys, the verification key and members.
import { body, jsonRoute, publicRoute } from '../../contracts/api-route';
import { Deleted } from '../../contracts/graphql/common.types';
import * as accounts from './accounts.service';
import { CreateApiKeyInput, CreateMemberInput, LoginInput, SignupInput, UpdateWorkspaceInput, VerificationKeyInput } from './accounts.inputs';
import { ApiKeyView, AuthPayload, CreatedApiKey, Settings, UserView, VerificationKeyStatus, WorkspaceView } from './accounts.types';

// decisions.md §2: signup and login show the workspace as {id, name, timezone}.
const session = ({ token, user, workspace }: Awaited<ReturnType<typeof accounts.login>>) => ({
  token,
  user,
  workspace: { id: workspace.id, name: workspace.name, timezone: workspace.timezone },
});
const sessionAnswer = {
  type: AuthPayload,
  omit: ['workspace.recentContactDays', 'workspace.placementSchedule', 'workspace.placementProtectBelow'],
  description: 'A session token (Bearer, 30 days), the user and the workspace {id, name, timezone}.',
};

export const accountRoutes = [
  publicRoute({
    method: 'post',
    path: '/auth/signup',
    auth: 'none',
    status: 201,
    summary: 'Sign up: creates a workspace and its owner',
    description: '429 rate_limited (with Retry-After) after 20 sign-ups from one client address within an hour.',
    body: body(SignupInput),
    response: sessionAnswer,
    handle: async (ctx, { body }) => session(await accounts.signup(ctx, body)),
  }),
  publicRoute({
    method: 'post',
    path: '/auth/login',
    auth: 'none',
    summary: 'Log in with email and password',
    description:
      '429 rate_limited (with Retry-After) after 10 failed attempts for the address, or 30 from one client address, within 15 minutes, until the window passes; a right password included.',
    body: body(LoginInput),
    response: sessionAnswer,
    handle: async (ctx, { body }) => session(await accounts.login(ctx, body)),
  }),
  jsonRoute({
    method: 'get',
    path: '/settings',
    scope: 'all',
    summary: 'The workspace, the caller and whether a verification key is set',
    response: { type: Settings, shape: 'snake' },
    handle: (ctx) => accounts.getSettings(ctx),
  }),
  jsonRoute({
    method: 'patch',
    path: '/settings/workspace',
    scope: 'all',
    summary: "Change the workspace's name, zone or recent-contact days",
    description: 'Owner only: a member or an API key (which acts with member rights) gets 403 owner_required.',
    body: body(UpdateWorkspaceInput),
    response: { type: WorkspaceView, shape: 'snake' },
    handle: (ctx, { body }) => accounts.updateWorkspace(ctx, body),
  }),
  jsonRoute({
    method: 'get',
    path: '/settings/api-keys',
    scope: 'all',
    summary: 'API keys (session token only)',
    response: { type: ApiKeyView, list: true, shape: 'snake' },
    handle: (ctx) => accounts.listApiKeys(ctx),
  }),
  jsonRoute({
    method: 'post',
    path: '/settings/api-keys',
    scope: 'all',
    status: 201,
    summary: 'Create an API key (session token only); the key is shown only here',
    body: body(CreateApiKeyInput),
    response: { type: CreatedApiKey, shape: 'snake' },
    handle: (ctx, { body }) => accounts.createApiKey(ctx, body),
  }),
  jsonRoute({
    method: 'delete',
    path: '/settings/api-keys/:id',
    scope: 'all',
    summary: 'Revoke an API key (session token only)',
    response: { type: Deleted },
    handle: (ctx, { params }) => accounts.deleteApiKey(ctx, params.id),
  }),
  jsonRoute({
    method: 'put',
    path: '/settings/verification-key',
    scope: 'all',
    summary: "Save the address verifier's key (owner session only)",
    body: body(VerificationKeyInput),
    response: { type: VerificationKeyStatus, shape: 'snake' },
    handle: (ctx, { body }) => accounts.setVerificationKey(ctx, body),
  }),
  jsonRoute({
    method: 'get',
    path: '/settings/members',
    scope: 'all',
    summary: "The workspace's members",
    response: { type: UserView, list: true, shape: 'snake' },
    handle: (ctx) => accounts.listMembers(ctx),
  }),
  jsonRoute({
    method: 'post',
    path: '/settings/members',
    scope: 'all',
    summary: 'Add a member (owner session only)',
    body: body(CreateMemberInput),
    response: { type: UserView, shape: 'snake' },
    handle: (ctx, { body }) => accounts.addMember(ctx, body),
  }),
  jsonRoute({
    method: 'delete',
    path: '/settings/members/:id',
    scope: 'all',
    summary: 'Remove a member (owner session only); their API keys and sessions end with them',
    response: { type: Deleted },
    handle: (ctx, { params }) => accounts.deleteMember(ctx, params.id),
  }),
];
