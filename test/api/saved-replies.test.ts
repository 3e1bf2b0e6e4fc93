// Saved replies (api.md Saved replies): create (201), list by name, PATCH, DELETE for the workspace, names
// unique (409 on create and rename), three built-in examples (nothing saved), and render for {reply_id}
// or {lead_id, mailbox_id} through the sending renderer (firstName with fallback, sendingAccountFirstName,
// every lead field), nothing sent; through REST and GraphQL, never across workspaces, 4xx for bad input.
import { randomUUID } from 'node:crypto';
import { Client, expectError, signUp, type Account } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;

beforeAll(async () => {
  service = await startTestService();
});
beforeEach(async () => {
  me = await signUp(service.url, { timezone: 'UTC' });
});
afterAll(async () => {
  await service?.stop();
});

const db = (query: string, params: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(query, params);

/** A lead (with the given fields) in a campaign, an inbox sending as `fromName`, and a reply item from the lead to it. */
async function world(account: Account = me, opts: { vars?: Record<string, string>; fromName?: string; subject?: string } = {}) {
  const campaign = await createCampaign(service, account.workspaceId, { timezone: 'UTC' });
  const inbox = await createInbox(service, account.workspaceId, { fromName: opts.fromName ?? 'Sam Sender', signature: 'Sam Sender\nAcme Sales' });
  const [lead] = await createLeads(service, account.workspaceId, campaign.id, [{ email: `lead-${randomUUID().slice(0, 8)}@client.test`, vars: opts.vars ?? {} }]);
  const item = await createReplyItem(service, account.workspaceId, {
    inbox: inbox.id,
    lead: lead!.id,
    campaign: campaign.id,
    fromEmail: lead!.email,
    subject: opts.subject ?? 'Re: Quick question',
  });
  return { campaignId: campaign.id, inboxId: inbox.id, leadId: lead!.id, replyId: item.id };
}

const create = async (fields: Record<string, unknown>, account: Account = me) => {
  const res = await account.client.post('/saved-replies', fields);
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; subject: string | null; body: string };
};

