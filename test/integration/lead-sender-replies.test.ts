// Reply matching follows the lead's inbox (decisions.md §11 "One sender per lead", §6 matching by
// sender): mail that names none of our Message-IDs reaches an inbox from an address that is a lead in
// two campaigns, both emailed from that inbox. The lead whose own inbox it is gets the reply, even when
// the inbox wrote to the other lead more recently (that lead has moved to another inbox since). Read
// over IMAP from a real Dovecot mailbox by the poller.
import { randomUUID } from 'node:crypto';
import { pollInbox } from '../../src/modules/replies/poll/poll-inbox';
import { HOUR, MINUTE, sendingWorld } from '../support/sending-world';
import { startImapPeer, type ImapPeer } from '../support/imap-peer';
import { createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createSentEmail } from '../support/factories/send.factory';
import { personReply } from '../support/inbound-mail';

const world = sendingWorld({ accountPer: 'test' });
const { clock, db } = world;
const MAILBOX = `box-${randomUUID().slice(0, 6)}@acme.test`;
let imap: ImapPeer;
beforeAll(async () => {
  imap = await startImapPeer({ users: { [MAILBOX]: 'imap-secret' } });
});
afterAll(async () => {
  await imap?.stop();
});
// Dovecot files a message under the time it arrived, and the first poll reads from the inbox's first
// send: the test lives a few hours in the real past.
beforeEach(() => {
  clock.at = new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 6 * HOUR);
});

it('gives mail matched by its sender to the lead whose own inbox received it, before one the inbox wrote to later', async () => {
  const workspaceId = world.me.workspaceId;
  const inbox = await createInbox(world.service, workspaceId, {
    email: MAILBOX,
    username: MAILBOX,
    password: 'imap-secret',
    imapHost: imap.host,
    imapPort: imap.port,
  });
  const elsewhere = await createInbox(world.service, workspaceId);
  const address = `pat-${randomUUID().slice(0, 6)}@client.test`;
  const [first, second] = [await createCampaign(world.service, workspaceId, { name: 'First' }), await createCampaign(world.service, workspaceId, { name: 'Second' })];
  // Pat is a lead of both campaigns. The inbox wrote to the second one's lead first, and it is still
  // that lead's own; it wrote to the first one's lead later, but that lead has since moved to another inbox.
  const [ownLead] = await createLeads(world.service, workspaceId, second.id, [{ email: address, status: 'active', currentStep: 1, mailboxId: inbox.id }]);
  const [movedLead] = await createLeads(world.service, workspaceId, first.id, [{ email: address, status: 'active', currentStep: 2, mailboxId: elsewhere.id }]);
  const at = (hoursAgo: number) => new Date(clock.now().getTime() - hoursAgo * HOUR);
  await createSentEmail(world.service, { workspaceId, campaignId: second.id, leadId: ownLead!.id, inboxId: inbox.id, inboxEmail: inbox.email, sentAt: at(3) });
  await createSentEmail(world.service, { workspaceId, campaignId: first.id, leadId: movedLead!.id, inboxId: inbox.id, inboxEmail: inbox.email, sentAt: at(2) });
  await createSentEmail(world.service, {
    workspaceId,
    campaignId: first.id,
    leadId: movedLead!.id,
    inboxId: elsewhere.id,
    inboxEmail: elsewhere.email,
    sentAt: at(1),
    stepPosition: 2,
  });

  await imap.appendMessage(MAILBOX, personReply({ from: address, to: MAILBOX, inReplyTo: null, subject: 'Your note', text: 'Tell me more.' }), { date: clock.now() });
  expect(await pollInbox(world.service.deps, inbox.id)).toMatchObject({ items: 1 });
  const [item] = await db(`select lead_id, campaign_id, matched_by from reply_item where inbox_id = ?`, [inbox.id]);
  expect(item).toEqual({ lead_id: ownLead!.id, campaign_id: second.id, matched_by: 'sender' });
});
