// Untracked replies and answers to whoever wrote from outside (decisions.md §11), REST and GraphQL on
// stored items (test/integration/untracked-replies.test.ts reads real ones from Dovecot): the
// `untracked` filter and count, POST /replies/:id/link and linkReply refusing the same things with the
// same codes (409 reply_linked for a tracked item, 404 across workspaces), and answers going to the
// item's Reply-To, else its sender.
import { randomUUID } from 'node:crypto';
import { expectError, signUp } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem, type ReplyItemFields } from '../support/factories/reply.factory';
import { sendingWorld } from '../support/sending-world';
import * as ops from '../graphql/generated';

const world = sendingWorld({ accountPer: 'test' });
const api = () => world.me.client;

async function mailbox() {
  const campaign = await createCampaign(world.service, world.me.workspaceId, { timezone: 'UTC' });
  const inbox = await createInbox(world.service, world.me.workspaceId, {
    smtpHost: world.peer.host,
    smtpPort: world.peer.port,
    username: 'sender@example.com',
    password: 'smtp-secret',
  });
  const [lead] = await createLeads(world.service, world.me.workspaceId, campaign.id, [{ email: `lead-${randomUUID().slice(0, 8)}@client.test` }]);
  return { campaignId: campaign.id, inboxId: inbox.id, leadId: lead!.id, email: lead!.email };
}
type Mailbox = Awaited<ReturnType<typeof mailbox>>;

const tracked = (m: Mailbox, fields: Partial<ReplyItemFields> = {}) =>
  createReplyItem(world.service, world.me.workspaceId, { inbox: m.inboxId, lead: m.leadId, campaign: m.campaignId, fromEmail: m.email, ...fields });
const untracked = (m: Mailbox, fields: Partial<ReplyItemFields> = {}) =>
  createReplyItem(world.service, world.me.workspaceId, { inbox: m.inboxId, untracked: true, matchedBy: 'domain', fromEmail: 'carol@client.test', ...fields });

describe('the untracked filter and count', () => {
  it('?untracked=true lists only untracked items, false only the others; counts them; GraphQL agrees; bad values are 400', async () => {
    const m = await mailbox();
    const t = await tracked(m);
    const u1 = await untracked(m);
    const u2 = await untracked(m, { isRead: true });
    const only = await api().get('/replies?untracked=true');
    expect(only.headers.get('x-total-count')).toBe('2');
    expect(only.body.map((r: { id: string }) => r.id).sort()).toEqual([u1.id, u2.id].sort());
    expect(only.body[0]).toMatchObject({ untracked: true, lead_id: null, campaign_id: null, reply_to: null });
    expect((await api().get('/replies?untracked=false')).body.map((r: { id: string }) => r.id)).toEqual([t.id]);
    expect((await api().get('/replies')).body).toHaveLength(3);
    expect((await api().get('/replies/counts')).body).toEqual({ unread: 2, unread_replies: 2, answered: 0, untracked: 2 });
    const gql = await api().gql(ops.UntrackedRepliesDocument, { query: { untracked: true } });
    expect(gql.data!.replies.total).toBe(2);
    expect((await api().gql(ops.UntrackedCountDocument)).data!.replyCounts).toEqual({ unread: 2, untracked: 2 });
    for (const bad of ['yes', '1', 'TRUE']) expectError(await api().get(`/replies?untracked=${bad}`), 400, 'validation_failed');
    const other = await signUp(world.service.url);
    expect((await other.client.get('/replies/counts')).body.untracked).toBe(0);
  });
});

describe('POST /replies/:id/link', () => {
  it('refuses a tracked item (409 reply_linked), a lead of another workspace (404), an unknown item (404), a bad id (400), the same through GraphQL', async () => {
    const m = await mailbox();
    const t = await tracked(m);
    const u = await untracked(m);
    expectError(await api().post(`/replies/${t.id}/link`, { lead_id: m.leadId }), 409, 'reply_linked');
    expect((await api().gql(ops.LinkReplyDocument, { id: t.id, leadId: m.leadId })).errors![0]!.extensions!.code).toBe('reply_linked');
    const other = await signUp(world.service.url);
    const theirs = await createCampaign(world.service, other.workspaceId, { timezone: 'UTC' });
    const [theirLead] = await createLeads(world.service, other.workspaceId, theirs.id, [{ email: 'carol@client.test' }]);
    expectError(await api().post(`/replies/${u.id}/link`, { lead_id: theirLead!.id }), 404, 'not_found');
    expectError(await other.client.post(`/replies/${u.id}/link`, { lead_id: theirLead!.id }), 404, 'not_found');
    expectError(await api().post(`/replies/${randomUUID()}/link`, { lead_id: m.leadId }), 404, 'not_found');
    expectError(await api().post(`/replies/not-an-id/link`, { lead_id: m.leadId }), 404, 'not_found');
    for (const body of [{}, { lead_id: 'x' }, { lead_id: 5 }, { lead_id: m.leadId, extra: true }]) {
      expectError(await api().post(`/replies/${u.id}/link`, body), 400, 'validation_failed');
    }
    // Still untracked after every refusal; then linked once.
    expect((await api().get('/replies?untracked=true')).body.map((r: { id: string }) => r.id)).toEqual([u.id]);
    const linked = await api().gql(ops.LinkReplyDocument, { id: u.id, leadId: m.leadId });
    expect(linked.data!.linkReply).toEqual({ id: u.id, leadId: m.leadId, campaignId: m.campaignId, untracked: false, status: 'lead' });
    expectError(await api().post(`/replies/${u.id}/link`, { lead_id: m.leadId }), 409, 'reply_linked');
  });
});

describe('answers go to whoever wrote', () => {
  it("GraphQL's sendReplyAnswer, as POST /replies/:id/reply, sends to the Reply-To, else the sender", async () => {
    const m = await mailbox();
    world.peer.messages.length = 0;
    const withReplyTo = await tracked(m, { replyTo: 'desk@client.test' });
    const fromColleague = await tracked(m, { fromEmail: 'carol@client.test' });
    const fromLead = await tracked(m);
    expect((await api().gql(ops.SendReplyAnswerDocument, { id: withReplyTo.id, input: { body: 'Noted.' } })).data!.sendReplyAnswer).toEqual({ sent: true });
    expect((await api().gql(ops.SendReplyAnswerDocument, { id: fromColleague.id, input: { body: 'Noted.' } })).data!.sendReplyAnswer).toEqual({ sent: true });
    expect((await api().post(`/replies/${fromLead.id}/reply`, { body: 'Noted.' })).body).toEqual({ sent: true });
    expect(world.peer.messages.map((x) => x.envelope.rcptTo)).toEqual([['desk@client.test'], ['carol@client.test'], [m.email]]);
  });

  it('an untracked item has nobody to answer until it is linked (404 saying so)', async () => {
    const m = await mailbox();
    const u = await untracked(m);
    const refused = expectError(await api().post(`/replies/${u.id}/reply`, { body: 'Hello' }), 404, 'not_found');
    expect(refused.message).toContain('/link');
  });
});
