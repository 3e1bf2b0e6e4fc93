// Which tracked clicks a person made, for the `clicked` step condition (api.md Steps rule 4). Link
// scanners of mail filters open links for the recipient; their clicks are dropped:
// - a click within 5 minutes of the email going out (SCANNER_DELAY_MS, api.md Limits);
// - a HEAD request (a person's browser sends GET);
// - a click on one link of an email within LINK_BURST_MS of a click on a *different* link of the same
//   email: a person opens one link at a time, a scanner walks them all at once. Both clicks are dropped.
//   The same link hit twice quickly (a double-click) is still a person.
// Every recorded click of the email takes part in burst detection, HEAD and early ones included.

export const SCANNER_DELAY_MS = 5 * 60_000;
export const LINK_BURST_MS = 10_000;

export interface Click {
  /** The send (one email to one lead) the clicked link was in. */
  sendId: string;
  /** When that email went out. */
  sentAt: Date;
  at: Date;
  /** The original link (the target of the redirect). */
  url: string;
  /** HTTP method of the redirect request. */
  method: string;
}

export function isHumanClick(click: Click, sameEmail: readonly Click[]): boolean {
  if (click.method.toUpperCase() === 'HEAD') return false;
  const at = click.at.getTime();
  if (at - click.sentAt.getTime() <= SCANNER_DELAY_MS) return false;
  return !sameEmail.some((other) => other.url !== click.url && Math.abs(other.at.getTime() - at) <= LINK_BURST_MS);
}

export function humanClicks(clicks: readonly Click[]): Click[] {
  const bySend = new Map<string, Click[]>();
  for (const c of clicks) {
    const list = bySend.get(c.sendId);
    if (list) list.push(c);
    else bySend.set(c.sendId, [c]);
  }
  return clicks.filter((c) => isHumanClick(c, bySend.get(c.sendId)!));
}

export function hasHumanClick(clicks: readonly Click[]): boolean {
  return humanClicks(clicks).length > 0;
}
