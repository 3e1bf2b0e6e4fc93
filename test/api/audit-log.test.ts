// decisions.md §12 Audit log: GET /api/settings/audit-log (owner session only) lists every successful change
// of the workspace — REST non-GET requests, GraphQL mutations, MCP tool calls that change something — as {id, at, actor: {kind, id, name},
// operation, target_id, ip}, newest first, in cursor pages, kept 90 days. Failed changes, idempotent
// replays and requests without credentials leave no entry.
import { randomUUID } from 'node:crypto';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { keptAfter, sweepAuditLog, writeEntry } from '../../src/observability/audit-trail/audit-log';
import type { Clock } from '../../src/runtime/clock';
import type { Logger } from '../../src/observability/logger';
import * as ops from '../graphql/generated';
import { Client, expectError, signUp, testClientAddress, type Account, type GraphQLReply, type Reply } from '../support/client';
import { startTestService } from '../support/service';

/** The wall clock, but never the same millisecond twice: entries made one after another have distinct
 *  times, so "newest first" has one right order. */
class RisingClock implements Clock {
  private last = 0;
  now() {
    this.last = Math.max(Date.now(), this.last + 1);
    return new Date(this.last);
  }
}

let service: Awaited<ReturnType<typeof startTestService>>;

beforeAll(async () => {
  service = await startTestService({ clock: new RisingClock() });
});
afterAll(() => service?.stop());

