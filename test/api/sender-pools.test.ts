// decisions.md §11 "Sender pools" and "One sender per lead" from outside, through REST and GraphQL:
// PATCH mailbox_tags (up to 20, each as inbox tags are written), the campaign object's mailboxTags, the
// single read's sending_mailbox_ids (its own inboxes plus every live inbox of the workspace carrying one
// of the tags, never another workspace's), launch (no_inbox and the warnings) and the sending status and
// checks seeing that set, duplicate keeping the tags, and the lead object's mailboxId.
import { randomUUID } from 'node:crypto';
import { Client, expectError, signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import * as ops from '../graphql/generated';

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let api: Client;
let other: Account;

beforeAll(async () => {
  service = await startTestService();
  me = await signUp(service.url, { timezone: 'UTC' });
  api = me.client;
  other = await signUp(service.url);
});
afterAll(() => service.stop());

const tag = () => `pool-${randomUUID().slice(0, 8)}`;

async function newCampaign(): Promise<string> {
  const res = await api.post('/campaigns', { name: 'Pool campaign' });
  expect(res.status).toBe(200);
  return res.body.id;
}

describe('PATCH mailbox_tags', () => {
  it('stores the tags trimmed and once each, shows them on the campaign object, and replaces them', async () => {
    const id = await newCampaign();
    expect((await api.get(`/campaigns/${id}`)).body).toMatchObject({ mailboxTags: [], mailbox_ids: [], sending_mailbox_ids: [] });
    const res = await api.patch(`/campaigns/${id}`, { mailbox_tags: [' eu ', 'eu', 'warm'] });
    expect(res.status).toBe(200);
    expect(res.body.mailboxTags).toEqual(['eu', 'warm']);
    expect((await api.get('/campaigns')).body.find((c: { id: string }) => c.id === id).mailboxTags).toEqual(['eu', 'warm']);
    expect((await api.patch(`/campaigns/${id}`, { mailbox_tags: Array.from({ length: 20 }, (_, i) => `t${i}`) })).body.mailboxTags).toHaveLength(20);
    expect((await api.patch(`/campaigns/${id}`, { mailbox_tags: [] })).body.mailboxTags).toEqual([]);
  });

  it.each([
    ['more than 20', Array.from({ length: 21 }, (_, i) => `t${i}`)],
    ['a blank tag', ['ok', '   ']],
    ['an empty tag', ['']],
    ['a tag over 50 characters', ['x'.repeat(51)]],
    ['a NUL character', ['a\u0000b']],
    ['a number', [5]],
    ['not a list', 'eu'],
    ['null', null],
  ])('refuses %s with 400 validation_failed naming mailbox_tags, changing nothing', async (_label, value) => {
    const id = await newCampaign();
    await api.patch(`/campaigns/${id}`, { mailbox_tags: ['kept'] });
    const err = expectError(await api.patch(`/campaigns/${id}`, { mailbox_tags: value, daily_limit: 99 }), 400, 'validation_failed');
    // (A NUL is refused for the element that holds it, mailbox_tags[0], before any validator runs.)
    expect(Object.keys(err.details!.fields)).toEqual([expect.stringMatching(/^mailbox_tags(\[0\])?$/)]);
    expect((await api.get(`/campaigns/${id}`)).body).toMatchObject({ mailboxTags: ['kept'], dailyLimit: 30 });
  });

  it('works through GraphQL (mailboxTags), refusing the same input with the same code', async () => {
    const id = await newCampaign();
    const ok = await api.gql(ops.UpdateCampaignPoolDocument, { id, input: { mailboxTags: [' eu', 'eu '] } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.updateCampaign).toMatchObject({ mailboxTags: ['eu'], sendingMailboxIds: [] });
    for (const bad of [Array.from({ length: 21 }, (_, i) => `t${i}`), [' '], ['x'.repeat(51)]]) {
      const res = await api.gql(ops.UpdateCampaignPoolDocument, { id, input: { mailboxTags: bad } });
      expect(res.errors![0].extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    }
    expect((await api.gql(ops.CampaignPoolDocument, { id })).data!.campaign.mailboxTags).toEqual(['eu']);
  });
});

describe('sending_mailbox_ids', () => {
  it("is mailbox_ids plus the workspace's live inboxes carrying one of the tags, resolved at every read (REST and GraphQL agree)", async () => {
    const id = await newCampaign();
    const [t1, t2] = [tag(), tag()];
    const own = await createInbox(service, me.workspaceId);
    const tagged = await createInbox(service, me.workspaceId, { tags: [t1, 'other'] });
    const alsoOwn = await createInbox(service, me.workspaceId, { tags: [t2] });
    await createInbox(service, me.workspaceId, { tags: [t1.toUpperCase()] }); // tags match by their exact text
    await createInbox(service, me.workspaceId, { tags: [t1], deletedAt: new Date() });
    await createInbox(service, other.workspaceId, { tags: [t1] });
    expect((await api.patch(`/campaigns/${id}`, { mailbox_ids: [own.id, alsoOwn.id], mailbox_tags: [t1, t2] })).status).toBe(200);
    const read = async () => {
      const rest = (await api.get(`/campaigns/${id}`)).body;
      const gql = (await api.gql(ops.CampaignPoolDocument, { id })).data!.campaign;
      expect(gql).toEqual({ id, mailboxIds: rest.mailbox_ids, mailboxTags: rest.mailboxTags, sendingMailboxIds: rest.sending_mailbox_ids });
      return rest;
    };
    let body = await read();
    expect(body.mailbox_ids).toEqual([own.id, alsoOwn.id]);
    expect(body.sending_mailbox_ids).toEqual([own.id, tagged.id, alsoOwn.id]);

    // Tagged later: joins. Untagged: leaves. Deleted: leaves.
    const later = await createInbox(service, me.workspaceId);
    expect((await api.post('/mailboxes/bulk', { ids: [later.id], add_tag: t2 })).status).toBe(200);
    expect((await read()).sending_mailbox_ids).toEqual([own.id, tagged.id, alsoOwn.id, later.id]);
    expect((await api.patch(`/mailboxes/${tagged.id}`, { tags: ['other'] })).status).toBe(200);
    expect((await api.delete(`/mailboxes/${later.id}`)).status).toBe(200);
    body = await read();
    expect(body.sending_mailbox_ids).toEqual([own.id, alsoOwn.id]);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['mailbox_ids', 'sending_mailbox_ids', 'mailboxTags', 'steps']));
    // Only the single read carries them; the list and the other answers carry mailboxTags alone.
    const listed = (await api.get('/campaigns')).body.find((c: { id: string }) => c.id === id);
    expect(listed).not.toHaveProperty('sending_mailbox_ids');
    expect(listed).not.toHaveProperty('mailbox_ids');
  });

  it('is copied with the campaign: a duplicate keeps its tags and so its pool', async () => {
    const id = await newCampaign();
    const t = tag();
    const tagged = await createInbox(service, me.workspaceId, { tags: [t] });
    await api.patch(`/campaigns/${id}`, { mailbox_tags: [t] });
    const copy = (await api.post(`/campaigns/${id}/duplicate`)).body;
    expect(copy.mailboxTags).toEqual([t]);
    expect((await api.get(`/campaigns/${copy.id}`)).body.sending_mailbox_ids).toEqual([tagged.id]);
  });
});

describe('launch, sending status and checks see the pool', () => {
  it('refuses to launch with no_inbox while the tags name no live inbox, and launches on a tagged one alone (REST and GraphQL)', async () => {
    for (const door of ['rest', 'graphql'] as const) {
      const id = await newCampaign();
      await addStep(service, me.workspaceId, id);
      const t = tag();
      await createInbox(service, me.workspaceId, { tags: [t], deletedAt: new Date() });
      await createInbox(service, other.workspaceId, { tags: [t] });
      await api.patch(`/campaigns/${id}`, { mailbox_tags: [t] });
      const activate = async () => {
        if (door === 'rest') return api.post(`/campaigns/${id}/activate`);
        const res = await api.gql(ops.ActivateCampaignDocument, { id });
        return res.errors
          ? { status: res.errors[0].extensions!.status as number, body: { error: { code: res.errors[0].extensions!.code } } }
          : { status: 200, body: res.data!.activateCampaign };
      };
      let res = await activate();
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('no_inbox');
      const status = (await api.get(`/campaigns/${id}/sending-status`)).body;
      expect(status.reasons.map((r: { code: string }) => r.code)).toContain('no_inbox');

      // A paused inbox carrying the tag: it may launch, with the warning about that inbox.
      const paused = await createInbox(service, me.workspaceId, { tags: [t], status: 'paused' });
      res = await activate();
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('active');
      expect(res.body.warnings).toContainEqual({ code: 'inbox_paused', text: expect.stringContaining(paused.email) });
      const after = (await api.get(`/campaigns/${id}/sending-status`)).body;
      expect(after.reasons.map((r: { code: string }) => r.code)).not.toContain('no_inbox');
      expect(after.reasons.map((r: { code: string }) => r.code)).toContain('inbox_stopped');
    }
  });

  it('previews from a tagged inbox and counts it in merge-check and diagnose', async () => {
    const id = await newCampaign();
    await addStep(service, me.workspaceId, id, { variants: [{ subject: 'Hi', body: 'From {{sendingAccountName}}.', enabled: true }] });
    const t = tag();
    const inbox = await createInbox(service, me.workspaceId, { tags: [t], fromName: 'Tess Tagged' });
    const before = (await api.get(`/campaigns/${id}/diagnose`)).body;
    expect(before.problems.map((p: { code: string }) => p.code)).toContain('no_inbox');
    await api.patch(`/campaigns/${id}`, { mailbox_tags: [t] });
    const preview = await api.post(`/campaigns/${id}/preview`, {});
    expect(preview.status).toBe(200);
    expect(preview.body.from).toBe(`Tess Tagged <${inbox.email}>`);
    const diagnosis = (await api.get(`/campaigns/${id}/diagnose`)).body;
    expect(diagnosis.problems.map((p: { code: string }) => p.code)).not.toContain('no_inbox');
    const merge = (await api.get(`/campaigns/${id}/merge-check`)).body;
    expect(merge).toEqual([]);
  });
});

describe("the lead's mailboxId", () => {
  it('is null before its first email and the inbox that sends its sequence after, in every lead answer (REST camelCase, GraphQL)', async () => {
    const campaign = await createCampaign(service, me.workspaceId, { timezone: 'UTC' });
    const inbox = await createInbox(service, me.workspaceId);
    const [fresh, emailed] = await createLeads(service, me.workspaceId, campaign.id, [
      { email: `fresh-${randomUUID().slice(0, 6)}@client.test` },
      { email: `emailed-${randomUUID().slice(0, 6)}@client.test`, status: 'active', currentStep: 1, mailboxId: inbox.id },
    ]);
    const list = (await api.get(`/campaigns/${campaign.id}/leads`)).body as { id: string; mailboxId: string | null }[];
    expect(Object.fromEntries(list.map((l) => [l.id, l.mailboxId]))).toEqual({ [fresh!.id]: null, [emailed!.id]: inbox.id });
    expect((await api.get(`/leads/${emailed!.id}`)).body.mailboxId).toBe(inbox.id);
    expect((await api.get(`/leads/${fresh!.id}`)).body.mailboxId).toBeNull();
    const gql = await api.gql(ops.LeadSenderDocument, { id: emailed!.id });
    expect(gql.data!.lead).toEqual({ id: emailed!.id, mailboxId: inbox.id, currentStep: 1 });
  });
});
