import { sendingStatus } from '../../src/modules/sending/sending-status.service';
import { param, route } from '../route';

export const sendingRoutes = [
  route({
    method: 'get',
    path: '/campaigns/:id/sending-status',
    handle: async (ctx, req) => {
      const s = await sendingStatus(ctx, param(req, 'id'));
      return {
        sending: s.sending,
        reasons: s.reasons,
        notes: s.notes,
        sent_today: s.sentToday,
        daily_limit: s.dailyLimit,
        new_today: s.newToday,
        new_leads_limit: s.newLeadsLimit,
        due_now: s.dueNow,
        next_due_at: s.nextDueAt,
        due_today: { total: s.dueToday.total, follow_ups: s.dueToday.followUps, new_leads: s.dueToday.newLeads },
      };
    },
  }),
];
