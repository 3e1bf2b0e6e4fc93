// The campaign's leads (decisions.md §14): a table with a status filter and an address search, cursor
// pages (nextCursor, decisions.md §12) of a chosen size, and the CSV import above it.
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useGraphQL } from '../../api/graphql';
import { graphql } from '../../gql';
import { ago, count, dateTime } from '../../ui/format';
import { ErrorState, Loading } from '../../ui/QueryView';
import { useFixTarget } from './fix-links';
import { LeadImport } from './LeadImport';
import { useDebounced } from './useDebounced';

const CampaignLeadsPage = graphql(`
  query CampaignLeadsPage($campaignId: ID!, $query: LeadQueryInput) {
    leads(campaignId: $campaignId, query: $query) {
      total
      nextCursor
      items {
        id
        email
        status
        interest
        currentStep
        nextDueAt
        createdAt
        stopReason
      }
    }
  }
`);

// The lead statuses the filter takes (LEAD_STATUSES, src/modules/leads/leads.inputs.ts).
const STATUSES = ['pending', 'active', 'paused', 'completed', 'replied', 'unsubscribed', 'bounced', 'stopped'];
const PAGE_SIZES = [25, 50, 100];

export function CampaignLeads({ campaignId }: { campaignId: string }) {
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [limit, setLimit] = useState(25);
  // The cursors of the pages before this one, so Previous goes back without offsets.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const q = useDebounced(search.trim(), 300);
  const cursor = cursors[cursors.length - 1] ?? null;
  const query = useGraphQL(CampaignLeadsPage, { campaignId, query: { status: status || null, q: q || null, limit, cursor } }, { placeholderData: keepPreviousData });
  const firstPage = () => setCursors([null]);
  const filtered = Boolean(status || q);
  const leadsRef = useFixTarget('leads');

  return (
    <>
      <LeadImport campaignId={campaignId} />
      <section aria-labelledby="leads-heading" ref={leadsRef} tabIndex={-1}>
        <h2 id="leads-heading">Leads</h2>
        <div className="filters" role="search" aria-label="Filter leads">
          <label>
            Status
            <select
              value={status}
              onChange={(e) => {
                setStatus(e.target.value);
                firstPage();
              }}
            >
              <option value="">Any status</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          <label>
            Search addresses
            <input
              type="search"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                firstPage();
              }}
              placeholder="part of an address"
            />
          </label>
          <label>
            Per page
            <select
              value={limit}
              onChange={(e) => {
                setLimit(Number(e.target.value));
                firstPage();
              }}
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </div>
        {query.isPending ? (
          <Loading what="leads" />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.leads.total === 0 ? (
          <div className="empty">
            {filtered ? 'No leads match these filters.' : 'No leads yet. Import a CSV with an email column above, or add them through the API (POST /api/campaigns/:id/leads).'}
          </div>
        ) : (
          <>
            <table aria-busy={query.isFetching} aria-describedby="leads-range">
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Step
                  </th>
                  <th scope="col">Next email</th>
                  <th scope="col">Added</th>
                </tr>
              </thead>
              <tbody>
                {query.data.leads.items.map((l) => (
                  <tr key={l.id}>
                    <td>{l.email}</td>
                    <td>
                      <span className={`badge lead-${l.status}`}>{l.status}</span>
                      {l.interest ? <span className="badge">{l.interest.replace(/_/g, ' ')}</span> : null}
                      {l.stopReason ? <span className="muted"> {l.stopReason.replace(/_/g, ' ')}</span> : null}
                    </td>
                    <td className="num">{l.currentStep}</td>
                    <td>{dateTime(l.nextDueAt)}</td>
                    <td title={dateTime(l.createdAt)}>{ago(l.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <nav className="pager" aria-label="Lead pages">
              <button type="button" onClick={() => setCursors((c) => c.slice(0, -1))} disabled={cursors.length === 1 || query.isFetching}>
                Previous page
              </button>
              <span id="leads-range" role="status">
                Leads {count((cursors.length - 1) * limit + 1)}–{count((cursors.length - 1) * limit + query.data.leads.items.length)} of {count(query.data.leads.total)}
              </span>
              <button
                type="button"
                onClick={() => {
                  const next = query.data.leads.nextCursor;
                  if (next) setCursors((c) => [...c, next]);
                }}
                disabled={!query.data.leads.nextCursor || query.isFetching}
              >
                Next page
              </button>
            </nav>
          </>
        )}
      </section>
    </>
  );
}
