// decisions.md §16 placement tests: start one (scope send; 202, the test runs on), read one, list them
// (reports:read; newest first, cursor pages). Snake_case answers; the list leaves out each test's results.
import { body, jsonRoute, query } from '../../contracts/api-route';
import { PlacementTestListInput, StartPlacementTestInput } from './placement.inputs';
import * as placement from './placement.service';
import { PlacementTestView } from './placement.types';

export const placementRoutes = [
  jsonRoute({
    method: 'post',
    path: '/placement-tests',
    scope: 'send',
    summary: 'Start a placement test: each sender emails each seed now; the seeds are read until every copy is found or the wait ends',
    body: body(StartPlacementTestInput),
    status: 202,
    response: { type: PlacementTestView, shape: 'snake' },
    handle: (ctx, { body }) => placement.startPlacementTest(ctx, body),
  }),
  jsonRoute({
    method: 'get',
    path: '/placement-tests',
    scope: 'reports:read',
    summary: "The workspace's placement tests with their figures (not each copy's result), newest first, in cursor pages",
    query: query(PlacementTestListInput),
    cursorPage: true,
    response: { type: PlacementTestView, list: true, shape: 'snake', omit: ['results'] },
    handle: (ctx, { query }) => placement.listPlacementTests(ctx, query),
  }),
  jsonRoute({
    method: 'get',
    path: '/placement-tests/:id',
    scope: 'reports:read',
    summary: "A placement test: its summary, by sender, by provider and each copy's result",
    response: { type: PlacementTestView, shape: 'snake' },
    handle: (ctx, { params }) => placement.getPlacementTest(ctx, params.id),
  }),
];
