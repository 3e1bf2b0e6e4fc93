// The unibox in a real browser (decisions.md §14): replies across inboxes with each filter narrowing the
// list exactly as the API's own filter does (kept in the URL through a reload), the keyboard alone
// (j/k/e/u, Enter, ?, shortcuts ignored while typing), label, assign, snooze and linking an untracked
// reply each checked through the API, and an answer with a saved reply arriving at the SMTP peer with the
// saved reply's rendered text. Data is set up through the API and the factories.
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { expectAccessible, launchBrowser, screenshot, signedInPage } from '../support/browser';
import { createCampaign } from '../support/factories/campaign.factory';
import { createInbox } from '../support/factories/inbox.factory';
import { createLeads } from '../support/factories/lead.factory';
import { createReplyItem, type ReplyItemFields } from '../support/factories/reply.factory';
import { MINUTE, MONDAY_10, sendingWorld } from '../support/sending-world';

const world = sendingWorld({ accountPer: 'test' });
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const api = () => world.me.client;
const minutesAgo = (n: number) => new Date(MONDAY_10.getTime() - n * MINUTE);

/** A campaign with an inbox sending through the SMTP peer and one lead (with `vars`). */
async function campaignWithLead(vars: Record<string, string> = {}) {
  const campaign = await createCampaign(world.service, world.me.workspaceId, { timezone: 'UTC' });
  const inbox = await world.senderInbox(campaign.id, { fromName: 'Sam Sender' });
  const [lead] = await createLeads(world.service, world.me.workspaceId, campaign.id, [{ email: `lead-${randomUUID().slice(0, 8)}@client.test`, vars }]);
  return { campaignId: campaign.id, inboxId: inbox.id, leadId: lead!.id, email: lead!.email };
}
type World = Awaited<ReturnType<typeof campaignWithLead>>;

const reply = (w: World, fields: Partial<ReplyItemFields> = {}) =>
  createReplyItem(world.service, world.me.workspaceId, { inbox: w.inboxId, lead: w.leadId, campaign: w.campaignId, fromEmail: w.email, ...fields });

const apiReply = async (id: string) => {
  const res = await api().get(`/replies/${id}`);
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
};
const apiIds = async (query: string) => {
  const res = await api().get(`/replies${query}`);
  expect(res.status).toBe(200);
  return (res.body as { id: string }[]).map((r) => r.id);
};

