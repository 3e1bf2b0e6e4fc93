// Webhooks (decisions.md §8): endpoints with the kinds they receive, a form for a new one (URL, events,
// description; its signing secret shown once), a test event, deletion, and each endpoint's delivery log.
import { useState, type FormEvent } from 'react';
import { useGraphQL, useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import type { SettingsWebhooksQuery } from '../../gql/graphql';
import { dateTime } from '../../ui/format';
import { ErrorState, QueryView } from '../../ui/QueryView';
import { ConfirmButton } from './ConfirmButton';
import { DeliveryLog } from './DeliveryLog';
import { OneTimeSecret } from './OneTimeSecret';

const SettingsWebhooks = graphql(`
  query SettingsWebhooks {
    webhooks {
      id
      url
      description
      events
      enabled
      disabledAt
      createdAt
    }
    webhookEventKinds {
      kind
      description
    }
  }
`);

const SettingsCreateWebhook = graphql(`
  mutation SettingsCreateWebhook($input: CreateWebhookInput!) {
    createWebhook(input: $input) {
      id
      url
      secret
    }
  }
`);

const SettingsDeleteWebhook = graphql(`
  mutation SettingsDeleteWebhook($id: ID!) {
    deleteWebhook(id: $id) {
      deleted
    }
  }
`);

const SettingsTestWebhook = graphql(`
  mutation SettingsTestWebhook($id: ID!) {
    testWebhook(id: $id) {
      id
      status
    }
  }
`);

type Data = SettingsWebhooksQuery;
type Hook = Data['webhooks'][number];

export function WebhooksTab() {
  const query = useGraphQL(SettingsWebhooks);
  return (
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <QueryView query={query} what="webhooks">
        {(d) => (
          <>
            <NewWebhook kinds={d.webhookEventKinds} />
            {d.webhooks.length === 0 ? (
              <p className="empty">No webhooks yet: add one to have events POSTed to your service.</p>
            ) : (
              d.webhooks.map((h) => <WebhookCard key={h.id} hook={h} />)
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

function WebhookCard({ hook }: { hook: Hook }) {
  const [open, setOpen] = useState(false);
  const remove = useGraphQLMutation(SettingsDeleteWebhook, ['SettingsWebhooks']);
  const test = useGraphQLMutation(SettingsTestWebhook, ['SettingsWebhookDeliveries']);
  const logId = `log-${hook.id}`;
  return (
    <article className="card webhook" aria-label={`Webhook ${hook.url}`}>
      <div className="row webhook-head">
        <div className="grow">
          <h3 className="webhook-url">
            <code>{hook.url}</code>
          </h3>
          {hook.description ? <span className="muted"> · {hook.description}</span> : null}
          <div className="small">
            {hook.enabled ? (
              <span className="badge ok">enabled</span>
            ) : (
              <span className="badge danger">disabled {hook.disabledAt ? `since ${dateTime(hook.disabledAt)}` : ''}</span>
            )}{' '}
            {hook.events.length === 0 ? 'every event' : hook.events.join(', ')}
          </div>
        </div>
        <button type="button" onClick={() => test.mutate({ id: hook.id }, { onSuccess: () => setOpen(true) })} disabled={test.isPending}>
          {test.isPending ? 'Sending…' : 'Send test event'}
        </button>
        <button type="button" aria-expanded={open} aria-controls={logId} onClick={() => setOpen(!open)}>
          {open ? 'Hide delivery log' : 'Delivery log'}
        </button>
        <ConfirmButton label={`Delete webhook ${hook.url}`} text="Delete" confirmText="Yes, delete" pending={remove.isPending} onConfirm={() => remove.mutate({ id: hook.id })} />
      </div>
      <ErrorState error={test.error ?? remove.error} />
      <div id={logId}>{open ? <DeliveryLog webhookId={hook.id} url={hook.url} /> : null}</div>
    </article>
  );
}

function NewWebhook({ kinds }: { kinds: Data['webhookEventKinds'] }) {
  const create = useGraphQLMutation(SettingsCreateWebhook, ['SettingsWebhooks']);
  const [shown, setShown] = useState<{ url: string; secret: string } | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const events = data.getAll('event').map(String);
    const description = String(data.get('description') ?? '').trim();
    create.mutate(
      { input: { url: String(data.get('url') ?? '').trim(), events, description: description || undefined } },
      {
        onSuccess: (r) => {
          form.reset();
          setShown({ url: r.createWebhook.url, secret: r.createWebhook.secret });
        },
      },
    );
  };
  if (shown) return <OneTimeSecret label={`Signing secret of ${shown.url}`} value={shown.secret} onDone={() => setShown(null)} />;
  return (
    <form className="card stack new-webhook" aria-labelledby="new-webhook-title" onSubmit={submit}>
      <h3 id="new-webhook-title">Add a webhook</h3>
      <label>
        Endpoint URL
        <input name="url" type="url" required placeholder="https://example.com/hooks/outreach" />
      </label>
      <label>
        Description (optional)
        <input name="description" maxLength={200} />
      </label>
      <fieldset>
        <legend>Events (none ticked: every event)</legend>
        <div className="event-grid">
          {kinds.map((k) => (
            <label key={k.kind} className="check" title={k.description}>
              <input type="checkbox" name="event" value={k.kind} /> {k.kind}
            </label>
          ))}
        </div>
      </fieldset>
      <ErrorState error={create.error} />
      <div>
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add webhook'}
        </button>
      </div>
    </form>
  );
}
