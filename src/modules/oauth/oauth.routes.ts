// decisions.md §15: the OAuth providers, the start of a connection and the public callback.
import { body, jsonRoute, publicRoute } from '../../contracts/api-route';
import { callbackParams, OAuthCallbackQuery, StartMailboxOAuthInput } from './oauth.inputs';
import { finishMailboxOAuth, listProviders, startMailboxOAuth } from './oauth-connect.service';
import { MailboxOAuthStartView, OAuthProviderView } from './oauth.types';

export const oauthRoutes = [
  jsonRoute({
    method: 'get',
    path: '/oauth/providers',
    scope: 'mailboxes:read',
    summary: 'The OAuth providers inboxes may connect with, and whether each is configured',
    response: { type: OAuthProviderView, list: true },
    handle: async (ctx) => listProviders(ctx),
  }),
  jsonRoute({
    method: 'post',
    path: '/mailboxes/oauth/:provider/start',
    scope: 'mailboxes:write',
    summary: "Start connecting a Google or Microsoft inbox: the provider's sign-in URL for a person to open",
    description:
      'provider: google or microsoft. With mailbox_id, reconnects that inbox (its id and history stay; it must sign in as the same address). The URL is good for 10 minutes and one sign-in; the browser then comes back to GET /oauth/{provider}/callback, which sends it on to return_to (default /app/settings) with ?connected=<mailbox id> or ?oauth_error=<access_denied|invalid_state|mailbox_exists|address_mismatch|provider_error>.',
    body: body(StartMailboxOAuthInput),
    response: { type: MailboxOAuthStartView, shape: 'snake' },
    handle: (ctx, { params, body }) => startMailboxOAuth(ctx, params.provider, body),
  }),
  publicRoute({
    method: 'get',
    path: '/oauth/:provider/callback',
    auth: 'none',
    summary: 'Where the provider sends the browser back after the sign-in (the redirect URI to register)',
    description:
      "Redeems the code, takes the address from the ID token and creates (or reconnects) the inbox, then redirects (302) to the start call's return_to with ?connected=<mailbox id> or ?oauth_error=<code>: access_denied (consent refused), invalid_state (unknown, reused or expired state), mailbox_exists (the address is already an inbox of the workspace), address_mismatch (a reconnect signed in as another address), provider_error (the provider refused the code); plan_limit when the plan filled up meanwhile. Never an error page.",
    query: { schema: OAuthCallbackQuery, parse: async (q) => callbackParams(q) },
    response: { redirect: true, description: 'To return_to, with connected or oauth_error.' },
    handle: (ctx, { params, query }) => finishMailboxOAuth(ctx.deps, params.provider, query, ctx.clientAddress ?? null),
  }),
];
