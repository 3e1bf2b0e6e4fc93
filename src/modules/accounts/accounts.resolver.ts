import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Deleted } from '../../contracts/graphql/common.types';
import { Public, Scope } from '../../contracts/graphql/scopes';
import * as accounts from './accounts.service';
import { CreateApiKeyInput, CreateMemberInput, LoginInput, SignupInput, UpdateWorkspaceInput, VerificationKeyInput } from './accounts.inputs';
import { ApiKeyView, AuthPayload, CreatedApiKey, Settings, UserView, VerificationKeyStatus, WorkspaceView } from './accounts.types';

@Resolver()
export class AccountsResolver {
  @Public()
  @Mutation(() => AuthPayload)
  signup(@Arg('input') input: SignupInput, @Ctx() ctx: Context) {
    return accounts.signup(ctx, input);
  }

  @Public()
  @Mutation(() => AuthPayload)
  login(@Arg('input') input: LoginInput, @Ctx() ctx: Context) {
    return accounts.login(ctx, input);
  }

  @Scope('all')
  @Query(() => Settings)
  settings(@Ctx() ctx: Context) {
    return accounts.getSettings(authed(ctx));
  }

  @Scope('all')
  @Mutation(() => WorkspaceView)
  updateWorkspace(@Arg('input') input: UpdateWorkspaceInput, @Ctx() ctx: Context) {
    return accounts.updateWorkspace(authed(ctx), input);
  }

  @Scope('all')
  @Query(() => [ApiKeyView])
  apiKeys(@Ctx() ctx: Context) {
    return accounts.listApiKeys(authed(ctx));
  }

  @Scope('all')
  @Mutation(() => CreatedApiKey)
  createApiKey(@Arg('input') input: CreateApiKeyInput, @Ctx() ctx: Context) {
    return accounts.createApiKey(authed(ctx), input);
  }

  @Scope('all')
  @Mutation(() => Deleted)
  deleteApiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return accounts.deleteApiKey(authed(ctx), id);
  }

  @Scope('all')
  @Mutation(() => VerificationKeyStatus)
  setVerificationKey(@Arg('input') input: VerificationKeyInput, @Ctx() ctx: Context) {
    return accounts.setVerificationKey(authed(ctx), input);
  }

  @Scope('all')
  @Query(() => [UserView])
  members(@Ctx() ctx: Context) {
    return accounts.listMembers(authed(ctx));
  }

  @Scope('all')
  @Mutation(() => UserView)
  createMember(@Arg('input') input: CreateMemberInput, @Ctx() ctx: Context) {
    return accounts.addMember(authed(ctx), input);
  }

  @Scope('all')
  @Mutation(() => Deleted)
  deleteMember(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return accounts.deleteMember(authed(ctx), id);
  }
}
