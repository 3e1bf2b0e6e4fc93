// Open and click tracking, HTML part only: the text/plain part keeps the links as written (long redirect
// URLs in plain text look like spam and cannot be hidden behind link text), and a text-only email has
// neither pixel nor redirects.
import { publicLink } from '../links/public-urls';
import { isTrackableUrl, type LinkTokens } from '../links/tokens';
import { escapeHtml } from './html';

/** A 1×1 image at `${publicUrl}/o/<token>`, placed last in the body. */
export function openPixelHtml(publicUrl: string, tokens: LinkTokens, sendId: string): string {
  const src = publicLink(publicUrl, 'open', tokens.sign('open', { sendId }));
  return `<img src="${escapeHtml(src)}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px">`;
}

/**
 * A link rewriter for textToHtml: each http(s) link becomes `${publicUrl}/c/<token>`, the token signing the
 * send id, the link's index among the tracked links and the exact URL. The lead's unsubscribe link is left
 * alone (a scanner or a curious click must never look like a click on an offer, and the unsubscribe link
 * must work even if the redirect does not), and so is a URL too long for a token. `tracked` lists the
 * rewritten URLs by index.
 */
export function clickRewriter(publicUrl: string, tokens: LinkTokens, sendId: string, untracked: ReadonlySet<string>) {
  const tracked: string[] = [];
  const href = (url: string): string => {
    if (untracked.has(url) || !isTrackableUrl(url) || tracked.length > 0xffff) return url;
    const token = tokens.sign('click', { sendId, index: tracked.length, url });
    tracked.push(url);
    return publicLink(publicUrl, 'click', token);
  };
  return { href, tracked };
}
