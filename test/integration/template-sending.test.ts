// decisions.md §11 through the sending engine and a real SMTP server: what a lead is sent is what its
// preview showed: merge fields found by any spelling of the lead's field names, the branch of each
// condition the lead's fields choose, and the same RANDOM option in the preview, in the send, and in a
// retry of a send the server deferred (one hash of the lead, step and variant, never Math.random).
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createLeads } from '../support/factories/lead.factory';
import { MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';

const world = sendingWorld({ accountPer: 'test', env: { PUBLIC_URL: 'https://links.example.test' } });
const { clock, tick } = world;

const STEP = {
  subject: '{{RANDOM | Quick question | A thought | Hello}} for {{first name|you}}',
  body: '{{RANDOM|Hi|Hello|Hey}} {{firstName|there}},\n{{#if company}}A question about {{Company}}{{#unless title}}.{{else}}, as {{title}}.{{/unless}}{{else}}A question.{{/if}}\n{{RANDOM|Best|Cheers|Thanks}}',
};

const LEADS: Record<string, string>[] = [
  { first_name: 'Ana', company: 'Acme' },
  { 'First Name': 'Bo', company: 'Bolt', Title: 'CTO' },
  { firstName: 'Cy' },
  { FIRSTNAME: 'Di', COMPANY: 'Dune', title: ' ' },
  {},
  { 'first-name': 'Ed', company: ' ' },
  { first_name: 'Fay', company: 'Fern' },
  { first_name: 'Gus', company: 'Gale', title: 'COO' },
];

async function campaignOf(leads: Record<string, string>[]) {
  const campaign = await createCampaign(world.service, world.me.workspaceId, { status: 'active', timezone: 'UTC', openTracking: false, clickTracking: false });
  await addStep(world.service, world.me.workspaceId, campaign.id, { position: 1, variants: [{ ...STEP, enabled: true }] });
  await world.senderInbox(campaign.id, { email: `sam-${randomUUID().slice(0, 6)}@acme.test`, dailyCap: 100, rampStart: 100, fromName: 'Sam Lee' });
  const rows = await createLeads(
    world.service,
    world.me.workspaceId,
    campaign.id,
    leads.map((vars, i) => ({ email: `lead${i}-${randomUUID().slice(0, 6)}@client.test`, vars, createdAt: new Date(MONDAY_10.getTime() - 86_400_000 + i) })),
  );
  return { campaignId: campaign.id, leads: rows };
}

/** The preview of step 1 for each lead: subject and text/plain as a send would have them. */
async function previews(campaignId: string, leads: { id: string; email: string }[]) {
  const out = new Map<string, { subject: string; text: string }>();
  for (const lead of leads) {
    const res = await world.me.client.post(`/campaigns/${campaignId}/preview`, { lead_id: lead.id });
    expect(res.status).toBe(200);
    out.set(lead.email, { subject: res.body.steps[0].subject, text: res.body.steps[0].text });
  }
  return out;
}

const asSent = async (raw: string) => {
  const mail = await simpleParser(raw);
  return { subject: mail.subject ?? '', text: (mail.text ?? '').replace(/\n+$/, '') };
};

beforeEach(() => {
  world.peer.messages.length = 0;
  world.peer.behaviour = {};
});

/** Dispatch ticks, a few minutes apart, until `count` emails arrived (an inbox sends one at a time). */
async function sendAll(count: number) {
  for (let i = 0; i < 8 * count && world.peer.messages.length < count; i++) {
    await tick();
    clock.advance(10 * MINUTE);
  }
  return world.peer.waitForMessages(count);
}

it('sends each lead the text its preview showed: any spelling of a field, the branch its fields choose, the same RANDOM options', async () => {
  const { campaignId, leads } = await campaignOf(LEADS);
  const expected = await previews(campaignId, leads);
  // The texts differ by lead: the branches and the options do choose.
  expect(new Set([...expected.values()].map((p) => p.text)).size).toBeGreaterThan(4);
  expect(expected.get(leads[1]!.email)!.text).toMatch(/^(Hi|Hello|Hey) Bo,\nA question about Bolt, as CTO\.\n(Best|Cheers|Thanks)$/);
  expect(expected.get(leads[4]!.email)).toEqual({ subject: expect.stringMatching(/ for you$/), text: expect.stringMatching(/^(Hi|Hello|Hey) there,\nA question\.\n/) });

  const sent = await sendAll(leads.length);
  expect(sent).toHaveLength(leads.length);
  for (const m of sent) expect(await asSent(m.raw)).toEqual(expected.get(m.envelope.rcptTo[0]!));
});

it('sends a deferred email again with the same options when it is retried', async () => {
  const { campaignId, leads } = await campaignOf(LEADS.slice(0, 4));
  const expected = await previews(campaignId, leads);
  // The server defers each email at the end of DATA the first time it sees it, keeping what it saw; the
  // engine tries it again later (a new SMTP attempt, composed again from the send row).
  const firstTries = new Map<string, string>();
  world.peer.behaviour = {
    data: (envelope, raw) => {
      const to = envelope.rcptTo[0]!;
      if (firstTries.has(to)) return undefined;
      firstTries.set(to, raw);
      return { code: 421, message: 'Try again later' };
    },
  };
  const sent = await sendAll(leads.length);
  expect(firstTries.size).toBe(leads.length);
  for (const [to, raw] of firstTries) {
    const retried = sent.find((m) => m.envelope.rcptTo[0] === to)!;
    expect(await asSent(retried.raw)).toEqual(await asSent(raw));
    expect(await asSent(raw)).toEqual(expected.get(to));
  }
});
