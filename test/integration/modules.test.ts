// The module manifests are the only wiring (src/runtime/app-module.ts): an area added to the list contributes its
// REST route (mounted, validated, shaped and documented in /api/openapi.json), its GraphQL resolver, its
// job, its launch check and its timeline entries (contributed at the extension points their areas declare,
// src/runtime/extensions.ts), with nothing else changed. The area here exists only
// in this test; the service runs the real areas plus it, with the job runner on, on a database of its
// own (support/own-database.ts). Like jobs.test.ts, Agenda 6.2.6 keeps this file alive after it ends (a
// liveness timer it never clears; see there).
import { IsString, Length } from 'class-validator';
import { Field, ObjectType, Query, Resolver } from 'type-graphql';
import { jsonRoute, query } from '../../src/contracts/api-route';
import type { AppModule } from '../../src/runtime/app-module';
import { AppError } from '../../src/contracts/errors';
import { Scope } from '../../src/contracts/graphql/scopes';
import { contribute } from '../../src/runtime/extensions';
import { appModules } from '../../src/modules';
import { LAUNCH_CHECKS } from '../../src/modules/campaigns/launch-check';
import { TIMELINE_SOURCES } from '../../src/modules/leads/lead-timeline';
import { Client, expectError, signUp, type Account } from '../support/client';
import { createInbox } from '../support/factories/inbox.factory';
import { createOwnDatabase, type OwnDatabase } from '../support/own-database';
import { startTestService } from '../support/service';

@ObjectType()
class Greeting {
  @Field() greetingText!: string;
}

@Resolver()
class GreetingResolver {
  @Scope('campaigns:read')
  @Query(() => Greeting)
  greeting(): Greeting {
    return { greetingText: 'hello from GraphQL' };
  }
}

class GreetingQuery {
  @IsString() @Length(1, 20) salutation!: string;
}

const jobRuns: unknown[] = [];

const greetings: AppModule = {
  name: 'greetings',
  description: 'A test area.',
  resolvers: [GreetingResolver],
  routes: [
    jsonRoute({
      method: 'get',
      path: '/greetings/:name',
      scope: 'campaigns:read',
      summary: 'Greet someone',
      query: query(GreetingQuery),
      response: { type: Greeting, shape: 'snake' },
      handle: async (_ctx, { params, query }) => ({ greetingText: `${query.salutation} ${params.name}` }),
    }),
  ],
  jobs: () => [{ name: 'greet', run: async (_deps, data) => void jobRuns.push(data) }],
  contributes: [
    contribute(LAUNCH_CHECKS, async (_ctx, campaign) =>
      campaign.name.includes('blank') ? new AppError('blank_columns', 'Fill the column first.', { columns: [{ name: 'line', leads: 1 }] }) : null,
    ),
    contribute(TIMELINE_SOURCES, async (_ctx, lead) => [
      { type: 'greeted', at: new Date(lead.createdAt.getTime() + 1000), step: null, stepLabel: null, detail: 'said hello', variant: null },
    ]),
  ],
};

// Jobs that hold their slot until released (as a placement test holds one for its whole test), more of
// them than Agenda's process-wide default of 20 runs at once, and one other job.
const HOLDERS = 30;
let holding = 0;
let release: () => void = () => {};
const released = new Promise<void>((resolve) => (release = resolve));
const probeRuns: unknown[] = [];
const holders: AppModule = {
  name: 'holders',
  description: 'Long runs beside a short one.',
  jobs: () => [
    {
      name: 'hold',
      concurrency: HOLDERS,
      run: async () => {
        holding++;
        await released;
      },
    },
    { name: 'probe', concurrency: 1, run: async (_deps, data) => void probeRuns.push(data) },
  ],
};

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let db: OwnDatabase;

beforeAll(async () => {
  db = await createOwnDatabase();
  service = await startTestService({ modules: [...appModules, greetings, holders], jobs: true, env: { DATABASE_URL: db.url } });
  me = await signUp(service.url);
});
afterAll(async () => {
  release();
  await service?.stop();
  await db?.drop();
});

