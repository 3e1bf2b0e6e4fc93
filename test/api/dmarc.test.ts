// DMARC aggregate reports (decisions.md §6, api.md Reports): storeDmarcReport (what the poller calls
// for each report it reads) over the fixture reports, stored once per report id; GET /reports/dmarc and
// its window, PATCH /reports/dmarc and its refusals, through REST and GraphQL, each workspace apart.
// Every expected number below is added up by hand from the XML in test/fixtures/dmarc/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDmarcReport, type DmarcReport } from '../../src/mail/dmarc/parse-report';
import { foldDmarcReport, storeDmarcReport } from '../../src/modules/reports/dmarc/dmarc.service';
import { expectError, signUp, type Account } from '../support/client';
import { createInbox } from '../support/factories/inbox.factory';
import { startTestService } from '../support/service';
import { TestClock } from '../support/sending-world';
import * as ops from '../graphql/generated';

// Half a day after the newest fixture report ends (24 November 2025, 23:59:59 UTC).
const NOW = new Date('2025-11-25T12:00:00.000Z');
const clock = new TestClock(NOW);
let service: Awaited<ReturnType<typeof startTestService>>;

beforeAll(async () => {
  service = await startTestService({ clock });
});
afterAll(() => service.stop());

function fixture(name: string): DmarcReport {
  const parsed = parseDmarcReport(readFileSync(join(__dirname, '../fixtures/dmarc', name)), name);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
}

const em = () => service.deps.orm.em.fork();
const db = (query: string, params: unknown[] = []) => em().getConnection().execute(query, params);
let stored = 0;
/** Stores as the poller would, each a second after the one before (so `latest` is known on a tie). */
const store = (account: Account, name: string, inboxId: string | null = null) =>
  storeDmarcReport(em(), account.workspaceId, inboxId, fixture(name), new Date(NOW.getTime() + ++stored * 1000));

const DMARC2 = { org: 'Example Receiver & Co', report_id: 'rcv-2025-11-24-0001', begin: '2025-11-24T00:00:00.000Z', end: '2025-11-24T23:59:59.000Z', messages: 11 };

describe('storeDmarcReport', () => {
  it('folds each report into its counts: passed when policy_evaluated DKIM or SPF passed, by disposition, per source IP', () => {
    expect(foldDmarcReport(fixture('google-one-record.xml'))).toEqual({
      messages: 42,
      passed: 42,
      dkimPassed: 42,
      spfPassed: 42,
      quarantined: 0,
      rejected: 0,
      sources: [{ ip: '192.0.2.10', count: 42 }],
    });
    // 8 DKIM-only passes from 192.0.2.10; 2 failing both, rejected, from 203.0.113.99.
    expect(foldDmarcReport(fixture('yahoo-many-records.xml'))).toEqual({
      messages: 10,
      passed: 8,
      dkimPassed: 8,
      spfPassed: 0,
      quarantined: 0,
      rejected: 2,
      sources: [
        { ip: '192.0.2.10', count: 8 },
        { ip: '203.0.113.99', count: 2 },
      ],
    });
    // 17 passing both; 3 failing both, quarantined; 5 SPF-only passes over IPv6.
    expect(foldDmarcReport(fixture('outlook-many-records.xml.gz'))).toEqual({
      messages: 25,
      passed: 22,
      dkimPassed: 17,
      spfPassed: 22,
      quarantined: 3,
      rejected: 0,
      sources: [
        { ip: '198.51.100.25', count: 17 },
        { ip: '2001:db8::25', count: 5 },
        { ip: '203.0.113.7', count: 3 },
      ],
    });
    expect(foldDmarcReport(fixture('dmarc2-namespace.xml'))).toMatchObject({ messages: 11, passed: 0, quarantined: 11, sources: [{ ip: '198.51.100.200', count: 11 }] });
  });

  it('stores a report once per workspace and report id, whatever form it came in', async () => {
    const a = await signUp(service.url);
    const b = await signUp(service.url);
    const inbox = await createInbox(service, a.workspaceId);
    expect(await store(a, 'google-one-record.xml', inbox.id)).toBe(true);
    expect(await store(a, 'google-one-record.xml', inbox.id)).toBe(false);
    expect(await store(a, 'google-one-record.zip', inbox.id)).toBe(false); // the same report, zipped
    expect(await store(b, 'google-one-record.xml')).toBe(true); // another workspace keeps its own
    const rows = await db(`select *, to_json(begins_at) as begins_at, to_json(ends_at) as ends_at from dmarc_report_row where workspace_id = ?`, [a.workspaceId]);
    expect(rows).toEqual([
      expect.objectContaining({
        inbox_id: inbox.id,
        report_id: '13876543210987654321',
        org: 'google.com',
        domain: 'example.com',
        begins_at: '2025-11-24T00:00:00+00:00',
        ends_at: '2025-11-24T23:59:59+00:00',
        messages: 42,
        passed: 42,
        dkim_passed: 42,
        spf_passed: 42,
        quarantined: 0,
        rejected: 0,
        sources: [{ ip: '192.0.2.10', count: 42 }],
      }),
    ]);
    expect((await a.client.get('/reports/dmarc')).body.summary).toMatchObject({ reports: 1, messages: 42 });
  });
});

