// api.md "Checks, preview, diagnostics" (issue #14 items 1–4) and the launch warnings they feed (item 8):
// POST /campaigns/:id/preview, GET merge-check, copy-check and diagnose, through REST and GraphQL.
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../src/runtime/clock';
import { Secrets } from '../../src/security/crypto';
import { composeParts } from '../../src/modules/sending/render/compose';
import { leadValue } from '../../src/modules/templates/field-names';
import { spinSeed } from '../../src/modules/templates/spin';
import { expectError, signUp, type Account } from '../support/client';
import { startDnsServer, type RunningDnsServer } from '../support/dns-server';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

const MONDAY_10 = new Date('2026-11-30T10:00:00.000Z');
const clock: Clock = { now: () => new Date(MONDAY_10) };
const HOUR = 3_600_000;

const KEY = 'v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDwIRP';
const zone = {
  // good.test passes every check; weak.test has DMARC p=none and no MX.
  'good.test': { TXT: ['v=spf1 include:_spf.example.net -all'], MX: [{ exchange: 'mx.good.test', priority: 10 }] },
  'mx.good.test': { A: ['192.0.2.10'] },
  'google._domainkey.good.test': { TXT: [KEY] },
  '_dmarc.good.test': { TXT: ['v=DMARC1; p=reject'] },
  'weak.test': { TXT: ['v=spf1 include:_spf.example.net -all'] },
  'google._domainkey.weak.test': { TXT: [KEY] },
  '_dmarc.weak.test': { TXT: ['v=DMARC1; p=none'] },
  'never-checked.test': { TXT: ['v=spf1 -all'] },
};

let dns: RunningDnsServer;
let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let other: Account;

beforeAll(async () => {
  dns = await startDnsServer(zone);
  service = await startTestService({ env: { DNS_SERVERS: dns.server }, clock });
  me = await signUp(service.url, { timezone: 'UTC' });
  other = await signUp(service.url, { timezone: 'UTC' });
});
afterAll(async () => {
  await service?.stop();
  await dns?.stop();
});