const listedIds = (page: Page) => page.locator('[data-reply-id]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.replyId!));

/** Waits until the list shows exactly `ids` in this order, then checks it (a readable diff on failure). */
async function expectListed(page: Page, ids: string[]) {
  await page
    .waitForFunction((want) => JSON.stringify([...document.querySelectorAll<HTMLElement>('[data-reply-id]')].map((e) => e.dataset.replyId)) === want, JSON.stringify(ids))
    .catch(() => undefined);
  expect(await listedIds(page)).toEqual(ids);
}

/** Resolves when the console's GraphQL mutation `name` has been answered. */
const mutationDone = (page: Page, name: string) => page.waitForResponse((res) => res.url().endsWith('/graphql') && (res.request().postData() ?? '').includes(`mutation ${name}`));

/** The list item's link of reply `id`. */
const item = (page: Page, id: string) => page.locator(`[data-reply-id="${id}"]`);
const openedId = (page: Page) => new URL(page.url()).pathname.split('/')[3];

it('lists replies across inboxes, each filter narrows the list as the API does, filters survive a reload, and an empty result says so', async () => {
  const w = await campaignWithLead();
  const secondInbox = await createInbox(world.service, world.me.workspaceId, { email: 'second@example.com' });
  const unread = await reply(w, { receivedAt: minutesAgo(1), subject: 'Re: Pricing', snippet: 'How much is it?', bodyText: 'How much is it?' });
  const auto = await reply(w, {
    receivedAt: minutesAgo(2),
    kind: 'auto_reply',
    rule: 'auto_submitted',
    evidence: 'Auto-Submitted: auto-replied',
    subject: 'Out of office',
    isRead: true,
    inbox: secondInbox.id,
  });
  const bounce = await reply(w, { receivedAt: minutesAgo(3), kind: 'bounce', rule: 'dsn', subject: 'Undelivered Mail', isRead: true });
  const won = await reply(w, { receivedAt: minutesAgo(4), status: 'won', subject: 'Re: Deal', isRead: true, inbox: secondInbox.id });
  const stray = await reply(w, {
    receivedAt: minutesAgo(5),
    lead: null,
    campaign: null,
    untracked: true,
    matchedBy: 'domain',
    fromEmail: 'carol@client.test',
    subject: 'Re: Hello',
  });

  const page = await signedInPage(browser, world.service.url, world.me, '/unibox');
  await page.getByRole('heading', { name: 'Unibox' }).waitFor();
  await expectListed(page, [unread.id, auto.id, bounce.id, won.id, stray.id]);
  await expect(item(page, unread.id).textContent()).resolves.toContain('How much is it?');
  await expect(item(page, auto.id).textContent()).resolves.toContain('Auto-reply');
  await expect(item(page, won.id).textContent()).resolves.toContain('Won');
  await expect(item(page, stray.id).textContent()).resolves.toContain('Untracked');
  await expectAccessible(page);
  await screenshot(page, 'unibox-list');

  const filters = page.getByRole('form', { name: 'Filter replies' });
  // Each filter on its own, against the API's answer for the same filter; then back to all.
  await filters.getByLabel('Unread only').check();
  await expectListed(page, await apiIds('?unread=true'));
  expect(await listedIds(page)).toEqual([unread.id, stray.id]);
  await filters.getByLabel('Unread only').uncheck();

  await filters.getByLabel('Kind').selectOption({ label: 'Auto-reply' });
  await expectListed(page, await apiIds('?kind=auto_reply'));
  expect(await listedIds(page)).toEqual([auto.id]);
  await filters.getByLabel('Kind').selectOption({ label: 'All kinds' });

  await filters.getByLabel('Label').selectOption({ label: 'Won' });
  await expectListed(page, await apiIds('?status=won'));
  expect(await listedIds(page)).toEqual([won.id]);
  await filters.getByLabel('Label').selectOption({ label: 'All labels' });

  await filters.getByLabel('Inbox').selectOption({ label: 'second@example.com' });
  await expectListed(page, await apiIds(`?mailbox_id=${secondInbox.id}`));
  expect(await listedIds(page)).toEqual([auto.id, won.id]);
  await filters.getByLabel('Inbox').selectOption({ label: 'All inboxes' });

  await filters.getByLabel('Untracked only').check();
  await expectListed(page, await apiIds('?untracked=true'));
  expect(await listedIds(page)).toEqual([stray.id]);
  await filters.getByLabel('Untracked only').uncheck();
  await expectListed(page, await apiIds(''));

  // Two filters at once, kept in the query string through a reload.
  await filters.getByLabel('Inbox').selectOption({ label: 'second@example.com' });
  await filters.getByLabel('Label').selectOption({ label: 'Won' });
  await expectListed(page, [won.id]);
  expect(new URL(page.url()).search).toBe(`?label=won&inbox=${secondInbox.id}`);
  await page.reload();
  await expectListed(page, await apiIds(`?status=won&mailbox_id=${secondInbox.id}`));
  await expect(page.getByRole('form', { name: 'Filter replies' }).getByLabel('Label').inputValue()).resolves.toBe('won');

  await page.getByRole('form', { name: 'Filter replies' }).getByLabel('Kind').selectOption({ label: 'Bounce' });
  await page.getByText('No replies match these filters.').waitFor();
  expect(await apiIds(`?status=won&mailbox_id=${secondInbox.id}&kind=bounce`)).toEqual([]);
  expect(await listedIds(page)).toEqual([]);
  await page.context().close();
});

it('works with the keyboard alone: j/k open the next and previous reply, e marks it done, u unread, Enter opens the focused one, ? shows the shortcuts; typing is left alone', async () => {
  const w = await campaignWithLead();
  const first = await reply(w, { receivedAt: minutesAgo(1), subject: 'Re: First' });
  const second = await reply(w, { receivedAt: minutesAgo(2), subject: 'Re: Second' });
  const third = await reply(w, { receivedAt: minutesAgo(3), subject: 'Re: Third' });
  const page = await signedInPage(browser, world.service.url, world.me, '/unibox?unread=1');
  await expectListed(page, [first.id, second.id, third.id]);
  const status = page.locator('p[role="status"][aria-live="polite"].visually-hidden');

  // j opens the first reply; opening marks it read (through the API), its dot clears in place and it
  // stays in the unread list while it is open.
  await page.keyboard.press('j');
  await page.getByRole('heading', { name: 'Re: First', level: 2 }).waitFor();
  expect(openedId(page)).toBe(first.id);
  await page.waitForFunction((id) => !document.querySelector(`[data-reply-id="${id}"]`)?.classList.contains('unread'), first.id);
  expect(await apiReply(first.id)).toMatchObject({ is_read: true });
  await expect(item(page, first.id).getAttribute('aria-current')).resolves.toBe('true');
  expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.replyId)).toBe(first.id);
  await expect(status.textContent()).resolves.toContain('Reply 1 of 3: from');

  await page.keyboard.press('j');
  await page.getByRole('heading', { name: 'Re: Second', level: 2 }).waitFor();
  expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.replyId)).toBe(second.id);
  await expect(status.textContent()).resolves.toContain('Reply 2 of 3');
  await page.keyboard.press('k');
  await page.getByRole('heading', { name: 'Re: First', level: 2 }).waitFor();

  // u: unread again (the API agrees); e: done = read, out of the unread list, and the next one opens.
  await page.keyboard.press('u');
  await page.waitForFunction((id) => document.querySelector(`[data-reply-id="${id}"]`)?.classList.contains('unread'), first.id);
  expect(await apiReply(first.id)).toMatchObject({ is_read: false });
  await page.keyboard.press('e');
  await page.getByRole('heading', { name: 'Re: Second', level: 2 }).waitFor();
  await expectListed(page, [second.id, third.id]);
  expect(await apiReply(first.id)).toMatchObject({ is_read: true });
  expect(await apiIds('?unread=true')).toEqual([third.id]);
  expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.replyId)).toBe(second.id);

  // Enter on a focused reply opens it: Tab to the next link, Enter.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.replyId)).toBe(third.id);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Re: Third', level: 2 }).waitFor();
  expect(openedId(page)).toBe(third.id);

  // Shortcuts are ignored while typing: j and k go into the answer, the open reply stays.
  await page.getByLabel('Your answer').focus();
  await page.keyboard.type('jk e');
  await expect(page.getByLabel('Your answer').inputValue()).resolves.toBe('jk e');
  expect(openedId(page)).toBe(third.id);
  await page.keyboard.press('Tab'); // to "Send answer", out of the field
  await page.keyboard.press('?');
  await page.getByRole('heading', { name: 'Keyboard shortcuts', level: 2 }).waitFor();
  await expect(page.getByRole('button', { name: /Keyboard shortcuts/ }).getAttribute('aria-expanded')).resolves.toBe('true');
  await page.keyboard.press('Escape');
  await page.getByRole('heading', { name: 'Keyboard shortcuts', level: 2 }).waitFor({ state: 'detached' });
  expect(await apiReply(third.id)).toMatchObject({ is_read: true, replied_at: null });
  await page.context().close();
});

