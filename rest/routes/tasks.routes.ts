import { closeTask, listTasks } from '../../src/modules/tasks/tasks.service';
import { param, route } from '../route';

export const taskRoutes = [
  route({
    method: 'get',
    path: '/tasks',
    handle: async (ctx) =>
      (await listTasks(ctx)).map((t) => ({ id: t.id, kind: t.kind, text: t.text, step_position: t.stepPosition, due_at: t.dueAt, campaign: t.campaign, lead: t.lead })),
  }),
  route({ method: 'post', path: '/tasks/:id/done', handle: (ctx, req) => closeTask(ctx, param(req, 'id'), 'done') }),
  route({ method: 'post', path: '/tasks/:id/skip', handle: (ctx, req) => closeTask(ctx, param(req, 'id'), 'skipped') }),
];