describe('CRUD', () => {
  it('creates (201) with exactly id, name, subject, body; lists by name as a person reads it; subject optional', async () => {
    const a = await create({ name: 'zulu', body: 'Z' });
    expect(a).toEqual({ id: expect.any(String), name: 'zulu', subject: null, body: 'Z' });
    const b = await create({ name: '  Alpha  ', subject: 'Hello {{firstName}}', body: 'A' });
    expect(b).toEqual({ id: expect.any(String), name: 'Alpha', subject: 'Hello {{firstName}}', body: 'A' });
    await create({ name: 'item 10', body: 'x' });
    await create({ name: 'item 9', body: 'x' });
    await create({ name: 'mike', body: 'M' });
    const list = await me.client.get('/saved-replies');
    expect(list.status).toBe(200);
    expect(list.body.map((r: { name: string }) => r.name)).toEqual(['Alpha', 'item 9', 'item 10', 'mike', 'zulu']);
    expect(list.body[0]).toEqual(b);
  });

  it('refuses a used name with 409 name_taken, on create and on rename; renaming to its own name is fine', async () => {
    const a = await create({ name: 'Follow-up', body: 'x' });
    const b = await create({ name: 'Pricing', body: 'y' });
    expectError(await me.client.post('/saved-replies', { name: 'Follow-up', body: 'again' }), 409, 'name_taken');
    expectError(await me.client.post('/saved-replies', { name: ' Follow-up ', body: 'again' }), 409, 'name_taken');
    expectError(await me.client.patch(`/saved-replies/${b.id}`, { name: 'Follow-up' }), 409, 'name_taken');
    expect((await me.client.patch(`/saved-replies/${a.id}`, { name: 'Follow-up', body: 'changed' })).body).toMatchObject({ name: 'Follow-up', body: 'changed' });
    // Another workspace may use the same name.
    const other = await signUp(service.url);
    await create({ name: 'Follow-up', body: 'theirs' }, other);
  });

  it('PATCH changes any of name, subject (null clears it), body, and answers the saved reply', async () => {
    const r = await create({ name: 'Intro', subject: 'Hi', body: 'Body' });
    expect((await me.client.patch(`/saved-replies/${r.id}`, { subject: 'New subject' })).body).toEqual({ ...r, subject: 'New subject' });
    expect((await me.client.patch(`/saved-replies/${r.id}`, { subject: null, body: 'New body' })).body).toEqual({ ...r, subject: null, body: 'New body' });
    expect((await me.client.patch(`/saved-replies/${r.id}`, { name: 'Renamed' })).body).toEqual({ ...r, name: 'Renamed', subject: null, body: 'New body' });
    expect((await me.client.get('/saved-replies')).body).toEqual([{ ...r, name: 'Renamed', subject: null, body: 'New body' }]);
  });

  it('DELETE answers {deleted: true} and removes it for everyone in the workspace; a second delete is 404', async () => {
    const r = await create({ name: 'Gone', body: 'x' });
    // A member of the workspace sees it, and no longer once the owner deleted it.
    const email = `m-${randomUUID()}@example.com`;
    expect((await me.client.post('/settings/members', { email, name: 'Mia', password: 'a long password', role: 'member' })).status).toBeLessThan(300);
    const login = await new Client(service.url).post('/auth/login', { email, password: 'a long password' });
    const mia = new Client(service.url, login.body.token);
    expect((await mia.get('/saved-replies')).body).toEqual([r]);
    expect((await me.client.delete(`/saved-replies/${r.id}`)).body).toEqual({ deleted: true });
    expect((await me.client.get('/saved-replies')).body).toEqual([]);
    expect((await mia.get('/saved-replies')).body).toEqual([]);
    expectError(await me.client.delete(`/saved-replies/${r.id}`), 404, 'not_found');
  });

  it('refuses bad input with 400 validation_failed: missing or blank name or body, wrong types, unknown fields, an empty PATCH', async () => {
    const r = await create({ name: 'Ok', body: 'x' });
    for (const bad of [
      { body: 'x' },
      { name: 'n' },
      { name: '  ', body: 'x' },
      { name: 'n', body: ' \n ' },
      { name: 3, body: 'x' },
      { name: 'n', body: 'x', subject: 5 },
      { name: 'n', body: 'x', extra: 1 },
    ]) {
      expectError(await me.client.post('/saved-replies', bad), 400, 'validation_failed');
    }
    expectError(await me.client.post('/saved-replies', { name: 'x'.repeat(201), body: 'x' }), 400, 'validation_failed');
    expectError(await me.client.patch(`/saved-replies/${r.id}`, {}), 400, 'validation_failed');
    expectError(await me.client.patch(`/saved-replies/${r.id}`, { name: null }), 400, 'validation_failed');
    expectError(await me.client.patch(`/saved-replies/${r.id}`, { body: '' }), 400, 'validation_failed');
    expectError(await me.client.patch('/saved-replies/not-an-id', { body: 'x' }), 404, 'not_found');
    expect((await me.client.get('/saved-replies')).body).toHaveLength(1);
  });

  it("keeps workspaces apart: another workspace's saved reply is not listed and answers 404 to PATCH, DELETE and render", async () => {
    const other = await signUp(service.url);
    const theirs = await create({ name: 'Theirs', body: 'x' }, other);
    const w = await world();
    expect((await me.client.get('/saved-replies')).body).toEqual([]);
    expectError(await me.client.patch(`/saved-replies/${theirs.id}`, { body: 'mine now' }), 404, 'not_found');
    expectError(await me.client.delete(`/saved-replies/${theirs.id}`), 404, 'not_found');
    expectError(await me.client.post(`/saved-replies/${theirs.id}/render`, { reply_id: w.replyId }), 404, 'not_found');
    const g = await me.client.gql(ops.UpdateSavedReplyDocument, { id: theirs.id, input: { body: 'mine now' } });
    expect(g.errors?.[0]?.extensions?.code).toBe('not_found');
    expect((await other.client.get('/saved-replies')).body).toEqual([theirs]);
  });
});

describe('GET /saved-replies/examples', () => {
  it('answers three {name, body} examples with the saved-reply merge fields, and saves nothing', async () => {
    const res = await me.client.get('/saved-replies/examples');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    for (const e of res.body) {
      expect(Object.keys(e).sort()).toEqual(['body', 'name']);
      expect(e.body).toContain('{{firstName|there}}');
      expect(e.body).toContain('{{sendingAccountFirstName}}');
    }
    expect(new Set(res.body.map((e: { name: string }) => e.name)).size).toBe(3);
    expect((await me.client.get('/saved-replies')).body).toEqual([]);
    const g = await me.client.gql(ops.SavedReplyExamplesDocument, {});
    expect(g.data?.savedReplyExamples).toEqual(res.body);
  });
});

