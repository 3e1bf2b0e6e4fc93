// The public links of a real email (decisions.md §5): sent by the engine through a real SMTP peer, then
// followed from what arrived — unsubscribe page and one-click POST (RFC 8058), open pixel, click redirect.
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import type { Clock } from '../../src/runtime/clock';
import { Secrets } from '../../src/security/crypto';
import { LinkTokens } from '../../src/modules/sending/links/tokens';
import { runDispatchTick } from '../../src/modules/sending/engine/tick';
import { signUp, type Account } from '../support/client';
import { startTestService } from '../support/service';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer';
import { addStep, createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';

const MONDAY_10 = new Date('2026-11-30T10:00:00.000Z');
const MINUTE = 60_000;
const clock: Clock & { at: Date } = {
  at: MONDAY_10,
  now() {
    return new Date(this.at);
  },
};
let service: Awaited<ReturnType<typeof startTestService>>;
let peer: SmtpPeer;
let me: Account;
let base: string;

beforeAll(async () => {
  service = await startTestService({ clock, env: { PUBLIC_URL: 'https://links.example.test', ALLOW_PRIVATE_FETCH: 'true' } });
  base = service.url;
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await service.stop();
  await peer.stop();
});

const db = (query: string, params: unknown[] = []) => service.deps.orm.em.fork().getConnection().execute(query, params);
/** A timestamp column as milliseconds (null stays null). */
const ms = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).getTime());
/** A public link of the email, pointed at the test server instead of PUBLIC_URL. */
const local = (url: string) => url.replace('https://links.example.test', base);

interface Sent {
  campaignId: string;
  leadId: string;
  email: string;
  sendId: string;
  unsubscribe: string;
  pixel: string;
  clicks: string[];
}

async function sendOne(): Promise<Sent> {
  clock.at = MONDAY_10;
  me = await signUp(service.url, { timezone: 'UTC' });
  const campaign = await createCampaign(service, me.workspaceId, { status: 'active', timezone: 'UTC', openTracking: true, clickTracking: true });
  await addStep(service, me.workspaceId, campaign.id, {
    variants: [{ subject: 'Hello', body: 'See https://example.org/pricing?plan=pro and https://example.org/about\n\nOpt out: {{unsubscribe}}', enabled: true }],
  });
  const inbox = await createInbox(service, me.workspaceId, {
    smtpHost: peer.host,
    smtpPort: peer.port,
    username: 'sender@example.com',
    password: 'smtp-secret',
    minGapMinutes: 0,
    gapJitterMinutes: 0,
  });
  await db(`insert into campaign_inbox (campaign_id, inbox_id) values (?, ?)`, [campaign.id, inbox.id]);
  const [lead] = await createLeads(service, me.workspaceId, campaign.id, [
    { email: `ann-${randomUUID().slice(0, 6)}@client.test`, createdAt: new Date(MONDAY_10.getTime() - MINUTE) },
  ]);
  const before = peer.messages.length;
  await runDispatchTick(service.deps, { random: () => 0, workspaceIds: [me.workspaceId] });
  const [raw] = (await peer.waitForMessages(before + 1)).slice(before);
  const mail = await simpleParser(raw!.raw);
  const html = String(mail.html);
  const [send] = await db(`select id from send where lead_id = ?`, [lead!.id]);
  return {
    campaignId: campaign.id,
    leadId: lead!.id,
    email: lead!.email,
    sendId: send.id,
    unsubscribe: local(/<(https:\/\/links\.example\.test\/u\/[^>]+)>/.exec(raw!.raw)![1]!),
    pixel: local(/src="(https:\/\/links\.example\.test\/o\/[^"]+)"/.exec(html)![1]!),
    clicks: [...html.matchAll(/href="(https:\/\/links\.example\.test\/c\/[^"]+)"/g)].map((m) => local(m[1]!)),
  };
}

const post = (url: string, body: string, type = 'application/x-www-form-urlencoded') => fetch(url, { method: 'POST', body, headers: { 'content-type': type }, redirect: 'manual' });
const alter = (url: string) => url.slice(0, -3) + (url.at(-3) === 'A' ? 'B' : 'A') + url.slice(-2);

