// Google and Microsoft inboxes (decisions.md §15): "Connect with Google" / "Connect with Microsoft" for the
// providers the server has configured, "Reconnect" on an inbox whose provider ended its access, and the
// outcome of the sign-in in words when the browser comes back here (?connected= or ?oauth_error=). Each
// button asks the service for the provider's sign-in page (startMailboxOAuth) and goes there.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useGraphQL, useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import { ErrorState } from '../../ui/QueryView';
import { OAUTH_ERRORS } from './oauth-words';

const SettingsOAuthProviders = graphql(`
  query SettingsOAuthProviders {
    oauthProviders {
      provider
      configured
    }
  }
`);

const SettingsStartOAuth = graphql(`
  mutation SettingsStartOAuth($provider: String!, $mailboxId: ID, $returnTo: String) {
    startMailboxOAuth(provider: $provider, mailboxId: $mailboxId, returnTo: $returnTo) {
      authorizationUrl
    }
  }
`);

const SettingsOAuthConnected = graphql(`
  query SettingsOAuthConnected($id: ID!) {
    mailbox(id: $id) {
      id
      email
      oauthProvider
    }
  }
`);

/** Where the provider sends the browser back to: this tab. */
const RETURN_TO = '/app/settings/inboxes';

export const PROVIDER_NAMES: Record<string, string> = { google: 'Google', microsoft: 'Microsoft' };

/** Asks for the provider's sign-in page and goes there (leaving the console until the sign-in is done). */
function useSignIn() {
  const start = useGraphQLMutation(SettingsStartOAuth, []);
  const go = (provider: string, mailboxId?: string) =>
    start.mutate({ provider, mailboxId: mailboxId ?? null, returnTo: RETURN_TO }, { onSuccess: (d) => window.location.assign(d.startMailboxOAuth.authorizationUrl) });
  return { go, pending: start.isPending, error: start.error };
}

/** One button per configured provider; nothing when none is configured. */
export function ConnectWithProvider() {
  const providers = useGraphQL(SettingsOAuthProviders);
  const signIn = useSignIn();
  const configured = providers.data?.oauthProviders.filter((p) => p.configured) ?? [];
  if (!configured.length) return null;
  return (
    <>
      {configured.map((p) => (
        <button key={p.provider} type="button" disabled={signIn.pending} onClick={() => signIn.go(p.provider)}>
          Connect with {PROVIDER_NAMES[p.provider] ?? p.provider}
        </button>
      ))}
      <ErrorState error={signIn.error} />
    </>
  );
}

/** For an inbox whose provider ended its access: sign in again as its address. */
export function ReconnectInbox({ inbox }: { inbox: { id: string; email: string; oauthProvider?: string | null } }) {
  const signIn = useSignIn();
  const name = PROVIDER_NAMES[inbox.oauthProvider ?? ''] ?? 'its provider';
  return (
    <>
      <button
        type="button"
        className="primary"
        disabled={signIn.pending}
        onClick={() => signIn.go(inbox.oauthProvider ?? '', inbox.id)}
        aria-label={`Reconnect with ${name}: ${inbox.email}`}
      >
        Reconnect with {name}
      </button>
      <ErrorState error={signIn.error} />
    </>
  );
}

/** What the sign-in came to, once the browser is back: read from the address, then cleared from it. */
export function OAuthOutcome() {
  const [params, setParams] = useSearchParams();
  const [outcome] = useState(() => ({ connected: params.get('connected'), error: params.get('oauth_error') }));
  useEffect(() => {
    if (params.has('connected') || params.has('oauth_error')) setParams({}, { replace: true });
  }, [params, setParams]);
  const connected = useGraphQL(SettingsOAuthConnected, { id: outcome.connected ?? '' }, { enabled: !!outcome.connected });
  const [shown, setShown] = useState(true);
  if (!shown || (!outcome.connected && !outcome.error)) return null;
  const dismiss = (
    <button type="button" onClick={() => setShown(false)}>
      Dismiss
    </button>
  );
  if (outcome.error) {
    return (
      <div className="error-state" role="alert">
        <p>
          <strong>The inbox was not connected.</strong> {OAUTH_ERRORS[outcome.error] ?? `The sign-in did not complete (${outcome.error}).`}
        </p>
        {dismiss}
      </div>
    );
  }
  const inbox = connected.data?.mailbox;
  return (
    <div className="card oauth-connected" role="status">
      <p>
        {inbox ? (
          <>
            <strong>{inbox.email}</strong> is connected with {PROVIDER_NAMES[inbox.oauthProvider ?? ''] ?? 'its provider'}: it sends and its replies are read with that sign-in.
          </>
        ) : (
          'The inbox is connected.'
        )}
      </p>
      {dismiss}
    </div>
  );
}
