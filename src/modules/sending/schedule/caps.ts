// Inbox-side limits of one day (decisions.md §5): each inbox's ramp cap (inboxes/ramp.ts), and
// `domainDailyCap`, shared by the inboxes of one sending domain, where the smallest value set on any of
// them applies. Counts are per calendar day in the workspace zone and cover every campaign and one-off
// an inbox sent for. Paused inboxes still count: what they sent today stays sent.
import type { InboxStatus } from '../../inboxes/inbox.entity';
import { capOn, type RampSettings } from '../../inboxes/ramp';
import { dayKey } from './zones';

/** capToday of an inbox whose workspace is in `workspaceZone`. */
export function capToday(ramp: RampSettings, workspaceZone: string, now: Date): number {
  return capOn(ramp, dayKey(workspaceZone, now));
}

export interface DomainMember {
  /** The group sharing a cap: the sending domain (scoped to its workspace when inboxes of several
   *  workspaces are planned together). */
  domain: string;
  domainDailyCap: number | null;
  sentToday: number;
}

export interface DomainDay {
  /** Smallest cap set on any inbox of the domain; null when none is set. */
  cap: number | null;
  sent: number;
  /** Sends the domain may still make today; Infinity without a cap. */
  left: number;
}

/** Per domain: its cap, what its inboxes sent today together, and what is left. Pass every inbox of the
 *  domain, paused ones too, so that the smallest cap and the whole day's sends count. */
export function domainDays(inboxes: Iterable<DomainMember>): Map<string, DomainDay> {
  const days = new Map<string, DomainDay>();
  for (const inbox of inboxes) {
    const day = days.get(inbox.domain) ?? { cap: null, sent: 0, left: Number.POSITIVE_INFINITY };
    day.sent += inbox.sentToday;
    if (inbox.domainDailyCap !== null) day.cap = day.cap === null ? inbox.domainDailyCap : Math.min(day.cap, inbox.domainDailyCap);
    days.set(inbox.domain, day);
  }
  for (const day of days.values()) day.left = day.cap === null ? Number.POSITIVE_INFINITY : Math.max(0, day.cap - day.sent);
  return days;
}

export interface InboxDay {
  status: InboxStatus;
  capToday: number;
  sentToday: number;
  backoffUntil: Date | null;
  /** End of the gap after its last send (gap.ts); null when it has not sent. */
  nextFreeAt: Date | null;
}

/** Why an inbox cannot send at `now`, most lasting first; 'ready' when it can. */
export type InboxReadiness = 'ready' | 'paused' | 'bounce_stopped' | 'reconnect_needed' | 'capped' | 'backoff' | 'resting';

/** `domainLeft`: what its domain may still send today (DomainDay.left). */
export function inboxReadiness(inbox: InboxDay, domainLeft: number, now: Date): InboxReadiness {
  if (inbox.status !== 'active') return inbox.status;
  if (inbox.sentToday >= inbox.capToday || domainLeft <= 0) return 'capped';
  const at = now.getTime();
  if (inbox.backoffUntil && inbox.backoffUntil.getTime() > at) return 'backoff';
  if (inbox.nextFreeAt && inbox.nextFreeAt.getTime() > at) return 'resting';
  return 'ready';
}

/** What an inbox can still send today under its own cap (its domain may allow less). */
export function inboxLeftToday(inbox: Pick<InboxDay, 'status' | 'capToday' | 'sentToday'>): number {
  return inbox.status === 'active' ? Math.max(0, inbox.capToday - inbox.sentToday) : 0;
}
