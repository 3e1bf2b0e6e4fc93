// decisions.md §12 scoped API keys: every REST operation (read from the route contracts the adapter
// mounts) and every GraphQL root field (read from the built schema) refuses a key that holds every scope
// but one it needs with 403 insufficient_scope and details.required, and lets a key with exactly its
// scopes past the check; `send` guards activating, resuming and testing inboxes, one-off emails and
// answers, through both doors; scopes are validated at creation and shown in the key list; keys made
// without scopes (or before scopes existed) have `all`.
import { randomUUID } from 'node:crypto';
import { getNamedType, isCompositeType, isEnumType, isInputObjectType, isListType, isNonNullType, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import { Field, ObjectType, Query, Resolver } from 'type-graphql';
import { jsonRoute, routeScope, type ApiRoute } from '../../src/contracts/api-route';
import { API_SCOPES, requiredScopes, type ApiScope } from '../../src/contracts/api-scopes';
import { collectModules } from '../../src/runtime/app-module';
import { sha256 } from '../../src/security/crypto';
import { buildAppSchema } from '../../src/contracts/graphql/schema';
import { fieldAccess, rootFields, type RootField } from '../../src/contracts/graphql/scopes';
import { appModules } from '../../src/modules';
import { mountRoutes } from '../../rest/mount';
import { Client, expectError, type Reply } from '../support/client';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { sendingWorld } from '../support/sending-world';
import * as ops from '../graphql/generated';

const world = sendingWorld();
const { db } = world;
const modules = collectModules(appModules);
let schema: GraphQLSchema;

beforeAll(async () => {
  schema = await buildAppSchema(modules.resolvers);
});

const session = () => world.me.client;

/** A key with these scopes (made by the session). */
async function keyWith(scopes: readonly ApiScope[], name = 'k'): Promise<Client> {
  const res = await session().post('/settings/api-keys', { name, scopes });
  expect(res.status).toBe(201);
  return session().withToken(res.body.key as string);
}

/** Runs `fn` over `items`, a few at a time. */
async function inBatches<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

type GqlError = { extensions?: { code?: string; status?: number; details?: unknown } };

/** The 403 insufficient_scope body with exactly these required scopes, REST and GraphQL. */
const refused = (res: Reply, required: ApiScope[]) => expect(expectError(res, 403, 'insufficient_scope').details).toEqual({ required });
const gqlRefused = (errors: GqlError[] | undefined, required: ApiScope[]) =>
  expect(errors?.[0]?.extensions).toEqual({ code: 'insufficient_scope', status: 403, details: { required } });

const isScopeRefusal = (res: Reply) => res.status === 403 && res.body?.error?.code === 'insufficient_scope';

/** Every scope but `missing` (and but `all`, which would cover it). */
const allBut = (missing: ApiScope): ApiScope[] => API_SCOPES.filter((s) => s !== missing && s !== 'all');

/** The keys the tables use: one holding every scope but X for each X, and one per need with exactly it. */
async function tableKeys(needs: readonly ApiScope[][]) {
  const without = new Map<ApiScope, Client>();
  await Promise.all(API_SCOPES.map(async (s) => without.set(s, await keyWith(allBut(s), `without ${s}`))));
  const exactly = new Map<string, Client>();
  const distinct = [...new Map(needs.map((n) => [n.join(' '), n])).values()];
  await Promise.all(distinct.map(async (n) => exactly.set(n.join(' '), await keyWith(n, n.join(' ')))));
  return { without, exactly };
}

describe('every REST operation', () => {
  const scoped = modules.routes.filter((r) => routeScope(r));

  it('is the list the adapter mounts: every route but sign-up, login and the OAuth callback declares its scopes', () => {
    expect(
      modules.routes
        .filter((r) => !routeScope(r))
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual(['get /oauth/:provider/callback', 'post /auth/login', 'post /auth/signup']);
    const mounted = new Set(world.service.apiRoutes.map((r) => `${r.method} ${r.path}`));
    for (const r of modules.routes) expect(mounted).toContain(`${r.method} ${r.path}`);
    expect(scoped.length).toBeGreaterThan(100);
    // Whatever puts an email on the wire or switches sending on needs `send` beside the area's write scope.
    const sending = scoped.filter((r) => requiredScopes(routeScope(r)!).includes('send')).map((r) => `${r.method} ${r.path}`);
    // A placement test (decisions.md §16) sends a real email from each chosen inbox.
    expect(sending.sort()).toEqual([
      'post /campaigns/:id/activate',
      'post /leads/:id/send',
      'post /mailboxes/:id/resume',
      'post /mailboxes/:id/test',
      'post /placement-tests',
      'post /replies/:id/reply',
    ]);
  });

  it('refuses a key lacking any one needed scope with 403 insufficient_scope and details.required, and lets a key with exactly them past', async () => {
    const needs = scoped.map((r) => requiredScopes(routeScope(r)!));
    const { without, exactly } = await tableKeys(needs);
    const path = (r: ApiRoute) =>
      '/api' + r.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => (name === 'email' ? 'nobody@example.com' : ['position', 'variant'].includes(name) ? '1' : randomUUID()));
    const call = (client: Client, r: ApiRoute) => client.request(r.method.toUpperCase(), path(r), r.method === 'get' ? undefined : {});

    const cases = scoped.flatMap((r) => {
      const need = requiredScopes(routeScope(r)!);
      return [...need.map((missing) => ({ r, need, client: without.get(missing)!, allowed: false })), { r, need, client: exactly.get(need.join(' '))!, allowed: true }];
    });
    const wrong: string[] = [];
    await inBatches(cases, 8, async ({ r, need, client, allowed }) => {
      const res = await call(client, r);
      const what = `${r.method.toUpperCase()} ${r.path} (${allowed ? 'with' : 'without'} ${need.join(', ')})`;
      if (allowed) {
        if (isScopeRefusal(res) || res.status >= 500) wrong.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
      } else if (!isScopeRefusal(res) || JSON.stringify(res.body.error.details) !== JSON.stringify({ required: need })) {
        wrong.push(`${what}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    });
    expect(wrong).toEqual([]);
  });

  it('refuses before reading the input: a bad body still answers insufficient_scope', async () => {
    const reader = await keyWith(['campaigns:read']);
    const err = expectError(await reader.post('/campaigns', { name: '' }), 403, 'insufficient_scope');
    expect(err.details).toEqual({ required: ['campaigns:write'] });
    expect((await reader.get('/campaigns')).status).toBe(200);
  });

  it('has no route that compiles without a scope, and no start with one that got past the compiler', () => {
    // @ts-expect-error a route contract without `scope` does not compile (src/contracts/api-route.ts)
    const unscoped: ApiRoute = jsonRoute({ method: 'get', path: '/x', summary: 'x', response: { schema: {} }, handle: async () => ({}) });
    expect(() => mountRoutes([unscoped], async () => ({}) as never)).toThrow('declares no scope');
  });
});

/** A value of a GraphQL input type that passes coercion (not necessarily validation). */
function placeholder(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return placeholder(type.ofType);
  if (isListType(type)) return [];
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, placeholder(f.type)]),
    );
  }
  if (isEnumType(type)) return type.getValues()[0]!.name;
  switch (type.name) {
    case 'Int':
    case 'Float':
      return 1;
    case 'Boolean':
      return false;
    case 'ID':
      return randomUUID();
    case 'DateTimeISO':
      return new Date().toISOString();
    case 'JSONObject':
      return {};
    default:
      return 'x';
  }
}

/** The one-field operation calling a root field with placeholder values for its required arguments. */
function rootCall({ type, name, field }: RootField): { query: string; variables: Record<string, unknown> } {
  const args = field.args.filter((a) => isNonNullType(a.type));
  const decl = args.length ? `(${args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ')})` : '';
  const pass = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  return {
    query: `${type === 'Query' ? 'query' : 'mutation'} Call${decl} { ${name}${pass}${selection} }`,
    variables: Object.fromEntries(args.map((a) => [a.name, placeholder(a.type)])),
  };
}

describe('every GraphQL root field', () => {
  it('declares its scopes, or is public (sign-up and login only)', () => {
    const fields = rootFields(schema);
    expect(fields.length).toBeGreaterThan(100);
    expect(fields.filter((f) => !fieldAccess(f.field)).map((f) => f.name)).toEqual([]);
    expect(
      fields
        .filter((f) => 'public' in fieldAccess(f.field)!)
        .map((f) => f.name)
        .sort(),
    ).toEqual(['login', 'signup']);
    const sending = fields.filter((f) => {
      const access = fieldAccess(f.field)!;
      return 'scope' in access && requiredScopes(access.scope).includes('send');
    });
    expect(sending.map((f) => f.name).sort()).toEqual(['activateCampaign', 'resumeMailbox', 'sendLeadEmail', 'sendReplyAnswer', 'startPlacementTest', 'testMailbox']);
    // Introspection shows them too, as OpenAPI's x-scopes do.
    expect(schema.getMutationType()!.getFields().activateCampaign!.description).toBe('API key scopes: campaigns:write, send.');
    expect(schema.getQueryType()!.getFields().leads!.description).toMatch(/\nAPI key scopes: leads:read\.$/);
  });

  it('refuses a key lacking any one needed scope (extensions insufficient_scope, 403, details.required), and lets a key with exactly them past', async () => {
    const scoped = rootFields(schema).flatMap((f) => {
      const access = fieldAccess(f.field)!;
      return 'scope' in access ? [{ f, need: requiredScopes(access.scope) }] : [];
    });
    const { without, exactly } = await tableKeys(scoped.map((s) => s.need));
    const cases = scoped.flatMap(({ f, need }) => [
      ...need.map((missing) => ({ f, need, client: without.get(missing)!, allowed: false })),
      { f, need, client: exactly.get(need.join(' '))!, allowed: true },
    ]);
    const wrong: string[] = [];
    await inBatches(cases, 8, async ({ f, need, client, allowed }) => {
      const res = await client.request('POST', '/graphql', rootCall(f));
      const errors = (res.body?.errors ?? []) as GqlError[];
      const what = `${f.type}.${f.name} (${allowed ? 'with' : 'without'} ${need.join(', ')})`;
      const refusal = errors.find((e) => e.extensions?.code === 'insufficient_scope');
      if (allowed) {
        if (refusal || errors.some((e) => ['internal_error', 'bad_request'].includes(e.extensions?.code ?? ''))) wrong.push(`${what}: ${res.text.slice(0, 300)}`);
      } else if (!refusal || refusal.extensions?.status !== 403 || JSON.stringify(refusal.extensions?.details) !== JSON.stringify({ required: need })) {
        wrong.push(`${what}: ${res.text.slice(0, 300)}`);
      }
    });
    expect(wrong).toEqual([]);
  });

  it('does not build with a root field that declares nothing', async () => {
    @ObjectType()
    class Nothing {
      @Field() ok!: boolean;
    }
    @Resolver()
    class UndeclaredResolver {
      @Query(() => Nothing)
      undeclaredField(): Nothing {
        return { ok: true };
      }
    }
    await expect(buildAppSchema([...modules.resolvers, UndeclaredResolver])).rejects.toThrow('Query.undeclaredField');
  });
});

describe('send', () => {
  const writer: ApiScope[] = ['campaigns:read', 'campaigns:write', 'leads:read', 'leads:write', 'mailboxes:read', 'mailboxes:write', 'replies:read', 'replies:write'];
  let noSend: Client;
  let withSend: Client;
  beforeAll(async () => {
    noSend = await keyWith(writer, 'no send');
    withSend = await keyWith([...writer, 'send'], 'send');
  });
  /** A campaign that can be launched: a step and an inbox sending through the SMTP peer. */
  async function launchable() {
    const campaign = await createCampaign(world.service, world.me.workspaceId, { timezone: 'UTC' });
    await addStep(world.service, world.me.workspaceId, campaign.id);
    const inbox = await world.senderInbox(campaign.id);
    const [lead] = await createLeads(world.service, world.me.workspaceId, campaign.id, [{ email: `lead-${randomUUID().slice(0, 8)}@client.test` }]);
    return { campaignId: campaign.id, inboxId: inbox.id, leadId: lead!.id, email: lead!.email };
  }
  const status = async (table: 'campaign' | 'inbox', id: string) => (await db(`select status from ${table} where id = ?`, [id]))[0].status as string;

  it('activates (and so resumes) a campaign only with send', async () => {
    const a = await launchable();
    refused(await noSend.post(`/campaigns/${a.campaignId}/activate`), ['campaigns:write', 'send']);
    gqlRefused((await noSend.gql(ops.ActivateCampaignDocument, { id: a.campaignId })).errors, ['campaigns:write', 'send']);
    expect(await status('campaign', a.campaignId)).toBe('draft');
    expect((await withSend.post(`/campaigns/${a.campaignId}/activate`)).body).toMatchObject({ status: 'active' });
    // Pausing stops mail, so it needs no send; resuming is activating again.
    expect((await noSend.post(`/campaigns/${a.campaignId}/pause`)).body).toEqual({ status: 'paused' });
    refused(await noSend.post(`/campaigns/${a.campaignId}/activate`), ['campaigns:write', 'send']);
    expect(await status('campaign', a.campaignId)).toBe('paused');
    expect((await withSend.gql(ops.ActivateCampaignDocument, { id: a.campaignId })).data?.activateCampaign.status).toBe('active');
  });

  it('resumes (and tests) an inbox only with send', async () => {
    const a = await launchable();
    expect((await noSend.post(`/mailboxes/${a.inboxId}/pause`)).status).toBe(200);
    refused(await noSend.post(`/mailboxes/${a.inboxId}/resume`), ['mailboxes:write', 'send']);
    gqlRefused((await noSend.gql(ops.ResumeMailboxDocument, { id: a.inboxId })).errors, ['mailboxes:write', 'send']);
    refused(await noSend.post(`/mailboxes/${a.inboxId}/test`), ['mailboxes:write', 'send']);
    gqlRefused((await noSend.gql(ops.TestMailboxDocument, { id: a.inboxId })).errors, ['mailboxes:write', 'send']);
    expect(await status('inbox', a.inboxId)).toBe('paused');
    expect((await withSend.post(`/mailboxes/${a.inboxId}/resume`)).status).toBe(200);
    expect(await status('inbox', a.inboxId)).toBe('active');
    await noSend.post(`/mailboxes/${a.inboxId}/pause`);
    expect((await withSend.gql(ops.ResumeMailboxDocument, { id: a.inboxId })).data?.resumeMailbox.status).toBe('active');
  });

  it('queues a one-off email only with send', async () => {
    const a = await launchable();
    const input = { mailboxId: a.inboxId, subject: 'Hello', body: 'A note.' };
    refused(await noSend.post(`/leads/${a.leadId}/send`, input), ['leads:write', 'send']);
    gqlRefused((await noSend.gql(ops.SendLeadEmailDocument, { id: a.leadId, input })).errors, ['leads:write', 'send']);
    expect(await db(`select id from send where lead_id = ?`, [a.leadId])).toEqual([]);
    expect((await withSend.post(`/leads/${a.leadId}/send`, input)).body).toMatchObject({ status: 'queued' });
    const other = { ...input, subject: 'Another' };
    expect((await withSend.gql(ops.SendLeadEmailDocument, { id: a.leadId, input: other })).data?.sendLeadEmail.status).toBe('queued');
    expect(await db(`select id from send where lead_id = ?`, [a.leadId])).toHaveLength(2);
  });

  it('answers a reply only with send', async () => {
    const a = await launchable();
    const item = () => createReplyItem(world.service, world.me.workspaceId, { inbox: a.inboxId, lead: a.leadId, campaign: a.campaignId, fromEmail: a.email, subject: 'Re: Hi' });
    const [r1, r2] = [await item(), await item()];
    const sent = () => world.peer.messages.filter((m) => m.envelope.rcptTo.includes(a.email)).length;
    refused(await noSend.post(`/replies/${r1.id}/reply`, { body: 'Thanks!' }), ['replies:write', 'send']);
    gqlRefused((await noSend.gql(ops.SendReplyAnswerDocument, { id: r1.id, input: { body: 'Thanks!' } })).errors, ['replies:write', 'send']);
    expect(sent()).toBe(0);
    expect((await withSend.post(`/replies/${r1.id}/reply`, { body: 'Thanks!' })).body).toEqual({ sent: true });
    expect((await withSend.gql(ops.SendReplyAnswerDocument, { id: r2.id, input: { body: 'Thanks again!' } })).data?.sendReplyAnswer.sent).toBe(true);
    expect(sent()).toBe(2);
  });
});

describe('creating keys', () => {
  it('takes scopes from the fixed list, each once, at least one; refuses the rest with 400 validation_failed through REST and GraphQL', async () => {
    for (const scopes of [['campaigns:admin'], [], ['leads:read', 'leads:read'], 'all', [1], null, ['ALL'], ['leads:read', 'Leads:write']]) {
      const err = expectError(await session().post('/settings/api-keys', { name: 'bad', scopes }), 400, 'validation_failed');
      expect(Object.keys(err.details!.fields as object)).toEqual(['scopes']);
    }
    for (const scopes of [['campaigns:admin'], [], ['send', 'send']]) {
      const res = await session().gql(ops.CreateApiKeyDocument, { input: { name: 'bad', scopes } });
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    }
    expect((await session().get('/settings/api-keys')).body.filter((k: { name: string }) => k.name === 'bad')).toEqual([]);
  });

  it('gives all when no scopes are given, and shows each key’s scopes in the list (REST and GraphQL)', async () => {
    const plain = await session().post('/settings/api-keys', { name: 'plain' });
    expect(plain.status).toBe(201);
    expect(plain.body.scopes).toEqual(['all']);
    const narrow = await session().post('/settings/api-keys', { name: 'narrow', scopes: ['replies:read', 'send'] });
    expect(narrow.body).toMatchObject({ name: 'narrow', scopes: ['replies:read', 'send'] });
    const viaGql = await session().gql(ops.CreateApiKeyDocument, { input: { name: 'gql', scopes: ['webhooks:read'] } });
    expect(viaGql.data?.createApiKey.scopes).toEqual(['webhooks:read']);

    const listed = (await session().get('/settings/api-keys')).body as { id: string; scopes: string[] }[];
    expect(listed.find((k) => k.id === plain.body.id)?.scopes).toEqual(['all']);
    expect(listed.find((k) => k.id === narrow.body.id)?.scopes).toEqual(['replies:read', 'send']);
    const gqlListed = (await session().gql(ops.ApiKeysDocument)).data!.apiKeys;
    expect(gqlListed.find((k) => k.id === viaGql.data!.createApiKey.id)?.scopes).toEqual(['webhooks:read']);
  });

  it('lets a session do everything, and keeps the settings rules for keys: all needed, then sessions only', async () => {
    expect((await session().get('/replies')).status).toBe(200);
    const everything = await keyWith(allBut('all'));
    refused(await everything.get('/settings/members'), ['all']);
    const all = await keyWith(['all']);
    expect((await all.get('/settings/members')).status).toBe(200);
    expectError(await all.get('/settings/api-keys'), 403, 'session_required');
    expectError(await all.patch('/settings/workspace', { name: 'X' }), 403, 'owner_required');
  });
});

it('lets a key made before scopes (its row without them) act with all', async () => {
  const key = `key_${randomUUID().replace(/-/g, '')}`;
  const id = randomUUID();
  await db(`insert into api_key (id, created_at, workspace_id, created_by_id, name, key_hash) values (?, now(), ?, ?, 'old', ?)`, [
    id,
    world.me.workspaceId,
    world.me.userId,
    sha256(key),
  ]);
  const old = session().withToken(key);
  const a = await createCampaign(world.service, world.me.workspaceId, { timezone: 'UTC' });
  expect((await old.get('/campaigns')).status).toBe(200);
  expect((await old.get('/settings/members')).status).toBe(200);
  // It may even start sending: not refused for its scopes (no_steps is the campaign's own problem).
  expectError(await old.post(`/campaigns/${a.id}/activate`), 400, 'no_steps');
  expect((await old.gql(ops.CampaignsDocument)).errors).toBeUndefined();
  expect(((await session().get('/settings/api-keys')).body as { id: string; scopes: string[] }[]).find((k) => k.id === id)?.scopes).toEqual(['all']);
});
