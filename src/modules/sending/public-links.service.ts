// The public links put in every email (decisions.md §5): unsubscribe (GET confirms, POST one-click per
// RFC 8058), open pixel and click redirect. No login and no cookie: the signed token (links/tokens.ts)
// is the only credential, and it names the send or lead it is for. Rows are reached across workspaces
// (filters off) by the ids inside a verified token only.
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../context';
import { AppError, notFound } from '../../errors';
import { sql } from '../../db/sql';
import { unsubscribeLead } from '../leads/lifecycle/unsubscribe';
import { LinkTokens } from './links/tokens';
import { isHumanClick, type Click } from './schedule';

const invalidLink = () => new AppError('invalid_link', 'This link is not valid: it may have been cut or changed. Open it from the email again.');

function unsubscribeToken(deps: AppDeps, token: string) {
  const payload = new LinkTokens(deps.secrets).verify(token, 'unsubscribe');
  if (!payload) throw invalidLink();
  return payload;
}

/** For the confirmation page: the address the link is for (the person opening it is its owner). */
export async function unsubscribeTarget(deps: AppDeps, token: string): Promise<{ email: string }> {
  const { leadId } = unsubscribeToken(deps, token);
  const [lead] = await sql(deps.orm.em.fork(), `select email from lead where id = ?`, [leadId]);
  if (!lead) throw notFound('Subscription');
  return { email: String(lead.email) };
}

export async function unsubscribeByToken(deps: AppDeps, token: string): Promise<{ email: string; changed: boolean }> {
  const { leadId } = unsubscribeToken(deps, token);
  const done = await deps.orm.em.fork().transactional((tx) => unsubscribeLead(tx, leadId, deps.clock.now(), 'link'));
  if (!done) throw notFound('Subscription');
  return done;
}

/** The open pixel: counted once per email (the first open sets openedAt); every hit is kept. */
export async function recordOpen(deps: AppDeps, token: string, method: string): Promise<void> {
  const payload = new LinkTokens(deps.secrets).verify(token, 'open');
  if (!payload) throw invalidLink();
  const em = deps.orm.em.fork();
  const now = deps.clock.now();
  const [send] = await sql(em, `select id, workspace_id, lead_id, campaign_id from send where id = ?`, [payload.sendId]);
  if (!send) throw notFound('Email');
  const counts = method !== 'HEAD';
  const first = counts ? await sql(em, `update send set opened_at = ? where id = ? and opened_at is null returning id`, [now, send.id]) : [];
  await sql(
    em,
    `insert into tracking_event (id, created_at, workspace_id, send_id, lead_id, campaign_id, kind, method, url, human) values (?, ?, ?, ?, ?, ?, 'open', ?, null, ?)`,
    [randomUUID(), now, send.workspace_id, send.id, send.lead_id, send.campaign_id, method, first.length > 0],
  );
}

/** The click redirect: where to send the browser (only ever the link that was signed into the email),
 *  after recording the hit. A HEAD, a click within five minutes of sending or two links of one email
 *  hit within seconds are scanners (schedule/clicks.ts) and do not count. */
export async function recordClick(deps: AppDeps, token: string, method: string): Promise<string> {
  const payload = new LinkTokens(deps.secrets).verify(token, 'click');
  if (!payload) throw invalidLink();
  const em = deps.orm.em.fork();
  const now = deps.clock.now();
  const [send] = await sql(em, `select id, workspace_id, lead_id, campaign_id, sent_at from send where id = ?`, [payload.sendId]);
  // The target was signed by us, so following it is safe even when the email's row is gone.
  if (!send || !send.sent_at) return payload.url;
  const sentAt = new Date(send.sent_at as string);
  const earlier = await sql(em, `select created_at, url, method from tracking_event where send_id = ? and kind = 'click'`, [send.id]);
  const click: Click = { sendId: String(send.id), sentAt, at: now, url: payload.url, method };
  const others: Click[] = earlier.map((e) => ({ sendId: String(send.id), sentAt, at: new Date(e.created_at as string), url: String(e.url), method: String(e.method) }));
  const human = isHumanClick(click, [...others, click]);
  await sql(em, `insert into tracking_event (id, created_at, workspace_id, send_id, lead_id, campaign_id, kind, method, url, human) values (?, ?, ?, ?, ?, ?, 'click', ?, ?, ?)`, [
    randomUUID(),
    now,
    send.workspace_id,
    send.id,
    send.lead_id,
    send.campaign_id,
    method,
    payload.url,
    human,
  ]);
  if (human) await sql(em, `update send set clicked_at = ? where id = ? and clicked_at is null`, [now, send.id]);
  return payload.url;
}
