// A bounce of an answer from the unibox (decisions.md §6, §11): an answer goes to whoever wrote the reply
// (its Reply-To, else its From), which is not always the lead. A DSN for that other address says nothing
// of the lead's own: the lead goes on and its address stays off the blocklist, as at SMTP time, where a
// refused answer records nothing. A bounce for the lead's own address still counts as the lead's.
// Read over IMAP from a real Dovecot mailbox by the poller.
import { randomUUID } from 'node:crypto';
import { pollInbox } from '../../src/modules/replies/poll/poll-inbox';
import { HOUR, MINUTE, sendingWorld } from '../support/sending-world';
import { startImapPeer, type ImapPeer } from '../support/imap-peer';
import { createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem } from '../support/factories/reply.factory';
import { createSentEmail } from '../support/factories/send.factory';
import { dsnBounce } from '../support/inbound-mail';

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

it("leaves the lead and its address alone when an answer to someone else bounces; the lead's own address bouncing still stops it", async () => {
  const workspaceId = world.me.workspaceId;
  const inbox = await createInbox(world.service, workspaceId, { email: MAILBOX, username: MAILBOX, password: 'imap-secret', imapHost: imap.host, imapPort: imap.port });
  const campaign = await createCampaign(world.service, workspaceId);
  const tag = randomUUID().slice(0, 6);
  const [pat, kim] = await createLeads(world.service, workspaceId, campaign.id, [
    { email: `pat-${tag}@client.test`, status: 'active', currentStep: 2, mailboxId: inbox.id },
    { email: `kim-${tag}@client.test`, status: 'active', currentStep: 2, mailboxId: inbox.id },
  ]);
  const at = (hoursAgo: number) => new Date(clock.now().getTime() - hoursAgo * HOUR);
  /** An answer to the lead's reply, recorded as the unibox records it: a one-off send with reply_to_id. */
  const answer = async (lead: { id: string }, hoursAgo: number) => {
    const item = await createReplyItem(world.service, workspaceId, { inbox: inbox.id, lead: lead.id, campaign: campaign.id, fromEmail: 'whoever@client.test' });
    const sent = await createSentEmail(world.service, {
      workspaceId,
      campaignId: campaign.id,
      leadId: lead.id,
      inboxId: inbox.id,
      inboxEmail: inbox.email,
      sentAt: at(hoursAgo),
      kind: 'one_off',
    });
    await db(`update send set reply_to_id = ? where id = ?`, [item.id, sent.id]);
    return sent;
  };
  // Pat's reply had Reply-To: a colleague's address that no longer exists; Kim's answer went to Kim.
  const toColleague = await answer(pat!, 3);
  const toKim = await answer(kim!, 2);
  await imap.appendMessage(MAILBOX, dsnBounce({ to: MAILBOX, recipient: `gone-${tag}@client.test`, returnedId: toColleague.messageId, at: clock.now() }), { date: clock.now() });
  await imap.appendMessage(MAILBOX, dsnBounce({ to: MAILBOX, recipient: kim!.email, returnedId: toKim.messageId, at: clock.now() }), { date: clock.now() });

  expect(await pollInbox(world.service.deps, inbox.id)).toMatchObject({ items: 2 });
  const items = await db(`select lead_id, kind from reply_item where inbox_id = ? and kind = 'bounce' order by lead_id = ? desc`, [inbox.id, pat!.id]);
  expect(items).toEqual([
    { lead_id: pat!.id, kind: 'bounce' },
    { lead_id: kim!.id, kind: 'bounce' },
  ]);
  const status = async (id: string) => (await db(`select status from lead where id = ?`, [id]))[0]!.status;
  const blocked = async (email: string) => (await db(`select count(*)::int as n from blocklist_entry where workspace_id = ? and email = ?`, [workspaceId, email]))[0]!.n;
  // Before, Pat became bounced and Pat's own working address was blocklisted for the colleague's bounce.
  expect(await status(pat!.id)).toBe('active');
  expect(await blocked(pat!.email)).toBe(0);
  expect(await status(kim!.id)).toBe('bounced');
  expect(await blocked(kim!.email)).toBe(1);
});
