// The statements of the public tracking links (public-links.service.ts). decisions.md §10: a hit costs the
// same for the first and the millionth hit of one link, so none reads earlier hits: one row per link of an
// email (unique send_id, kind, url) is written with `on conflict`, and the burst rule of schedule/clicks.ts
// reads the email's other links' rows (one per link in the email, whatever the number of hits) through
// that unique key. test/api/public-links.test.ts checks their plans (hence the exported statement texts).
// The links carry no session: each statement is keyed by the send or lead a verified token names, in
// whichever workspace it is (@allWorkspaces).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Row } from '../../storage/sql';

export interface TrackedSend {
  id: string;
  workspace_id: string;
  lead_id: string;
  campaign_id: string;
  sent_at: Date | string | null;
}

export const SEND_OF_HIT = `select id, workspace_id, lead_id, campaign_id, sent_at from send where id = ?`;

/**
 * The email a hit is for; `lock` keeps concurrent clicks of one email in order (the burst rule compares them).
 * @allWorkspaces keyed by the send a verified link token names
 */
export async function sendOfHit(em: EntityManager, sendId: string, lock = false): Promise<TrackedSend | null> {
  const [row] = await sql(em, lock ? `${SEND_OF_HIT} for no key update` : SEND_OF_HIT, [sendId]);
  return (row as unknown as TrackedSend | undefined) ?? null;
}

/** The first hit of a link inserts its row; every later one updates it: latest time, count, the first
 *  time one counted (`humanAt`, `personAt` keep the earliest). */
const RECORD_HIT = `insert into tracking_event (id, created_at, workspace_id, send_id, lead_id, campaign_id, kind, method, url, human, human_at, person_at, last_hit_at, hits)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
  on conflict (send_id, kind, url) do update set
    last_hit_at = greatest(tracking_event.last_hit_at, excluded.last_hit_at),
    hits = tracking_event.hits + 1,
    human = tracking_event.human or excluded.human,
    human_at = coalesce(tracking_event.human_at, excluded.human_at),
    person_at = coalesce(tracking_event.person_at, excluded.person_at)`;

export interface Hit {
  id: string;
  at: Date;
  send: TrackedSend;
  kind: 'open' | 'click';
  method: string;
  /** '' for an open. */
  url: string;
  human: boolean;
}

/**
 * Records a hit (RECORD_HIT), in the workspace of its send.
 * @allWorkspaces keyed by the send a verified link token names, whose workspace the row carries
 */
export async function recordHit(em: EntityManager, hit: Hit): Promise<void> {
  const { send, at } = hit;
  const humanAt = hit.human ? at : null;
  await sql(em, RECORD_HIT, [
    hit.id,
    at,
    send.workspace_id,
    send.id,
    send.lead_id,
    send.campaign_id,
    hit.kind,
    hit.method,
    hit.url,
    hit.human,
    humanAt,
    hit.kind === 'click' ? humanAt : null,
    at,
  ]);
}

/** The email's other links hit between `from` and `to` (the burst window around a click): their latest hits. */
export const OTHER_LINKS_HIT = `select url, last_hit_at from tracking_event where send_id = ? and kind = 'click' and url <> ? and last_hit_at between ? and ?`;

/**
 * OTHER_LINKS_HIT for a click.
 * @allWorkspaces keyed by the send a verified link token names
 */
export const otherLinksHit = (em: EntityManager, sendId: string, url: string, from: Date, to: Date): Promise<Row[]> => sql(em, OTHER_LINKS_HIT, [sendId, url, from, to]);

/** A click on one link drops the person's click on another link of the email within the burst window:
 *  both are a scanner's (schedule/clicks.ts). Earlier clicks of those links outside the window stand. */
export const DROP_BURST = `update tracking_event set person_at = null where send_id = ? and kind = 'click' and url <> ? and person_at between ? and ?`;

/**
 * DROP_BURST for a click.
 * @allWorkspaces keyed by the send a verified link token names
 */
export const dropBurst = (em: EntityManager, sendId: string, url: string, from: Date, to: Date): Promise<Row[]> => sql(em, DROP_BURST, [sendId, url, from, to]);

/**
 * The email's first counted open, once.
 * @allWorkspaces keyed by the send a verified link token names
 */
export async function markFirstOpen(em: EntityManager, sendId: string, at: Date): Promise<void> {
  await sql(em, `update send set opened_at = ? where id = ? and opened_at is null`, [at, sendId]);
}

/**
 * The email's first counted click, once.
 * @allWorkspaces keyed by the send a verified link token names
 */
export async function markFirstClick(em: EntityManager, sendId: string, at: Date): Promise<void> {
  await sql(em, `update send set clicked_at = ? where id = ? and clicked_at is null`, [at, sendId]);
}

/**
 * The address of the lead an unsubscribe link names (for its confirmation page); null when the lead is gone.
 * @allWorkspaces keyed by the lead a verified unsubscribe token names
 */
export async function unsubscribeAddress(em: EntityManager, leadId: string): Promise<string | null> {
  const [lead] = await sql(em, `select email from lead where id = ?`, [leadId]);
  return lead ? String(lead.email) : null;
}