const sql = (query: string, params: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(query, params);

interface Entry {
  id: string;
  at: string;
  actor: { kind: 'user' | 'key'; id: string; name: string };
  operation: string;
  target_id: string | null;
  ip: string | null;
}

/** The whole log as its owner sees it, newest first, walking the Link headers (limit 100 a page). */
async function log(owner: Account): Promise<Entry[]> {
  const out: Entry[] = [];
  let path: string | null = '/api/settings/audit-log?limit=100';
  while (path) {
    const res: Reply = await owner.client.request('GET', path);
    expect(res.status).toBe(200);
    out.push(...(res.body as Entry[]));
    path = nextLink(res);
  }
  return out;
}

/** The path of `Link: <…>; rel="next"`, or null on the last page. */
function nextLink(res: Reply): string | null {
  const link = res.headers.get('link');
  if (!link) return null;
  const m = /^<([^>]+)>; rel="next"$/.exec(link);
  expect(m).not.toBeNull();
  return m![1]!;
}

/** An owner's API key, named `name`. */
async function apiKey(owner: Account, name: string): Promise<{ id: string; client: Client }> {
  const made = await owner.client.post('/settings/api-keys', { name });
  expect(made.status).toBe(201);
  return { id: made.body.id, client: owner.client.withToken(made.body.key) };
}

/** A member of the owner's workspace, logged in. */
async function member(owner: Account): Promise<{ id: string; client: Client }> {
  const email = `member-${randomUUID()}@example.com`;
  const added = await owner.client.post('/settings/members', { email, name: 'Mia', password: 'member password', role: 'member' });
  expect(added.status).toBe(200);
  const anon = new Client(service.url, null, testClientAddress());
  const login = await anon.post('/auth/login', { email, password: 'member password' });
  expect(login.status).toBe(200);
  return { id: added.body.id, client: anon.withToken(login.body.token) };
}

describe('what is recorded', () => {
  it('a REST create, update and delete: operationId, target, the user as actor and the client address', async () => {
    const me = await signUp(service.url);
    const made = await me.client.post('/campaigns', { name: 'Audited' });
    expect(made.status).toBe(200);
    const id = made.body.id as string;
    expect((await me.client.patch(`/campaigns/${id}`, { daily_limit: 12 })).status).toBe(200);
    expect((await me.client.delete(`/campaigns/${id}`)).status).toBe(200);

    const entries = await log(me);
    const user = { kind: 'user', id: me.userId, name: me.email }; // an owner from sign-up has no name: the email
    expect(entries).toEqual([
      { id: expect.any(String), at: expect.any(String), actor: user, operation: 'deleteCampaignsId', target_id: id, ip: me.client.clientAddress },
      { id: expect.any(String), at: expect.any(String), actor: user, operation: 'patchCampaignsId', target_id: id, ip: me.client.clientAddress },
      { id: expect.any(String), at: expect.any(String), actor: user, operation: 'postCampaigns', target_id: id, ip: me.client.clientAddress },
    ]);
    expect(new Set(entries.map((e) => e.id)).size).toBe(3);
    expect(Date.parse(entries[0]!.at)).toBeGreaterThan(Date.parse(entries[1]!.at));
  });

  it('names an API key as the actor by its id and name', async () => {
    const me = await signUp(service.url);
    const key = await apiKey(me, 'CRM sync');
    const made = await key.client.from('2001:db8:ffff::7').post('/campaigns', { name: 'By key' });
    expect(made.status).toBe(200);
    const [newest, keyMade] = await log(me);
    expect(newest).toMatchObject({ actor: { kind: 'key', id: key.id, name: 'CRM sync' }, operation: 'postCampaigns', target_id: made.body.id, ip: '2001:db8:ffff::7' });
    // Making the key was a change by the owner; its target is the key made.
    expect(keyMade).toMatchObject({ actor: { kind: 'user', id: me.userId }, operation: 'postSettingsApiKeys', target_id: key.id });
  });

  it('an MCP tool call that changes something, named by its tool (the operationId); a read tool leaves none', async () => {
    const me = await signUp(service.url);
    const key = await apiKey(me, 'Agent');
    const made = await key.client.post('/settings/api-keys', { name: 'unused' }); // refused (a key makes no keys): no entry
    expect(made.status).toBe(403);
    const agent = new McpClient({ name: 'audit-test', version: '1' });
    const token = key.client.token!;
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '2001:db8:eeee::9' } } }),
    );
    try {
      const created = await agent.callTool({ name: 'postCampaigns', arguments: { body: { name: 'By agent' } } });
      expect(created.isError).toBeFalsy();
      const id = (created.structuredContent as { id: string }).id;
      expect((await agent.callTool({ name: 'getCampaignsId', arguments: { id } })).isError).toBeFalsy();
      const renamed = await agent.callTool({ name: 'patchCampaignsId', arguments: { id, body: { name: 'Renamed by agent' } } });
      expect(renamed.isError).toBeFalsy();
      const [patched, posted, keyMade] = await log(me);
      expect(patched).toMatchObject({ actor: { kind: 'key', id: key.id, name: 'Agent' }, operation: 'patchCampaignsId', target_id: id, ip: '2001:db8:eeee::9' });
      expect(posted).toMatchObject({ actor: { kind: 'key', id: key.id }, operation: 'postCampaigns', target_id: id });
      expect(keyMade).toMatchObject({ operation: 'postSettingsApiKeys' });
    } finally {
      await agent.close();
    }
  });

  it('a member by name; a path parameter other than :id is the target', async () => {
    const me = await signUp(service.url);
    const mia = await member(me);
    const blocked = `blocked-${randomUUID()}@example.com`;
    expect((await mia.client.post('/blocklist', { emails: [blocked] })).status).toBe(200);
    expect((await mia.client.delete(`/blocklist/${encodeURIComponent(blocked)}`)).status).toBe(200);
    const [removed, added, memberAdded] = await log(me);
    expect(removed).toMatchObject({ actor: { kind: 'user', id: mia.id, name: 'Mia' }, operation: 'deleteBlocklistEmail', target_id: blocked });
    expect(added).toMatchObject({ actor: { kind: 'user', id: mia.id, name: 'Mia' }, operation: 'postBlocklist', target_id: null });
    expect(memberAdded).toMatchObject({ operation: 'postSettingsMembers', target_id: mia.id });
  });

  it('each GraphQL mutation field of a document: the field name, its id argument or the id it answered', async () => {
    const me = await signUp(service.url);
    const made = await me.client.post('/campaigns', { name: 'First' });
    const res = await me.client.gql(ops.TwoCampaignChangesDocument, { name: 'Second', id: made.body.id, limit: 9 });
    expect(res.errors).toBeUndefined();
    const entries = await log(me);
    const user = { kind: 'user', id: me.userId, name: me.email };
    expect(entries.map(({ actor, operation, target_id, ip }) => ({ actor, operation, target_id, ip }))).toEqual([
      { actor: user, operation: 'updateCampaign', target_id: made.body.id, ip: me.client.clientAddress },
      { actor: user, operation: 'updateCampaign', target_id: made.body.id, ip: me.client.clientAddress },
      { actor: user, operation: 'createCampaign', target_id: res.data!.made.id, ip: me.client.clientAddress },
      { actor: user, operation: 'postCampaigns', target_id: made.body.id, ip: me.client.clientAddress },
    ]);
  });

  it('nothing for a failed change, through REST or GraphQL, nor for a read', async () => {
    const me = await signUp(service.url);
    expectError(await me.client.post('/campaigns', { name: '' }), 400, 'validation_failed');
    expectError(await me.client.delete(`/campaigns/${randomUUID()}`), 404, 'not_found');
    expectError(await me.client.post('/no-such-route', {}), 404, 'route_not_found');
    const gql = await me.client.gql(ops.DeleteCampaignDocument, { id: randomUUID() });
    expect(gql.errors?.[0]?.extensions?.code).toBe('not_found');
    // The first field succeeds, the next fails (and, its answer being non-null, ends the document): only
    // the one that succeeded.
    const half = await me.client.gql(ops.TwoCampaignChangesDocument, { name: 'Half', id: randomUUID(), limit: 9 });
    expect(half.errors?.map((e) => e.extensions?.code)).toEqual(['not_found']);
    const campaigns = await me.client.get('/campaigns');
    expect(campaigns.body.map((c: { name: string }) => c.name)).toEqual(['Half']);
    // A POST that only computes (a preview: campaigns:read) changes nothing.
    expect((await me.client.post(`/campaigns/${campaigns.body[0].id}/preview`, { steps: [{ subject: 'Hi', body: 'Hello' }] })).status).toBe(200);
    expect((await log(me)).map((e) => [e.operation, e.target_id])).toEqual([['createCampaign', campaigns.body[0].id]]);
  });

  it('an idempotent replay once', async () => {
    const me = await signUp(service.url);
    const key = randomUUID();
    const first = await me.client.request('POST', '/api/campaigns', { name: 'Once' }, { 'idempotency-key': key });
    const again = await me.client.request('POST', '/api/campaigns', { name: 'Once' }, { 'idempotency-key': key });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await log(me)).map((e) => [e.operation, e.target_id])).toEqual([['postCampaigns', first.body.id]]);
  });

  it('nothing for sign-up and login (with or without a caller), and no change made by a refused key', async () => {
    const me = await signUp(service.url);
    expect((await new Client(service.url).post('/auth/login', { email: me.email, password: me.password })).status).toBe(200);
    const reader = await me.client.post('/settings/api-keys', { name: 'reader', scopes: ['campaigns:read'] });
    expectError(await me.client.withToken(reader.body.key).post('/campaigns', { name: 'No' }), 403, 'insufficient_scope');
    // Sent with a caller's credentials, GraphQL's login is still no change of the caller's workspace.
    const gqlLogin = await me.client.request('POST', '/graphql', {
      query: 'mutation ($input: LoginInput!) { login(input: $input) { token } }',
      variables: { input: { email: me.email, password: me.password } },
    });
    expect(gqlLogin.body.data.login.token).toEqual(expect.any(String));
    expect((await log(me)).map((e) => e.operation)).toEqual(['postSettingsApiKeys']);
  });
});

