// A top-level campaign's subsequences (decisions.md §11 "Subsequences"): each with its status, its trigger
// in words and the leads that joined it, linking to its own campaign page (a subsequence is a campaign:
// steps, schedule and settings are edited there); and the form that adds one.
import { useState } from 'react';
import { Link } from 'wouter';
import { useGraphQL } from '../../api/graphql';
import { graphql } from '../../gql';
import type { CampaignSubsequencesQuery } from '../../gql/graphql';
import { count } from '../../ui/format';
import { QueryView } from '../../ui/QueryView';
import { NewSubsequenceForm } from './NewSubsequenceForm';
import { triggerInWords } from './subsequence-trigger';
import './subsequences.css';

const CampaignSubsequencesDoc = graphql(`
  query CampaignSubsequences($campaignId: ID!) {
    subsequences(campaignId: $campaignId) {
      id
      name
      status
      trigger {
        interest
        replyContains
        completed
      }
    }
  }
`);

// limit 0: the total only. One small query per row; a campaign has a handful of subsequences.
const SubsequenceLeadCount = graphql(`
  query SubsequenceLeadCount($campaignId: ID!) {
    leads(campaignId: $campaignId, query: { limit: 0 }) {
      total
    }
  }
`);

type Subsequence = CampaignSubsequencesQuery['subsequences'][number];

export function CampaignSubsequences({ campaignId }: { campaignId: string }) {
  const query = useGraphQL(CampaignSubsequencesDoc, { campaignId });
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="subsequences-title" className="stack">
      <div className="row section-head">
        <h2 id="subsequences-title">Subsequences</h2>
        <span className="spacer" />
        {!adding ? (
          <button type="button" className="primary" onClick={() => setAdding(true)}>
            New subsequence
          </button>
        ) : null}
      </div>
      <p className="muted">A subsequence takes a lead out of this campaign when its trigger fires, and goes on in the same thread from the same inbox.</p>
      {adding ? <NewSubsequenceForm campaignId={campaignId} onClose={() => setAdding(false)} /> : null}
      <QueryView
        query={query}
        what="subsequences"
        isEmpty={(d) => d.subsequences.length === 0}
        empty="No subsequences yet: add one to follow up on interest, a word in a reply, or silence."
      >
        {(d) => <SubsequenceTable subsequences={d.subsequences} />}
      </QueryView>
    </section>
  );
}

function SubsequenceTable({ subsequences }: { subsequences: Subsequence[] }) {
  return (
    <table className="subsequences">
      <caption className="visually-hidden">Subsequences of this campaign</caption>
      <thead>
        <tr>
          <th scope="col">Subsequence</th>
          <th scope="col">Status</th>
          <th scope="col">Starts</th>
          <th scope="col" className="num">
            Leads
          </th>
        </tr>
      </thead>
      <tbody>
        {subsequences.map((s) => (
          <tr key={s.id}>
            <th scope="row">
              <Link href={`/campaigns/${s.id}`}>{s.name}</Link>
            </th>
            <td>
              <span className={`badge ${s.status}`}>{s.status}</span>
            </td>
            <td>{s.trigger ? triggerInWords(s.trigger) : '—'}</td>
            <td className="num">
              <LeadCount campaignId={s.id} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LeadCount({ campaignId }: { campaignId: string }) {
  const query = useGraphQL(SubsequenceLeadCount, { campaignId });
  if (query.isPending) return <span className="muted">…</span>;
  if (query.isError) return <span title={query.error.message}>—</span>;
  return <>{count(query.data.leads.total)}</>;
}