const db = (query: string, params: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(query, params);
const ws = () => me.workspaceId;

type Variant = { subject: string; body: string; enabled?: boolean };
/** A campaign built through the API: steps by PUT, inboxes by PATCH mailbox_ids. */
async function campaignWith(opts: { steps?: (Variant[] | { task: string })[]; inboxes?: string[]; settings?: Record<string, unknown>; account?: Account } = {}) {
  const account = opts.account ?? me;
  const created = await account.client.post('/campaigns', { name: `Checks ${randomUUID().slice(0, 6)}` });
  expect(created.status).toBe(200);
  const id = created.body.id as string;
  if (opts.steps?.length) {
    const steps = opts.steps.map((s, i) =>
      Array.isArray(s)
        ? { position: i + 1, wait_minutes: i ? 1440 : 0, variants: s }
        : { position: i + 1, wait_minutes: i ? 1440 : 0, variants: [], task: { kind: 'manual', text: s.task } },
    );
    expect((await account.client.put(`/campaigns/${id}/steps`, steps)).status).toBe(200);
  }
  const patch = { ...(opts.settings ?? {}), ...(opts.inboxes ? { mailbox_ids: opts.inboxes } : {}) };
  if (Object.keys(patch).length) expect((await account.client.patch(`/campaigns/${id}`, patch)).status).toBe(200);
  return id;
}

const inbox = (over: Parameters<typeof createInbox>[2] = {}, account = me) =>
  createInbox(service, account.workspaceId, { email: `sam-${randomUUID().slice(0, 6)}@good.test`, fromName: 'Sam Lee', ...over });

const addLeads = (campaignId: string, leads: { vars?: Record<string, string>; status?: string; createdAt?: Date; email?: string }[]) =>
  createLeads(
    service,
    ws(),
    campaignId,
    leads.map((l, i) => ({
      email: l.email ?? `lead-${i}-${randomUUID().slice(0, 6)}@client.test`,
      vars: l.vars ?? {},
      createdAt: l.createdAt ?? new Date(MONDAY_10.getTime() - HOUR + i * 1000),
      ...(l.status ? { status: l.status as never } : {}),
    })),
  );

// ---------------------------------------------------------------------------------------------------
describe('POST /campaigns/:id/preview', () => {
  it("renders for the campaign's first lead with the sending renderer: fields, fallbacks, sender, signature, {unsubscribe_url}, thread subject", async () => {
    const sender = await inbox({ fromName: 'Sam Lee', signature: 'Sam Lee\nSender Inc' });
    const id = await campaignWith({ steps: [[{ subject: 'x', body: 'y' }]], inboxes: [sender.id] });
    const [, first] = await addLeads(id, [
      { vars: { firstName: 'Zed' }, createdAt: new Date(MONDAY_10.getTime() - HOUR) },
      { vars: { firstName: 'Ana', company: 'Acme' }, createdAt: new Date(MONDAY_10.getTime() - 2 * HOUR) },
    ]);
    const steps = [
      {
        subject: 'Hi {{firstName}}',
        body: 'Hello {{ firstname | there }},\n\nA question about {{company}}, {{title|friend}}.\n{{sendingAccountFirstName}}\n\nOpt out: {{unsubscribe}}',
      },
      { subject: '', body: 'Following up, {{firstName}}.' },
    ];
    const res = await me.client.post(`/campaigns/${id}/preview`, { steps });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      lead: { id: first!.id, email: first!.email },
      from: `Sam Lee <${sender.email}>`,
      steps: [
        {
          subject: 'Hi Ana',
          text: 'Hello Ana,\n\nA question about Acme, friend.\nSam\n\nOpt out: {unsubscribe_url}\n\nSam Lee\nSender Inc',
          blanks: [],
        },
        { subject: 'Re: Hi Ana', text: 'Following up, Ana.\n\nSam Lee\nSender Inc', blanks: [] },
      ],
      notes: [],
    });

    // The same text composeParts builds for a real send, with the real unsubscribe URL in its place.
    const composed = composeParts({
      sendId: randomUUID(),
      lead: { id: first!.id, email: first!.email, vars: { firstName: 'Ana', company: 'Acme' } },
      inbox: { email: sender.email, fromName: 'Sam Lee', signature: 'Sam Lee\nSender Inc' },
      campaign: { openTracking: false, clickTracking: false, textOnly: false, unsubHeader: true, cc: null, bcc: null },
      variant: steps[0]!,
      seed: spinSeed(first!.id, { position: 1, variant: 1 }),
      thread: null,
      publicUrl: 'https://t.example.com',
      secrets: new Secrets('x'),
    });
    expect(composed.text.replace(composed.unsubscribeUrl, '{unsubscribe_url}')).toBe(res.body.steps[0].text);
    expect(composed.subject).toBe(res.body.steps[0].subject);

    // GraphQL answers the same.
    const gql = await me.client.gql(ops.PreviewCampaignDocument, { id, input: { steps } });
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.previewCampaign).toEqual(res.body);

    // Nothing saved or sent.
    expect(await db(`select count(*)::int as n from send where lead_id = ?`, [first!.id])).toEqual([{ n: 0 }]);
    expect(await db(`select status, current_step from lead where id = ?`, [first!.id])).toEqual([{ status: 'pending', current_step: 0 }]);
  });

  it('takes lead_id (404 for a lead of another campaign) and lays vars over its fields; blanks are listed', async () => {
    const sender = await inbox();
    const id = await campaignWith({ steps: [[{ subject: 's', body: 'b' }]], inboxes: [sender.id] });
    const [, second] = await addLeads(id, [{ vars: { firstName: 'Ana' } }, { vars: { firstName: 'Bo', city: 'Oslo' } }]);
    const elsewhere = await campaignWith({});
    const [stranger] = await addLeads(elsewhere, [{ vars: { firstName: 'Cy' } }]);
    const steps = [{ subject: '{{firstName}} in {{city}}', body: '{{role}} at {{company}}' }];

    const res = await me.client.post(`/campaigns/${id}/preview`, { steps, lead_id: second!.id, vars: { company: 'Initech', city: 'Bergen' } });
    expect(res.status).toBe(200);
    expect(res.body.lead).toEqual({ id: second!.id, email: second!.email });
    expect(res.body.steps).toEqual([{ subject: 'Bo in Bergen', text: ' at Initech', blanks: [{ field: 'role', source: 'lead' }] }]);
    const gql = await me.client.gql(ops.PreviewCampaignDocument, { id, input: { steps, leadId: second!.id, vars: { company: 'Initech', city: 'Bergen' } } });
    expect(gql.data!.previewCampaign).toEqual(res.body);

    expectError(await me.client.post(`/campaigns/${id}/preview`, { steps, lead_id: stranger!.id }), 404, 'not_found');
    expectError(await me.client.post(`/campaigns/${id}/preview`, { steps, lead_id: randomUUID() }), 404, 'not_found');
    const g404 = await me.client.gql(ops.PreviewCampaignDocument, { id, input: { steps, leadId: stranger!.id } });
    expect(g404.errors?.[0]?.extensions?.code).toBe('not_found');
  });

  it("without steps renders the campaign's own email steps (the lead's variant, enabled ones, no tasks); 400 no_steps when it has none", async () => {
    const sender = await inbox({ signature: null });
    const id = await campaignWith({
      steps: [
        [
          { subject: 'A {{firstName}}', body: 'Variant A' },
          { subject: 'B {{firstName}}', body: 'Variant B' },
        ],
        { task: 'Call {{firstName}}' },
        [
          { subject: '', body: 'Off', enabled: false },
          { subject: '', body: 'On, {{firstName}}' },
        ],
      ],
      inboxes: [sender.id],
    });
    const [lead] = await addLeads(id, [{ vars: { firstName: 'Ana' } }]);
    await db(`update lead set variant = 2 where id = ?`, [lead!.id]);
    const res = await me.client.post(`/campaigns/${id}/preview`, {});
    expect(res.status).toBe(200);
    expect(res.body.steps).toEqual([
      { subject: 'B Ana', text: 'Variant B', blanks: [] },
      { subject: 'Re: B Ana', text: 'On, Ana', blanks: [] },
    ]);
    expect((await me.client.gql(ops.PreviewCampaignDocument, { id })).data!.previewCampaign.steps).toEqual(res.body.steps);

    const empty = await campaignWith({ steps: [{ task: 'Call' }] });
    expectError(await me.client.post(`/campaigns/${empty}/preview`, {}), 400, 'no_steps');
    expect((await me.client.gql(ops.PreviewCampaignDocument, { id: empty, input: {} })).errors?.[0]?.extensions?.code).toBe('no_steps');
  });

  it('previews a campaign without leads or inboxes, with notes saying so (sender fields blank, no From; the body is tidied as in a send)', async () => {
    const id = await campaignWith({});
    const res = await me.client.post(`/campaigns/${id}/preview`, { steps: [{ subject: 'Hi {{firstName}}', body: '{{sendingAccountName}} here' }], vars: { firstName: 'Ana' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lead: null, from: null, steps: [{ subject: 'Hi Ana', text: ' here', blanks: [{ field: 'sendingAccountName', source: 'inbox' }] }] });
    expect(res.body.notes.map((n: { code: string }) => n.code)).toEqual(['no_lead', 'no_inbox']);
  });

  it('prefers an active inbox as the sender', async () => {
    const paused = await inbox({ fromName: 'Paused Pat', status: 'paused' });
    const active = await inbox({ fromName: 'Active Al' });
    const id = await campaignWith({ inboxes: [paused.id, active.id] });
    const res = await me.client.post(`/campaigns/${id}/preview`, { steps: [{ subject: 's', body: '{{sendingAccountFirstName}}' }] });
    expect(res.body.from).toBe(`Active Al <${active.email}>`);
    expect(res.body.steps[0].text).toBe('Active');
  });

  it('refuses bad input with 400 through both doors, never 500', async () => {
    const id = await campaignWith({});
    const bad: [unknown, string][] = [
      [[], 'invalid_body'],
      ['text', 'invalid_body'],
      [{ steps: [] }, 'validation_failed'],
      [{ steps: 'x' }, 'validation_failed'],
      [{ steps: [{ subject: 's' }] }, 'validation_failed'],
      [{ steps: [{ subject: 'a\nb', body: 'b' }] }, 'validation_failed'],
      [{ steps: [{ subject: 's', body: 'b', extra: 1 }] }, 'validation_failed'],
      [{ steps: ['x'] }, 'validation_failed'],
      [{ steps: [{ subject: 's', body: 'b' }], lead_id: 'nope' }, 'validation_failed'],
      [{ steps: [{ subject: 's', body: 'b' }], vars: { a: 1 } }, 'validation_failed'],
      [{ steps: [{ subject: 's', body: 'b' }], vars: ['a'] }, 'validation_failed'],
      [{ steps: [{ subject: 's', body: 'b' }], vars: { a: 'x'.repeat(501) } }, 'validation_failed'],
      [{ steps: [{ subject: 's', body: 'b' }], unknown: true }, 'validation_failed'],
      [{ steps: Array.from({ length: 51 }, () => ({ subject: 's', body: 'b' })) }, 'validation_failed'],
    ];
    for (const [body, code] of bad) expectError(await me.client.post(`/campaigns/${id}/preview`, body), 400, code);
    const g = await me.client.gql(ops.PreviewCampaignDocument, { id, input: { steps: [], vars: { a: 1 } as never } });
    expect(g.errors?.[0]?.extensions?.code).toBe('validation_failed');
  });
});

