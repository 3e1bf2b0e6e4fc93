// One endpoint's delivery log (webhookDeliveries), newest first, in cursor pages: "Older" follows the
// page's nextCursor, "Newer" steps back through the cursors already followed.
import { useState } from 'react';
import { useGraphQL, useGraphQLMutation } from '../../api/graphql';
import { graphql } from '../../gql';
import { count, dateTime } from '../../ui/format';
import { ErrorState, QueryView } from '../../ui/QueryView';

const SettingsWebhookDeliveries = graphql(`
  query SettingsWebhookDeliveries($id: ID!, $query: DeliveryQueryInput) {
    webhookDeliveries(id: $id, query: $query) {
      total
      nextCursor
      items {
        id
        event
        status
        attempts
        responseStatus
        error
        createdAt
        deliveredAt
        nextAttemptAt
      }
    }
  }
`);

const SettingsRetryDelivery = graphql(`
  mutation SettingsRetryDelivery($id: ID!) {
    retryWebhookDelivery(id: $id) {
      id
      status
    }
  }
`);

const PAGE = 20;
const STATUS_BADGE: Record<string, string> = { delivered: 'ok', pending: 'warn', failed: 'danger' };

export function DeliveryLog({ webhookId, url }: { webhookId: string; url: string }) {
  // The cursors of the pages before this one: [] on the first page.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const query = useGraphQL(SettingsWebhookDeliveries, { id: webhookId, query: { limit: PAGE, cursor } });
  const retry = useGraphQLMutation(SettingsRetryDelivery, ['SettingsWebhookDeliveries']);
  return (
    <div className="delivery-log">
      <div className="row">
        <h4 className="grow">Delivery log</h4>
        <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Refresh
        </button>
      </div>
      <ErrorState error={retry.error} />
      <QueryView query={query} what="deliveries" isEmpty={(d) => d.webhookDeliveries.items.length === 0} empty="No deliveries yet: events appear here once they are sent.">
        {(d) => (
          <>
            <table>
              <caption className="visually-hidden">Deliveries to {url}</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Attempts
                  </th>
                  <th scope="col">Response</th>
                  <th scope="col">Created</th>
                  <th scope="col">Delivered or next try</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {d.webhookDeliveries.items.map((x) => (
                  <tr key={x.id}>
                    <th scope="row">{x.event}</th>
                    <td>
                      <span className={`badge ${STATUS_BADGE[x.status] ?? ''}`}>{x.status}</span>
                    </td>
                    <td className="num">{count(x.attempts)}</td>
                    <td>
                      {x.responseStatus ?? 'no answer'}
                      {x.error ? <div className="muted small">{x.error}</div> : null}
                    </td>
                    <td>{dateTime(x.createdAt)}</td>
                    <td>{x.deliveredAt ? dateTime(x.deliveredAt) : x.nextAttemptAt ? `next try ${dateTime(x.nextAttemptAt)}` : '—'}</td>
                    <td>
                      {x.status !== 'delivered' ? (
                        <button
                          type="button"
                          onClick={() => retry.mutate({ id: x.id })}
                          disabled={retry.isPending}
                          aria-label={`Retry the ${x.event} delivery of ${dateTime(x.createdAt)}`}
                        >
                          Retry
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <nav className="pager" aria-label={`Delivery log pages of ${url}`}>
              <button type="button" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
                Newer
              </button>
              <span className="muted">
                {count(d.webhookDeliveries.total)} deliveries in all{cursors.length ? `, page ${cursors.length + 1}` : ''}
              </span>
              <button
                type="button"
                disabled={!d.webhookDeliveries.nextCursor}
                onClick={() => d.webhookDeliveries.nextCursor && setCursors([...cursors, d.webhookDeliveries.nextCursor])}
              >
                Older
              </button>
            </nav>
          </>
        )}
      </QueryView>
    </div>
  );
}