it('shows the rule and evidence; labels, assigns and snoozes a reply, and links an untracked one to its lead, each checked through the API', async () => {
  const w = await campaignWithLead();
  const member = await api().post('/settings/members', { email: `mia-${randomUUID().slice(0, 8)}@example.com`, name: 'Mia Member', password: 'member password', role: 'member' });
  expect(member.status).toBe(200);
  const r = await reply(w, { subject: 'Re: Meeting?', bodyText: 'Can we meet <b>Tuesday</b>?\n\nAnn', rule: 'reply', evidence: 'no bounce or auto-reply marker' });
  const page = await signedInPage(browser, world.service.url, world.me, `/unibox/${r.id}`);
  await page.getByRole('heading', { name: 'Re: Meeting?', level: 2 }).waitFor();
  // The text is text: the markup in it is shown, not rendered.
  await expect(page.getByLabel('Message').textContent()).resolves.toBe('Can we meet <b>Tuesday</b>?\n\nAnn');
  await page.getByText('Because it carries no bounce or auto-reply marker, so a person wrote it').waitFor();
  await page.getByText('no bounce or auto-reply marker', { exact: true }).waitFor();
  await page.getByRole('heading', { name: 'Thread' }).waitFor();
  await expectAccessible(page);
  await screenshot(page, 'unibox-reply');

  const actions = page.getByRole('region', { name: 'Actions' });
  const labelled = mutationDone(page, 'UniboxUpdateReply');
  await actions.getByLabel('Label').selectOption({ label: 'Interested' });
  await labelled;
  await page.waitForFunction(() => document.querySelector('[data-reply-id] .badge.ok')?.textContent === 'Interested');
  expect(await apiReply(r.id)).toMatchObject({ status: 'interested' });
  expect((await api().get(`/leads/${w.leadId}`)).body).toMatchObject({ interest: 'interested' });

  const assigned = mutationDone(page, 'UniboxAssignReply');
  await actions.getByLabel('Assigned to').selectOption({ label: 'Mia Member' });
  await assigned;
  expect(await apiReply(r.id)).toMatchObject({ assigned_user_id: member.body.id });

  // Snooze until a moment of one's own: the API holds it, and the reply leaves the list.
  await actions.getByLabel('Snooze until').fill('2027-01-15T09:00');
  await actions.getByRole('button', { name: 'Snooze', exact: true }).click();
  await expectListed(page, []);
  const until = await page.evaluate(() => new Date('2027-01-15T09:00').toISOString());
  expect(await apiReply(r.id)).toMatchObject({ snoozed_until: until });
  expect(await apiIds('')).toEqual([]);

  // An untracked reply: no thread, no answer; link it to the lead it is about.
  const stray = await reply(w, { lead: null, campaign: null, untracked: true, matchedBy: 'domain', fromEmail: 'carol@client.test', subject: 'Re: Hello from Carol' });
  await page.goto(`${world.service.url}/app/unibox/${stray.id}`);
  await page.getByRole('heading', { name: 'Link to a lead' }).waitFor();
  expect(await page.getByRole('heading', { name: 'Answer' }).count()).toBe(0);
  await expect(page.getByLabel('Find a lead by address or company').inputValue()).resolves.toBe('client.test');
  await expectAccessible(page);
  await page.getByRole('button', { name: `Link to ${w.email}` }).click();
  await page.getByRole('heading', { name: 'Answer' }).waitFor();
  expect(await apiReply(stray.id)).toMatchObject({ lead_id: w.leadId, untracked: false });
  expect(await apiIds('?untracked=true')).toEqual([]);
  await page.context().close();
});

