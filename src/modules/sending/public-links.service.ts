// The public links put in every email (decisions.md §5): unsubscribe (GET confirms, POST one-click per
// RFC 8058), open pixel and click redirect. No login and no cookie: the signed token (links/tokens.ts)
// is the only credential, and it names the send or lead it is for. Rows are reached across workspaces
// (filters off) by the ids inside a verified token only.
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../runtime/context';
import { AppError, notFound } from '../../contracts/errors';
import { unsubscribeLead } from '../leads/lifecycle/unsubscribe';
import { LinkTokens } from './links/tokens';
import { dropBurst, markFirstClick, markFirstOpen, otherLinksHit, recordHit, sendOfHit, unsubscribeAddress } from './public-links.queries';
import { isHumanClick, LINK_BURST_MS, type Click } from './schedule';

const invalidLink = () => new AppError('invalid_link', 'This link is not valid: it may have been cut or changed. Open it from the email again.');

function unsubscribeToken(deps: AppDeps, token: string) {
  const payload = new LinkTokens(deps.secrets).verify(token, 'unsubscribe');
  if (!payload) throw invalidLink();
  return payload;
}

/** For the confirmation page: the address the link is for (the person opening it is its owner). */
export async function unsubscribeTarget(deps: AppDeps, token: string): Promise<{ email: string }> {
  const { leadId } = unsubscribeToken(deps, token);
  const email = await unsubscribeAddress(deps.orm.em.fork(), leadId);
  if (email === null) throw notFound('Subscription');
  return { email };
}

export async function unsubscribeByToken(deps: AppDeps, token: string): Promise<{ email: string; changed: boolean }> {
  const { leadId } = unsubscribeToken(deps, token);
  const done = await deps.orm.em.fork().transactional((tx) => unsubscribeLead(tx, leadId, deps.clock.now(), 'link'));
  if (!done) throw notFound('Subscription');
  return done;
}

/** The open pixel: counted once per email (the first GET sets openedAt). decisions.md §10: the same cost
 *  for every hit, so a hit updates the open's one row (public-links.queries.ts) instead of adding one. */
export async function recordOpen(deps: AppDeps, token: string, method: string): Promise<void> {
  const payload = new LinkTokens(deps.secrets).verify(token, 'open');
  if (!payload) throw invalidLink();
  const em = deps.orm.em.fork();
  const now = deps.clock.now();
  const send = await sendOfHit(em, payload.sendId);
  if (!send) throw notFound('Email');
  const counts = method !== 'HEAD';
  if (counts) await markFirstOpen(em, send.id, now);
  await recordHit(em, { id: randomUUID(), at: now, send, kind: 'open', method, url: '', human: counts });
}

/** The click redirect: where to send the browser (only ever the link that was signed into the email),
 *  after recording the hit. A HEAD, a click within five minutes of sending or two links of one email
 *  hit within seconds are scanners (schedule/clicks.ts) and do not count. decisions.md §10: the burst rule
 *  reads the other links' latest hits (a row per link), never the email's earlier clicks. */
export async function recordClick(deps: AppDeps, token: string, method: string): Promise<string> {
  const payload = new LinkTokens(deps.secrets).verify(token, 'click');
  if (!payload) throw invalidLink();
  const now = deps.clock.now();
  await deps.orm.em.fork().transactional(async (tx) => {
    const send = await sendOfHit(tx, payload.sendId, true);
    // The target was signed by us, so following it is safe even when the email's row is gone.
    if (!send || !send.sent_at) return;
    const sentAt = new Date(send.sent_at);
    const from = new Date(now.getTime() - LINK_BURST_MS);
    const to = new Date(now.getTime() + LINK_BURST_MS);
    const click: Click = { sendId: send.id, sentAt, at: now, url: payload.url, method };
    const others: Click[] = (await otherLinksHit(tx, send.id, payload.url, from, to)).map((o) => ({
      sendId: send.id,
      sentAt,
      at: new Date(o.last_hit_at as string),
      url: String(o.url),
      method: 'GET',
    }));
    const human = isHumanClick(click, [...others, click]);
    await dropBurst(tx, send.id, payload.url, from, to);
    await recordHit(tx, { id: randomUUID(), at: now, send, kind: 'click', method, url: payload.url, human });
    if (human) await markFirstClick(tx, send.id, now);
  });
  return payload.url;
}
