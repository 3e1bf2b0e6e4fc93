import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as Context } from '../../runtime/context';
import { authed } from '../../contracts/graphql/auth';
import { Scope } from '../../contracts/graphql/scopes';
import { closeTask, listTasks } from './tasks.service';
import { TaskClosedView, TaskView } from './tasks.types';

@Resolver()
export class TasksResolver {
  @Scope('campaigns:read')
  @Query(() => [TaskView], { description: 'Open tasks whose lead still fits its step, due first at the top.' })
  tasks(@Ctx() ctx: Context) {
    return listTasks(authed(ctx));
  }

  @Scope('campaigns:write')
  @Mutation(() => TaskClosedView, { description: 'POST /tasks/:id/done: the lead moves to its next step.' })
  doneTask(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return closeTask(authed(ctx), id, 'done');
  }

  @Scope('campaigns:write')
  @Mutation(() => TaskClosedView, { description: 'POST /tasks/:id/skip: the lead moves on; the task keeps that it was skipped.' })
  skipTask(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return closeTask(authed(ctx), id, 'skipped');
  }
}
