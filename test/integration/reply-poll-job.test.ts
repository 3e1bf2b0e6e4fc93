// The polling job over many inboxes (decisions.md §6), with an IMAP port of our own in place of a server
// so the test controls when each inbox answers: at most POLL_CONCURRENCY sessions at once, shared out by
// workspace (one workspace's hung servers keep no other workspace's reply waiting), a failing or
// hanging inbox holds back none of the others, deleted inboxes are not read, unreadable mail is passed
// over and noted, and replies to one-off emails are kept but not counted.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadConfig } from '../../src/runtime/config';
import { parseInboundAll } from '../../src/mail/inbound-message';
import { guardedHttp } from '../../src/net/http-client';
import { createModelClient } from '../../src/net/model-client';
import type { ImapMessage, ImapPort, ImapSession } from '../../src/runtime/ports';
import { repliesModule } from '../../src/modules/replies';
import { pollAllInboxes, POLL_CONCURRENCY, POLL_SHARE_PER_WORKSPACE } from '../../src/modules/replies/poll.job';
import { pollInbox } from '../../src/modules/replies/poll/poll-inbox';
import { signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import { createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createSentEmail } from '../support/factories/send.factory';
import { dmarcReportMail, dsnBounce, outOfOffice, personReply } from '../support/inbound-mail';

const HOUR = 3_600_000;

/** Mailboxes by IMAP host name, answered from memory; `gate` lets a test hold one server's greeting. */
class FakeImap implements ImapPort {
  boxes = new Map<string, ImapMessage[]>();
  failing = new Set<string>();
  gates = new Map<string, Promise<void>>();
  /** Set: every parse waits on it (the shared parse thread busy or stuck). */
  parseGate: Promise<void> | null = null;
  open_ = 0;
  maxOpen = 0;
  opened: string[] = [];

  async testLogin() {
    return { ok: true, detail: 'ok' };
  }

  // Parsed on the test's thread: the real port's parse thread is tested through reply-polling.test.ts.
  async parseAll(raws: readonly Buffer[], opts?: { reports?: boolean }) {
    await this.parseGate;
    return parseInboundAll(raws, opts);
  }

  async close() {}

  async open(login: { host: string }): Promise<ImapSession> {
    this.open_++;
    this.maxOpen = Math.max(this.maxOpen, this.open_);
    this.opened.push(login.host);
    const release = () => void this.open_--;
    try {
      await this.gates.get(login.host);
      if (this.failing.has(login.host)) throw new Error('Connection refused');
      await new Promise((r) => setTimeout(r, 5));
    } catch (err) {
      release();
      throw err;
    }
    const messages = this.boxes.get(login.host) ?? [];
    return {
      folders: async () => [{ path: 'INBOX', specialUse: null }],
      examine: async () => ({ uidValidity: '7', uidNext: messages.length + 1, exists: messages.length }),
      firstUidSince: async () => (messages.length ? 1 : null),
      fetchAfter: async (after, opts) => messages.filter((m) => m.uid > after).slice(0, opts?.limit ?? 100),
      // Placement tests' reads (not reply polling's).
      capabilities: () => [],
      searchHeader: async () => [],
      fetchHeaderFields: async () => [],
      gmailSearch: async () => [],
      close: async () => release(),
    };
  }
}

const imap = new FakeImap();
let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
const db = (q: string, p: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(q, p);

beforeAll(async () => {
  service = await startTestService({ ports: { imap } });
});
afterAll(async () => {
  await service?.stop();
});
beforeEach(async () => {
  me = await signUp(service.url, { timezone: 'UTC' });
  imap.boxes.clear();
  imap.failing.clear();
  imap.gates.clear();
  imap.parseGate = null;
  imap.maxOpen = 0;
  imap.opened = [];
});

/** An inbox (IMAP host = its own name, so the fake tells them apart) that emailed one lead an hour ago;
 *  in `workspaceId` (mine unless given), with inbox id `id` when given. */
async function inboxWithLead(campaignId: string, opts: { kind?: 'step' | 'one_off'; workspaceId?: string; id?: string } = {}) {
  const workspaceId = opts.workspaceId ?? me.workspaceId;
  const host = `imap-${randomUUID().slice(0, 8)}.test`;
  const inbox = await createInbox(service, workspaceId, { imapHost: host, ...(opts.id ? { id: opts.id } : {}) });
  const [lead] = await createLeads(service, workspaceId, campaignId, [{ email: `lead-${randomUUID().slice(0, 8)}@client.test` }]);
  const sent = await createSentEmail(service, {
    workspaceId,
    campaignId,
    leadId: lead!.id,
    inboxId: inbox.id,
    inboxEmail: inbox.email,
    sentAt: new Date(Date.now() - HOUR),
    kind: opts.kind,
  });
  const reply = (uid: number, text = 'Yes, let us talk.'): ImapMessage => ({
    uid,
    source: Buffer.from(personReply({ from: lead!.email, to: inbox.email, inReplyTo: sent.messageId, text })),
    internalDate: new Date(),
  });
  return { host, inbox, lead: lead!, sent, reply };
}

/** A model endpoint that takes each request and never answers (until the test ends), counting them. */
async function startSilentModel() {
  const open = new Set<http.ServerResponse>();
  const model = { url: '', requests: 0, open, stop: async () => undefined as void };
  const server = http.createServer((req, res) => {
    model.requests++;
    open.add(res);
    res.on('close', () => open.delete(res));
    req.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  model.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  model.stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return model;
}

/** The service's deps with the real model port pointed at `baseUrl` (through the guard, loopback allowed). */
function withModelAt(baseUrl: string) {
  const llm = { baseUrl, apiKey: null, model: null };
  return { ...service.deps, model: createModelClient(guardedHttp({ allowPrivateFetch: true }), llm), config: { ...service.deps.config, llm } };
}

const itemCount = async (inboxIds: string[]) => (await db(`select count(*)::int as n from reply_item where inbox_id = any(?::uuid[])`, [`{${inboxIds.join(',')}}`]))[0].n as number;

describe('the reply polling job', () => {
  it('is registered to run every IMAP_POLL_SECONDS', () => {
    const [job] = repliesModule.jobs!(loadConfig({ SECRET_KEY: 'x', IMAP_POLL_SECONDS: '45' }));
    expect(job).toMatchObject({ name: 'poll-replies', every: '45 seconds', concurrency: 1 });
  });

  it(`reads every inbox with at most ${POLL_CONCURRENCY} sessions open at once`, async () => {
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active' });
    const boxes = [];
    for (let i = 0; i < 3 * POLL_CONCURRENCY; i++) {
      const b = await inboxWithLead(campaign.id);
      imap.boxes.set(b.host, [b.reply(1)]);
      boxes.push(b);
    }
    await pollAllInboxes(service.deps, { workspaceIds: [me.workspaceId] });
    expect(await itemCount(boxes.map((b) => b.inbox.id))).toBe(boxes.length);
    expect(imap.maxOpen).toBeGreaterThan(1);
    expect(imap.maxOpen).toBeLessThanOrEqual(POLL_CONCURRENCY);
    expect(imap.open_).toBe(0);
  });

  it('a failing inbox gets lastError and a hanging one holds back no other; deleted inboxes are not read', async () => {
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active' });
    const boxes = [];
    for (let i = 0; i < 6; i++) {
      const b = await inboxWithLead(campaign.id);
      imap.boxes.set(b.host, [b.reply(1)]);
      boxes.push(b);
    }
    const [hanging, failing, deleted, ...fine] = boxes;
    let release!: () => void;
    imap.gates.set(hanging!.host, new Promise<void>((r) => (release = r)));
    imap.failing.add(failing!.host);
    await db(`update inbox set deleted_at = now() where id = ?`, [deleted!.inbox.id]);

    let finished = false;
    const run = pollAllInboxes(service.deps, { workspaceIds: [me.workspaceId] }).then(() => (finished = true));
    for (let waited = 0; (await itemCount(fine.map((b) => b.inbox.id))) < fine.length; waited += 20) {
      if (waited > 10_000) throw new Error('the other inboxes were not read while one hung');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(finished).toBe(false);
    release();
    await run;
    expect(await itemCount([hanging!.inbox.id])).toBe(1);
    expect(await itemCount([failing!.inbox.id, deleted!.inbox.id])).toBe(0);
    expect(imap.opened).not.toContain(deleted!.host);
    const [row] = await db(`select last_error, status from inbox where id = ?`, [failing!.inbox.id]);
    expect(row).toEqual({ last_error: 'Reading replies failed: Connection refused', status: 'active' });
  });

  it("shares the slots out by workspace: another workspace's reply is read while one workspace's many servers hang", async () => {
    // Workspace A: twice as many inboxes as there are slots, on servers that never answer, and first in
    // id order (which the job used to poll in). Workspace B: one inbox with a reply, last in id order.
    const a = await signUp(service.url, { timezone: 'UTC' });
    const hung = new Set<string>();
    let release!: () => void;
    const never = new Promise<void>((r) => (release = r));
    for (let i = 0; i < 2 * POLL_CONCURRENCY; i++) {
      const host = `hung-${randomUUID().slice(0, 8)}.test`;
      await createInbox(service, a.workspaceId, { id: `00000000-${randomUUID().slice(9)}`, imapHost: host });
      imap.gates.set(host, never);
      hung.add(host);
    }
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active' });
    const b = await inboxWithLead(campaign.id, { id: `ffffffff-${randomUUID().slice(9)}` });
    imap.boxes.set(b.host, [b.reply(1)]);

    const run = pollAllInboxes(service.deps, { workspaceIds: [a.workspaceId, me.workspaceId] });
    // Far below a poll's 2-minute deadline, which is what ends a hung poll (here: the test's release).
    for (let waited = 0; (await itemCount([b.inbox.id])) < 1; waited += 20) {
      if (waited > 10_000) throw new Error("B's reply was not read while A's servers hung");
      await new Promise((r) => setTimeout(r, 20));
    }
    // A's polls all still hang, as many of them as have started.
    expect(imap.opened.filter((h) => hung.has(h)).length).toBeGreaterThanOrEqual(POLL_SHARE_PER_WORKSPACE);
    release();
    expect(await run).toMatchObject({ inboxes: 2 * POLL_CONCURRENCY + 1, items: 1 });
  });

  it('passes over a message that cannot be read, notes it on the folder cursor, and reads the next', async () => {
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active' });
    const b = await inboxWithLead(campaign.id);
    const broken: ImapMessage = {
      uid: 1,
      source: Buffer.from('From: x@y.test\r\nContent-Type: multipart/mixed; boundary="nowhere"\r\n\r\nno parts at all\r\n'),
      internalDate: new Date(),
    };
    imap.boxes.set(b.host, [broken, b.reply(2)]);
    expect(await pollInbox(service.deps, b.inbox.id)).toMatchObject({ read: 2, items: 1, unreadable: 1 });
    const [cursor] = await db(`select last_uid, unreadable, last_unreadable from inbox_folder_cursor where inbox_id = ?`, [b.inbox.id]);
    expect(cursor).toMatchObject({ last_uid: '2', unreadable: 1 });
    expect(cursor.last_unreadable).toMatch(/^UID 1: multipart boundary/);
  });

  it('keeps a message with NUL characters (which PostgreSQL text cannot hold) as an item without them', async () => {
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active' });
    const b = await inboxWithLead(campaign.id);
    // A NUL in the subject (an encoded word) and in the body (quoted-printable).
    const withNul = b
      .reply(1, 'Yes=00, let us talk.')
      .source.toString()
      .replace('Subject: Re: Quick question', 'Subject: =?utf-8?Q?Re=3A_Quick=00_question?=')
      .replace('Content-Type: text/plain; charset=utf-8', 'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable');
    imap.boxes.set(b.host, [{ uid: 1, source: Buffer.from(withNul), internalDate: new Date() }]);
    expect(await pollInbox(service.deps, b.inbox.id)).toMatchObject({ read: 1, items: 1, unreadable: 0 });
    const [item] = await db(`select subject, snippet from reply_item where inbox_id = ?`, [b.inbox.id]);
    expect(item).toEqual({ subject: 'Re: Quick question', snippet: expect.stringMatching(/^Yes, let us talk\./) });
  });

  it('keeps a message whose subject decodes to a lone UTF-16 surrogate (which jsonb cannot hold) with U+FFFD in its place, and reads the next', async () => {
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active' });
    const b = await inboxWithLead(campaign.id);
    // UTF-16BE d800 6800: a high surrogate with no low one after it, then 栀. The subject goes into the
    // reply_received event's jsonb payload, which refused the batch on every poll.
    const lone = b.reply(1).source.toString().replace('Subject: Re: Quick question', 'Subject: =?UTF-16BE?B?2ABoAGk=?=');
    imap.boxes.set(b.host, [{ uid: 1, source: Buffer.from(lone), internalDate: new Date() }, b.reply(2)]);
    expect(await pollInbox(service.deps, b.inbox.id)).toMatchObject({ read: 2, items: 2, unreadable: 0 });
    expect((await db(`select last_error from inbox where id = ?`, [b.inbox.id]))[0].last_error).toBeNull();
    expect(await db(`select last_uid from inbox_folder_cursor where inbox_id = ?`, [b.inbox.id])).toEqual([{ last_uid: '2' }]);
    expect((await db(`select subject from reply_item where inbox_id = ? order by uid`, [b.inbox.id])).map((i) => i.subject)).toEqual(['\ufffd栀', 'Re: Quick question']);
    const events = await db(`select payload->>'subject' as subject from event where kind = 'reply_received' and payload->>'inbox_id' = ? order by created_at`, [b.inbox.id]);
    expect(events.map((e) => e.subject).sort()).toEqual(['Re: Quick question', '\ufffd栀']);
  });

  it('writes a batch PostgreSQL refuses message by message: the one it refuses is passed over as unreadable, the others are stored', async () => {
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active' });
    const b = await inboxWithLead(campaign.id);
    // A server's INTERNALDATE of year 0: a valid JavaScript date PostgreSQL has no year for. Before, the
    // whole batch failed on every poll and nothing after it was read.
    const yearZero = new Date(Date.UTC(0, 0, 1));
    yearZero.setUTCFullYear(0);
    imap.boxes.set(b.host, [b.reply(1, 'first'), { ...b.reply(2, 'dated year 0'), internalDate: yearZero }, b.reply(3, 'third')]);
    expect(await pollInbox(service.deps, b.inbox.id)).toMatchObject({ read: 3, items: 2, unreadable: 1 });
    expect((await db(`select last_error from inbox where id = ?`, [b.inbox.id]))[0].last_error).toBeNull();
    expect((await db(`select uid, snippet from reply_item where inbox_id = ? order by uid`, [b.inbox.id])).map((i) => `${i.uid} ${i.snippet}`)).toEqual(['1 first', '3 third']);
    const [cursor] = await db(`select last_uid, unreadable, last_unreadable from inbox_folder_cursor where inbox_id = ?`, [b.inbox.id]);
    expect(cursor).toEqual({
      last_uid: '3',
      unreadable: 1,
      last_unreadable: expect.stringMatching(/^UID 2: could not be stored: PostgreSQL refused a value of it \(SQLSTATE 22\w{3}\)$/),
    });
    // Each stored message has its one event and its effect once.
    expect(await db(`select count(*)::int as n from event where kind = 'reply_received' and payload->>'inbox_id' = ?`, [b.inbox.id])).toEqual([{ n: 2 }]);
    expect((await db(`select status from lead where id = ?`, [b.lead.id]))[0].status).toBe('replied');
    expect(await pollInbox(service.deps, b.inbox.id)).toMatchObject({ read: 0 });
    // A batch of that message alone goes the same way.
    const alone = await inboxWithLead(campaign.id);
    imap.boxes.set(alone.host, [{ ...alone.reply(1), internalDate: yearZero }, alone.reply(2)]);
    expect(await pollInbox(service.deps, alone.inbox.id, { batch: 1 })).toMatchObject({ read: 2, items: 1, unreadable: 1 });
    expect(await db(`select last_uid, unreadable from inbox_folder_cursor where inbox_id = ?`, [alone.inbox.id])).toEqual([{ last_uid: '2', unreadable: 1 }]);
  });

  it('stores bounces whose diagnostic or evidence is cut in the middle of an emoji: the cuts keep whole characters (jsonb refuses half of one)', async () => {
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active' });
    const emoji = '\u{1F600}';
    /** An inbox whose one message is a hard bounce of its lead's send, written by `write`. */
    const bounced = async (write: (lead: string, messageId: string, to: string) => string) => {
      const b = await inboxWithLead(campaign.id);
      imap.boxes.set(b.host, [{ uid: 1, source: Buffer.from(write(b.lead.email, b.sent.messageId, b.inbox.email)), internalDate: new Date() }]);
      return b;
    };
    const textBounce = (to: string, headers: string[], text: string[]) =>
      [
        'From: Mail Delivery System <Mailer-Daemon@mx.client.test>',
        `To: ${to}`,
        `Message-ID: <${randomUUID()}@mx.client.test>`,
        ...headers,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        ...text,
      ].join('\r\n');
    const x = (n: number) => 'x'.repeat(n);
    // Exim's words: the diagnostic line (bounce.ts diagnosticLine, 500) ends in the middle of the emoji.
    const exim = await bounced((lead, messageId, to) =>
      textBounce(
        to,
        ['Subject: Mail delivery failed: returning message to sender', `X-Failed-Recipients: ${lead}`],
        [
          'This message was created automatically by mail delivery software.',
          '',
          `  ${lead}`,
          `    SMTP error from remote mail server after RCPT TO:<${lead}>:`,
          `    550 5.1.1 ${x(489)}${emoji} no such user`,
          '',
          '------ This is a copy of the message, including all the headers. ------',
          `Message-ID: ${messageId}`,
        ],
      ),
    );
    // An RFC 3464 Diagnostic-Code: the item's bounce (1000) and the email_bounced reason (500) end in
    // the middle of an emoji.
    const dsn = await bounced((lead, messageId, to) =>
      dsnBounce({ to, recipient: lead, returnedId: messageId }).replace(
        'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
        `Diagnostic-Code: smtp; 550 5.1.1 ${x(489)}${emoji}${x(498)}${emoji} user unknown`,
      ),
    );
    // Exchange's words with no status at all: the reason is the evidence, whose phrase (120) ends in the
    // middle of the emoji.
    const exchange = await bounced((lead, messageId, to) =>
      textBounce(
        to,
        ['Subject: Undeliverable: Quick question'],
        [`Your message to ${'y'.repeat(103)}${emoji} couldn't be delivered.`, '', `  ${lead}`, '', `Message-ID: ${messageId}`],
      ),
    );

    const expected = [
      { b: exim, diagnostic: `550 5.1.1 ${x(489)}${emoji}`, reason: `550 5.1.1 ${x(489)}${emoji}` },
      { b: dsn, diagnostic: `550 5.1.1 ${x(489)}${emoji}${x(498)}${emoji} `, reason: `550 5.1.1 ${x(489)}${emoji}` },
      { b: exchange, diagnostic: null, reason: `body: "Your message to ${'y'.repeat(103)}${emoji}"` },
    ];
    for (const { b, diagnostic, reason } of expected) {
      expect(await pollInbox(service.deps, b.inbox.id)).toMatchObject({ read: 1, items: 1, unreadable: 0 });
      expect((await db(`select last_error from inbox where id = ?`, [b.inbox.id]))[0].last_error).toBeNull();
      const [item] = await db(`select kind, bounce from reply_item where inbox_id = ?`, [b.inbox.id]);
      expect(item).toMatchObject({ kind: 'bounce', bounce: { permanent: true, diagnostic } });
      expect((await db(`select status from lead where id = ?`, [b.lead.id]))[0].status).toBe('bounced');
      const events = await db(`select payload->>'reason' as reason from event where kind = 'email_bounced' and payload->>'lead_id' = ?`, [b.lead.id]);
      expect(events).toEqual([{ reason }]);
    }
  });

  it("applies a batch as if message by message: the company stop before a colleague's reply, a send bounced twice counted once", async () => {
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active', companyReplyStop: true, stopOnReply: true });
    const host = `imap-${randomUUID().slice(0, 8)}.test`;
    const inbox = await createInbox(service, me.workspaceId, { imapHost: host });
    const domain = `corp-${randomUUID().slice(0, 6)}.test`;
    const [ann, bob, cid] = await createLeads(service, me.workspaceId, campaign.id, [{ email: `ann@${domain}` }, { email: `bob@${domain}` }, { email: `cid@other-${domain}` }]);
    const sent = async (leadId: string) =>
      createSentEmail(service, { workspaceId: me.workspaceId, campaignId: campaign.id, leadId, inboxId: inbox.id, inboxEmail: inbox.email, sentAt: new Date(Date.now() - HOUR) });
    const [toAnn, toBob, toCid] = [await sent(ann!.id), await sent(bob!.id), await sent(cid!.id)];
    const at = (uid: number, raw: string): ImapMessage => ({ uid, source: Buffer.from(raw), internalDate: new Date() });
    imap.boxes.set(host, [
      at(1, personReply({ from: ann!.email, to: inbox.email, inReplyTo: toAnn.messageId })),
      at(2, personReply({ from: bob!.email, to: inbox.email, inReplyTo: toBob.messageId })),
      at(3, dsnBounce({ to: inbox.email, recipient: cid!.email, returnedId: toCid.messageId })),
      at(4, dsnBounce({ to: inbox.email, recipient: cid!.email, returnedId: toCid.messageId })),
    ]);
    expect(await pollInbox(service.deps, inbox.id)).toMatchObject({ read: 4, items: 4 });
    const leads = await db(`select email, status, stop_reason, replied_at is not null as replied from lead where campaign_id = ? order by email`, [campaign.id]);
    // Ann's reply stopped Bob as her colleague before his own reply was read: it counts, but he stays stopped.
    expect(leads).toEqual([
      { email: ann!.email, status: 'replied', stop_reason: 'replied', replied: true },
      { email: bob!.email, status: 'stopped', stop_reason: 'company_replied', replied: true },
      { email: cid!.email, status: 'bounced', stop_reason: 'bounced', replied: false },
    ]);
    expect(await db(`select replied, bounced from inbox_day_stat where inbox_id = ?`, [inbox.id])).toEqual([{ replied: 2, bounced: 1 }]);
    expect(await db(`select category from bounce where lead_id = ?`, [cid!.id])).toEqual([{ category: 'hard' }]);
  });

  it('keeps a reply to a one-off email without counting it (decisions.md §6)', async () => {
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active' });
    const b = await inboxWithLead(campaign.id, { kind: 'one_off' });
    imap.boxes.set(b.host, [b.reply(1)]);
    expect(await pollInbox(service.deps, b.inbox.id)).toMatchObject({ items: 1 });
    const [item] = await db(`select one_off, kind, matched_by from reply_item where inbox_id = ?`, [b.inbox.id]);
    expect(item).toEqual({ one_off: true, kind: 'reply', matched_by: 'message_id' });
    const [lead] = await db(`select replied_at from lead where id = ?`, [b.lead.id]);
    expect(lead.replied_at).toBeNull();
    expect(await db(`select replied from inbox_day_stat where inbox_id = ?`, [b.inbox.id])).toEqual([]);
    // Still a reply for webhooks (decisions.md §8), marked as one to a one-off.
    const events = await db(`select kind, payload from event where payload->>'inbox_id' = ?`, [b.inbox.id]);
    expect(events).toEqual([{ kind: 'reply_received', payload: expect.objectContaining({ lead_id: b.lead.id, kind: 'reply', one_off: true }) }]);
  });

  it('asks the model for the interest suggestion when LLM_BASE_URL is set, and falls back to the rules when it fails', async () => {
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active' });
    const asked: string[] = [];
    let fail = false;
    const model = {
      async complete(messages: { role: string; content: string }[]) {
        asked.push(messages[messages.length - 1]!.content);
        if (fail) throw new Error('model down');
        return '{"interest": "meeting_booked", "confidence": 0.8}';
      },
    };
    const deps = { ...service.deps, model, config: { ...service.deps.config, llm: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: null, model: null } } };
    const withModel = await inboxWithLead(campaign.id);
    imap.boxes.set(withModel.host, [withModel.reply(1, 'Tuesday at 3pm works, I booked it.')]);
    await pollInbox(deps, withModel.inbox.id);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('Tuesday at 3pm works');
    expect(await db(`select assisted_interest, assisted_confidence from reply_item where inbox_id = ?`, [withModel.inbox.id])).toEqual([
      { assisted_interest: 'meeting_booked', assisted_confidence: 0.8 },
    ]);

    fail = true;
    const fallback = await inboxWithLead(campaign.id);
    imap.boxes.set(fallback.host, [fallback.reply(1, 'Not interested, please remove me.')]);
    await pollInbox(deps, fallback.inbox.id);
    expect(asked).toHaveLength(2);
    const [item] = await db(`select assisted_interest, status from reply_item where inbox_id = ?`, [fallback.inbox.id]);
    expect(item).toEqual({ assisted_interest: 'not_interested', status: 'lead' });
    // A suggestion is never applied by itself.
    expect((await db(`select interest from lead where id = ?`, [fallback.lead.id]))[0].interest).toBeNull();
  });

  describe("the poll's deadline and model budget bound the model and the parse thread (decisions.md §10)", () => {
    let model: Awaited<ReturnType<typeof startSilentModel>>;
    beforeAll(async () => {
      model = await startSilentModel();
    });
    afterAll(async () => {
      await model?.stop();
    });

    /** An inbox with `n` replies of its lead that the rules call not interested. */
    async function inboxWithReplies(n: number) {
      const campaign = await createCampaign(service, me.workspaceId, { status: 'active' });
      const b = await inboxWithLead(campaign.id);
      imap.boxes.set(
        b.host,
        Array.from({ length: n }, (_, i) => b.reply(i + 1, `Not interested, please remove me. (${i})`)),
      );
      return b;
    }
    const suggestions = async (inboxId: string) =>
      (await db(`select assisted_interest from reply_item where inbox_id = ? order by uid`, [inboxId])).map((i) => i.assisted_interest as string);
    const lastError = async (inboxId: string) => (await db(`select last_error from inbox where id = ?`, [inboxId]))[0].last_error as string | null;

    it('past the deadline, model calls under way are dropped and every reply left gets the rules: the poll ends at its deadline, its batch written', async () => {
      // 20 replies, 4 model calls at a time, 15 s each before the call gives up: 75 s of waiting on a
      // model that never answers, against a deadline of 1.5 s.
      const b = await inboxWithReplies(20);
      const asked = model.requests;
      const started = Date.now();
      expect(await pollInbox(withModelAt(model.url), b.inbox.id, { deadlineMs: 1_500 })).toMatchObject({ items: 20 });
      expect(Date.now() - started).toBeLessThan(1_500 + 1_500);
      expect(model.requests - asked).toBe(4);
      expect(await suggestions(b.inbox.id)).toEqual(Array(20).fill('not_interested'));
      expect(await lastError(b.inbox.id)).toMatch(/^Reading replies failed: the poll did not finish within 2 s/);
      // The calls were dropped, not left waiting on the model.
      for (let waited = 0; model.open.size; waited += 20) {
        if (waited > 2_000) throw new Error('model requests left open');
        await new Promise((r) => setTimeout(r, 20));
      }
    });

    it('a model that never answers costs a poll its model budget, then the rules suggest; the poll is no failure', async () => {
      const b = await inboxWithReplies(20);
      const started = Date.now();
      expect(await pollInbox(withModelAt(model.url), b.inbox.id, { modelBudgetMs: 1_000 })).toMatchObject({ items: 20 });
      expect(Date.now() - started).toBeLessThan(1_000 + 1_500);
      expect(await suggestions(b.inbox.id)).toEqual(Array(20).fill('not_interested'));
      expect(await lastError(b.inbox.id)).toBeNull();
    });

    it('stops waiting on a stuck parse thread at its deadline, and reads the batch next poll', async () => {
      const b = await inboxWithReplies(3);
      let unstick!: () => void;
      imap.parseGate = new Promise<void>((r) => (unstick = r));
      const started = Date.now();
      expect(await pollInbox(service.deps, b.inbox.id, { deadlineMs: 1_000 })).toMatchObject({ items: 0 });
      expect(Date.now() - started).toBeLessThan(1_000 + 1_500);
      expect(await lastError(b.inbox.id)).toMatch(/^Reading replies failed: the poll did not finish within 1 s/);
      unstick();
      expect(await pollInbox(service.deps, b.inbox.id)).toMatchObject({ items: 3 });
      expect(await lastError(b.inbox.id)).toBeNull();
    });
  });

  it("sets a lead's return day at midnight in its campaign's zone", async () => {
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active', timezone: 'America/New_York' });
    const b = await inboxWithLead(campaign.id);
    const back = new Date(Date.now() + 10 * 24 * HOUR);
    const day = back.toLocaleString('en-US', { month: 'long', day: 'numeric', timeZone: 'America/New_York' });
    imap.boxes.set(b.host, [
      {
        uid: 1,
        internalDate: new Date(),
        source: Buffer.from(outOfOffice({ from: b.lead.email, to: b.inbox.email, inReplyTo: b.sent.messageId, text: `Out of office until ${day}.` })),
      },
    ]);
    expect(await pollInbox(service.deps, b.inbox.id)).toMatchObject({ items: 1 });
    const [lead] = await db(`select away_until from lead where id = ?`, [b.lead.id]);
    const away = new Date(lead.away_until);
    // Midnight starting the day after `day`, New York time (04:00 or 05:00 UTC). hourCycle h23: with
    // hour12: false, Node 20's ICU wrote midnight as 24:00 and Node 22's as 00:00.
    expect(away.toLocaleString('en-US', { timeZone: 'America/New_York', hourCycle: 'h23', hour: '2-digit', minute: '2-digit' })).toBe('00:00');
    expect(away.getTime()).toBeGreaterThan(back.getTime() - 24 * HOUR);
  });

  it('reads the DMARC report address as aggregate reports only, each stored once', async () => {
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active' });
    const b = await inboxWithLead(campaign.id);
    await db(`update inbox set dmarc_reports = true where id = ?`, [b.inbox.id]);
    const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/dmarc', name));
    const gz = Buffer.from(
      dmarcReportMail({ to: b.inbox.email, filename: 'outlook-many-records.xml.gz', content: fixture('outlook-many-records.xml.gz'), contentType: 'application/gzip' }),
    );
    const zip = Buffer.from(dmarcReportMail({ to: b.inbox.email, filename: 'google-one-record.zip', content: fixture('google-one-record.zip'), contentType: 'application/zip' }));
    imap.boxes.set(b.host, [
      { uid: 1, internalDate: new Date(), source: gz },
      { uid: 2, internalDate: new Date(), source: zip },
      // The same report sent again, and a lead's answer: neither is stored.
      { uid: 3, internalDate: new Date(), source: gz },
      b.reply(4),
    ]);
    expect(await pollInbox(service.deps, b.inbox.id)).toMatchObject({ read: 4, items: 0, reports: 2 });
    expect(await db(`select count(*)::int as n from dmarc_report_row where workspace_id = ?`, [me.workspaceId])).toEqual([{ n: 2 }]);
    expect(await itemCount([b.inbox.id])).toBe(0);
    expect((await db(`select replied_at from lead where id = ?`, [b.lead.id]))[0].replied_at).toBeNull();
  });
});
