import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { parseInput } from '../../contracts/validation/validate-input';
import { StartMailboxOAuthInput } from './oauth.inputs';
import { listProviders, startMailboxOAuth } from './oauth-connect.service';
import { MailboxOAuthStartView, OAuthProviderView } from './oauth.types';

@Resolver()
export class OAuthResolver {
  @Scope('mailboxes:read')
  @Query(() => [OAuthProviderView], { description: 'GET /oauth/providers: the OAuth providers and whether each is configured.' })
  oauthProviders(@Ctx() ctx: Context) {
    return listProviders(authed(ctx));
  }

  @Scope('mailboxes:write')
  @Mutation(() => MailboxOAuthStartView, {
    description: "POST /mailboxes/oauth/:provider/start: the provider's sign-in URL (10 minutes, one use); mailboxId reconnects that inbox.",
  })
  async startMailboxOAuth(
    @Arg('provider', { description: 'google or microsoft' }) provider: string,
    @Arg('mailboxId', () => ID, { nullable: true }) mailboxId: string | null,
    @Arg('returnTo', () => String, { nullable: true }) returnTo: string | null,
    @Ctx() ctx: Context,
  ) {
    const c = authed(ctx);
    // The REST body's class and rules, so both doors refuse the same input alike.
    const input = await parseInput(StartMailboxOAuthInput, { ...(mailboxId !== null ? { mailboxId } : {}), ...(returnTo !== null ? { returnTo } : {}) }, { keys: 'camel' });
    return startMailboxOAuth(c, provider, input);
  }
}
