import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { testMailbox } from './connection.service';
import { domainHealth } from './domain-health.service';
import { DomainHealthArgs, DomainHealthReportView, MailboxTestResultView } from './inbox-checks.types';

@Resolver()
export class InboxChecksResolver {
  @Scope(['mailboxes:write', 'send'])
  @Mutation(() => MailboxTestResultView, { description: 'Logs in to the inbox SMTP and IMAP servers; a pass lifts a bounce stop.' })
  testMailbox(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return testMailbox(authed(ctx), id);
  }

  @Scope('mailboxes:read')
  @Query(() => DomainHealthReportView, { description: 'SPF, DKIM, DMARC, MX and blocklist checks of every sending domain (5 runs per 10 minutes).' })
  domainHealth(@Args() args: DomainHealthArgs, @Ctx() ctx: Context) {
    return domainHealth(authed(ctx), args);
  }
}
