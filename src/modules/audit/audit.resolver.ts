import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { AuditLogQuery } from './audit.inputs';
import { listAuditLog } from './audit.service';
import { AuditLogPage } from './audit.types';

@Resolver()
export class AuditResolver {
  @Scope('all')
  @Query(() => AuditLogPage, {
    description:
      "Every successful change in the workspace, newest first, kept 90 days (GET /settings/audit-log); owner session only (a member or an API key: owner_required). Cursor pages: pass the answer's nextCursor as cursor for the next page.",
  })
  auditLog(@Args() args: AuditLogQuery, @Ctx() ctx: Context): Promise<AuditLogPage> {
    return listAuditLog(authed(ctx), args);
  }
}
