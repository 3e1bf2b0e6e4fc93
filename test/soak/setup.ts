// The soak's workspace, made through the REST API as a user would: inboxes on the SMTP peer and
// Dovecot, campaigns of three steps open every hour of every day, the leads, and a webhook endpoint
// for every event kind.
import { signUp, type Client, type Reply } from '../support/client';
import type { Peers } from './peers';
import { MAILBOX_PASSWORD } from './peers';

export interface Workspace {
  client: Client;
  campaignIds: string[];
  webhookId: string;
}

/** Each email carries `soak-step-N`, so the SMTP peer's copy says which step it is. */
const STEPS = [
  { position: 1, wait_minutes: 0, variants: [{ subject: 'A question for {{first_name|you}}', body: 'Hello {{first_name|there}}, soak-step-1.\n\n{{unsubscribe}}' }] },
  // api.md Steps 6: a no_reply follow-up waits at least a day; the soak brings its due time forward (README).
  { position: 2, wait_minutes: 1440, variants: [{ subject: '', body: 'Following up, soak-step-2.\n\n{{unsubscribe}}' }] },
  { position: 3, wait_minutes: 1440, variants: [{ subject: '', body: 'Last note, soak-step-3.\n\n{{unsubscribe}}' }] },
];

async function ok(what: string, res: Promise<Reply>): Promise<Reply['body']> {
  const r = await res;
  if (r.status >= 300) throw new Error(`soak set-up: ${what} answered ${r.status} ${r.text}`);
  return r.body;
}

export async function createWorkspace(url: string, peers: Peers, opts: { campaigns: number; leads: number }): Promise<Workspace> {
  const { client } = await signUp(url, { timezone: 'UTC' });
  const inboxIds: string[] = [];
  for (const email of peers.mailboxes) {
    const inbox = await ok(
      'POST /mailboxes',
      client.post('/mailboxes', {
        email,
        from_name: 'Soak Sender',
        smtp_host: peers.smtp.host,
        smtp_port: peers.smtp.port,
        smtp_secure: false,
        imap_host: peers.imap.host,
        imap_port: peers.imap.port,
        username: email,
        password: MAILBOX_PASSWORD,
        daily_cap: 100_000,
        ramp_start: 100_000,
        min_gap_minutes: 0,
        gap_jitter_minutes: 0,
      }),
    );
    inboxIds.push(inbox.id);
  }
  const campaignIds: string[] = [];
  for (let c = 0; c < opts.campaigns; c++) {
    const campaign = await ok('POST /campaigns', client.post('/campaigns', { name: `Soak ${c + 1}` }));
    const mine = inboxIds.filter((_, i) => i % opts.campaigns === c);
    await ok(
      'PATCH /campaigns/:id',
      client.patch(`/campaigns/${campaign.id}`, {
        timezone: 'UTC',
        days: [0, 1, 2, 3, 4, 5, 6],
        window_start: '00:00',
        window_end: '24:00',
        daily_limit: 10_000,
        text_only: true,
        // The appended bounces would pause a small campaign (5% of 40); this soak is about crashes.
        bounce_protect: false,
        mailbox_ids: mine,
      }),
    );
    await ok('PUT /campaigns/:id/steps', client.put(`/campaigns/${campaign.id}/steps`, STEPS));
    const perCampaign = Math.ceil(opts.leads / opts.campaigns);
    for (let from = 0; from < perCampaign; from += 100) {
      const leads = Array.from({ length: Math.min(100, perCampaign - from) }, (_, i) => ({
        email: `lead-${c}-${from + i}@client${(from + i) % 7}.test`,
        vars: { first_name: `Lee${from + i}` },
      }));
      await ok('POST /campaigns/:id/leads/manual', client.post(`/campaigns/${campaign.id}/leads/manual`, { leads }));
    }
    await ok('POST /campaigns/:id/activate', client.post(`/campaigns/${campaign.id}/activate`));
    campaignIds.push(campaign.id);
  }
  const webhook = await ok('POST /webhooks', client.post('/webhooks', { url: peers.hooks.url, description: 'soak: every event' }));
  return { client, campaignIds, webhookId: webhook.id };
}
