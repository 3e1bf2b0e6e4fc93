// api.md "Inboxes" (all but the connection test and domain health) and decisions.md §5 (ramp, status),
// through REST and GraphQL.
import { randomUUID } from 'node:crypto';
import { authedContext } from '../../src/runtime/context';
import { Workspace } from '../../src/modules/accounts/workspace.entity';
import { Campaign } from '../../src/modules/campaigns/campaign.entity';
import { InboxDayStat } from '../../src/modules/inboxes/inbox-day-stat.entity';
import { Inbox } from '../../src/modules/inboxes/inbox.entity';
import { createInbox } from '../support/factories/inbox.factory';
import { Client, expectError, signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import * as ops from '../graphql/generated';

// A fixed instant late on 10 March UTC: already 11 March in Tokyo, still 10 March in Los Angeles.
const NOW = new Date('2026-03-10T23:30:00.000Z');
const clock = { now: () => NOW };

let service: Awaited<ReturnType<typeof startTestService>>;

beforeAll(async () => {
  service = await startTestService({ clock });
});
afterAll(() => service.stop());

const PASSWORD = 'S3cret-inbox-pass!';

const body = (overrides: Record<string, unknown> = {}) => ({
  email: `sales-${randomUUID().slice(0, 8)}@example.com`,
  from_name: 'Sam Sales',
  smtp_host: 'smtp.example.com',
  smtp_port: 587,
  smtp_secure: false,
  imap_host: 'imap.example.com',
  imap_port: 993,
  username: 'sam',
  password: PASSWORD,
  daily_cap: 30,
  ...overrides,
});

async function connect(account: Account, overrides: Record<string, unknown> = {}) {
  const res = await account.client.post('/mailboxes', body(overrides));
  if (res.status !== 200) throw new Error(`connect failed: ${res.status} ${res.text}`);
  return res.body as { id: string; email: string } & Record<string, unknown>;
}

const em = (workspaceId: string) => authedContext(service.deps, { workspaceId, userId: null, role: 'owner', via: 'api_key' }).em;

async function addStat(workspaceId: string, inboxId: string, day: string, counts: Partial<Pick<InboxDayStat, 'sent' | 'failed' | 'bounced' | 'replied'>>) {
  const e = em(workspaceId);
  await e.persistAndFlush(e.create(InboxDayStat, { workspace: workspaceId, inbox: inboxId, day, ...counts }));
}

async function inboxRow(id: string) {
  const [row] = await service.deps.orm.em.fork().getConnection().execute('select * from inbox where id = ?', [id]);
  return row as Record<string, unknown>;
}

async function sqlCount(sql: string, ...params: unknown[]) {
  const [row] = await service.deps.orm.em.fork().getConnection().execute(sql, params);
  return Number(row.count);
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('POST /mailboxes', () => {
  it('saves the details with the creation defaults and returns the inbox object', async () => {
    const a = await signUp(service.url);
    const res = await a.client.post('/mailboxes', body({ email: 'Sam.Sales@Example.COM', smtp_host: 'SMTP.Example.com', smtp_secure: true, smtp_port: 465 }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      workspaceId: a.workspaceId,
      email: 'sam.sales@example.com',
      fromName: 'Sam Sales',
      smtpHost: 'smtp.example.com',
      smtpPort: 465,
      smtpSecure: true,
      imapHost: 'imap.example.com',
      imapPort: 993,
      username: 'sam',
      // decisions.md §15: a password inbox.
      authType: 'password',
      oauthProvider: null,
      dailyCap: 30,
      rampStart: 10,
      rampIncrement: 5,
      rampStartedAt: '2026-03-10',
      minGapMinutes: 9,
      gapJitterMinutes: 5,
      signature: null,
      tags: [],
      domainDailyCap: null,
      status: 'active',
      lastError: null,
      backoffUntil: null,
      createdAt: expect.stringMatching(ISO),
      // decisions.md §16
      purpose: 'sending',
      seedProvider: null,
      pausedReason: null,
    });
  });

  it('starts the ramp on today in the workspace timezone', async () => {
    const tokyo = await signUp(service.url, { timezone: 'Asia/Tokyo' });
    const la = await signUp(service.url, { timezone: 'America/Los_Angeles' });
    expect((await connect(tokyo)).rampStartedAt).toBe('2026-03-11');
    expect((await connect(la)).rampStartedAt).toBe('2026-03-10');
  });

  it('accepts the optional sending settings', async () => {
    const a = await signUp(service.url);
    const made = await connect(a, {
      signature: '-- Sam',
      tags: ['warm', ' eu ', 'warm'],
      min_gap_minutes: 15,
      gap_jitter_minutes: 0,
      domain_daily_cap: 80,
      ramp_start: 30,
      ramp_increment: 0,
    });
    expect(made).toMatchObject({ signature: '-- Sam', tags: ['warm', 'eu'], minGapMinutes: 15, gapJitterMinutes: 0, domainDailyCap: 80, rampStart: 30, rampIncrement: 0 });
    const [listed] = (await a.client.get('/mailboxes')).body;
    expect(listed).toMatchObject({ capToday: 30, rampShare: 100 });
  });

  it.each([
    [{ smtp_port: 0 }, 'smtp_port'],
    [{ smtp_port: 65536 }, 'smtp_port'],
    [{ smtp_port: '587' }, 'smtp_port'],
    [{ smtp_port: 1.5 }, 'smtp_port'],
    [{ imap_port: -1 }, 'imap_port'],
    [{ imap_port: 1e12 }, 'imap_port'],
    [{ email: 'not-an-address' }, 'email'],
    [{ email: null }, 'email'],
    [{ smtp_host: '' }, 'smtp_host'],
    [{ smtp_host: 'smtp example.com' }, 'smtp_host'],
    [{ imap_host: '   ' }, 'imap_host'],
    [{ imap_host: 42 }, 'imap_host'],
    [{ username: '' }, 'username'],
    [{ from_name: ' ' }, 'from_name'],
    [{ smtp_secure: 'yes' }, 'smtp_secure'],
    [{ password: '' }, 'password'],
    [{ password: undefined }, 'password'],
    [{ daily_cap: 0 }, 'daily_cap'],
    [{ daily_cap: -5 }, 'daily_cap'],
    [{ daily_cap: 1e15 }, 'daily_cap'],
    [{ daily_cap: null }, 'daily_cap'],
    [{ min_gap_minutes: -1 }, 'min_gap_minutes'],
    [{ domain_daily_cap: 0 }, 'domain_daily_cap'],
    [{ tags: ['ok', ''] }, 'tags'],
    [{ tags: 'warm' }, 'tags'],
    [{ from_name: 'Sam\u0000' }, 'from_name'],
    [{ smtp_host: 'smtp\u0000.example.com' }, 'smtp_host'],
    [{ tags: ['a\u0000'] }, 'tags[0]'],
    [{ fromName: 'camel' }, 'fromName'],
    [{ status: 'paused' }, 'status'],
  ])('refuses %j with 400 naming %s', async (overrides, field) => {
    const a = await signUp(service.url);
    const err = expectError(await a.client.post('/mailboxes', body(overrides)), 400, 'validation_failed');
    expect(Object.keys(err.details!.fields)).toContain(field);
    expect(JSON.stringify(err)).not.toContain(PASSWORD);
    expect((await a.client.get('/mailboxes')).body).toEqual([]);
  });

  it('refuses a body that is not an object', async () => {
    const a = await signUp(service.url);
    expectError(await a.client.request('POST', '/api/mailboxes', '[]', { 'content-type': 'application/json' }), 400, 'invalid_body');
  });

  it('refuses an address already connected (409, any case) but lets another workspace connect it', async () => {
    const a = await signUp(service.url);
    const b = await signUp(service.url);
    const made = await connect(a, { email: 'dup@example.com' });
    const err = expectError(await a.client.post('/mailboxes', body({ email: 'DUP@example.com' })), 409, 'mailbox_exists');
    expect(err.details).toEqual({ mailbox_id: made.id });
    expect((await b.client.post('/mailboxes', body({ email: 'dup@example.com' }))).status).toBe(200);
  });

  it('stores the password encrypted and never returns it', async () => {
    const a = await signUp(service.url);
    const res = await a.client.post('/mailboxes', body());
    expect(res.text).not.toContain(PASSWORD);
    expect(Object.keys(res.body).filter((k) => /pass/i.test(k))).toEqual([]);
    const row = await inboxRow(res.body.id);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(row.password_enc).toMatch(/^v1\./);
    expect(service.deps.secrets.decrypt(row.password_enc as string)).toBe(PASSWORD);
    expect((await a.client.get('/mailboxes')).text).not.toContain(PASSWORD);
    expect((await a.client.patch(`/mailboxes/${res.body.id}`, { daily_cap: 40 })).text).not.toContain(PASSWORD);
  });
});

describe('plan inbox limit', () => {
  it('counts live inboxes only and refuses with 400 plan_limit when full', async () => {
    const small = await startTestService({ clock, env: { PLAN_INBOX_LIMIT: '2' } });
    try {
      const a = await signUp(small.url);
      const other = await signUp(small.url);
      const connectTo = (acc: Account, o: Record<string, unknown> = {}) => acc.client.post('/mailboxes', body(o));
      const first = (await connectTo(a, { email: 'first@example.com' })).body;
      await connectTo(a);
      const err = expectError(await connectTo(a), 400, 'plan_limit');
      expect(err.details).toEqual({ limit: 2 });
      // The limit is per workspace.
      expect((await connectTo(other)).status).toBe(200);
      // A deleted inbox leaves the count…
      await a.client.delete(`/mailboxes/${first.id}`);
      expect((await connectTo(a)).status).toBe(200);
      // …and bringing one back counts again.
      expectError(await connectTo(a, { email: 'first@example.com' }), 400, 'plan_limit');
      expect((await a.client.get('/mailboxes')).body).toHaveLength(2);
    } finally {
      await small.stop();
    }
  });
});

describe('GET /mailboxes', () => {
  it('lists only this workspace’s live inboxes, oldest first, with today’s figures', async () => {
    const a = await signUp(service.url);
    const b = await signUp(service.url);
    const old = await createInbox(service, a.workspaceId, { createdAt: new Date('2026-01-01T00:00:00Z'), rampStartedAt: '2026-03-07', dailyCap: 30 });
    const capped = await createInbox(service, a.workspaceId, { createdAt: new Date('2026-02-01T00:00:00Z'), rampStartedAt: '2026-01-01', dailyCap: 40 });
    const fresh = await connect(a);
    const gone = await connect(a);
    await a.client.delete(`/mailboxes/${gone.id}`);
    await connect(b);

    await addStat(a.workspaceId, old.id, '2026-03-10', { sent: 7 });
    await addStat(a.workspaceId, old.id, '2026-03-09', { sent: 20 });

    const res = await a.client.get('/mailboxes');
    expect(res.status).toBe(200);
    expect(res.body.map((i: { id: string }) => i.id)).toEqual([old.id, capped.id, fresh.id]);
    const figures = res.body.map(({ sentToday, capToday, rampShare }: Record<string, number>) => ({ sentToday, capToday, rampShare }));
    expect(figures).toEqual([
      { sentToday: 7, capToday: 25, rampShare: 83 }, // day 3: 10 + 3 × 5
      { sentToday: 0, capToday: 40, rampShare: 100 },
      { sentToday: 0, capToday: 10, rampShare: 33 },
    ]);
    expect(Object.keys(res.body[2]).sort()).toEqual([...Object.keys(fresh), 'sentToday', 'capToday', 'rampShare', 'skippedMessages', 'lastSkippedMessage'].sort());
    // Nothing skipped by reply polling yet (test/integration/imap-limits.test.ts fills these).
    expect(res.body[2]).toMatchObject({ skippedMessages: 0, lastSkippedMessage: null });
    // The POST answer is the plain inbox object (figures are list-only).
    expect(fresh).not.toHaveProperty('sentToday');
  });

  it('reads sentToday and the ramp day in the workspace timezone', async () => {
    const tokyo = await signUp(service.url, { timezone: 'Asia/Tokyo' });
    const utc = await signUp(service.url);
    const t = await createInbox(service, tokyo.workspaceId, { rampStartedAt: '2026-03-10' });
    const u = await createInbox(service, utc.workspaceId, { rampStartedAt: '2026-03-10' });
    for (const [acc, inbox] of [
      [tokyo, t],
      [utc, u],
    ] as const) {
      await addStat(acc.workspaceId, inbox.id, '2026-03-10', { sent: 7 });
      await addStat(acc.workspaceId, inbox.id, '2026-03-11', { sent: 3 });
    }
    expect((await tokyo.client.get('/mailboxes')).body[0]).toMatchObject({ sentToday: 3, capToday: 15 });
    expect((await utc.client.get('/mailboxes')).body[0]).toMatchObject({ sentToday: 7, capToday: 10 });
  });

  it('needs a credential', async () => {
    expectError(await new Client(service.url).get('/mailboxes'), 401, 'unauthorized');
  });
});

describe('PATCH /mailboxes/:id', () => {
  it('changes settings and answers the inbox object', async () => {
    const a = await signUp(service.url);
    const made = await connect(a, { signature: 'sig', domain_daily_cap: 50 });
    const res = await a.client.patch(`/mailboxes/${made.id}`, {
      from_name: 'Samantha',
      daily_cap: 60,
      min_gap_minutes: 12,
      gap_jitter_minutes: 2,
      domain_daily_cap: null,
      signature: null,
      tags: ['q2'],
      smtp_secure: true,
      ramp_start: 20,
      ramp_increment: 10,
      ramp_started_at: '2026-03-08',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...made,
      fromName: 'Samantha',
      dailyCap: 60,
      minGapMinutes: 12,
      gapJitterMinutes: 2,
      domainDailyCap: null,
      signature: null,
      tags: ['q2'],
      smtpSecure: true,
      rampStart: 20,
      rampIncrement: 10,
      rampStartedAt: '2026-03-08',
    });
    expect((await a.client.get('/mailboxes')).body[0]).toMatchObject({ capToday: 40, rampShare: 67 });
    expect((await a.client.patch(`/mailboxes/${made.id}`, {})).body).toEqual(res.body);
  });

  it.each([
    ['smtp_host', 'mail.other.com'],
    ['smtp_port', 2525],
    ['imap_host', 'imap.other.com'],
    ['imap_port', 143],
    ['username', 'samuel'],
  ])('needs the password again when %s changes (rule 3)', async (field, value) => {
    const a = await signUp(service.url);
    const made = await connect(a);
    const err = expectError(await a.client.patch(`/mailboxes/${made.id}`, { [field]: value }), 400, 'password_required');
    expect(err.details).toEqual({ fields: [field] });
    expect((await inboxRow(made.id))[field]).toBe(made[field.replace(/_(\w)/, (_m, c: string) => c.toUpperCase())]);

    const ok = await a.client.patch(`/mailboxes/${made.id}`, { [field]: value, password: 'new password' });
    expect(ok.status).toBe(200);
    expect(ok.text).not.toContain('new password');
    const row = await inboxRow(made.id);
    expect(row[field]).toBe(value);
    expect(service.deps.secrets.decrypt(row.password_enc as string)).toBe('new password');
  });

  it('does not ask for the password when the login stays the same', async () => {
    const a = await signUp(service.url);
    const made = await connect(a);
    const same = { smtp_host: 'SMTP.example.com', smtp_port: 587, imap_host: 'imap.example.com', imap_port: 993, username: 'sam', smtp_secure: true };
    expect((await a.client.patch(`/mailboxes/${made.id}`, same)).status).toBe(200);
    expect(service.deps.secrets.decrypt((await inboxRow(made.id)).password_enc as string)).toBe(PASSWORD);
  });

  it('takes a new password on its own and clears the last login failure', async () => {
    const a = await signUp(service.url);
    const inbox = await createInbox(service, a.workspaceId, { lastError: '535 authentication failed', backoffUntil: new Date('2026-03-11T00:00:00Z') });
    const res = await a.client.patch(`/mailboxes/${inbox.id}`, { password: 'rotated password' });
    expect(res.body).toMatchObject({ lastError: null, backoffUntil: null });
    expect(service.deps.secrets.decrypt((await inboxRow(inbox.id)).password_enc as string)).toBe('rotated password');
  });

  it('names every moved field at once', async () => {
    const a = await signUp(service.url);
    const made = await connect(a);
    const err = expectError(await a.client.patch(`/mailboxes/${made.id}`, { smtp_host: 'a.example.org', username: 'other' }), 400, 'password_required');
    expect(err.details).toEqual({ fields: ['smtp_host', 'username'] });
  });

  it.each([
    [{ email: 'new@example.com' }, 'email'],
    [{ status: 'active' }, 'status'],
    [{ daily_cap: null }, 'daily_cap'],
    [{ daily_cap: 0 }, 'daily_cap'],
    [{ smtp_port: 70000 }, 'smtp_port'],
    [{ smtp_host: '' }, 'smtp_host'],
    [{ ramp_started_at: '2026-02-30' }, 'ramp_started_at'],
    [{ password: null }, 'password'],
    [{ min_gap_minutes: 5000 }, 'min_gap_minutes'],
    [{ signature: 'x\u0000' }, 'signature'],
    [{ username: 'u\u0000' }, 'username'],
  ])('refuses %j with 400 naming %s', async (patch, field) => {
    const a = await signUp(service.url);
    const made = await connect(a);
    const err = expectError(await a.client.patch(`/mailboxes/${made.id}`, patch), 400, 'validation_failed');
    expect(Object.keys(err.details!.fields)).toContain(field);
  });

  it('answers 404 for an unknown, malformed or deleted id', async () => {
    const a = await signUp(service.url);
    const made = await connect(a);
    await a.client.delete(`/mailboxes/${made.id}`);
    expectError(await a.client.patch(`/mailboxes/${made.id}`, { daily_cap: 5 }), 404, 'not_found');
    expectError(await a.client.patch(`/mailboxes/${randomUUID()}`, { daily_cap: 5 }), 404, 'not_found');
    expectError(await a.client.patch('/mailboxes/not-a-uuid', { daily_cap: 5 }), 404, 'not_found');
  });
});

describe('POST /mailboxes/bulk', () => {
  async function threeInboxes() {
    const a = await signUp(service.url);
    const ids = [(await connect(a, { tags: ['eu'] })).id, (await connect(a)).id, (await connect(a)).id];
    return { a, ids };
  }
  const listed = async (a: Account) => (await a.client.get('/mailboxes')).body as Record<string, unknown>[];

  it('applies each kind of change and counts the inboxes that changed', async () => {
    const { a, ids } = await threeInboxes();
    expect((await a.client.post('/mailboxes/bulk', { ids, daily_cap: 45 })).body).toEqual({ changed: 3 });
    expect((await listed(a)).map((i) => i.dailyCap)).toEqual([45, 45, 45]);
    expect((await a.client.post('/mailboxes/bulk', { ids: ids.slice(0, 2), min_gap_minutes: 20 })).body).toEqual({ changed: 2 });
    expect((await listed(a)).map((i) => i.minGapMinutes)).toEqual([20, 20, 9]);
    expect((await a.client.post('/mailboxes/bulk', { ids, domain_daily_cap: 100 })).body).toEqual({ changed: 3 });
    expect((await a.client.post('/mailboxes/bulk', { ids: [ids[0]], domain_daily_cap: null })).body).toEqual({ changed: 1 });
    expect((await listed(a)).map((i) => i.domainDailyCap)).toEqual([null, 100, 100]);
    expect((await a.client.post('/mailboxes/bulk', { ids, add_tag: 'eu' })).body).toEqual({ changed: 2 });
    expect((await listed(a)).map((i) => i.tags)).toEqual([['eu'], ['eu'], ['eu']]);
    expect((await a.client.post('/mailboxes/bulk', { ids: [ids[1]], remove_tag: 'eu' })).body).toEqual({ changed: 1 });
    expect((await a.client.post('/mailboxes/bulk', { ids: [ids[1]], remove_tag: 'eu' })).body).toEqual({ changed: 0 });
    expect((await listed(a)).map((i) => i.tags)).toEqual([['eu'], [], ['eu']]);
    // The same id twice is one inbox.
    expect((await a.client.post('/mailboxes/bulk', { ids: [ids[2], ids[2].toUpperCase()], daily_cap: 9 })).body).toEqual({ changed: 1 });
  });

  it.each([
    [{}, 'none'],
    [{ daily_cap: 10, min_gap_minutes: 3 }, 'two'],
    [{ add_tag: 'a', remove_tag: 'b' }, 'two tags'],
    [{ daily_cap: 10, domain_daily_cap: null }, 'a cap and a cleared domain cap'],
  ])('needs exactly one change (%j: %s)', async (change, _label) => {
    const { a, ids } = await threeInboxes();
    expectError(await a.client.post('/mailboxes/bulk', { ids, ...change }), 400, 'one_change_required');
    expect((await listed(a)).map((i) => i.dailyCap)).toEqual([30, 30, 30]);
  });

  it.each([
    [{ ids: [] }, 'ids'],
    [{ ids: 'x' }, 'ids'],
    [{ ids: ['not-a-uuid'] }, 'ids'],
    [{ ids: null }, 'ids'],
    [{ ids: [randomUUID()], daily_cap: undefined, add_tag: 'x\u0000' }, 'add_tag'],
  ])('refuses %j with 400', async (bad, field) => {
    const a = await signUp(service.url);
    const err = expectError(await a.client.post('/mailboxes/bulk', { daily_cap: 5, ...bad }), 400, 'validation_failed');
    expect(Object.keys(err.details!.fields)).toContain(field);
  });

  it('answers 404 and changes nothing when any id is unknown, deleted or another workspace’s', async () => {
    const { a, ids } = await threeInboxes();
    const b = await signUp(service.url);
    const theirs = (await connect(b)).id;
    await a.client.delete(`/mailboxes/${ids[2]}`);
    for (const stray of [randomUUID(), theirs, ids[2]]) {
      const err = expectError(await a.client.post('/mailboxes/bulk', { ids: [ids[0], ids[1], stray], daily_cap: 7 }), 404, 'not_found');
      expect(err.details).toEqual({ missing_ids: [stray] });
    }
    expect((await listed(a)).map((i) => i.dailyCap)).toEqual([30, 30]);
    expect((await listed(b))[0].dailyCap).toBe(30);
  });
});

describe('pause and resume', () => {
  it('pauses and resumes by hand, keeping what it sent today', async () => {
    const a = await signUp(service.url);
    const made = await connect(a);
    await addStat(a.workspaceId, made.id, '2026-03-10', { sent: 4 });
    expect((await a.client.post(`/mailboxes/${made.id}/pause`)).body).toEqual({ status: 'paused' });
    expect((await a.client.get('/mailboxes')).body[0]).toMatchObject({ status: 'paused', sentToday: 4 });
    expect((await a.client.post(`/mailboxes/${made.id}/pause`)).body).toEqual({ status: 'paused' });
    expect((await a.client.post(`/mailboxes/${made.id}/resume`)).body).toEqual({ status: 'active' });
    expect((await a.client.get('/mailboxes')).body[0]).toMatchObject({ status: 'active', sentToday: 4 });
    expect((await a.client.post(`/mailboxes/${made.id}/resume`)).body).toEqual({ status: 'active' });
  });

  it('does not resume an inbox stopped for its bounce rate (409) nor let pause unlock it', async () => {
    const a = await signUp(service.url);
    const stopped = await createInbox(service, a.workspaceId, { status: 'bounce_stopped' });
    const err = expectError(await a.client.post(`/mailboxes/${stopped.id}/resume`), 409, 'connection_test_required');
    expect(err.message).toMatch(/connection test/);
    expect((await a.client.post(`/mailboxes/${stopped.id}/pause`)).body).toEqual({ status: 'bounce_stopped' });
    expectError(await a.client.post(`/mailboxes/${stopped.id}/resume`), 409, 'connection_test_required');
    expect((await a.client.get('/mailboxes')).body[0].status).toBe('bounce_stopped');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const a = await signUp(service.url);
    for (const verb of ['pause', 'resume']) {
      expectError(await a.client.post(`/mailboxes/${randomUUID()}/${verb}`), 404, 'not_found');
      expectError(await a.client.post(`/mailboxes/123/${verb}`), 404, 'not_found');
    }
  });
});

describe('DELETE /mailboxes/:id', () => {
  it('hides the inbox from the list, scores and campaign pools but keeps what it sent', async () => {
    const a = await signUp(service.url);
    const keep = await connect(a);
    const made = await connect(a);
    await addStat(a.workspaceId, made.id, '2026-03-10', { sent: 5, replied: 1 });
    const e = em(a.workspaceId);
    const campaign = Object.assign(new Campaign(), { workspace: e.getReference(Workspace, a.workspaceId), name: 'Pool', timezone: 'UTC' });
    campaign.inboxes.set([e.getReference(Inbox, made.id), e.getReference(Inbox, keep.id)]);
    await e.persistAndFlush(campaign);

    expect((await a.client.delete(`/mailboxes/${made.id}`)).body).toEqual({ deleted: true });
    expect((await a.client.get('/mailboxes')).body.map((i: { id: string }) => i.id)).toEqual([keep.id]);
    expect((await a.client.get('/mailboxes/scores')).body.map((s: { mailbox_id: string }) => s.mailbox_id)).toEqual([keep.id]);

    const reloaded = await em(a.workspaceId).findOneOrFail(Campaign, campaign.id, { populate: ['inboxes'] });
    expect(reloaded.inboxes.getItems().map((i) => i.id)).toEqual([keep.id]);
    // Membership rows are removed, not just hidden; the inbox's counters stay.
    expect(await sqlCount('select count(*) from campaign_inbox where inbox_id = ?', made.id)).toBe(0);
    expect(await sqlCount('select count(*) from campaign_inbox where inbox_id = ?', keep.id)).toBe(1);
    expect(await sqlCount('select count(*) from inbox_day_stat where inbox_id = ?', made.id)).toBe(1);
    expect(new Date((await inboxRow(made.id)).deleted_at as string)).toEqual(NOW);

    expectError(await a.client.delete(`/mailboxes/${made.id}`), 404, 'not_found');
    expectError(await a.client.post(`/mailboxes/${made.id}/pause`), 404, 'not_found');
  });

  it('brings a deleted inbox back when its address is connected again, with the new details', async () => {
    const a = await signUp(service.url);
    const made = await connect(a, { email: 'back@example.com', tags: ['old'], min_gap_minutes: 30 });
    await a.client.post(`/mailboxes/${made.id}/pause`);
    await addStat(a.workspaceId, made.id, '2026-03-10', { sent: 2 });
    await a.client.delete(`/mailboxes/${made.id}`);

    const again = await a.client.post(
      '/mailboxes',
      body({ email: 'Back@example.com', from_name: 'Back Again', smtp_host: 'smtp.new.com', password: 'fresh password', daily_cap: 80 }),
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      ...made,
      fromName: 'Back Again',
      smtpHost: 'smtp.new.com',
      dailyCap: 80,
      tags: [],
      minGapMinutes: 9,
      status: 'active',
    });
    const row = await inboxRow(made.id);
    expect(row.deleted_at).toBeNull();
    expect(service.deps.secrets.decrypt(row.password_enc as string)).toBe('fresh password');
    expect((await a.client.get('/mailboxes')).body).toEqual([expect.objectContaining({ id: made.id, sentToday: 2 })]);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const a = await signUp(service.url);
    expectError(await a.client.delete(`/mailboxes/${randomUUID()}`), 404, 'not_found');
    expectError(await a.client.delete('/mailboxes/%00'), 404, 'not_found');
  });
});

describe('GET /mailboxes/scores', () => {
  it('scores each inbox from its last 30 days of counters', async () => {
    const a = await signUp(service.url);
    const busy = await createInbox(service, a.workspaceId, { createdAt: new Date('2026-01-01T00:00:00Z') });
    const quiet = await createInbox(service, a.workspaceId, { createdAt: new Date('2026-02-01T00:00:00Z') });
    await addStat(a.workspaceId, busy.id, '2026-03-10', { sent: 60, bounced: 1, replied: 0, failed: 0 });
    await addStat(a.workspaceId, busy.id, '2026-02-09', { sent: 40, bounced: 1, replied: 1, failed: 5 }); // 30th day back: inside
    await addStat(a.workspaceId, busy.id, '2026-02-08', { sent: 900, bounced: 900 }); // 31 days back: outside
    await addStat(a.workspaceId, quiet.id, '2026-03-09', { sent: 3, bounced: 3 });

    const res = await a.client.get('/mailboxes/scores');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        mailbox_id: busy.id,
        // bounces 2% → 16; replies 1% → 10; errors 5/105 ≈ 4.8% → 10
        score: 64,
        parts: { bounces: 16, replies: 10, placement: 0, errors: 10 },
        inputs: { sent: 100, failed: 5, bounced: 2, replied: 1, placement: null },
        enough_sends: true,
      },
      {
        mailbox_id: quiet.id,
        score: 100,
        parts: { bounces: 0, replies: 0, placement: 0, errors: 0 },
        inputs: { sent: 3, failed: 0, bounced: 3, replied: 0, placement: null },
        enough_sends: false,
      },
    ]);
  });

  it('never shows another workspace’s inboxes', async () => {
    const a = await signUp(service.url);
    const b = await signUp(service.url);
    await connect(b);
    expect((await a.client.get('/mailboxes/scores')).body).toEqual([]);
  });
});

