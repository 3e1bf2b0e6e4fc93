// The public link paths under PUBLIC_URL (decisions.md §1, §5). The HTTP handlers for them must serve
// exactly these paths: /u/<token> unsubscribe page (GET confirms, POST one-click), /o/<token> open pixel,
// /c/<token> click redirect.
export const PUBLIC_LINK_PATHS = { unsubscribe: '/u/', open: '/o/', click: '/c/' } as const;

export type PublicLinkKind = keyof typeof PUBLIC_LINK_PATHS;

/** `${publicUrl}/u/<token>` and so on; a trailing slash on publicUrl is ignored. */
export function publicLink(publicUrl: string, kind: PublicLinkKind, token: string): string {
  return publicUrl.replace(/\/+$/, '') + PUBLIC_LINK_PATHS[kind] + token;
}
