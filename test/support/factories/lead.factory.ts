// Lead rows inserted through the ORM, for states the import API does not produce (emailed, replied…).
import type { RequiredEntityData } from '@mikro-orm/core';
import { authedContext } from '../../../src/runtime/context';
import type { RunningService } from '../../../src/service';
import { Lead } from '../../../src/modules/leads/lead.entity';

type Service = Pick<RunningService, 'deps'>;
type LeadFields = Partial<Omit<RequiredEntityData<Lead>, 'workspace' | 'campaign'>> & { email: string };

export async function createLeads(service: Service, workspaceId: string, campaignId: string, leads: LeadFields[]): Promise<Lead[]> {
  const em = authedContext(service.deps, { workspaceId, userId: null, role: 'owner', via: 'api_key' }).em;
  const rows = leads.map((fields) => em.create(Lead, { ...fields, workspace: workspaceId, campaign: campaignId }));
  await em.persistAndFlush(rows);
  return rows;
}