describe('GET /reports/dmarc', () => {
  let acct: Account;
  beforeAll(async () => {
    acct = await signUp(service.url);
    for (const name of ['yahoo-many-records.xml', 'outlook-many-records.xml.gz', 'google-one-record.xml', 'dmarc2-namespace.xml']) expect(await store(acct, name)).toBe(true);
  });

  it('sums the reports of the last 30 days by default, sources most messages first (REST and GraphQL)', async () => {
    const res = await acct.client.get('/reports/dmarc');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      report_address: null,
      window_days: 30,
      summary: {
        reports: 4,
        messages: 88, // 42 + 10 + 25 + 11
        passed: 72, // 42 + 8 + 22 + 0
        dkim_passed: 67, // 42 + 8 + 17
        spf_passed: 64, // 42 + 0 + 22
        quarantined: 14, // Outlook's 3 + the DMARC 2 report's 11
        rejected: 2, // Yahoo's
        sources: [
          { ip: '192.0.2.10', count: 50 }, // Google's 42 + Yahoo's 8
          { ip: '198.51.100.25', count: 17 },
          { ip: '198.51.100.200', count: 11 },
          { ip: '2001:db8::25', count: 5 },
          { ip: '203.0.113.7', count: 3 },
          { ip: '203.0.113.99', count: 2 },
        ],
      },
      latest: DMARC2, // ends with Google's, stored after it
    });
    const g = await acct.client.gql(ops.DmarcReportDocument, {});
    expect(g.data?.dmarcReport).toEqual({
      reportAddress: null,
      windowDays: 30,
      summary: {
        reports: 4,
        messages: 88,
        passed: 72,
        dkimPassed: 67,
        spfPassed: 64,
        quarantined: 14,
        rejected: 2,
        sources: res.body.summary.sources,
      },
      latest: { org: DMARC2.org, reportId: DMARC2.report_id, begin: DMARC2.begin, end: DMARC2.end, messages: 11 },
    });
  });

  it('counts the reports whose period ended within the last `days` days', async () => {
    // Since 24 November 12:00: Google's and the DMARC 2 report end that evening; Outlook's ended at
    // midnight before, Yahoo's on the 23rd.
    const res = await acct.client.get('/reports/dmarc?days=1');
    expect(res.body).toMatchObject({
      window_days: 1,
      summary: {
        reports: 2,
        messages: 53,
        passed: 42,
        dkim_passed: 42,
        spf_passed: 42,
        quarantined: 11,
        rejected: 0,
        sources: [
          { ip: '192.0.2.10', count: 42 },
          { ip: '198.51.100.200', count: 11 },
        ],
      },
    });
    const g = await acct.client.gql(ops.DmarcReportDocument, { days: 1 });
    expect(g.data?.dmarcReport.summary).toMatchObject({ reports: 2, messages: 53, quarantined: 11 });
    // Two weeks on, nothing is in the last week; the newest report is still named.
    clock.at = new Date('2025-12-09T12:00:00.000Z');
    try {
      expect((await acct.client.get('/reports/dmarc?days=7')).body).toMatchObject({
        summary: { reports: 0, messages: 0, passed: 0, dkim_passed: 0, spf_passed: 0, quarantined: 0, rejected: 0, sources: [] },
        latest: DMARC2,
      });
      expect((await acct.client.get('/reports/dmarc?days=365')).body.summary).toMatchObject({ reports: 4, messages: 88 });
    } finally {
      clock.at = NOW;
    }
  });

  it('refuses days outside 1 to 365 and unknown parameters, through both doors', async () => {
    for (const q of ['days=0', 'days=366', 'days=-1', 'days=1.5', 'days=abc', 'days=1&days=2', 'window=7']) {
      expectError(await acct.client.get(`/reports/dmarc?${q}`), 400, 'validation_failed');
    }
    expect((await acct.client.get('/reports/dmarc?days=')).body.window_days).toBe(30);
    for (const days of [0, 366]) {
      const g = await acct.client.gql(ops.DmarcReportDocument, { days });
      expect(g.errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    }
  });

  it("shows nothing of another workspace's reports", async () => {
    const other = await signUp(service.url);
    expect((await other.client.get('/reports/dmarc')).body).toEqual({
      report_address: null,
      window_days: 30,
      summary: { reports: 0, messages: 0, passed: 0, dkim_passed: 0, spf_passed: 0, quarantined: 0, rejected: 0, sources: [] },
      latest: null,
    });
    expect((await other.client.gql(ops.DmarcReportDocument, {})).data?.dmarcReport.latest).toBeNull();
  });
});

