import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { MovePipelineLeadInput, PipelineQueryInput } from './pipeline.inputs';
import { getPipeline, movePipelineLead } from './pipeline.service';
import { PipelineMoveView, PipelineView } from './pipeline.types';

@Resolver()
export class PipelineResolver {
  @Scope('reports:read')
  @Query(() => PipelineView, {
    description:
      'GET /analytics/pipeline: the five stages with counts, values and a page of their leads. Cursor pages: query.cursor = nextCursor (one cursor continues every stage listed).',
  })
  pipeline(@Arg('query', () => PipelineQueryInput, { nullable: true }) query: PipelineQueryInput | null, @Ctx() ctx: Context) {
    return getPipeline(authed(ctx), query ?? {});
  }

  @Scope('leads:write')
  @Mutation(() => PipelineMoveView, {
    description: 'PATCH /analytics/pipeline/:leadId: moves a lead that has replied to meeting_booked, meeting_completed, won or lost; stops its sequence, sends nothing.',
  })
  movePipelineLead(@Arg('leadId', () => ID) leadId: string, @Arg('input') input: MovePipelineLeadInput, @Ctx() ctx: Context) {
    return movePipelineLead(authed(ctx), leadId, input);
  }
}