describe('workspace isolation', () => {
  it('treats another workspace’s inbox as not found everywhere and leaves it untouched', async () => {
    const a = await signUp(service.url);
    const b = await signUp(service.url);
    const theirs = await connect(a);
    await connect(b);
    expectError(await b.client.post(`/mailboxes/${theirs.id}/pause`), 404, 'not_found');
    expectError(await b.client.post(`/mailboxes/${theirs.id}/resume`), 404, 'not_found');
    expectError(await b.client.patch(`/mailboxes/${theirs.id}`, { daily_cap: 1 }), 404, 'not_found');
    expectError(await b.client.patch(`/mailboxes/${theirs.id}`, { smtp_host: 'evil.example.com', password: 'x' }), 404, 'not_found');
    expectError(await b.client.delete(`/mailboxes/${theirs.id}`), 404, 'not_found');
    expectError(await b.client.post('/mailboxes/bulk', { ids: [theirs.id], add_tag: 'x' }), 404, 'not_found');
    const listB = (await b.client.get('/mailboxes')).body;
    expect(listB.map((i: { id: string }) => i.id)).not.toContain(theirs.id);
    expect((await a.client.get('/mailboxes')).body).toEqual([expect.objectContaining({ id: theirs.id, status: 'active', dailyCap: 30, tags: [] })]);

    const gql = await b.client.gql(ops.MailboxDocument, { id: theirs.id });
    expect(gql.errors![0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    for (const doc of [ops.PauseMailboxDocument, ops.ResumeMailboxDocument, ops.DeleteMailboxDocument]) {
      const res = await b.client.gql(doc as typeof ops.PauseMailboxDocument, { id: theirs.id });
      expect(res.errors![0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    }
    const upd = await b.client.gql(ops.UpdateMailboxDocument, { id: theirs.id, input: { dailyCap: 1 } });
    expect(upd.errors![0].extensions).toMatchObject({ code: 'not_found' });
    const bulk = await b.client.gql(ops.BulkUpdateMailboxesDocument, { input: { ids: [theirs.id], dailyCap: 1 } });
    expect(bulk.errors![0].extensions).toMatchObject({ code: 'not_found' });
    expect((await b.client.gql(ops.MailboxesDocument)).data!.mailboxes.map((m) => m.id)).not.toContain(theirs.id);
    expect((await b.client.gql(ops.MailboxScoresDocument)).data!.mailboxScores.map((m) => m.mailboxId)).not.toContain(theirs.id);
  });
});

describe('GraphQL', () => {
  const input = (overrides: Record<string, unknown> = {}) => ({
    email: `gql-${randomUUID().slice(0, 8)}@example.com`,
    fromName: 'Gia',
    smtpHost: 'smtp.example.com',
    smtpPort: 587,
    smtpSecure: false,
    imapHost: 'imap.example.com',
    imapPort: 993,
    username: 'gia',
    password: PASSWORD,
    dailyCap: 30,
    ...overrides,
  });

  it('has no password field on the Mailbox type', async () => {
    const res = await new Client(service.url).request('POST', '/graphql', { query: '{ __type(name: "Mailbox") { fields { name } } }' });
    const names = res.body.data.__type.fields.map((f: { name: string }) => f.name);
    expect(names).toEqual(expect.arrayContaining(['sentToday', 'capToday', 'rampShare', 'email']));
    expect(names.filter((n: string) => /pass/i.test(n))).toEqual([]);
  });

  it('creates, reads, updates, pauses, resumes and deletes with the same rules', async () => {
    const a = await signUp(service.url);
    const created = await a.client.gql(ops.CreateMailboxDocument, { input: input({ tags: ['gql'] }) });
    expect(created.errors).toBeUndefined();
    const m = created.data!.createMailbox;
    expect(m).toMatchObject({
      status: 'active',
      rampStart: 10,
      rampIncrement: 5,
      rampStartedAt: '2026-03-10',
      minGapMinutes: 9,
      gapJitterMinutes: 5,
      tags: ['gql'],
      sentToday: 0,
      capToday: 10,
      rampShare: 33,
    });
    expect(JSON.stringify(created)).not.toContain(PASSWORD);

    const dup = await a.client.gql(ops.CreateMailboxDocument, { input: input({ email: m.email }) });
    expect(dup.errors![0].extensions).toMatchObject({ code: 'mailbox_exists', status: 409 });
    const bad = await a.client.gql(ops.CreateMailboxDocument, { input: input({ smtpPort: 0 }) });
    expect(bad.errors![0].extensions).toMatchObject({ code: 'validation_failed', status: 400 });

    await addStat(a.workspaceId, m.id, '2026-03-10', { sent: 6 });
    expect((await a.client.gql(ops.MailboxDocument, { id: m.id })).data!.mailbox).toMatchObject({ id: m.id, sentToday: 6, capToday: 10 });
    expect((await a.client.gql(ops.MailboxesDocument)).data!.mailboxes).toEqual([expect.objectContaining({ id: m.id, sentToday: 6 })]);

    const moved = await a.client.gql(ops.UpdateMailboxDocument, { id: m.id, input: { imapHost: 'imap.other.com' } });
    expect(moved.errors![0].extensions).toMatchObject({ code: 'password_required', status: 400 });
    const updated = await a.client.gql(ops.UpdateMailboxDocument, { id: m.id, input: { imapHost: 'imap.other.com', password: 'another one', dailyCap: 50, domainDailyCap: null } });
    expect(updated.data!.updateMailbox).toMatchObject({ imapHost: 'imap.other.com', dailyCap: 50, sentToday: 6, capToday: 10, rampShare: 20 });

    const none = await a.client.gql(ops.BulkUpdateMailboxesDocument, { input: { ids: [m.id] } });
    expect(none.errors![0].extensions).toMatchObject({ code: 'one_change_required', status: 400 });
    expect((await a.client.gql(ops.BulkUpdateMailboxesDocument, { input: { ids: [m.id], removeTag: 'gql' } })).data!.bulkUpdateMailboxes).toEqual({ changed: 1 });

    expect((await a.client.gql(ops.PauseMailboxDocument, { id: m.id })).data!.pauseMailbox).toEqual({ status: 'paused' });
    expect((await a.client.gql(ops.ResumeMailboxDocument, { id: m.id })).data!.resumeMailbox).toEqual({ status: 'active' });
    const stopped = await createInbox(service, a.workspaceId, { status: 'bounce_stopped' });
    const refused = await a.client.gql(ops.ResumeMailboxDocument, { id: stopped.id });
    expect(refused.errors![0].extensions).toMatchObject({ code: 'connection_test_required', status: 409 });

    const scores = (await a.client.gql(ops.MailboxScoresDocument)).data!.mailboxScores;
    expect(scores[0]).toEqual({
      mailboxId: m.id,
      score: 100,
      enoughSends: false,
      parts: { bounces: 0, replies: 0, placement: 0, errors: 0 },
      inputs: { sent: 6, failed: 0, bounced: 0, replied: 0, placement: null },
    });

    expect((await a.client.gql(ops.DeleteMailboxDocument, { id: m.id })).data!.deleteMailbox).toEqual({ deleted: true });
    const gone = await a.client.gql(ops.MailboxDocument, { id: m.id });
    expect(gone.errors![0].extensions).toMatchObject({ code: 'not_found', status: 404 });
    const malformed = await a.client.gql(ops.MailboxDocument, { id: 'nope' });
    expect(malformed.errors![0].extensions).toMatchObject({ code: 'not_found' });
  });

  it('needs a credential', async () => {
    const res = await new Client(service.url).gql(ops.MailboxesDocument);
    expect(res.errors![0].extensions).toMatchObject({ code: 'unauthorized', status: 401 });
  });
});