describe('unsubscribe link', () => {
  it('shows a confirmation page on GET and changes nothing', async () => {
    const s = await sendOne();
    const res = await fetch(s.unsubscribe);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const text = await res.text();
    expect(text).toContain(s.email);
    expect(text).toMatch(/<form method="post">/);
    const [lead] = await db(`select status from lead where id = ?`, [s.leadId]);
    expect(lead.status).toBe('completed'); // its only step went out
  });

  it('unsubscribes on a one-click POST without login: lead stopped, address blocklisted, queued mail dropped, one event — idempotent', async () => {
    const s = await sendOne();
    const oneOffId = randomUUID();
    await db(
      `insert into send (id, created_at, workspace_id, campaign_id, lead_id, inbox_id, kind, dedupe_key, status, message_id, subject, body, scheduled_for)
       select ?, now(), workspace_id, campaign_id, lead_id, inbox_id, 'one_off', 'k', 'queued', ?, 'Later', 'Body', now() + interval '1 day' from send where id = ?`,
      [oneOffId, `<${oneOffId}@acme.test>`, s.sendId],
    );
    expect((await post(s.unsubscribe, 'nothing=here')).status).toBe(400);
    for (let i = 0; i < 2; i++) {
      const res = await post(s.unsubscribe, 'List-Unsubscribe=One-Click');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('You are unsubscribed');
    }
    const [lead] = await db(`select status, stop_reason, next_due_at from lead where id = ?`, [s.leadId]);
    expect(lead).toEqual({ status: 'unsubscribed', stop_reason: 'unsubscribed', next_due_at: null });
    expect(await db(`select reason from blocklist_entry where workspace_id = ? and email = ?`, [me.workspaceId, s.email])).toEqual([{ reason: 'unsubscribe' }]);
    const events = await db(`select kind, payload from event where workspace_id = ? and kind = 'unsubscribe'`, [me.workspaceId]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'unsubscribe', payload: { lead_id: s.leadId, email: s.email, source: 'link' } });
    expect((await db(`select status, error from send where id = ?`, [oneOffId]))[0]).toEqual({ status: 'dropped', error: 'Unsubscribed' });
  });

  it('takes the one-click body as a multipart field too', async () => {
    const s = await sendOne();
    const body = '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n';
    expect((await post(s.unsubscribe, body, 'multipart/form-data; boundary=b')).status).toBe(200);
    expect((await db(`select status from lead where id = ?`, [s.leadId]))[0].status).toBe('unsubscribed');
  });

  it('refuses an altered token, or one signed with another key, with a 4xx page', async () => {
    const s = await sendOne();
    expect((await fetch(alter(s.unsubscribe))).status).toBe(400);
    const foreign = new LinkTokens(new Secrets('another secret key')).sign('unsubscribe', { leadId: s.leadId, sendId: s.sendId });
    const res = await post(`${base}/u/${foreign}`, 'List-Unsubscribe=One-Click');
    expect(res.status).toBe(400);
    expect((await db(`select status from lead where id = ?`, [s.leadId]))[0].status).toBe('completed');
  });
});

describe('open pixel', () => {
  it('answers a GIF and counts the first open of the email only; HEAD does not count', async () => {
    const s = await sendOne();
    expect((await fetch(s.pixel, { method: 'HEAD' })).status).toBe(200);
    expect((await db(`select opened_at from send where id = ?`, [s.sendId]))[0].opened_at).toBeNull();
    clock.at = new Date(MONDAY_10.getTime() + 2 * MINUTE);
    const res = await fetch(s.pixel);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    clock.at = new Date(MONDAY_10.getTime() + 9 * MINUTE);
    await fetch(s.pixel);
    const [send] = await db(`select opened_at from send where id = ?`, [s.sendId]);
    expect(new Date(send.opened_at).getTime()).toBe(MONDAY_10.getTime() + 2 * MINUTE);
    // One row for the pixel: its first hit (the HEAD), how many hits, when the first one counted.
    const events = await db(`select method, human, human_at, hits from tracking_event where send_id = ? and kind = 'open'`, [s.sendId]);
    expect(events.map((e: Record<string, unknown>) => ({ ...e, human_at: ms(e.human_at) }))).toEqual([
      { method: 'HEAD', human: true, human_at: MONDAY_10.getTime() + 2 * MINUTE, hits: 3 },
    ]);
    expect((await fetch(alter(s.pixel))).status).toBe(400);
  });
});