describe('PATCH /reports/dmarc', () => {
  const flagged = async (account: Account) =>
    (await db(`select email from inbox where workspace_id = ? and dmarc_reports order by email`, [account.workspaceId])).map((r) => String(r.email));

  it('sets a connected inbox as the report address by its address in any case, moves it, and turns it off with null', async () => {
    const acct = await signUp(service.url);
    const first = await createInbox(service, acct.workspaceId, { email: `dmarc-a-${Date.now()}@example.com` });
    const second = await createInbox(service, acct.workspaceId, { email: `dmarc-b-${Date.now()}@example.com` });
    let res = await acct.client.patch('/reports/dmarc', { report_address: ` ${first.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ report_address: first.email });
    expect((await acct.client.get('/reports/dmarc')).body.report_address).toBe(first.email);
    res = await acct.client.patch('/reports/dmarc', { report_address: second.email });
    expect(res.body).toEqual({ report_address: second.email });
    expect(await flagged(acct)).toEqual([second.email]); // the flag left the first inbox
    res = await acct.client.patch('/reports/dmarc', { report_address: null });
    expect(res.body).toEqual({ report_address: null });
    expect(await flagged(acct)).toEqual([]);
    expect((await acct.client.get('/reports/dmarc')).body.report_address).toBeNull();
  });

  it('refuses an address that is not a connected inbox of the workspace, and a body without one, changing nothing', async () => {
    const acct = await signUp(service.url);
    const other = await signUp(service.url);
    const mine = await createInbox(service, acct.workspaceId);
    const gone = await createInbox(service, acct.workspaceId);
    const theirs = await createInbox(service, other.workspaceId);
    expect((await acct.client.delete(`/mailboxes/${gone.id}`)).status).toBe(200);
    expect((await acct.client.patch('/reports/dmarc', { report_address: mine.email })).status).toBe(200);
    for (const address of [theirs.email, gone.email, 'nobody@example.com', 'not an address', '']) {
      expectError(await acct.client.patch('/reports/dmarc', { report_address: address }), 400, 'unknown_mailbox');
    }
    for (const body of [{}, { report_address: 5 }, { report_address: ['a@example.com'] }, { report_address: mine.email, extra: true }, { reportAddress: mine.email }]) {
      expectError(await acct.client.patch('/reports/dmarc', body), 400, 'validation_failed');
    }
    expectError(await acct.client.patch('/reports/dmarc', 'nope'), 400);
    // A seed is never polled: reports sent to it would never be read.
    const seed = await createInbox(service, acct.workspaceId, { purpose: 'seed', seedProvider: 'google' });
    expect(expectError(await acct.client.patch('/reports/dmarc', { report_address: seed.email }), 400, 'mailbox_is_seed').details).toEqual({ mailbox_ids: [seed.id] });
    expect((await acct.client.gql(ops.SetDmarcReportAddressDocument, { input: { reportAddress: seed.email } })).errors?.[0]?.extensions).toMatchObject({
      code: 'mailbox_is_seed',
      status: 400,
    });
    expect(await flagged(acct)).toEqual([mine.email]);
    expect(await flagged(other)).toEqual([]);
  });

  it('does the same through GraphQL, with the same codes', async () => {
    const acct = await signUp(service.url);
    const other = await signUp(service.url);
    const mine = await createInbox(service, acct.workspaceId);
    const theirs = await createInbox(service, other.workspaceId);
    const set = (reportAddress: string | null | undefined) => acct.client.gql(ops.SetDmarcReportAddressDocument, { input: reportAddress === undefined ? {} : { reportAddress } });
    expect((await set(mine.email.toUpperCase())).data?.setDmarcReportAddress).toEqual({ reportAddress: mine.email });
    expect((await acct.client.gql(ops.DmarcReportDocument, {})).data?.dmarcReport.reportAddress).toBe(mine.email);
    expect((await set(theirs.email)).errors?.[0]?.extensions).toMatchObject({ code: 'unknown_mailbox', status: 400 });
    expect((await set(undefined)).errors?.[0]?.extensions).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(await flagged(acct)).toEqual([mine.email]);
    expect((await set(null)).data?.setDmarcReportAddress).toEqual({ reportAddress: null });
    expect(await flagged(acct)).toEqual([]);
  });

  it('moves the address away from an inbox that was deleted while it held it', async () => {
    const acct = await signUp(service.url);
    const old = await createInbox(service, acct.workspaceId);
    const next = await createInbox(service, acct.workspaceId);
    await acct.client.patch('/reports/dmarc', { report_address: old.email });
    expect((await acct.client.delete(`/mailboxes/${old.id}`)).status).toBe(200);
    expect((await acct.client.get('/reports/dmarc')).body.report_address).toBeNull(); // a deleted inbox is not read
    expect((await acct.client.patch('/reports/dmarc', { report_address: next.email })).body).toEqual({ report_address: next.email });
    expect(await flagged(acct)).toEqual([next.email]);
  });

  it('keeps one report address when two changes cross', async () => {
    const acct = await signUp(service.url);
    const inboxes = await Promise.all([1, 2, 3, 4].map(() => createInbox(service, acct.workspaceId)));
    const answers = await Promise.all(inboxes.map((i) => acct.client.patch('/reports/dmarc', { report_address: i.email })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await flagged(acct)).toHaveLength(1);
  });
});