describe('POST /saved-replies/:id/render', () => {
  const template = {
    name: 'Call',
    subject: 'Call with {{company|your team}}?',
    body: 'Hi {{firstName|there}},\n\nHow is {{company}} doing in {{city}}?\n\n{{sendingAccountFirstName}}',
  };

  it('fills the fields for a reply from its lead and the inbox that received it; nothing is sent or saved', async () => {
    const w = await world(me, { vars: { firstName: 'Ann', company: 'Acme', city: 'Oslo' }, fromName: 'Sam Lee' });
    const r = await create(template);
    const sendsBefore = (await db(`select count(*)::int as n from send where workspace_id = ?`, [me.workspaceId]))[0].n;
    const res = await me.client.post(`/saved-replies/${r.id}/render`, { reply_id: w.replyId });
    expect(res.status).toBe(200);
    // The body without the inbox signature (the send adds it).
    expect(res.body).toEqual({ subject: 'Call with Acme?', body: 'Hi Ann,\n\nHow is Acme doing in Oslo?\n\nSam' });
    expect((await db(`select count(*)::int as n from send where workspace_id = ?`, [me.workspaceId]))[0].n).toBe(sendsBefore);
    expect((await me.client.get('/saved-replies')).body).toEqual([r]);
  });

  it('uses the fallback for a blank or missing field, matches field names case-insensitively as sending does, and keeps {{unsubscribe}} for the send', async () => {
    const w = await world(me, { vars: { FirstName: ' ', Company: 'Bolt' }, fromName: 'Ana Ruiz' });
    const r = await create({ name: 'Fallback', body: 'Hi {{firstName|there}} at {{company}} ({{city|somewhere}}). {{sendingAccountFirstName}} {{unsubscribe}}' });
    const res = await me.client.post(`/saved-replies/${r.id}/render`, { reply_id: w.replyId });
    expect(res.body).toEqual({ subject: 'Re: Quick question', body: 'Hi there at Bolt (somewhere). Ana {{unsubscribe}}' });
  });

  it('for a reply and a saved reply with no subject, answers Re: and the reply subject, as the answer would be sent', async () => {
    const w = await world(me, { subject: 'Pricing' });
    const r = await create({ name: 'No subject', body: 'Thanks!' });
    expect((await me.client.post(`/saved-replies/${r.id}/render`, { reply_id: w.replyId })).body).toEqual({ subject: 'Re: Pricing', body: 'Thanks!' });
  });

  it('renders for {lead_id, mailbox_id}: that lead and that inbox; no saved subject gives null', async () => {
    const w = await world(me, { vars: { firstName: 'Bo', company: 'Cora' } });
    const other = await createInbox(service, me.workspaceId, { fromName: 'Kim Park' });
    const r = await create(template);
    expect((await me.client.post(`/saved-replies/${r.id}/render`, { lead_id: w.leadId, mailbox_id: other.id })).body).toEqual({
      subject: 'Call with Cora?',
      body: 'Hi Bo,\n\nHow is Cora doing in ?\n\nKim',
    });
    const bare = await create({ name: 'Bare', body: 'Hello {{firstName|there}}' });
    expect((await me.client.post(`/saved-replies/${bare.id}/render`, { lead_id: w.leadId, mailbox_id: w.inboxId })).body).toEqual({ subject: null, body: 'Hello Bo' });
  });

  it('takes exactly one of the two forms (400 validation_failed otherwise) and answers 404 for unknown ids or ids of another workspace', async () => {
    const w = await world();
    const r = await create(template);
    for (const bad of [
      {},
      { reply_id: w.replyId, lead_id: w.leadId, mailbox_id: w.inboxId },
      { lead_id: w.leadId },
      { mailbox_id: w.inboxId },
      { reply_id: w.replyId, mailbox_id: w.inboxId },
    ]) {
      expectError(await me.client.post(`/saved-replies/${r.id}/render`, bad), 400, 'validation_failed');
    }
    expectError(await me.client.post(`/saved-replies/${r.id}/render`, { reply_id: 'nope' }), 400, 'validation_failed');
    expectError(await me.client.post(`/saved-replies/${r.id}/render`, { reply_id: w.replyId, extra: true }), 400, 'validation_failed');
    expectError(await me.client.post(`/saved-replies/${randomUUID()}/render`, { reply_id: w.replyId }), 404, 'not_found');
    expectError(await me.client.post(`/saved-replies/${r.id}/render`, { reply_id: randomUUID() }), 404, 'not_found');
    expectError(await me.client.post(`/saved-replies/${r.id}/render`, { lead_id: randomUUID(), mailbox_id: w.inboxId }), 404, 'not_found');
    expectError(await me.client.post(`/saved-replies/${r.id}/render`, { lead_id: w.leadId, mailbox_id: randomUUID() }), 404, 'not_found');
    const other = await signUp(service.url);
    const theirs = await world(other);
    expectError(await me.client.post(`/saved-replies/${r.id}/render`, { reply_id: theirs.replyId }), 404, 'not_found');
    expectError(await me.client.post(`/saved-replies/${r.id}/render`, { lead_id: theirs.leadId, mailbox_id: w.inboxId }), 404, 'not_found');
    expectError(await me.client.post(`/saved-replies/${r.id}/render`, { lead_id: w.leadId, mailbox_id: theirs.inboxId }), 404, 'not_found');
  });
});

