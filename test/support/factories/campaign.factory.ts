// Campaign rows and their steps inserted through the ORM, for states the API does not reach (a
// campaign that has sent) or reaches through another area (steps).
import type { RequiredEntityData } from '@mikro-orm/core';
import { authedContext } from '../../../src/runtime/context';
import type { RunningService } from '../../../src/service';
import { Workspace } from '../../../src/modules/accounts/workspace.entity';
import { Campaign } from '../../../src/modules/campaigns/campaign.entity';
import { Step } from '../../../src/modules/steps/step.entity';

type Service = Pick<RunningService, 'deps'>;

const emFor = (service: Service, workspaceId: string) => authedContext(service.deps, { workspaceId, userId: null, role: 'owner', via: 'api_key' }).em;

/** createCampaign's fields for an active campaign that may send at any hour of any day (UTC): for tests
 *  whose clock is wherever the wall clock puts it. */
export const SENDS_ANY_HOUR: Partial<Omit<RequiredEntityData<Campaign>, 'workspace'>> = {
  status: 'active',
  timezone: 'UTC',
  days: [0, 1, 2, 3, 4, 5, 6],
  windowStart: '00:00',
  windowEnd: '24:00',
};

/** A draft campaign in the workspace's timezone with the entity defaults, unless overridden. */
export async function createCampaign(service: Service, workspaceId: string, overrides: Partial<Omit<RequiredEntityData<Campaign>, 'workspace'>> = {}): Promise<Campaign> {
  const em = emFor(service, workspaceId);
  const workspace = await em.findOneOrFail(Workspace, workspaceId);
  const campaign = em.create(Campaign, { name: 'Factory campaign', timezone: workspace.timezone, ...overrides, workspace });
  await em.persistAndFlush(campaign);
  return campaign;
}

/** Records a first send the way the sending engine does; from then on the campaign cannot be deleted. */
export async function markCampaignSent(service: Service, workspaceId: string, campaignId: string, at = new Date()): Promise<void> {
  await emFor(service, workspaceId).nativeUpdate(Campaign, { id: campaignId }, { firstSentAt: at });
}

/** Appends an email step (one enabled variant) unless `fields` say otherwise. */
export async function addStep(service: Service, workspaceId: string, campaignId: string, fields: Partial<Omit<RequiredEntityData<Step>, 'campaign'>> = {}): Promise<Step> {
  const em = emFor(service, workspaceId);
  const campaign = await em.findOneOrFail(Campaign, campaignId);
  const position = fields.position ?? (await em.count(Step, { campaign })) + 1;
  const step = em.create(Step, {
    position,
    waitMinutes: position === 1 ? 0 : 1440,
    variants: [{ subject: `Subject ${position}`, body: `Hello {{firstName|there}}, step ${position}.`, enabled: true }],
    ...fields,
    campaign,
  });
  await em.persistAndFlush(step);
  return step;
}
