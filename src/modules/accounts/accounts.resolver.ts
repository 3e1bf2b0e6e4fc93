import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../context';
import { authed } from '../../graphql/auth';
import { Deleted } from '../../graphql/common.types';
import * as accounts from './accounts.service';
import { CreateApiKeyInput, CreateMemberInput, LoginInput, SignupInput, UpdateWorkspaceInput, VerificationKeyInput } from './accounts.inputs';
import { ApiKeyView, AuthPayload, CreatedApiKey, Settings, UserView, VerificationKeyStatus, WorkspaceView } from './accounts.types';

@Resolver()
export class AccountsResolver {
  @Mutation(() => AuthPayload)
  signup(@Arg('input') input: SignupInput, @Ctx() ctx: Context) {
    return accounts.signup(ctx, input);
  }

  @Mutation(() => AuthPayload)
  login(@Arg('input') input: LoginInput, @Ctx() ctx: Context) {
    return accounts.login(ctx, input);
  }

  @Query(() => Settings)
  settings(@Ctx() ctx: Context) {
    return accounts.getSettings(authed(ctx));
  }

  @Mutation(() => WorkspaceView)
  updateWorkspace(@Arg('input') input: UpdateWorkspaceInput, @Ctx() ctx: Context) {
    return accounts.updateWorkspace(authed(ctx), input);
  }

  @Query(() => [ApiKeyView])
  apiKeys(@Ctx() ctx: Context) {
    return accounts.listApiKeys(authed(ctx));
  }

  @Mutation(() => CreatedApiKey)
  createApiKey(@Arg('input') input: CreateApiKeyInput, @Ctx() ctx: Context) {
    return accounts.createApiKey(authed(ctx), input);
  }

  @Mutation(() => Deleted)
  deleteApiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return accounts.deleteApiKey(authed(ctx), id);
  }

  @Mutation(() => VerificationKeyStatus)
  setVerificationKey(@Arg('input') input: VerificationKeyInput, @Ctx() ctx: Context) {
    return accounts.setVerificationKey(authed(ctx), input);
  }

  @Query(() => [UserView])
  members(@Ctx() ctx: Context) {
    return accounts.listMembers(authed(ctx));
  }

  @Mutation(() => UserView)
  createMember(@Arg('input') input: CreateMemberInput, @Ctx() ctx: Context) {
    return accounts.addMember(authed(ctx), input);
  }

  @Mutation(() => Deleted)
  deleteMember(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return accounts.deleteMember(authed(ctx), id);
  }
}
