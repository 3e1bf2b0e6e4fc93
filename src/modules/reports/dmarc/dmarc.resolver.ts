import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../../runtime/context';
import { authed } from '../../../contracts/graphql/auth';
import { Scope } from '../../../contracts/graphql/scopes';
import { DmarcReportAddressInput, DmarcReportArgs } from './dmarc.inputs';
import { readDmarcReport, setDmarcReportAddress } from './dmarc.service';
import { DmarcReportAddressView, DmarcReportView } from './dmarc.types';

@Resolver()
export class DmarcResolver {
  @Scope('reports:read')
  @Query(() => DmarcReportView, { description: 'GET /reports/dmarc: DMARC aggregate reports of the last `days` days.' })
  dmarcReport(@Args() args: DmarcReportArgs, @Ctx() ctx: Context) {
    return readDmarcReport(authed(ctx), args);
  }

  @Scope('mailboxes:write')
  @Mutation(() => DmarcReportAddressView, { description: 'PATCH /reports/dmarc: the inbox that receives DMARC aggregate reports, or null.' })
  setDmarcReportAddress(@Arg('input', () => DmarcReportAddressInput) input: DmarcReportAddressInput, @Ctx() ctx: Context) {
    return setDmarcReportAddress(authed(ctx), input);
  }
}
