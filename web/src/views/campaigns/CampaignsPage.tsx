// The campaigns list (decisions.md §14): each campaign's status, today's numbers and, when it is not
// sending, why not in the console's words (status-words.ts, from the reason codes) with a link to what
// fixes it. Three queries: the campaigns, today's analytics by campaign (one query for
// all of them), and the sending status of the rows on screen only (campaignSendingStatuses takes a page
// at once), so a workspace with hundreds of campaigns is listed as fast as one with ten.
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useGraphQL } from '../../api/graphql';
import { useSession } from '../../auth/session';
import { graphql } from '../../gql';
import type { CampaignsListQuery, CampaignsStatusesQuery } from '../../gql/graphql';
import { count, todayIn } from '../../ui/format';
import { Page } from '../../ui/Page';
import { QueryView } from '../../ui/QueryView';
import { TableHead } from '../../ui/TableHead';
import { WordedLine } from './fix-links';
import { NewCampaignForm } from './NewCampaignForm';
import { inWords, REASON_WORDS } from './status-words';
import './campaigns-list.css';

const CampaignsList = graphql(`
  query CampaignsList {
    campaigns {
      id
      name
      status
      pausedReason
      dailyLimit
      leadsPending
      tags
    }
  }
`);

const CampaignsToday = graphql(`
  query CampaignsToday($input: AnalyticsInput) {
    reportAnalytics(input: $input) {
      byCampaign {
        id
        sent
        replies
        bounces
      }
    }
  }
`);

const CampaignsStatuses = graphql(`
  query CampaignsStatuses($campaignIds: [ID!]!) {
    campaignSendingStatuses(campaignIds: $campaignIds) {
      campaignId
      sending
      sentToday
      dailyLimit
      reasons {
        code
        details
      }
    }
  }
`);

type Campaign = CampaignsListQuery['campaigns'][number];
type Status = CampaignsStatusesQuery['campaignSendingStatuses'][number];
const PAGE_SIZE = 50;
const STATUSES = ['all', 'active', 'paused', 'draft'] as const;

export function CampaignsPage() {
  const session = useSession();
  const list = useGraphQL(CampaignsList);
  const today = todayIn(session?.workspace.timezone ?? 'UTC');
  const numbers = useGraphQL(CampaignsToday, { input: { from: today, to: today } });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('all');
  const [page, setPage] = useState(0);

  const shown = useMemo(() => {
    const words = search.trim().toLowerCase();
    return (list.data?.campaigns ?? []).filter((c) => (status === 'all' || c.status === status) && (!words || c.name.toLowerCase().includes(words)));
  }, [list.data, search, status]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const rows = shown.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const statuses = useGraphQL(CampaignsStatuses, { campaignIds: rows.map((c) => c.id) }, { enabled: rows.length > 0, placeholderData: (previous) => previous });
  const statusById = new Map((statuses.data?.campaignSendingStatuses ?? []).map((s) => [s.campaignId, s]));
  const todayById = new Map((numbers.data?.reportAnalytics.byCampaign ?? []).map((r) => [r.id, r]));

  return (
    <Page title="Campaigns" actions={<NewCampaignForm />}>
      <QueryView
        query={list}
        what="campaigns"
        isEmpty={(d) => d.campaigns.length === 0}
        empty="No campaigns yet. Name your first one above: you will add its inboxes, steps and leads next."
      >
        {() => (
          <>
            <div className="filters" role="search" aria-label="Filter campaigns">
              <label>
                Search by name
                <input
                  type="search"
                  value={search}
                  onChange={(e) => {
                    setSearch(e.target.value);
                    setPage(0);
                  }}
                />
              </label>
              <label>
                Status
                <select
                  value={status}
                  onChange={(e) => {
                    setStatus(e.target.value as (typeof STATUSES)[number]);
                    setPage(0);
                  }}
                >
                  {STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {s === 'all' ? 'All statuses' : s}
                    </option>
                  ))}
                </select>
              </label>
              <p className="muted" aria-live="polite">
                {count(shown.length)} campaign{shown.length === 1 ? '' : 's'}
              </p>
            </div>
            {rows.length === 0 ? (
              <div className="empty">No campaign matches these filters.</div>
            ) : (
              <table className="campaigns-table">
                <caption className="visually-hidden">Campaigns with today&apos;s numbers ({today})</caption>
                <TableHead columns={['Campaign', 'Status', '#Sent today', '#Replies today', '#Bounces today', '#Leads not started', 'Sending']} />
                <tbody>
                  {rows.map((c) => (
                    <CampaignRow key={c.id} campaign={c} today={todayById.get(c.id)} status={statusById.get(c.id)} statusFailed={statuses.isError} />
                  ))}
                </tbody>
              </table>
            )}
            {pages > 1 ? (
              <nav className="pager" aria-label="Campaign pages">
                <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
                  Previous page
                </button>
                <span>
                  Page {page + 1} of {pages}
                </span>
                <button type="button" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
                  Next page
                </button>
              </nav>
            ) : null}
          </>
        )}
      </QueryView>
    </Page>
  );
}

function CampaignRow({
  campaign,
  today,
  status,
  statusFailed,
}: {
  campaign: Campaign;
  today?: { sent: number; replies: number; bounces: number };
  status?: Status;
  statusFailed: boolean;
}) {
  const pausedBy = campaign.pausedReason === 'bounce_protect' ? 'paused by bounce protection' : null;
  return (
    <tr>
      <td className="name">
        <Link href={`/campaigns/${campaign.id}`}>{campaign.name}</Link>
      </td>
      <td>
        <span className={`badge ${campaign.status}`}>{pausedBy ?? campaign.status}</span>
      </td>
      <td className="num">{status ? `${count(status.sentToday)} / ${count(status.dailyLimit)}` : count(today?.sent ?? 0)}</td>
      <td className="num">{count(today?.replies ?? 0)}</td>
      <td className="num">{count(today?.bounces ?? 0)}</td>
      <td className="num">{count(campaign.leadsPending)}</td>
      <td className="why">
        <Why campaign={campaign} status={status} failed={statusFailed} />
      </td>
    </tr>
  );
}

/** The first reason in words (the one the sender meets first); the others folded under it. */
function Why({ campaign, status, failed }: { campaign: Campaign; status?: Status; failed: boolean }) {
  if (!status) return <span>{failed ? 'Could not check' : 'Checking…'}</span>;
  if (status.sending) return <span className="sending">Sending</span>;
  const [first, ...more] = status.reasons;
  if (!first) return <span>Not sending</span>;
  const line = (r: Status['reasons'][number]) => (
    <WordedLine worded={inWords(REASON_WORDS, r.code, { campaign, details: r.details })} campaignId={campaign.id} about={campaign.name} />
  );
  return (
    <>
      <span>{line(first)}</span>
      {more.length ? (
        <details>
          <summary>
            {more.length} more reason{more.length === 1 ? '' : 's'}
          </summary>
          <ul>
            {more.map((r) => (
              <li key={r.code}>{line(r)}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}
