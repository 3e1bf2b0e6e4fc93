import { campaignStats, type DayStats } from '../../src/modules/reports/campaign-stats.service';
import { param, route } from '../route';
import { snake } from '../shape';

/** A past day has no `pending`, and only upcoming days carry `future: true` (api.md). */
function dayRow({ pending, future, ...counts }: DayStats) {
  return { ...counts, ...(pending === null ? {} : { pending }), ...(future ? { future } : {}) };
}

export const campaignStatsRoutes = [
  route({
    method: 'get',
    path: '/campaigns/:id/stats',
    handle: async (ctx, req) => {
      const { byDay, ...stats } = await campaignStats(ctx, param(req, 'id'));
      return snake({ ...stats, byDay: byDay.map(dayRow) });
    },
  }),
];