it("mounts, validates, shapes and documents the area's REST route", async () => {
  expect((await me.client.get('/greetings/Ada?salutation=Hi')).body).toEqual({ greeting_text: 'Hi Ada' });
  expectError(await me.client.get('/greetings/Ada'), 400, 'validation_failed');
  expectError(await new Client(service.url).get('/greetings/Ada?salutation=Hi'), 401, 'unauthorized');
  const doc = (await new Client(service.url).get('/openapi.json')).body;
  expect(doc.paths['/greetings/{name}'].get).toMatchObject({ tags: ['greetings'], summary: 'Greet someone' });
  expect(doc.tags).toContainEqual({ name: 'greetings', description: 'A test area.' });
});

it("serves the area's GraphQL resolver", async () => {
  const res = await me.client.request('POST', '/graphql', { query: '{ greeting { greetingText } }' });
  expect(res.body).toEqual({ data: { greeting: { greetingText: 'hello from GraphQL' } } });
});

it("runs the area's launch check at activation, through REST and GraphQL", async () => {
  const inbox = await createInbox(service, me.workspaceId);
  const ready = async (name: string) => {
    const { id } = (await me.client.post('/campaigns', { name })).body;
    await me.client.put(`/campaigns/${id}/steps`, [{ position: 1, wait_minutes: 0, variants: [{ subject: 'Hi', body: 'Hello' }] }]);
    await me.client.patch(`/campaigns/${id}`, { mailbox_ids: [inbox.id] });
    return id as string;
  };
  const blocked = await ready('blank column');
  const refusal = expectError(await me.client.post(`/campaigns/${blocked}/activate`), 400, 'blank_columns');
  expect(refusal.details).toEqual({ columns: [{ name: 'line', leads: 1 }] });
  const gql = await me.client.request('POST', '/graphql', { query: `mutation { activateCampaign(id: "${blocked}") { status } }` });
  expect(gql.body.errors[0].extensions).toMatchObject({ code: 'blank_columns', status: 400 });
  expect((await me.client.post(`/campaigns/${await ready('fine')}/activate`)).body.status).toBe('active');
});

it("adds the area's entries to a lead's timeline", async () => {
  const { id } = (await me.client.post('/campaigns', { name: 'Timeline' })).body;
  await me.client.post(`/campaigns/${id}/leads/manual`, { leads: [{ email: 'ada@example.com' }] });
  const [lead] = (await me.client.get(`/campaigns/${id}/leads`)).body;
  const { timeline } = (await me.client.get(`/leads/${lead.id}/activity`)).body;
  expect(timeline.map((e: { type: string }) => e.type)).toEqual(['added', 'greeted']);
});

it("registers the area's job with the runner, so a queued run is run", async () => {
  await service.deps.jobs.enqueue('greet', { leadId: 'x' });
  for (let i = 0; i < 100 && !jobRuns.length; i++) await new Promise((r) => setTimeout(r, 200));
  expect(jobRuns).toEqual([{ leadId: 'x' }]);
});

it("gives each job its own concurrency: one job's long runs never take the slots another job needs", async () => {
  const waitFor = async (done: () => boolean) => {
    for (let i = 0; i < 150 && !done(); i++) await new Promise((r) => setTimeout(r, 200));
  };
  for (let i = 0; i < HOLDERS; i++) await service.deps.jobs.enqueue('hold', { i });
  // Before, Agenda's process-wide limit (20) stopped the holders at 20 and left nothing for other jobs.
  await waitFor(() => holding === HOLDERS);
  expect(holding).toBe(HOLDERS);
  await service.deps.jobs.enqueue('probe', { p: 1 });
  await waitFor(() => probeRuns.length > 0);
  expect(probeRuns).toEqual([{ p: 1 }]);
  release();
}, 70_000);
