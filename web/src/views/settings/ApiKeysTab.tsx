// API keys (decisions.md §2 and §12): the list with each key's scopes and last use, a form for a new key
// (a name and, optionally, scopes: none ticked gives `all`), the new key shown once, and revoking.
import { useState, type FormEvent } from 'react';
import { useGraphQL, useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import { ago, dateTime } from '../../ui/format';
import { ErrorState, QueryView } from '../../ui/QueryView';
import { ConfirmButton } from './ConfirmButton';
import { OneTimeSecret } from './OneTimeSecret';

const SettingsApiKeys = graphql(`
  query SettingsApiKeys {
    apiKeys {
      id
      name
      scopes
      createdAt
      lastUsedAt
    }
  }
`);

const SettingsCreateApiKey = graphql(`
  mutation SettingsCreateApiKey($input: CreateApiKeyInput!) {
    createApiKey(input: $input) {
      id
      name
      key
      scopes
    }
  }
`);

const SettingsRevokeApiKey = graphql(`
  mutation SettingsRevokeApiKey($id: ID!) {
    deleteApiKey(id: $id) {
      deleted
    }
  }
`);

/** The scopes CreateApiKeyInput.scopes accepts (decisions.md §12), grouped by area. The schema documents
 *  them in a description only, so they are spelled here; the service refuses an unknown one. */
const SCOPE_GROUPS: { area: string; scopes: string[] }[] = [
  { area: 'Campaigns', scopes: ['campaigns:read', 'campaigns:write'] },
  { area: 'Leads', scopes: ['leads:read', 'leads:write'] },
  { area: 'Inboxes', scopes: ['mailboxes:read', 'mailboxes:write', 'send'] },
  { area: 'Replies', scopes: ['replies:read', 'replies:write'] },
  { area: 'Reports', scopes: ['reports:read'] },
  { area: 'Webhooks', scopes: ['webhooks:read', 'webhooks:write'] },
];

export function ApiKeysTab() {
  const query = useGraphQL(SettingsApiKeys);
  const revoke = useGraphQLMutation(SettingsRevokeApiKey, ['SettingsApiKeys']);
  return (
    <section aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <p className="muted">A key is sent as a Bearer token, like a session. It can do what its scopes allow; a key can never create keys.</p>
      <NewKey />
      <ErrorState error={revoke.error} />
      <QueryView query={query} what="API keys" isEmpty={(d) => d.apiKeys.length === 0} empty="No API keys yet.">
        {(d) => (
          <table>
            <caption className="visually-hidden">API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Scopes</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {d.apiKeys.map((k) => (
                <tr key={k.id}>
                  <th scope="row">{k.name}</th>
                  <td>
                    {k.scopes.map((s) => (
                      <span key={s} className="badge scope">
                        {s}
                      </span>
                    ))}
                  </td>
                  <td>{dateTime(k.createdAt)}</td>
                  <td title={k.lastUsedAt ? dateTime(k.lastUsedAt) : undefined}>{k.lastUsedAt ? ago(k.lastUsedAt) : 'never'}</td>
                  <td>
                    <ConfirmButton label={`Revoke ${k.name}`} text="Revoke" confirmText="Yes, revoke" pending={revoke.isPending} onConfirm={() => revoke.mutate({ id: k.id })} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryView>
    </section>
  );
}

function NewKey() {
  const create = useGraphQLMutation(SettingsCreateApiKey, ['SettingsApiKeys']);
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const scopes = data.getAll('scope').map(String);
    create.mutate(
      { input: { name: String(data.get('name') ?? '').trim(), scopes: scopes.length ? scopes : undefined } },
      {
        onSuccess: (r) => {
          form.reset();
          setShown({ name: r.createApiKey.name, key: r.createApiKey.key });
        },
      },
    );
  };
  if (shown) return <OneTimeSecret label={`New API key “${shown.name}”`} value={shown.key} onDone={() => setShown(null)} />;
  return (
    <form className="card stack new-key" aria-labelledby="new-key-title" onSubmit={submit}>
      <h3 id="new-key-title">Create a key</h3>
      <label>
        Key name
        <input name="name" required maxLength={100} autoComplete="off" />
      </label>
      <fieldset>
        <legend>Scopes (none ticked: everything)</legend>
        <div className="scope-grid">
          {SCOPE_GROUPS.map((g) => (
            <div key={g.area} role="group" aria-label={g.area}>
              <span className="scope-area" aria-hidden="true">
                {g.area}
              </span>
              {g.scopes.map((s) => (
                <label key={s} className="check">
                  <input type="checkbox" name="scope" value={s} /> {s}
                </label>
              ))}
            </div>
          ))}
        </div>
      </fieldset>
      <ErrorState error={create.error} />
      <div>
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </button>
      </div>
    </form>
  );
}
