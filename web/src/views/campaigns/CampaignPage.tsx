// Placeholder: the Campaign view is being built (issue 25).
import { Page } from '../../ui/Page';

export default function CampaignPage({ id }: { id: string }) {
  return <Page title="Campaign">{id}</Page>;
}
