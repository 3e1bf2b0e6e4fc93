// A campaign (decisions.md §14): its header (status, activate and pause, the sending status in words),
// then tabs for the steps with a live preview, the leads with CSV import, the settings it needs to send,
// and its stats with a chart. Each tab is a file of its own in this folder.
import { useState } from 'react';
import { Link } from 'wouter';
import { useGraphQL } from '../../api/graphql';
import { graphql } from '../../gql';
import { Page } from '../../ui/Page';
import { ErrorState, Loading } from '../../ui/QueryView';
import { CampaignHeader } from './CampaignHeader';
import { CampaignLeads } from './CampaignLeads';
import { CampaignSettings } from './CampaignSettings';
import { CampaignStatsTab } from './CampaignStatsTab';
import { CampaignSteps } from './CampaignSteps';
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
      unsubHeader
      mailboxIds
      mailboxTags
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
];

export default function CampaignPage({ id }: { id: string }) {
  const query = useGraphQL(CampaignView, { id });
  const [tab, setTab] = useState('steps');

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
  return (
    <Page title={campaign.name}>
      <CampaignHeader campaign={campaign} />
      <Tabs label="Campaign sections" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'steps' ? <CampaignSteps campaign={campaign} /> : null}
        {tab === 'leads' ? <CampaignLeads campaignId={campaign.id} /> : null}
        {tab === 'settings' ? <CampaignSettings campaign={campaign} /> : null}
        {tab === 'stats' ? <CampaignStatsTab campaignId={campaign.id} /> : null}
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
