import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../../runtime/context';
import { authed } from '../../../contracts/graphql/auth';
import { Scope } from '../../../contracts/graphql/scopes';
import { checkInput } from '../../../contracts/validation/validate-input';
import { JobListInput } from './background-jobs.inputs';
import * as jobs from './background-jobs.service';
import { BackgroundJobPage, BackgroundJobView } from './background-jobs.types';

@Resolver()
export class BackgroundJobsResolver {
  @Scope('leads:read')
  @Query(() => BackgroundJobView, { description: "One background job (an async import or export) of the workspace; another workspace's is not found." })
  job(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return jobs.getJob(authed(ctx), id);
  }

  @Scope('leads:read')
  @Query(() => BackgroundJobPage, { description: "The workspace's background jobs, newest first, in cursor pages (items and nextCursor)." })
  async jobs(@Ctx() ctx: Context, @Arg('limit', () => Int, { nullable: true }) limit?: number | null, @Arg('cursor', () => String, { nullable: true }) cursor?: string | null) {
    const input = await checkInput(Object.assign(new JobListInput(), { limit, cursor }));
    return jobs.listJobs(authed(ctx), input);
  }
}