// ---------------------------------------------------------------------------------------------------
describe('GET /campaigns/:id/merge-check', () => {
  it('lists fields without a fallback used by enabled email variants, with the leads (still in sequence) or inboxes that get a blank', async () => {
    const named = await inbox({ fromName: 'Sam Lee' });
    const nameless = await inbox({ fromName: '  ' });
    const id = await campaignWith({
      steps: [
        [
          { subject: 'Hi {{firstName}}', body: '{{company}} and {{title|friend}} {{unsubscribe}} {{ignored|}}' },
          { subject: 'Off {{onlyOff}}', body: 'x', enabled: false },
        ],
        { task: 'Call {{phone}}' },
        [{ subject: '', body: 'Again {{firstName}}, {{sendingAccountFirstName}}' }],
      ],
      inboxes: [named.id, nameless.id],
    });
    await addLeads(id, [
      { vars: { firstName: 'Ana', company: 'Acme' } },
      { vars: { FirstName: 'Bo', company: '' } }, // found ignoring case; company blank
      { vars: { firstName: '   ', company: 'Initech' } }, // whitespace only: blank
      { vars: {} },
      { vars: {}, status: 'completed' }, // no more email: not counted
      { vars: {}, status: 'paused' },
    ]);
    const res = await me.client.get(`/campaigns/${id}/merge-check`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        field: 'firstName',
        source: 'lead',
        blank: 3,
        total: 5,
        steps: [
          { position: 1, variant: 1 },
          { position: 3, variant: 1 },
        ],
      },
      { field: 'company', source: 'lead', blank: 3, total: 5, steps: [{ position: 1, variant: 1 }] },
      { field: 'sendingAccountFirstName', source: 'inbox', blank: 1, total: 2, steps: [{ position: 3, variant: 1 }] },
    ]);
    const gql = await me.client.gql(ops.CampaignMergeCheckDocument, { id });
    expect(gql.data!.campaignMergeCheck).toEqual(res.body);
  });

  it('answers [] when no field would be blank (fallbacks, every lead filled, no leads)', async () => {
    const id = await campaignWith({ steps: [[{ subject: 'Hi {{firstName|there}}', body: '{{company}}' }]] });
    expect((await me.client.get(`/campaigns/${id}/merge-check`)).body).toEqual([]);
    await addLeads(id, [{ vars: { company: 'Acme' } }]);
    expect((await me.client.get(`/campaigns/${id}/merge-check`)).body).toEqual([]);
    expect((await me.client.gql(ops.CampaignMergeCheckDocument, { id })).data!.campaignMergeCheck).toEqual([]);
  });

  it('counts in SQL exactly what merge.ts renders blank (exact name first, then the first match ignoring case, null, numbers, whitespace)', async () => {
    const cases: Record<string, unknown>[] = [
      { Name: 'x' },
      { name: '', NAME: 'y' }, // the exact field wins, and it is blank
      { NAME: 'y' },
      { NAME: '', nAmE: 'z' }, // first case-insensitive match in stored order decides
      { nAmE: ' ', NAME: 'q' },
      { name: null },
      { name: 42 },
      { name: '\t' },
      { other: 'v' },
      {},
    ];
    const id = await campaignWith({ steps: [[{ subject: 's', body: '{{name}}' }]] });
    const leads = await addLeads(
      id,
      cases.map((vars) => ({ vars: vars as Record<string, string> })),
    );
    // What the renderer sees: the vars as they come back from jsonb (its key order).
    const rows = (await db(`select vars from lead where campaign_id = ?`, [id])) as { vars: Record<string, string> }[];
    const expected = rows.filter((r) => (leadValue(r.vars, 'name') ?? '').trim() === '').length;
    expect(leads).toHaveLength(cases.length);
    const res = await me.client.get(`/campaigns/${id}/merge-check`);
    expect(res.body).toEqual([{ field: 'name', source: 'lead', blank: expected, total: cases.length, steps: [{ position: 1, variant: 1 }] }]);
  });

  it('sees other spellings a lead gets later: by PATCH /leads/:id, by a set-wise SQL update (as column runs write), by an import', async () => {
    // Names unique to this test, so no other lead of the workspace has spelt them before.
    const tag = randomUUID().slice(0, 6);
    const [greeting, team, role] = [`greeting${tag}`, `team${tag}`, `role${tag}`];
    const id = await campaignWith({ steps: [[{ subject: 's', body: `{{${greeting}}} {{${team}}} {{${role}}}` }]] });
    const [patched, updated] = await addLeads(id, [{ vars: {} }, { vars: {} }, { vars: {} }]);
    const blanks = async () => {
      const rest = (await me.client.get(`/campaigns/${id}/merge-check`)).body as { field: string; blank: number }[];
      expect((await me.client.gql(ops.CampaignMergeCheckDocument, { id })).data!.campaignMergeCheck).toEqual(rest);
      return Object.fromEntries(rest.map((f) => [f.field, f.blank]));
    };
    expect(await blanks()).toEqual({ [greeting]: 3, [team]: 3, [role]: 3 });

    const patch = await me.client.patch(`/leads/${patched.id}`, { vars: { [greeting.toUpperCase()]: 'Hello' } });
    expect(patch.status).toBe(200);
    await db(`update lead set vars = vars || jsonb_build_object(?::text, 'Sales') where id = ?`, [`Team${tag}`, updated.id]);
    expect(await blanks()).toEqual({ [greeting]: 2, [team]: 2, [role]: 3 });

    const manual = await me.client.post(`/campaigns/${id}/leads/manual`, { leads: [{ email: `new-${tag}@client.test`, vars: { [`ROLE${tag}`]: 'CTO' } }] });
    expect(manual.status).toBe(200);
    expect(await blanks()).toEqual({ [greeting]: 3, [team]: 3, [role]: 3 });

    // Names outside ASCII compare as merge.ts compares them (JavaScript's toLowerCase).
    const umlaut = await campaignWith({ steps: [[{ subject: 's', body: `{{änderung${tag}}}` }]] });
    await addLeads(umlaut, [{ vars: { [`ÄNDERUNG${tag}`]: 'ja' } }, { vars: {} }]);
    expect((await me.client.get(`/campaigns/${umlaut}/merge-check`)).body).toEqual([
      { field: `änderung${tag}`, source: 'lead', blank: 1, total: 2, steps: [{ position: 1, variant: 1 }] },
    ]);
    expect((await me.client.gql(ops.CampaignMergeCheckDocument, { id: umlaut })).data!.campaignMergeCheck).toEqual([
      { field: `änderung${tag}`, source: 'lead', blank: 1, total: 2, steps: [{ position: 1, variant: 1 }] },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------
describe('GET /campaigns/:id/copy-check', () => {
  it('warns per step and variant: spam words (several languages), links, capitals, exclamation, long subject and body, images', async () => {
    const words = Array.from({ length: 205 }, (_, i) => `word${i}`).join(' ');
    const id = await campaignWith({
      steps: [
        [
          { subject: 'Quick question about {{company}}', body: 'Hi {{firstName}},\n\nWould a short call next week help?\n\nSee https://a.example.com and www.b.example.com.' },
          { subject: 'FREE offer!', body: 'Click here for a free gift. Act now, ACT TODAY, it is URGENT and GUARANTEED!! https://a.test https://b.test https://c.test' },
        ],
        [{ subject: '', body: 'Kostenlos und garantiert. Cliquez ici. Haga clic aquí para dinero fácil.' }],
        [{ subject: 'A subject line that keeps going and going well past what fits on a phone', body: words }],
        [{ subject: 's', body: 'Look: <img src="https://x.test/p.png"> and ![logo](https://x.test/l.gif)' }],
      ],
    });
    const res = await me.client.get(`/campaigns/${id}/copy-check`);
    expect(res.status).toBe(200);
    const found = res.body as { position: number; variant: number; code: string; terms: string[]; message: string }[];
    const codes = (p: number, v: number) => found.filter((f) => f.position === p && f.variant === v).map((f) => f.code);
    expect(codes(1, 1)).toEqual([]); // two links are fine
    expect(codes(1, 2)).toEqual(['spam_words', 'links', 'capitals', 'exclamation']);
    const spam = found.find((f) => f.position === 1 && f.variant === 2 && f.code === 'spam_words')!;
    expect(spam.terms).toEqual(expect.arrayContaining(['click here', 'free gift', 'act now', 'urgent', 'guaranteed', 'free offer']));
    expect(found.find((f) => f.code === 'links')!.terms).toEqual(['https://a.test', 'https://b.test', 'https://c.test']);
    expect(found.find((f) => f.code === 'capitals')!.terms).toEqual(expect.arrayContaining(['FREE', 'URGENT', 'GUARANTEED']));
    expect(codes(2, 1)).toEqual(['spam_words']);
    expect(found.find((f) => f.position === 2)!.terms).toEqual(expect.arrayContaining(['kostenlos', 'garantiert', 'cliquez ici', 'haga clic aquí', 'dinero fácil']));
    expect(codes(3, 1)).toEqual(['long_subject', 'long_body']);
    expect(codes(4, 1)).toEqual(['images']);
    expect(found.find((f) => f.code === 'images')!.terms).toHaveLength(2);
    for (const f of found) expect(f.message).toEqual(expect.any(String));

    const gql = await me.client.gql(ops.CampaignCopyCheckDocument, { id });
    expect(gql.data!.campaignCopyCheck).toEqual(res.body);
  });

  it('matches whole words only, skips disabled variants and merge-field names', async () => {
    const id = await campaignWith({
      steps: [
        [
          { subject: 'Freedom at Prizewinners', body: 'The {{FREE_GIFT}} field, cheapest-ish, urgently.' },
          { subject: 'Click here!', body: 'free gift', enabled: false },
        ],
      ],
    });
    expect((await me.client.get(`/campaigns/${id}/copy-check`)).body).toEqual([]);
  });

  it('warns no_opt_out only with the unsubscribe header off and no {{unsubscribe}} in the body', async () => {
    const id = await campaignWith({
      steps: [
        [
          { subject: 's', body: 'Plain words.' },
          { subject: 's', body: 'Plain. {{unsubscribe}}' },
        ],
      ],
    });
    expect((await me.client.get(`/campaigns/${id}/copy-check`)).body).toEqual([]);
    expect((await me.client.patch(`/campaigns/${id}`, { unsub_header: false })).status).toBe(200);
    const res = await me.client.get(`/campaigns/${id}/copy-check`);
    expect(res.body).toEqual([{ position: 1, variant: 1, code: 'no_opt_out', message: expect.any(String), terms: [] }]);
  });
});

describe('GET /campaigns/:id/copy-check: a subsequence email that may start a thread with a blank subject', () => {
  /** A subsequence of `parent` with these first-step variants (blank subjects allowed: it answers in the
   *  parent's thread), and a second step. */
  async function subsequenceOf(parent: string, variants: Variant[]) {
    const sub = await me.client.post(`/campaigns/${parent}/subsequences`, { name: 'Interested', trigger: { interest: ['interested'] } });
    expect(sub.status).toBe(201);
    const steps = [
      { position: 1, wait_minutes: 60, variants },
      { position: 2, wait_minutes: 1440, variants: [{ subject: '', body: 'Bumping this.' }] },
    ];
    expect((await me.client.put(`/campaigns/${sub.body.id}/steps`, steps)).status).toBe(200);
    return sub.body.id as string;
  }
  const both = async (id: string) => {
    const rest = await me.client.get(`/campaigns/${id}/copy-check`);
    expect(rest.status).toBe(200);
    const gql = await me.client.gql(ops.CampaignCopyCheckDocument, { id });
    expect(gql.data!.campaignCopyCheck).toEqual(rest.body);
    return rest.body as { position: number; variant: number; code: string; message: string; terms: string[] }[];
  };

  it("warns blank_subject on the subsequence's first email, naming the parent's first subject it then takes (the variant's own number first), through REST and GraphQL and in diagnose", async () => {
    const parent = await campaignWith({
      steps: [
        { task: 'Look them up' },
        [
          { subject: 'Quick question, {{firstName}}', body: 'Hi.' },
          { subject: 'Hello {{firstName}}', body: 'Hi.' },
        ],
      ],
    });
    const sub = await subsequenceOf(parent, [
      { subject: '', body: 'Following up.' },
      { subject: '', body: 'Following up again.' },
      { subject: '', body: 'And again.' },
      { subject: 'Its own', body: 'Fine.' },
    ]);
    const found = await both(sub);
    expect(found.filter((f) => f.code === 'blank_subject')).toEqual([
      { position: 1, variant: 1, code: 'blank_subject', message: expect.stringContaining('"Quick question, {{firstName}}"'), terms: ['Quick question, {{firstName}}'] },
      { position: 1, variant: 2, code: 'blank_subject', message: expect.stringContaining('"Hello {{firstName}}"'), terms: ['Hello {{firstName}}'] },
      { position: 1, variant: 3, code: 'blank_subject', message: expect.any(String), terms: ['Quick question, {{firstName}}'] },
    ]);
    const diagnosis = await me.client.get(`/campaigns/${sub}/diagnose`);
    expect(diagnosis.body.problems).toEqual(
      expect.arrayContaining([{ severity: 'low', code: 'copy_blank_subject', text: expect.stringContaining('Step 1, variant 1:'), fix: expect.any(String) }]),
    );
    // A top-level campaign's follow-ups answer its own first email, whose subject is required: no warning.
    expect((await both(parent)).map((f) => f.code)).not.toContain('blank_subject');
  });

  it("previews a blank first subject as the parent's thread it answers, written for the lead, through REST and GraphQL", async () => {
    const parent = await campaignWith({ steps: [[{ subject: 'Quick question, {{firstName}}', body: 'Hi.' }]] });
    const sub = await subsequenceOf(parent, [{ subject: '', body: 'Following up.' }]);
    const input = { vars: { firstName: 'Ada' } };
    const res = await me.client.post(`/campaigns/${sub}/preview`, input);
    expect(res.status).toBe(200);
    // Both of its blank-subject emails answer in the parent's thread (never "Re: Re:").
    expect(res.body.steps.map((s: { subject: string }) => s.subject)).toEqual(['Re: Quick question, Ada', 'Re: Quick question, Ada']);
    const gql = await me.client.gql(ops.PreviewCampaignDocument, { id: sub, input });
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.previewCampaign).toEqual(res.body);
    // A first email with a subject of its own starts its own thread; the follow-up answers that one.
    const own = await subsequenceOf(parent, [{ subject: 'New angle, {{firstName}}', body: 'Hi again.' }]);
    const mine = await me.client.post(`/campaigns/${own}/preview`, input);
    expect(mine.body.steps.map((s: { subject: string }) => s.subject)).toEqual(['New angle, Ada', 'Re: New angle, Ada']);
  });

  it('says the email cannot go when the parent has no email to take a subject from', async () => {
    const parent = await campaignWith({ steps: [{ task: 'Call them' }] });
    const sub = await subsequenceOf(parent, [{ subject: '', body: 'Following up.' }]);
    expect(await both(sub)).toEqual([{ position: 1, variant: 1, code: 'blank_subject', message: expect.stringContaining('it is not sent'), terms: [] }]);
  });
});

// ---------------------------------------------------------------------------------------------------
describe('GET /campaigns/:id/diagnose', () => {
  const codes = (res: { body: { problems: { code: string }[] } }) => res.body.problems.map((p) => p.code);

  it('says a campaign without steps or inboxes cannot send (high)', async () => {
    const id = await campaignWith({});
    const res = await me.client.get(`/campaigns/${id}/diagnose`);
    expect(res.status).toBe(200);
    expect(res.body.problems).toEqual([
      { severity: 'high', code: 'no_steps', text: expect.any(String), fix: expect.any(String) },
      { severity: 'high', code: 'no_inbox', text: expect.any(String), fix: expect.any(String) },
    ]);
  });

  it('reports inbox states as the sender sees them, ramp below the daily limit, domains from the last health run (no DNS here), then copy warnings', async () => {
    const account = await signUp(service.url, { timezone: 'UTC' });
    const mk = (over: Parameters<typeof createInbox>[2]) => createInbox(service, account.workspaceId, { fromName: 'Sam', ...over });
    const fine = await mk({ email: `fine-${randomUUID().slice(0, 4)}@good.test` });
    const paused = await mk({ email: `paused@good.test`, status: 'paused' });
    const stopped = await mk({ email: `stopped@good.test`, status: 'bounce_stopped' });
    const backoff = await mk({ email: `backoff@weak.test`, backoffUntil: new Date(MONDAY_10.getTime() + HOUR), lastError: '421 try again later' });
    const resting = await mk({ email: `resting@weak.test`, nextFreeAt: new Date(MONDAY_10.getTime() + 5 * 60_000) });
    const unchecked = await mk({ email: `new@never-checked.test` });
    const id = await campaignWith({
      account,
      steps: [[{ subject: 'Hello', body: 'Links: https://a.test https://b.test https://c.test' }]],
      inboxes: [fine.id, paused.id, stopped.id, backoff.id, resting.id, unchecked.id],
      settings: { daily_limit: 100 },
    });
    // A domain health run before never-checked.test had an inbox: its result is kept for diagnose.
    await db(`update inbox set deleted_at = now() where id = ?`, [unchecked.id]);
    expect((await account.client.get('/mailboxes/domain-health')).status).toBe(200);
    await db(`update inbox set deleted_at = null where id = ?`, [unchecked.id]);

    const before = dns.queries.length;
    const res = await account.client.get(`/campaigns/${id}/diagnose`);
    expect(dns.queries.length).toBe(before); // read-only: no look-up
    expect(res.status).toBe(200);
    expect(codes(res)).toEqual([
      'inbox_paused',
      'inbox_bounce_stopped',
      'inbox_backoff',
      'inbox_error',
      'inbox_resting',
      'ramp_low',
      'domain_unchecked',
      'domain_dmarc',
      'domain_mx',
      'copy_links',
    ]);
    const by = (code: string) => res.body.problems.find((p: { code: string }) => p.code === code);
    expect(by('inbox_paused')).toMatchObject({
      severity: 'medium',
      text: expect.stringContaining('paused@good.test'),
      fix: expect.stringContaining(`/mailboxes/${paused.id}/resume`),
    });
    expect(by('inbox_error').text).toContain('421 try again later');
    expect(by('ramp_low')).toMatchObject({ severity: 'low', text: expect.stringContaining('may send 40 emails') }); // four active inboxes at 10 a day
    expect(by('domain_unchecked').text).toContain('never-checked.test');
    expect(by('domain_dmarc')).toMatchObject({ severity: 'low', text: expect.stringContaining('weak.test') });
    expect(by('domain_mx')).toMatchObject({ severity: 'medium', text: expect.stringContaining('weak.test') });
    expect(by('copy_links')).toMatchObject({ severity: 'low', text: expect.stringMatching(/^Step 1, variant 1: 3 links/) });
    for (const p of res.body.problems) expect(p.fix).toEqual(expect.any(String));

    const gql = await account.client.gql(ops.CampaignDiagnosisDocument, { id });
    expect(gql.data!.campaignDiagnosis).toEqual(res.body);
  });

  it('says nothing can be sent when every inbox is paused or stopped', async () => {
    const a = await inbox({ status: 'paused' });
    const b = await inbox({ status: 'bounce_stopped' });
    const id = await campaignWith({ steps: [[{ subject: 'Hello', body: 'Plain.' }]], inboxes: [a.id, b.id] });
    const res = await me.client.get(`/campaigns/${id}/diagnose`);
    expect(res.body.problems.find((p: { code: string }) => p.code === 'no_active_inbox')).toMatchObject({ severity: 'high' });
  });
});

// ---------------------------------------------------------------------------------------------------
describe('activation warnings (issue #14 item 8)', () => {
  it('carry the diagnosis and copy warnings, once each, beside the existing warnings; none blocks the launch', async () => {
    const paused = await inbox({ status: 'paused' });
    const active = await inbox({ email: `act-${randomUUID().slice(0, 4)}@never-checked.test` });
    const id = await campaignWith({
      steps: [[{ subject: 'FREE OFFER!', body: 'Links https://a.test https://b.test https://c.test' }]],
      inboxes: [paused.id, active.id],
    });
    const res = await me.client.post(`/campaigns/${id}/activate`, {});
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('active');
    const warnings = res.body.warnings as { code: string; text: string }[];
    const list = warnings.map((w) => w.code);
    expect(list.filter((c) => c === 'inbox_paused')).toHaveLength(1);
    expect(list).toEqual(expect.arrayContaining(['inbox_paused', 'domain_unchecked', 'copy_spam_words', 'copy_links', 'copy_capitals', 'copy_exclamation']));
    expect(list).not.toContain('no_inbox');
    expect(new Set(warnings.map((w) => `${w.code} ${w.text}`)).size).toBe(warnings.length);

    await me.client.post(`/campaigns/${id}/pause`, {});
    const gql = await me.client.gql(ops.ActivateCampaignDocument, { id });
    expect(gql.data!.activateCampaign.warnings.map((w) => w.code)).toEqual(list);
  });
});

// ---------------------------------------------------------------------------------------------------
describe('workspace isolation and unknown ids', () => {
  it("answers 404 for another workspace's campaign and for a malformed id, through both doors", async () => {
    const theirs = await campaignWith({ account: other, steps: [[{ subject: 's', body: 'b' }]] });
    for (const cid of [theirs, randomUUID(), 'not-a-uuid']) {
      expectError(await me.client.post(`/campaigns/${cid}/preview`, { steps: [{ subject: 's', body: 'b' }] }), 404, 'not_found');
      expectError(await me.client.get(`/campaigns/${cid}/merge-check`), 404, 'not_found');
      expectError(await me.client.get(`/campaigns/${cid}/copy-check`), 404, 'not_found');
      expectError(await me.client.get(`/campaigns/${cid}/diagnose`), 404, 'not_found');
      const gqls = [
        await me.client.gql(ops.PreviewCampaignDocument, { id: cid, input: { steps: [{ subject: 's', body: 'b' }] } }),
        await me.client.gql(ops.CampaignMergeCheckDocument, { id: cid }),
        await me.client.gql(ops.CampaignCopyCheckDocument, { id: cid }),
        await me.client.gql(ops.CampaignDiagnosisDocument, { id: cid }),
      ];
      for (const g of gqls) expect(g.errors?.[0]?.extensions?.code).toBe('not_found');
    }
    // The owner sees it.
    expect((await other.client.get(`/campaigns/${theirs}/copy-check`)).status).toBe(200);
  });
});