describe('GraphQL', () => {
  it('does the same through savedReplies, createSavedReply, updateSavedReply, deleteSavedReply and renderSavedReply, with the same codes', async () => {
    const w = await world(me, { vars: { firstName: 'Eve' }, fromName: 'Max Mustermann' });
    const created = await me.client.gql(ops.CreateSavedReplyDocument, { input: { name: 'G', body: 'Hi {{firstName|there}}, {{sendingAccountFirstName}} here.' } });
    const r = created.data!.createSavedReply;
    expect(r).toEqual({ id: expect.any(String), name: 'G', subject: null, body: 'Hi {{firstName|there}}, {{sendingAccountFirstName}} here.' });
    const dup = await me.client.gql(ops.CreateSavedReplyDocument, { input: { name: 'G', body: 'x' } });
    expect(dup.errors?.[0]?.extensions?.code).toBe('name_taken');
    const blank = await me.client.gql(ops.CreateSavedReplyDocument, { input: { name: ' ', body: 'x' } });
    expect(blank.errors?.[0]?.extensions?.code).toBe('validation_failed');
    const updated = await me.client.gql(ops.UpdateSavedReplyDocument, { id: r.id, input: { subject: 'About {{firstName}}' } });
    expect(updated.data?.updateSavedReply).toEqual({ ...r, subject: 'About {{firstName}}' });
    const empty = await me.client.gql(ops.UpdateSavedReplyDocument, { id: r.id, input: {} });
    expect(empty.errors?.[0]?.extensions?.code).toBe('validation_failed');
    expect((await me.client.gql(ops.SavedRepliesDocument, {})).data?.savedReplies).toEqual([{ ...r, subject: 'About {{firstName}}' }]);

    const byReply = await me.client.gql(ops.RenderSavedReplyDocument, { id: r.id, input: { replyId: w.replyId } });
    expect(byReply.data?.renderSavedReply).toEqual({ subject: 'About Eve', body: 'Hi Eve, Max here.' });
    const byLead = await me.client.gql(ops.RenderSavedReplyDocument, { id: r.id, input: { leadId: w.leadId, mailboxId: w.inboxId } });
    expect(byLead.data?.renderSavedReply).toEqual({ subject: 'About Eve', body: 'Hi Eve, Max here.' });
    const both = await me.client.gql(ops.RenderSavedReplyDocument, { id: r.id, input: { replyId: w.replyId, leadId: w.leadId } });
    expect(both.errors?.[0]?.extensions?.code).toBe('validation_failed');
    const unknown = await me.client.gql(ops.RenderSavedReplyDocument, { id: r.id, input: { replyId: randomUUID() } });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('not_found');

    expect((await me.client.gql(ops.DeleteSavedReplyDocument, { id: r.id })).data?.deleteSavedReply).toEqual({ deleted: true });
    const again = await me.client.gql(ops.DeleteSavedReplyDocument, { id: r.id });
    expect(again.errors?.[0]?.extensions?.code).toBe('not_found');
  });
});
