// The campaign as CampaignPage loads it (CampaignView), handed to each tab: one query, one shape.
import type { CampaignViewQuery } from '../../gql/graphql';

export type CampaignDetail = CampaignViewQuery['campaign'];
export type CampaignStep = CampaignDetail['steps'][number];