describe('click redirect', () => {
  it('redirects only to the link that was in the email, and counts a person, not a scanner', async () => {
    const s = await sendOne();
    expect(s.clicks).toHaveLength(2);
    // Within five minutes of sending: a scanner.
    clock.at = new Date(MONDAY_10.getTime() + 2 * MINUTE);
    let res = await fetch(s.clicks[0]!, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.org/pricing?plan=pro');
    // A HEAD later: a scanner too.
    clock.at = new Date(MONDAY_10.getTime() + 20 * MINUTE);
    res = await fetch(s.clicks[1]!, { method: 'HEAD', redirect: 'manual' });
    expect(res.headers.get('location')).toBe('https://example.org/about');
    expect((await db(`select clicked_at from send where id = ?`, [s.sendId]))[0].clicked_at).toBeNull();
    // A person, later.
    clock.at = new Date(MONDAY_10.getTime() + 30 * MINUTE);
    await fetch(s.clicks[0]!, { redirect: 'manual' });
    expect(new Date((await db(`select clicked_at from send where id = ?`, [s.sendId]))[0].clicked_at).getTime()).toBe(MONDAY_10.getTime() + 30 * MINUTE);
    // An altered token never redirects.
    res = await fetch(alter(s.clicks[0]!), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('does not count two different links of one email hit within seconds', async () => {
    const s = await sendOne();
    clock.at = new Date(MONDAY_10.getTime() + 30 * MINUTE);
    await fetch(s.clicks[0]!, { redirect: 'manual' });
    clock.at = new Date(MONDAY_10.getTime() + 30 * MINUTE + 2000);
    await fetch(s.clicks[1]!, { redirect: 'manual' });
    const events = await db(`select url, human, person_at from tracking_event where send_id = ? and kind = 'click' order by created_at`, [s.sendId]);
    // The first counted when it came (it set clicked_at); the second shows both were a scanner's, so
    // neither is a person's click for the `clicked` condition.
    expect(events).toEqual([
      { url: 'https://example.org/pricing?plan=pro', human: true, person_at: null },
      { url: 'https://example.org/about', human: false, person_at: null },
    ]);
  });

  it('keeps an earlier click of a link a person made when a burst comes later, and a double-click of one link a person', async () => {
    const s = await sendOne();
    const at = (ms: number) => new Date(MONDAY_10.getTime() + 30 * MINUTE + ms);
    clock.at = at(0);
    await fetch(s.clicks[0]!, { redirect: 'manual' });
    clock.at = at(1000);
    await fetch(s.clicks[0]!, { redirect: 'manual' }); // a double-click
    clock.at = at(60_000);
    await fetch(s.clicks[0]!, { redirect: 'manual' });
    clock.at = at(62_000);
    await fetch(s.clicks[1]!, { method: 'HEAD', redirect: 'manual' }); // a scanner's burst, a minute later
    const rows = await db(`select url, hits, human_at, person_at from tracking_event where send_id = ? and kind = 'click' order by created_at`, [s.sendId]);
    expect(rows.map((r: Record<string, unknown>) => ({ ...r, human_at: ms(r.human_at), person_at: ms(r.person_at) }))).toEqual([
      { url: 'https://example.org/pricing?plan=pro', hits: 3, human_at: at(0).getTime(), person_at: at(0).getTime() },
      { url: 'https://example.org/about', hits: 1, human_at: null, person_at: null },
    ]);
  });
});

describe('the same cost for the first and the millionth hit (decisions.md §10)', () => {
  const HITS = 150;

  /** The plan of a statement on this send, index scans preferred where the planner can use one: which
   *  tables it reads how (and through which index), and how many rows each read node looked at. */
  async function planOf(query: string, params: unknown[]) {
    const em = service.deps.orm.em.fork();
    return em
      .transactional(async (tx) => {
        const conn = tx.getConnection();
        const ctx = tx.getTransactionContext();
        await conn.execute('set local enable_seqscan = off', [], 'run', ctx);
        const [row] = await conn.execute(`explain (analyze, format json) ${query}`, params, 'all', ctx);
        const nodes: { type: string; relation?: string; index?: string; read: number }[] = [];
        const walk = (n: Record<string, unknown>) => {
          // The nodes that read a table (a write's ModifyTable node reads through its scan below it).
          if ((n['Relation Name'] === 'tracking_event' || n['Relation Name'] === 'send') && String(n['Node Type']).includes('Scan'))
            nodes.push({
              type: String(n['Node Type']),
              relation: String(n['Relation Name']),
              index: n['Index Name'] as string | undefined,
              read: Number(n['Actual Rows'] ?? 0) + Number(n['Rows Removed by Filter'] ?? 0) + Number(n['Rows Removed by Index Recheck'] ?? 0),
            });
          for (const child of (n.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
        };
        walk((row['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
        // EXPLAIN ANALYZE runs the update: undo it.
        throw Object.assign(new Error('rollback'), { nodes });
      })
      .catch((err: Error & { nodes?: unknown }) => {
        if (!err.nodes) throw err;
        return err.nodes as { type: string; relation?: string; index?: string; read: number }[];
      });
  }

  it('counts repeated opens and clicks of one email once, in one row per link however often they are hit', async () => {
    const s = await sendOne();
    clock.at = new Date(MONDAY_10.getTime() + 20 * MINUTE);
    for (let i = 0; i < HITS; i++) {
      await fetch(s.pixel);
      await fetch(s.clicks[0]!, { redirect: 'manual' });
    }
    const rows = await db(`select kind, hits, human from tracking_event where send_id = ? order by kind`, [s.sendId]);
    expect(rows).toEqual([
      { kind: 'click', hits: HITS, human: true },
      { kind: 'open', hits: HITS, human: true },
    ]);
    const stats = await me.client.get(`/campaigns/${s.campaignId}/stats`);
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ sent: 1, opened: 1, clicked: 1 });
  });

  it('reads the same rows on the first and the last hit: the unique key, never the earlier hits', async () => {
    const s = await sendOne();
    const { OTHER_LINKS_HIT, DROP_BURST, SEND_OF_HIT } = await import('../../src/modules/sending/public-links.queries');
    const window = [new Date(MONDAY_10.getTime() - 60 * MINUTE), new Date(MONDAY_10.getTime() + 600 * MINUTE)];
    const plans = async () => [
      ...(await planOf(OTHER_LINKS_HIT, [s.sendId, 'https://example.org/none', ...window])),
      ...(await planOf(DROP_BURST, [s.sendId, 'https://example.org/none', ...window])),
      ...(await planOf(SEND_OF_HIT, [s.sendId])),
    ];
    clock.at = new Date(MONDAY_10.getTime() + 20 * MINUTE);
    await fetch(s.clicks[0]!, { redirect: 'manual' });
    await fetch(s.clicks[1]!, { redirect: 'manual' });
    const first = await plans();
    for (let i = 0; i < HITS; i++) await fetch(s.clicks[i % 2]!, { redirect: 'manual' });
    const last = await plans();
    expect(last).toEqual(first);
    for (const node of last) {
      expect(node.type).toMatch(/Index/);
      expect(node.index).toBe(node.relation === 'send' ? 'send_pkey' : 'tracking_event_send_id_kind_url_unique');
      expect(node.read).toBeLessThanOrEqual(2); // one row per link of the email, or the email itself
    }
  });
});

describe('the lead activity timeline', () => {
  it('grows as sending lands: added, sent, opened, clicked, unsubscribed, in order', async () => {
    const s = await sendOne();
    clock.at = new Date(MONDAY_10.getTime() + 10 * MINUTE);
    await fetch(s.pixel);
    clock.at = new Date(MONDAY_10.getTime() + 20 * MINUTE);
    await fetch(s.clicks[0]!, { redirect: 'manual' });
    clock.at = new Date(MONDAY_10.getTime() + 30 * MINUTE);
    await post(s.unsubscribe, 'List-Unsubscribe=One-Click');
    const res = await me.client.get(`/leads/${s.leadId}/activity`);
    expect(res.status).toBe(200);
    expect(res.body.timeline.map((e: { type: string }) => e.type)).toEqual(['added', 'sent', 'opened', 'clicked', 'unsubscribed']);
    expect(res.body.timeline[1]).toEqual({ type: 'sent', at: MONDAY_10.toISOString(), step: 1, step_label: 'Step 1', detail: 'Hello', variant: 1 });
    expect(res.body.timeline[3]).toMatchObject({ type: 'clicked', at: new Date(MONDAY_10.getTime() + 20 * MINUTE).toISOString(), detail: 'https://example.org/pricing?plan=pro' });
  });
});