it('answers with a saved reply: the editor gets its rendered text, the email reaches the SMTP peer in the thread, and the thread shows it', async () => {
  const w = await campaignWithLead({ firstName: 'Ann' });
  const saved = await api().post('/saved-replies', { name: 'Thanks', body: 'Hi {{firstName|there}}, thanks for writing back.\n\n{{sendingAccountFirstName}}' });
  expect(saved.status).toBe(201);
  const r = await reply(w, { subject: 'Re: Quick question', bodyText: 'Tell me more.' });
  const rendered = await api().post(`/saved-replies/${saved.body.id}/render`, { reply_id: r.id });
  expect(rendered.body.body).toBe('Hi Ann, thanks for writing back.\n\nSam');

  const page = await signedInPage(browser, world.service.url, world.me, `/unibox/${r.id}`);
  await page.getByRole('heading', { name: 'Re: Quick question', level: 2 }).waitFor();
  await page.getByLabel('Saved reply').selectOption({ label: 'Thanks' });
  await page.waitForFunction(() => document.querySelector('textarea')?.value.startsWith('Hi Ann'));
  await expect(page.getByLabel('Your answer').inputValue()).resolves.toBe(rendered.body.body);
  await expectAccessible(page);
  await screenshot(page, 'unibox-answer');

  await page.getByRole('button', { name: 'Send answer' }).click();
  await page.getByText('Answer sent.').waitFor();
  const [mail] = await world.peer.waitForMessages(1);
  expect(mail!.envelope.rcptTo).toEqual([w.email]);
  const parsed = await simpleParser(mail!.raw);
  expect(parsed.subject).toBe('Re: Quick question');
  expect(parsed.text).toContain('Hi Ann, thanks for writing back.');
  expect(parsed.inReplyTo).toBeTruthy();
  expect(await apiReply(r.id)).toMatchObject({ replied_at: expect.any(String) });
  // The thread now holds what we sent.
  await page.getByText('We sent (one-off)').waitFor();
  await page.getByText('Answered', { exact: false }).first().waitFor();
  await page.context().close();
});

it('says so when a linked reply does not exist, and shows the empty inbox before any reply', async () => {
  const page = await signedInPage(browser, world.service.url, world.me, `/unibox/${randomUUID()}`);
  await expect(page.getByRole('alert').textContent()).resolves.toContain('Reply not found.');
  await page.getByText('No replies yet. Replies to your campaigns appear here.').waitFor();
  await expectAccessible(page);
  await page.context().close();
});

it('pages with the cursor: Load more adds the next page, in the order the API gives, until none is left', async () => {
  const w = await campaignWithLead();
  for (let i = 0; i < 26; i++) await reply(w, { receivedAt: minutesAgo(i + 1), subject: `Re: Number ${i + 1}` });
  const page = await signedInPage(browser, world.service.url, world.me, '/unibox');
  await page.getByText('25 of 26 replies').waitFor();
  await page.getByRole('button', { name: 'Load more' }).click();
  await page.getByText('26 of 26 replies').waitFor();
  expect(await listedIds(page)).toEqual(await apiIds('?limit=100'));
  expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  await page.context().close();
});
