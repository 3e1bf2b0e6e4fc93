// POST /leads/one-off (api.md Leads rule 3): the lead to send a one-off email to. An address already a
// lead of the workspace comes back as that lead; a new one is added to the workspace's One-off campaign
// (a draft with no steps, so it never runs a sequence). The import rules hold: a blocklisted address or
// domain is refused, as is an address that unsubscribed or bounced as any lead; a duplicate is the
// existing lead; an address in another campaign or contacted recently is, by definition, already a lead.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { AuthedCtx } from '../../runtime/context';
import { domainOf, normalizeEmail } from '../../contracts/email-address';
import { AppError } from '../../contracts/errors';
import { Workspace } from '../accounts/workspace.entity';
import { BlocklistEntry } from '../blocklist/blocklist-entry.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Lead } from '../leads/lead.entity';
import type { OneOffLeadInput } from './one-offs.inputs';

export const ONE_OFF_CAMPAIGN_NAME = 'One-off';

/** The workspace's One-off campaign, created on first use. The unique index on (workspace) where
 *  one_off settles two first uses at once: the loser reads the winner's. */
async function oneOffCampaign(ctx: AuthedCtx): Promise<Campaign> {
  const existing = await ctx.em.findOne(Campaign, { oneOff: true });
  if (existing) return existing;
  const em = ctx.em.fork();
  const workspace = await em.findOneOrFail(Workspace, ctx.actor.workspaceId);
  const campaign = em.create(Campaign, { workspace, name: ONE_OFF_CAMPAIGN_NAME, timezone: workspace.timezone, oneOff: true });
  try {
    await em.persistAndFlush(campaign);
  } catch (err) {
    if (!(err instanceof UniqueConstraintViolationException)) throw err;
  }
  return ctx.em.findOneOrFail(Campaign, { oneOff: true });
}

/** Why the address may not be written to, or null. */
async function refusal(ctx: AuthedCtx, email: string) {
  const blocked = await ctx.em.findOne(BlocklistEntry, { email: { $in: [email, domainOf(email)] } });
  if (blocked) {
    const what = blocked.email === email ? 'This address' : `The domain ${blocked.email}`;
    return new AppError('blocklisted', `${what} is on the blocklist, so it is never contacted; remove it from the blocklist first.`);
  }
  const ended = await ctx.em.findOne(Lead, {
    email,
    $or: [{ status: { $in: ['unsubscribed', 'bounced'] } }, { stopReason: { $in: ['unsubscribed', 'bounced'] } }],
  });
  if (ended) {
    const unsubscribed = ended.status === 'unsubscribed' || ended.stopReason === 'unsubscribed';
    return unsubscribed
      ? new AppError('unsubscribed', 'This address unsubscribed, so it is never emailed again.')
      : new AppError('bounced', 'Mail to this address bounced, so it is not emailed again.');
  }
  return null;
}

const firstLeadOf = (ctx: AuthedCtx, email: string) => ctx.em.findOne(Lead, { email }, { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });

export async function createOneOffLead(ctx: AuthedCtx, input: OneOffLeadInput): Promise<{ leadId: string; created: boolean }> {
  const email = normalizeEmail(input.email);
  const refused = await refusal(ctx, email);
  if (refused) throw refused;
  // The earliest lead when the address is in several campaigns, so repeated calls agree.
  const existing = await firstLeadOf(ctx, email);
  if (existing) return { leadId: existing.id, created: false };

  const campaign = await oneOffCampaign(ctx);
  const em = ctx.em.fork();
  const lead = em.create(Lead, { workspace: ctx.actor.workspaceId, campaign: campaign.id, email });
  try {
    await em.persistAndFlush(lead);
  } catch (err) {
    // The same address sent twice at once: the unique (campaign, email) index keeps one lead.
    if (!(err instanceof UniqueConstraintViolationException)) throw err;
    return { leadId: (await firstLeadOf(ctx, email))!.id, created: false };
  }
  return { leadId: lead.id, created: true };
}