describe('the list', () => {
  it('is newest first in cursor pages, through REST (Link) and GraphQL (nextCursor), each entry once', async () => {
    const me = await signUp(service.url);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await me.client.post('/campaigns', { name: `C${i}` })).body.id);
    const newestFirst = [...ids].reverse();

    const seen: string[] = [];
    let path: string | null = '/api/settings/audit-log?limit=2';
    let pages = 0;
    while (path) {
      const res: Reply = await me.client.request('GET', path);
      expect(res.status).toBe(200);
      expect((res.body as Entry[]).length).toBeLessThanOrEqual(2);
      seen.push(...(res.body as Entry[]).map((e) => e.target_id!));
      path = nextLink(res);
      if (path) expect(path).toMatch(/^\/api\/settings\/audit-log\?limit=2&cursor=/);
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(newestFirst);

    const viaGraphql: string[] = [];
    let cursor: string | null = null;
    do {
      const res: GraphQLReply<ops.AuditLogQuery> = await me.client.gql(ops.AuditLogDocument, { limit: 2, cursor });
      expect(res.errors).toBeUndefined();
      viaGraphql.push(...res.data!.auditLog.items.map((e) => e.targetId!));
      cursor = res.data!.auditLog.nextCursor ?? null;
    } while (cursor);
    expect(viaGraphql).toEqual(newestFirst);
    // And the GraphQL fields are the REST ones.
    const rest = (await me.client.get('/settings/audit-log?limit=1')).body[0] as Entry;
    const gql = (await me.client.gql(ops.AuditLogDocument, { limit: 1 })).data!.auditLog.items[0]!;
    expect({ id: gql.id, at: gql.at, actor: gql.actor, operation: gql.operation, target_id: gql.targetId, ip: gql.ip }).toEqual(rest);
  });

  it('keeps its page when entries are added while it is walked', async () => {
    const me = await signUp(service.url);
    for (let i = 0; i < 3; i++) await me.client.post('/campaigns', { name: `Old ${i}` });
    const first = await me.client.get('/settings/audit-log?limit=2');
    await me.client.post('/campaigns', { name: 'Newer' });
    const second = await me.client.request('GET', nextLink(first)!);
    const all = [...(first.body as Entry[]), ...(second.body as Entry[])].map((e) => e.id);
    expect(all).toHaveLength(3);
    expect(new Set(all).size).toBe(3);
    expect(nextLink(second)).toBeNull();
  });

  it('bounds limit (1 to 100) and refuses a cursor it did not make', async () => {
    const me = await signUp(service.url);
    expectError(await me.client.get('/settings/audit-log?limit=101'), 400, 'validation_failed');
    expectError(await me.client.get('/settings/audit-log?limit=0'), 400, 'validation_failed');
    expectError(await me.client.get('/settings/audit-log?limit=ten'), 400, 'validation_failed');
    expectError(await me.client.get('/settings/audit-log?cursor=abc.def'), 400, 'invalid_cursor');
    // Longer than any cursor made (the shared cursor field of every list): refused as input.
    expectError(await me.client.get(`/settings/audit-log?cursor=${'x'.repeat(5000)}`), 400, 'validation_failed');
    expect((await me.client.gql(ops.AuditLogDocument, { limit: 101 })).errors?.[0]?.extensions?.code).toBe('validation_failed');
    expect((await me.client.gql(ops.AuditLogDocument, { cursor: 'abc.def' })).errors?.[0]?.extensions?.code).toBe('invalid_cursor');
    // Unset: 50 a page.
    for (let i = 0; i < 51; i++) await me.client.post('/campaigns', { name: `C${i}` });
    const page = await me.client.get('/settings/audit-log');
    expect(page.body).toHaveLength(50);
    expect(nextLink(page)).not.toBeNull();
  });
});

