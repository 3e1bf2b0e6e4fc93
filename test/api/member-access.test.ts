// decisions.md §10: a removed member keeps no access (their API keys and sessions end with them), and an
// API key acts with member rights, so every owner-only operation refuses it — through REST and GraphQL.
import { randomUUID } from 'node:crypto';
import { Client, expectError, signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.stop());

const sql = (query: string, params: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(query, params);

interface Member {
  id: string;
  email: string;
  /** Logged in as the member (a session token). */
  session: Client;
}

/** The owner adds a member (REST) and the member logs in. */
async function addMember(owner: Account, role: 'owner' | 'member' = 'member'): Promise<Member> {
  const email = `member-${randomUUID()}@example.com`;
  const added = await owner.client.post('/settings/members', { email, name: 'Mia', password: 'member password', role });
  expect(added.status).toBe(200);
  const login = await owner.client.withToken(null).post('/auth/login', { email, password: 'member password' });
  expect(login.status).toBe(200);
  return { id: added.body.id, email, session: owner.client.withToken(login.body.token) };
}

async function makeKey(as: Client): Promise<string> {
  const made = await as.post('/settings/api-keys', { name: `key-${randomUUID()}` });
  expect(made.status).toBe(201);
  return made.body.key;
}

describe('removing a member', () => {
  it('ends their API keys and sessions at once, and leaves the owner’s (REST)', async () => {
    const owner = await signUp(service.url);
    const member = await addMember(owner);
    const memberKey = member.session.withToken(await makeKey(member.session));
    const ownerKey = owner.client.withToken(await makeKey(owner.client));
    expect((await memberKey.get('/settings')).status).toBe(200);

    expect((await owner.client.delete(`/settings/members/${member.id}`)).body).toEqual({ deleted: true });

    expectError(await memberKey.get('/settings'), 401, 'unauthorized');
    expectError(await memberKey.get('/campaigns'), 401, 'unauthorized');
    expectError(await member.session.get('/settings'), 401, 'unauthorized');
    expect((await sql('select count(*)::int as n from api_key where created_by_id = ?', [member.id]))[0].n).toBe(0);
    expect((await sql('select count(*)::int as n from session_token where user_id = ?', [member.id]))[0].n).toBe(0);
    expect((await ownerKey.get('/settings')).status).toBe(200);
    expect((await owner.client.get('/settings/api-keys')).body).toHaveLength(1);
  });

  it('ends the keys of a removed co-owner too (GraphQL)', async () => {
    const owner = await signUp(service.url);
    const coOwner = await addMember(owner, 'owner');
    const made = await coOwner.session.gql(ops.CreateApiKeyDocument, { input: { name: 'scripts' } });
    const coOwnerKey = coOwner.session.withToken(made.data!.createApiKey.key);
    expect((await coOwnerKey.gql(ops.SettingsDocument)).errors).toBeUndefined();

    const removed = await owner.client.gql(ops.DeleteMemberDocument, { id: coOwner.id });
    expect(removed.errors).toBeUndefined();
    expect(removed.data!.deleteMember.deleted).toBe(true);

    expect((await coOwnerKey.gql(ops.SettingsDocument)).errors![0].extensions).toMatchObject({ code: 'unauthorized', status: 401 });
    expect((await coOwner.session.gql(ops.SettingsDocument)).errors![0].extensions).toMatchObject({ code: 'unauthorized', status: 401 });
    expect((await owner.client.gql(ops.ApiKeysDocument)).data!.apiKeys).toEqual([]);
  });

  it('deletes the keys in the database too, whatever deletes the user', async () => {
    const owner = await signUp(service.url);
    const member = await addMember(owner);
    await makeKey(member.session);
    await sql('delete from "user" where id = ?', [member.id]);
    expect((await sql('select count(*)::int as n from api_key where workspace_id = ?', [owner.workspaceId]))[0].n).toBe(0);
    // And a key cannot lose its maker any more.
    await makeKey(owner.client);
    await expect(sql('update api_key set created_by_id = null where workspace_id = ?', [owner.workspaceId])).rejects.toThrow(/null/);
  });
});

describe('an API key acts with member rights', () => {
  // decisions.md §10: what is owner-only (workspace settings, the verification key, members) refuses
  // keys with 403, even a key its owner made.
  it('is refused every owner-only operation, and nothing changes (REST)', async () => {
    const owner = await signUp(service.url);
    const member = await addMember(owner);
    const key = owner.client.withToken(await makeKey(owner.client));

    const patched = expectError(await key.patch('/settings/workspace', { name: 'Taken over' }), 403, 'owner_required');
    expect(patched.message).toMatch(/API key/);
    expectError(await key.put('/settings/verification-key', { key: 'nb_attacker' }), 403);
    expectError(await key.post('/settings/members', { email: `x-${randomUUID()}@example.com`, name: 'X', password: 'member password', role: 'owner' }), 403);
    expectError(await key.delete(`/settings/members/${member.id}`), 403);

    const settings = (await owner.client.get('/settings')).body;
    expect(settings).toMatchObject({ workspace: { name: 'Acme' }, verification_key_set: false });
    expect((await owner.client.get('/settings/members')).body.map((m: { id: string }) => m.id)).toEqual([owner.userId, member.id]);

    // What is not owner-only still answers the key, and the owner's own session still may.
    expect((await key.get('/settings/members')).status).toBe(200);
    expect((await owner.client.patch('/settings/workspace', { name: 'Renamed' })).body.name).toBe('Renamed');
  });

  it('is refused every owner-only mutation, and nothing changes (GraphQL)', async () => {
    const owner = await signUp(service.url);
    const member = await addMember(owner);
    const key = owner.client.withToken(await makeKey(owner.client));

    const refusals = [
      await key.gql(ops.UpdateWorkspaceDocument, { input: { name: 'Taken over' } }),
      await key.gql(ops.SetVerificationKeyDocument, { input: { key: 'nb_attacker' } }),
      await key.gql(ops.CreateMemberDocument, { input: { email: `x-${randomUUID()}@example.com`, name: 'X', password: 'member password', role: 'owner' } }),
      await key.gql(ops.DeleteMemberDocument, { id: member.id }),
    ];
    for (const refused of refusals) {
      expect(refused.data).toBeNull();
      expect(refused.errors![0].extensions).toMatchObject({ status: 403 });
    }
    expect(refusals[0].errors![0].extensions!.code).toBe('owner_required');

    const settings = await owner.client.gql(ops.SettingsDocument);
    expect(settings.data!.settings).toMatchObject({ workspace: { name: 'Acme' }, verificationKeySet: false });
    expect((await owner.client.gql(ops.MembersDocument)).data!.members.map((m) => m.id)).toEqual([owner.userId, member.id]);
  });

  it('gets member rights from a member’s key as from a member’s session', async () => {
    const owner = await signUp(service.url);
    const member = await addMember(owner);
    const key = member.session.withToken(await makeKey(member.session));
    expectError(await member.session.patch('/settings/workspace', { name: 'Mine' }), 403, 'owner_required');
    expectError(await key.patch('/settings/workspace', { name: 'Mine' }), 403, 'owner_required');
    expect((await key.get('/settings')).body.user).toMatchObject({ id: member.id, role: 'member' });
  });
});
