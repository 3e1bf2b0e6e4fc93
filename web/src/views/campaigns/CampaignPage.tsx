// A campaign (decisions.md §14): its header (status, activate and pause, the sending status in words),
// then tabs for the steps with a live preview, the leads with CSV import, the settings it needs to send,
// its stats with a chart, and a top-level campaign's subsequences. Each tab is a file of its own in this folder.
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useGraphQL } from '../../api/graphql';
import { graphql } from '../../gql';
import { Page } from '../../ui/Page';
import { ErrorState, Loading } from '../../ui/QueryView';
import { CampaignHeader } from './CampaignHeader';
import { CampaignLeads } from './CampaignLeads';
import { CampaignSettings } from './CampaignSettings';
import { CampaignStatsTab } from './CampaignStatsTab';
import { CampaignSteps } from './CampaignSteps';
import { CampaignSubsequences } from './CampaignSubsequences';
import { tabForFix } from './status-words';
import { Tabs, type TabDef } from './Tabs';
import './campaigns.css';

const CampaignView = graphql(`
  query CampaignView($id: ID!) {
    campaign(id: $id) {
      id
      name
      status
      pausedReason
      dailyLimit
      days
      windowStart
      windowEnd
      windows {
        days
        start
        end
      }
      timezone
      startDate
      endDate
      maxNewLeadsPerDay
      unsubHeader
      mailboxIds
      mailboxTags
      sendingMailboxIds
      parentCampaignId
      trigger {
        interest
        replyContains
        completed
      }
      leadsPending
      steps {
        id
        position
        waitMinutes
        condition
        task {
          kind
          text
        }
        variants {
          subject
          body
          enabled
        }
      }
    }
  }
`);

const TABS: TabDef[] = [
  { id: 'steps', label: 'Steps' },
  { id: 'leads', label: 'Leads' },
  { id: 'settings', label: 'Settings' },
  { id: 'stats', label: 'Stats' },
  // A subsequence has no subsequences of its own (decisions.md §11): the tab is left out on its page.
  { id: 'subsequences', label: 'Subsequences' },
];

/** A fresh view per campaign id: the tab chosen and the forms' state belong to one campaign, and a link
 *  from a campaign to its subsequence (or back) keeps this component mounted under the same route. */
export default function CampaignPage({ id }: { id: string }) {
  return <CampaignScreen key={id} id={id} />;
}

function CampaignScreen({ id }: { id: string }) {
  const query = useGraphQL(CampaignView, { id });
  // A link to a control that fixes a reason or warning (fix-links.tsx) opens the control's tab.
  const search = useSearch();
  const [tab, setTab] = useState(() => tabForFix(search) ?? 'steps');
  useEffect(() => {
    const asked = tabForFix(search);
    if (asked) setTab(asked);
  }, [search]);

  if (query.isPending) return <Loading what="the campaign" />;
  if (query.isError) {
    // An id that is not a campaign of this workspace (or not an id at all) answers 404 not_found.
    if (query.error.code === 'not_found' || query.error.status === 404) return <NotFound />;
    return (
      <Page title="Campaign">
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </Page>
    );
  }
  const campaign = query.data.campaign;
  const tabs = campaign.parentCampaignId ? TABS.filter((t) => t.id !== 'subsequences') : TABS;
  return (
    <Page title={campaign.name}>
      <CampaignHeader campaign={campaign} />
      <Tabs label="Campaign sections" tabs={tabs} selected={tab} onSelect={setTab}>
        {tab === 'steps' ? <CampaignSteps campaign={campaign} /> : null}
        {tab === 'leads' ? <CampaignLeads campaignId={campaign.id} /> : null}
        {tab === 'settings' ? <CampaignSettings campaign={campaign} /> : null}
        {tab === 'stats' ? <CampaignStatsTab campaignId={campaign.id} /> : null}
        {tab === 'subsequences' && !campaign.parentCampaignId ? <CampaignSubsequences campaignId={campaign.id} /> : null}
      </Tabs>
    </Page>
  );
}

function NotFound() {
  return (
    <Page title="Campaign not found">
      <div className="empty">
        <p>There is no such campaign in this workspace: it may have been deleted, or the link is wrong.</p>
        <Link href="/campaigns">Back to the campaigns</Link>
      </div>
    </Page>
  );
}
