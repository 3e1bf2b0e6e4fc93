// Rows for the step and template tests, inserted through the ORM: a draft campaign, a campaign that
// has started (first email sent, or a task closed on a task-first sequence), a read of its steps, and
// a raw template row.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Workspace } from '../../../src/modules/accounts/workspace.entity';
import { Campaign } from '../../../src/modules/campaigns/campaign.entity';
import { SequenceTemplate, type TemplateStep } from '../../../src/modules/steps/sequence-template.entity';
import { Step } from '../../../src/modules/steps/step.entity';

export async function createStepCampaign(orm: MikroORM, workspaceId: string, name = 'Step test campaign'): Promise<string> {
  const em = orm.em.fork();
  // Built with `new` rather than em.create: the `hasStarted` getter trips create()'s typing.
  const campaign = new Campaign();
  campaign.workspace = em.getReference(Workspace, workspaceId, { wrapped: true });
  campaign.name = name;
  campaign.timezone = 'UTC';
  await em.persistAndFlush(campaign);
  return campaign.id;
}

/** Marks the campaign as started the way the sender (firstSentAt) or the tasks module (firstTaskClosedAt) does. */
export async function startCampaign(orm: MikroORM, campaignId: string, how: 'sent' | 'task_closed' = 'sent'): Promise<void> {
  const change = how === 'sent' ? { firstSentAt: new Date() } : { firstTaskClosedAt: new Date() };
  await orm.em.fork().nativeUpdate(Campaign, { id: campaignId }, change, { filters: false });
}

/** The campaign's steps as stored, in position order. */
export async function storedSteps(orm: MikroORM, campaignId: string): Promise<Step[]> {
  return orm.em.fork().find(Step, { campaign: campaignId }, { orderBy: { position: 'asc' }, filters: false });
}

/** A template row written directly, for contents the API would not save (rules tightened since). */
export async function createTemplateRow(orm: MikroORM, workspaceId: string, name: string, steps: TemplateStep[]): Promise<string> {
  const em = orm.em.fork();
  const template = em.create(SequenceTemplate, { workspace: workspaceId, name, steps });
  await em.persistAndFlush(template);
  return template.id;
}
