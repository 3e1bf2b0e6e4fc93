// The ports reach services through the service's dependencies (src/runtime/ports.ts): a real service start with
// fakes for the clock, SMTP, IMAP and outbound HTTP, and the use cases (connection test, sheet import,
// a dispatch tick, a model call) use the fakes, with no SMTP or IMAP server and no HTTP peer at all.
import { randomUUID } from 'node:crypto';
import type Mail from 'nodemailer/lib/mailer';
import type { SmtpLogin } from '../../src/mail/connection-test';
import type { SmtpResult } from '../../src/mail/smtp-sender';
import { runDispatchTick } from '../../src/modules/sending/engine/tick';
import type { DeferredJobQueue } from '../../src/runtime/job-queue';
import { parseInboundAll } from '../../src/mail/inbound-message';
import type { HttpPort, ImapPort, OutboundRequest, SmtpPort } from '../../src/runtime/ports';
import { signUp } from '../support/client';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { MONDAY_10, TestClock } from '../support/sending-world';
import { startTestService } from '../support/service';

/** Records every message instead of speaking SMTP. */
class RecordingSmtp implements SmtpPort {
  readonly sent: { inboxId: string; host: string; to: unknown; subject: unknown }[] = [];
  readonly logins: string[] = [];
  closed = false;
  sessions() {
    return {
      send: async (inboxId: string, login: SmtpLogin, message: Mail.Options): Promise<SmtpResult> => {
        this.sent.push({ inboxId, host: login.host, to: message.to, subject: message.subject });
        return { outcome: 'accepted', code: 250, detail: '250 recorded', senderRefused: false };
      },
      close: () => undefined,
    };
  }
  async testLogin(login: SmtpLogin) {
    this.logins.push(`${login.username}@${login.host}:${login.port}`);
    return { ok: true, detail: 'recorded SMTP login' };
  }
  async close() {
    this.closed = true;
  }
}

const imap: ImapPort = {
  testLogin: async () => ({ ok: true, detail: 'recorded IMAP login' }),
  open: async () => {
    throw new Error('no IMAP in this test');
  },
  parseAll: parseInboundAll,
  close: async () => undefined,
};

/** Answers the sheet and the model endpoint from memory. */
class FakeHttp implements HttpPort {
  readonly calls: { url: string; req: OutboundRequest }[] = [];
  async fetchText(url: string, req: OutboundRequest) {
    this.calls.push({ url, req });
    return 'email,first name\nfake-1@sheet.test,Una\nfake-2@sheet.test,Dos\n';
  }
  async request(url: string, req: OutboundRequest) {
    this.calls.push({ url, req });
    return { status: 200, headers: {}, text: JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'from the fake endpoint' } }] }) };
  }
}

it('runs the use cases on the ports it was given', async () => {
  const clock = new TestClock(MONDAY_10);
  const smtp = new RecordingSmtp();
  const http = new FakeHttp();
  const service = await startTestService({ clock, ports: { smtp, imap, http }, env: { LLM_BASE_URL: 'https://model.example.test/v1' } });
  try {
    expect(service.deps.clock).toBe(clock);
    expect(service.deps.smtp).toBe(smtp);
    const me = await signUp(service.url, { timezone: 'UTC' });

    // The connection test logs in through deps.smtp and deps.imap (smtp.example.com does not exist).
    const inbox = await createInbox(service, me.workspaceId, { minGapMinutes: 0, gapJitterMinutes: 0, dailyCap: 100, rampStart: 100 });
    const tested = await me.client.post(`/mailboxes/${inbox.id}/test`);
    expect(tested.body).toMatchObject({ smtp: { ok: true, detail: 'recorded SMTP login' }, imap: { ok: true, detail: 'recorded IMAP login' }, status: 'active' });
    expect(smtp.logins).toEqual([`${inbox.username}@smtp.example.com:587`]);

    // A published sheet is read through deps.http.
    const campaign = await createCampaign(service, me.workspaceId, { status: 'active', timezone: 'UTC' });
    const imported = await me.client.post(`/campaigns/${campaign.id}/leads/sheet`, { url: 'https://docs.google.com/spreadsheets/d/abc123/edit#gid=0' });
    expect(imported.status).toBeLessThan(300);
    expect(http.calls[0]).toMatchObject({ url: expect.stringContaining('https://docs.google.com/spreadsheets/d/abc123/export'), req: { allowedHosts: ['docs.google.com'] } });
    expect((await me.client.get(`/campaigns/${campaign.id}/leads`)).body.map((l: { email: string }) => l.email).sort()).toEqual(['fake-1@sheet.test', 'fake-2@sheet.test']);

    // A dispatch tick sends through deps.smtp, at the fake clock's time.
    await addStep(service, me.workspaceId, campaign.id, { variants: [{ subject: 'Hello {{firstName|there}}', body: 'Hi', enabled: true }] });
    await service.deps.orm.em.fork().getConnection().execute(`insert into campaign_inbox (campaign_id, inbox_id) values (?, ?)`, [campaign.id, inbox.id]);
    const [lead] = await createLeads(service, me.workspaceId, campaign.id, [
      { email: `lead-${randomUUID().slice(0, 6)}@client.test`, createdAt: new Date(MONDAY_10.getTime() - 86_400_000) },
    ]);
    // Only this lead is due: the sheet's two leads are taken out of the campaign.
    await service.deps.orm.em.fork().getConnection().execute(`delete from lead where campaign_id = ? and id <> ?`, [campaign.id, lead!.id]);
    expect(await runDispatchTick(service.deps, { random: () => 0, workspaceIds: [me.workspaceId] })).toMatchObject({ sent: 1 });
    expect(smtp.sent).toEqual([{ inboxId: inbox.id, host: 'smtp.example.com', to: expect.objectContaining({ address: lead!.email }), subject: 'Hello there' }]);
    const [send] = await service.deps.orm.em.fork().getConnection().execute(`select status, sent_at from send where lead_id = ?`, [lead!.id]);
    expect(send).toMatchObject({ status: 'sent' });
    expect(new Date(send.sent_at).getTime()).toBe(MONDAY_10.getTime());

    // Ports built on another are built on the override: the model speaks through the fake HTTP.
    await expect(service.deps.model.complete([{ role: 'user', content: 'hi' }])).resolves.toBe('from the fake endpoint');
    expect(http.calls.at(-1)).toMatchObject({ url: 'https://model.example.test/v1/chat/completions', req: { method: 'POST' } });

    // Jobs are off here: a queued run is held, never run (src/runtime/job-queue.ts).
    await service.deps.jobs.enqueue('import-followup', { campaignId: campaign.id });
    // (after the provider look-up the sheet import queued: verification/provider-lookup.job.ts)
    expect((service.deps.jobs as DeferredJobQueue).held.at(-1)).toEqual({ name: 'import-followup', data: { campaignId: campaign.id } });
  } finally {
    await service.stop();
  }
  // Service stop closes the SMTP port (the real one ends its thread).
  expect(smtp.closed).toBe(true);
});
