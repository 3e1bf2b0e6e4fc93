// An untracked reply (decisions.md §11: it answers this inbox's mail but matched no send or lead) is tied
// to its lead here: search the workspace's leads, pick one; the service applies the effects of a reply
// from that lead, once (linkReply). The lead brings its campaign with it.
import { useDeferredValue, useState } from 'react';
import { useGraphQL, useGraphQLMutation } from '../../api/graphql';
import { ErrorState, Loading } from '../../ui/QueryView';
import { UniboxLeadSearch, UniboxLinkReply } from './operations';

export function LinkLead({ replyId, fromEmail }: { replyId: string; fromEmail: string }) {
  // The sender's domain is a good first search: the lead is often a colleague of whoever wrote.
  const [q, setQ] = useState(fromEmail.split('@')[1] ?? '');
  const term = useDeferredValue(q.trim());
  const search = useGraphQL(UniboxLeadSearch, { q: term }, { enabled: term.length >= 2 });
  const link = useGraphQLMutation(UniboxLinkReply, ['UniboxReply', 'UniboxReplies']);

  return (
    <section className="card unibox-link" aria-labelledby="unibox-link-title">
      <h3 id="unibox-link-title">Link to a lead</h3>
      <p className="muted">This reply matched none of our emails or leads. Tie it to the lead it is about; it then counts as that lead's reply.</p>
      <label>
        Find a lead by address or company
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      {term.length < 2 ? (
        <p className="muted">Type at least 2 characters.</p>
      ) : search.isPending ? (
        <Loading what="leads" />
      ) : search.isError ? (
        <ErrorState error={search.error} onRetry={() => void search.refetch()} />
      ) : search.data.searchLeads.length === 0 ? (
        <p className="muted">No lead matches “{term}”.</p>
      ) : (
        <ul className="unibox-leads">
          {search.data.searchLeads.map((l) => (
            <li key={l.id}>
              <button type="button" disabled={link.isPending} onClick={() => link.mutate({ id: replyId, leadId: l.id })}>
                Link to {l.email}
              </button>{' '}
              <span className="muted">{l.campaign}</span>
            </li>
          ))}
        </ul>
      )}
      <ErrorState error={link.error} />
    </section>
  );
}
