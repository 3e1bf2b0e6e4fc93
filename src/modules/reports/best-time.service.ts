// GET /analytics/best-time (api.md Reports): when people reply, as a week of hours in the workspace
// timezone, over the last `days` × 24 hours up to now (counted back from now, as the DMARC and
// deliverability reports do).
//
// Counted: reply items of kind `reply`, a person's answer; auto-replies and bounces say nothing about
// when people read mail. Replies to one-off emails are left out, as in every campaign number (metrics.ts):
// they answer the user's own conversations, not outreach. Rows are ISO weekdays, Monday first.
import type { AuthedCtx } from '../../runtime/context';
import { Workspace } from '../accounts/workspace.entity';
import { repliesByWeekdayHour } from './best-time.queries';
import type { BestTimeReportView } from './best-time.types';
import { BEST_TIME_DEFAULT_DAYS, type BestTimeArgs } from './report-days.inputs';

const DAY_MS = 86_400_000;

export async function bestTimeReport(ctx: AuthedCtx, args: BestTimeArgs): Promise<BestTimeReportView> {
  const ws = ctx.actor.workspaceId;
  const { timezone } = await ctx.em.findOneOrFail(Workspace, ws);
  const days = args.days ?? BEST_TIME_DEFAULT_DAYS;
  const until = ctx.deps.clock.now();
  const since = new Date(until.getTime() - days * DAY_MS);
  const grid = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  let replies = 0;
  for (const r of await repliesByWeekdayHour(ctx.em, ws, timezone, since, until)) {
    grid[r.isoDow - 1][r.hour] += r.count;
    replies += r.count;
  }
  return { timezone, days, replies, grid };
}
