// The OpenAPI document describes what the service really answers (decisions.md §9: "cannot drift"): a
// workspace with an inbox, a campaign with steps and leads, a list, a filter, a template and blocklist
// entries is built through the API, and every answer on the way, and of every read, is checked against
// the operation's documented schema (names, types, required fields, snake_case or camelCase).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { storeDmarcReport } from '../../src/modules/reports/dmarc/dmarc.service';
import { parseDmarcReport, type DmarcReport } from '../../src/mail/dmarc/parse-report';
import { Client, signUp, type Account } from '../support/client';
import { AnswerChecker, fetchOpenApi, operations, type Operation } from '../support/openapi';
import { startTestService } from '../support/service';

let service: Awaited<ReturnType<typeof startTestService>>;
let me: Account;
let checker: AnswerChecker;
let ops: Map<string, Operation>;
const checked = new Set<string>();
const problems: string[] = [];

beforeAll(async () => {
  service = await startTestService();
  me = await signUp(service.url);
  const doc = await fetchOpenApi(service.url);
  checker = new AnswerChecker(doc);
  ops = new Map(operations(doc).map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));
});
afterAll(() => service.stop());

/** Calls `METHOD /path/{param}` with the given values and checks the answer against its operation. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function call(route: string, params: Record<string, string> = {}, body?: unknown, query = '', client: Client = me.client): Promise<any> {
  const [method, template] = route.split(' ');
  const op = ops.get(route);
  if (!op) throw new Error(`${route} is not documented`);
  const path = template.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(params[name]));
  const res = await client.request(method, `/api${path}${query}`, body);
  if (res.status >= 400) throw new Error(`${route} answered ${res.status}: ${res.text}`);
  problems.push(...checker.check(op, res.status, res.body));
  checked.add(route);
  return res.body;
}

it('answers every call of a working session in the documented shape', async () => {
  const anon = new Client(service.url);
  const email = `owner-${randomUUID()}@example.com`;
  await call('POST /auth/signup', {}, { email, password: 'a long password', workspace_name: 'Shapes' }, '', anon);
  await call('POST /auth/login', {}, { email, password: 'a long password' }, '', anon);
  await call('GET /settings');
  await call('PATCH /settings/workspace', {}, { recent_contact_days: 20 });
  const key = await call('POST /settings/api-keys', {}, { name: 'scripts' });
  await call('GET /settings/api-keys');
  await call('DELETE /settings/api-keys/{id}', { id: key.id });
  const member = await call('POST /settings/members', {}, { email: `m-${randomUUID()}@example.com`, name: 'Mia', password: 'another long one', role: 'member' });
  await call('GET /settings/members');
  await call('DELETE /settings/members/{id}', { id: member.id });

  const inbox = await call(
    'POST /mailboxes',
    {},
    {
      email: `sales-${randomUUID().slice(0, 8)}@example.com`,
      from_name: 'Sam Sales',
      smtp_host: 'smtp.example.com',
      smtp_port: 587,
      smtp_secure: false,
      imap_host: 'imap.example.com',
      imap_port: 993,
      username: 'sam',
      password: 'S3cret-inbox-pass!',
      daily_cap: 30,
    },
  );
  await call('GET /mailboxes');
  await call('PATCH /mailboxes/{id}', { id: inbox.id }, { daily_cap: 40 });
  await call('POST /mailboxes/bulk', {}, { ids: [inbox.id], daily_cap: 35 });
  await call('POST /mailboxes/{id}/pause', { id: inbox.id });
  await call('POST /mailboxes/{id}/resume', { id: inbox.id });
  await call('GET /mailboxes/scores');

  const campaign = await call('POST /campaigns', {}, { name: 'Shapes' });
  await call('PATCH /campaigns/{id}', { id: campaign.id }, { mailbox_ids: [inbox.id], windows: [{ days: [1, 2, 3], start: '09:00', end: '17:00' }], deal_value: 500 });
  await call('PUT /campaigns/{id}/steps', { id: campaign.id }, [
    { position: 1, wait_minutes: 0, variants: [{ subject: 'Hi {{firstName|there}}', body: 'First email' }] },
    { position: 2, wait_minutes: 1440, task: { kind: 'call', text: 'Call {{firstName|them}}' }, variants: [] },
  ]);
  await call('PATCH /campaigns/{id}/steps/{position}/variants/{variant}', { id: campaign.id, position: '1', variant: '1' }, { enabled: true });
  await call(
    'POST /campaigns/{id}/leads/manual',
    { id: campaign.id },
    { leads: [{ email: 'ada@example.com', vars: { first_name: 'Ada', company: 'Engines' } }, { email: 'bob@example.org' }] },
  );
  await call('GET /campaigns');
  await call('GET /campaigns/{id}', { id: campaign.id });
  const page = await call('GET /campaigns/{id}/leads', { id: campaign.id });
  await call('GET /campaigns/{id}/lead-fields', { id: campaign.id });
  await call('GET /leads');
  await call('GET /leads/search', {}, undefined, '?q=ada');
  const lead = page[0];
  await call('GET /leads/{id}', { id: lead.id });
  await call('PATCH /leads/{id}', { id: lead.id }, { note: 'met at a fair', interest: 'interested' });
  await call('GET /leads/{id}/activity', { id: lead.id });
  await call('POST /campaigns/{id}/activate', { id: campaign.id });
  await call('GET /campaigns/{id}/sending-status', { id: campaign.id });
  await call('PUT /settings/verification-key', {}, { key: 'nb_key_for_shapes' });
  await call('POST /campaigns/{id}/verify-addresses', { id: campaign.id });
  await call('GET /campaigns/{id}/verification', { id: campaign.id });
  await call('GET /campaigns/{id}/stats', { id: campaign.id });
  await call('GET /campaigns/{id}/activity', { id: campaign.id });
  await call('GET /campaigns/{id}/bounces', { id: campaign.id });
  await call('POST /campaigns/{id}/pause', { id: campaign.id });
  const copy = await call('POST /campaigns/{id}/duplicate', { id: campaign.id });
  await call('POST /campaigns/{id}/subsequences', { id: campaign.id }, { name: 'Asked for pricing', trigger: { reply_contains: ['pricing'] } });
  await call('GET /campaigns/{id}/subsequences', { id: campaign.id });
  await call('DELETE /campaigns/{id}', { id: copy.id });

  const oneOff = await call('POST /leads/one-off', {}, { email: 'carla@example.net' });
  const queued = await call('POST /leads/{id}/send', { id: oneOff.lead_id }, { mailboxId: inbox.id, subject: 'Hello', body: 'Just a note' });
  await call('POST /one-offs/{id}/cancel', { id: queued.id });
  await call('GET /tasks');

  const list = await call('POST /lead-lists', {}, { name: 'Fair' });
  await call('GET /lead-lists');
  const filter = await call('POST /lead-filters', {}, { name: 'Interested', filter: { interest: 'interested', list_id: list.id } });
  await call('GET /lead-filters');
  await call('POST /campaigns/{id}/leads/from-list', { id: campaign.id }, { list_id: list.id });
  await call('DELETE /lead-filters/{id}', { id: filter.id });
  await call('DELETE /lead-lists/{id}', { id: list.id });

  const template = await call('POST /sequence-templates', {}, { name: 'Two steps', campaign_id: campaign.id });
  await call('GET /sequence-templates');
  await call('DELETE /sequence-templates/{id}', { id: template.id });

  await call('POST /blocklist', {}, { emails: ['spam@example.com', '@blocked.example'] });
  await call('GET /blocklist');
  await call('DELETE /blocklist/{email}', { email: 'spam@example.com' });

  await call('GET /reports/summary');
  await call('GET /reports/analytics', {}, undefined, '?from=2026-11-01&to=2026-11-30');
  await call('PATCH /reports/dmarc', {}, { report_address: inbox.email });
  // A report as the poller stores it, so `latest` and the sources are filled in.
  const report = parseDmarcReport(readFileSync(join(__dirname, '../fixtures/dmarc/yahoo-many-records.xml'))) as DmarcReport;
  await storeDmarcReport(service.deps.orm.em.fork(), me.workspaceId, inbox.id, { ...report, end: new Date() });
  await call('GET /reports/dmarc', {}, undefined, '?days=7');
  await call('PATCH /reports/dmarc', {}, { report_address: null });
  const other = await call('POST /campaigns', {}, { name: 'Empty' });
  await call('DELETE /leads/{id}', {
    id:
      (await call('POST /campaigns/{id}/leads/manual', { id: other.id }, { leads: [{ email: 'dan@example.com' }] }),
      (await call('GET /campaigns/{id}/leads', { id: other.id }))[0].id),
  });
  await call('DELETE /mailboxes/{id}', { id: inbox.id });

  expect(problems).toEqual([]);
  // A floor, so a shortened session cannot pass by checking little.
  expect(checked.size).toBeGreaterThanOrEqual(55);
});
