// api.md Tasks: the manual steps due, and closing them.
import { jsonRoute } from '../../contracts/api-route';
import { closeTask, listTasks } from './tasks.service';
import { TaskClosedView, TaskView } from './tasks.types';

export const taskRoutes = [
  jsonRoute({
    method: 'get',
    path: '/tasks',
    scope: 'campaigns:read',
    summary: 'Open tasks whose lead still fits its step, due first',
    response: { type: TaskView, list: true, shape: 'snake', keep: ['vars'] },
    handle: async (ctx) =>
      (await listTasks(ctx)).map((t) => ({ id: t.id, kind: t.kind, text: t.text, stepPosition: t.stepPosition, dueAt: t.dueAt, campaign: t.campaign, lead: t.lead })),
  }),
  jsonRoute({
    method: 'post',
    path: '/tasks/:id/done',
    scope: 'campaigns:write',
    summary: 'Mark a task done: the lead moves to its next step',
    response: { type: TaskClosedView },
    handle: (ctx, { params }) => closeTask(ctx, params.id, 'done'),
  }),
  jsonRoute({
    method: 'post',
    path: '/tasks/:id/skip',
    scope: 'campaigns:write',
    summary: 'Skip a task: the lead moves on',
    response: { type: TaskClosedView },
    handle: (ctx, { params }) => closeTask(ctx, params.id, 'skipped'),
  }),
];