describe('who may read it', () => {
  it('the owner only: an API key (even with `all`) and a member get 403 owner_required, through REST and GraphQL', async () => {
    const me = await signUp(service.url);
    const key = await apiKey(me, 'everything');
    const mia = await member(me);
    for (const caller of [key.client, mia.client]) {
      expectError(await caller.get('/settings/audit-log'), 403, 'owner_required');
      expect((await caller.gql(ops.AuditLogDocument, {})).errors?.[0]?.extensions?.code).toBe('owner_required');
    }
    expectError(await new Client(service.url).get('/settings/audit-log'), 401, 'unauthorized');
  });

  it("never shows another workspace's entries", async () => {
    const me = await signUp(service.url);
    const other = await signUp(service.url);
    const mine = await me.client.post('/campaigns', { name: 'Mine' });
    await other.client.post('/campaigns', { name: 'Theirs' });
    expect((await log(me)).map((e) => e.target_id)).toEqual([mine.body.id]);
    expect((await log(other)).every((e) => e.target_id !== mine.body.id)).toBe(true);
    const gql = await me.client.gql(ops.AuditLogDocument, {});
    expect(gql.data!.auditLog.items.map((e) => e.targetId)).toEqual([mine.body.id]);
  });
});

describe('keeping', () => {
  it('shows 90 days; the sweep deletes older entries and keeps the rest', async () => {
    const me = await signUp(service.url);
    const now = service.deps.clock.now();
    const day = 86_400_000;
    const insert = (at: Date, target: string) =>
      sql(`insert into audit_log (id, workspace_id, at, actor_kind, actor_id, actor_name, operation, target_id, ip) values (?, ?, ?, 'user', ?, 'Old', 'postCampaigns', ?, null)`, [
        randomUUID(),
        me.workspaceId,
        at,
        me.userId,
        target,
      ]);
    await insert(new Date(now.getTime() - 91 * day), 'expired');
    await insert(new Date(keptAfter(now).getTime() - 1000), 'just-expired');
    await insert(new Date(now.getTime() - 89 * day), 'kept');
    // Past its 90 days an entry is no longer shown, swept or not.
    expect((await log(me)).map((e) => e.target_id)).toEqual(['kept']);

    while ((await sweepAuditLog(service.deps, 1)) > 0); // batches of one, to the end
    const rows = await sql(`select target_id from audit_log where workspace_id = ? order by at`, [me.workspaceId]);
    expect(rows.map((r) => r.target_id)).toEqual(['kept']);
  });
});

describe('recording', () => {
  it('never throws: a write that fails is logged', async () => {
    const lines: { level: string; msg: string }[] = [];
    const note = (level: string) => (msg: string) => void lines.push({ level, msg });
    const log: Logger = { debug: note('debug'), info: note('info'), warn: note('warn'), error: note('error') };
    // A workspace that does not exist: the insert breaks its foreign key.
    const actor = { workspaceId: randomUUID(), userId: randomUUID(), role: 'owner' as const, via: 'session' as const };
    await expect(writeEntry({ deps: { ...service.deps, log }, actor, clientAddress: null }, { operation: 'postCampaigns' })).resolves.toBeUndefined();
    expect(lines).toContainEqual({ level: 'error', msg: 'audit log entry not written' });
  });
});
