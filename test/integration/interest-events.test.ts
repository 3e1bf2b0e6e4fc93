// Every interest change is an event (decisions.md §11, leads/lifecycle/interest-change.ts): a reply label
// (PATCH /replies/:id, updateReply; POST /replies/:id/unsubscribe), PATCH /leads/:id `interest`
// (updateLead) and a pipeline move (PATCH /analytics/pipeline/:leadId, movePipelineLead) each record one
// `interest_changed` with its `source` (reply, lead_update, pipeline) that a subscribed webhook receiver
// gets, and run the INTEREST_CHANGED hooks in the change's transaction with the same source; the same
// value again is no change: no event, no hook. A hook's writes commit with the change, and the answer
// shows them.
import { randomUUID } from 'node:crypto';
import type { AppModule } from '../../src/runtime/app-module';
import { contribute } from '../../src/runtime/extensions';
import { appModules } from '../../src/modules';
import { INTEREST_CHANGED, type InterestChange } from '../../src/modules/leads/lifecycle/interest-change';
import { runWebhooksOnce } from '../../src/modules/webhooks/delivery.job';
import * as ops from '../graphql/generated';
import { signUp, type Account } from '../support/client';
import { createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { startTestService } from '../support/service';
import { startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../support/webhook-receiver';

type Service = Awaited<ReturnType<typeof startTestService>>;

const seen: InterestChange[] = [];
/** A test area acting on interest changes as a subsequence trigger would: it records each change and,
 *  for `lost`, writes to the lead in the change's transaction. */
const recording: AppModule = {
  name: 'interest-recorder',
  description: 'A test area.',
  contributes: [
    contribute(INTEREST_CHANGED, async (em, _deps, change) => {
      seen.push(change);
      if (change.interest === 'lost') {
        // On the change's own transaction (a statement on another connection would wait for its locks).
        await em.getConnection().execute(`update lead set note = 'closed by hook' where id = any(?::uuid[])`, [`{${change.leadIds.join(',')}}`], 'run', em.getTransactionContext());
      }
    }),
  ],
};

let service: Service;
let receiver: WebhookReceiver;
let me: Account;
let secret: string;
beforeAll(async () => {
  service = await startTestService({ modules: [...appModules, recording], env: { ALLOW_PRIVATE_FETCH: 'true' } });
  receiver = await startWebhookReceiver();
  me = await signUp(service.url);
  secret = (await me.client.post('/webhooks', { url: receiver.url, events: ['interest_changed'] })).body.secret;
});
afterAll(async () => {
  await receiver?.stop();
  await service?.stop();
});
beforeEach(() => {
  seen.length = 0;
  receiver.received.length = 0;
});

/** A lead that has replied (so the pipeline may move it), with a reply item from it. */
async function repliedLead() {
  const campaign = await createCampaign(service, me.workspaceId, { timezone: 'UTC' });
  const inbox = await createInbox(service, me.workspaceId, {});
  const [lead] = await createLeads(service, me.workspaceId, campaign.id, [{ email: `l-${randomUUID().slice(0, 8)}@client.test`, status: 'replied', repliedAt: new Date() }]);
  const item = await createReplyItem(service, me.workspaceId, { inbox: inbox.id, lead: lead!.id, campaign: campaign.id, fromEmail: lead!.email });
  return { leadId: lead!.id, email: lead!.email, campaignId: campaign.id, itemId: item.id };
}

/** What the receiver got for the workspace's events so far, verified. */
async function delivered() {
  await runWebhooksOnce(service.deps, { workspaceIds: [me.workspaceId] });
  return receiver.received.map((r) => verifyWebhook(secret, r)).map((b) => ({ type: b.type, ...(b.data as Record<string, unknown>) }));
}

const change = (leadId: string, interest: string | null, source: string) => ({ workspaceId: me.workspaceId, leadIds: [leadId], interest, source, at: expect.any(Date) });

describe('interest_changed from each source, REST and GraphQL', () => {
  it('a reply label: source reply, with the reply id; the same label again changes nothing', async () => {
    const l = await repliedLead();
    expect((await me.client.patch(`/replies/${l.itemId}`, { status: 'interested' })).status).toBe(200);
    expect((await me.client.patch(`/replies/${l.itemId}`, { status: 'interested' })).status).toBe(200);
    const gql = await me.client.gql(ops.UpdateReplyDocument, { id: l.itemId, input: { status: 'meeting_booked' } });
    expect(gql.errors).toBeUndefined();
    await me.client.gql(ops.UpdateReplyDocument, { id: l.itemId, input: { status: 'meeting_booked', isRead: true } });
    expect(await delivered()).toEqual([
      {
        type: 'interest_changed',
        lead_id: l.leadId,
        email: l.email,
        campaign_id: l.campaignId,
        reply_id: l.itemId,
        interest: 'interested',
        previous_interest: null,
        source: 'reply',
        at: expect.any(String),
      },
      expect.objectContaining({ lead_id: l.leadId, reply_id: l.itemId, interest: 'meeting_booked', previous_interest: 'interested', source: 'reply' }),
    ]);
    expect(seen).toEqual([change(l.leadId, 'interested', 'reply'), change(l.leadId, 'meeting_booked', 'reply')]);
    // Unsubscribing from the item labels it not_interested: a reply label too.
    await me.client.post(`/replies/${l.itemId}/unsubscribe`);
    expect((await delivered()).slice(2)).toEqual([expect.objectContaining({ interest: 'not_interested', previous_interest: 'meeting_booked', source: 'reply' })]);
  });

  it('PATCH /leads/:id interest: source lead_update, no reply id; clearing it is a change; the same value again is not', async () => {
    const l = await repliedLead();
    const res = await me.client.patch(`/leads/${l.leadId}`, { interest: 'interested' });
    expect(res.status).toBe(200);
    expect(res.body.interest).toBe('interested');
    await me.client.patch(`/leads/${l.leadId}`, { interest: 'interested', note: 'Called back' });
    const gql = await me.client.gql(ops.UpdateLeadDocument, { id: l.leadId, input: { interest: null } });
    expect(gql.errors).toBeUndefined();
    await me.client.gql(ops.UpdateLeadDocument, { id: l.leadId, input: { interest: null } });
    expect(await delivered()).toEqual([
      expect.objectContaining({ type: 'interest_changed', lead_id: l.leadId, reply_id: null, interest: 'interested', previous_interest: null, source: 'lead_update' }),
      expect.objectContaining({ type: 'interest_changed', lead_id: l.leadId, reply_id: null, interest: null, previous_interest: 'interested', source: 'lead_update' }),
    ]);
    expect(seen).toEqual([change(l.leadId, 'interested', 'lead_update'), change(l.leadId, null, 'lead_update')]);
  });

  it('a pipeline move: source pipeline; a move to the stage it is at records nothing', async () => {
    const l = await repliedLead();
    expect((await me.client.patch(`/analytics/pipeline/${l.leadId}`, { stage: 'meeting_booked' })).status).toBe(200);
    expect((await me.client.patch(`/analytics/pipeline/${l.leadId}`, { stage: 'meeting_booked' })).status).toBe(200);
    const gql = await me.client.gql(ops.MovePipelineLeadDocument, { leadId: l.leadId, input: { stage: 'won' } });
    expect(gql.errors).toBeUndefined();
    await me.client.gql(ops.MovePipelineLeadDocument, { leadId: l.leadId, input: { stage: 'won' } });
    expect(await delivered()).toEqual([
      expect.objectContaining({ lead_id: l.leadId, reply_id: null, interest: 'meeting_booked', previous_interest: null, source: 'pipeline' }),
      expect.objectContaining({ lead_id: l.leadId, reply_id: null, interest: 'won', previous_interest: 'meeting_booked', source: 'pipeline' }),
    ]);
    expect(seen).toEqual([change(l.leadId, 'meeting_booked', 'pipeline'), change(l.leadId, 'won', 'pipeline')]);
  });

  it("a hook's writes commit with the change, and PATCH /leads/:id answers the lead as stored after them", async () => {
    const l = await repliedLead();
    const res = await me.client.patch(`/leads/${l.leadId}`, { interest: 'lost' });
    expect(res.body).toMatchObject({ interest: 'lost', note: 'closed by hook' });
    expect((await me.client.get(`/leads/${l.leadId}`)).body).toMatchObject({ interest: 'lost', note: 'closed by hook' });
  });
});
