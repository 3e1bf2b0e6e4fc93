// Campaigns: create, read, change settings, launch and pause, duplicate, delete (api.md Campaigns).
import { LockMode, raw, type EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { AppError } from '../../contracts/errors';
import { normalizeEmail } from '../../contracts/email-address';
import { canonicalZone } from '../../contracts/validation/rules';
import { Workspace } from '../accounts/workspace.entity';
import { Inbox } from '../inboxes/inbox.entity';
import { Lead } from '../leads/lead.entity';
import { checkBounceProtect } from '../sending/engine/bounce-protect';
import { Step } from '../steps/step.entity';
import { stepView } from '../steps/step.types';
import { Campaign, type SendWindow } from './campaign.entity';
import { campaignView } from './campaign.view';
import { MAX_NAME_LENGTH, type CreateCampaignInput, type UpdateCampaignInput } from './campaigns.inputs';
import type { CampaignWarningView } from './campaigns.types';
import { LAUNCH_CHECKS, LAUNCH_WARNINGS } from './launch-check';
import { sendingInboxes } from './sender-pool';
import { checkTimeRange, checkWindows, hasSendingDay, normalizeDays, sendingDays, type ScheduleError } from './schedule';

const COPY_SUFFIX = ' (copy)';

/** The settings a duplicate takes over: everything of api.md's campaign object except identity,
 *  name, status and creation time. */
const SETTINGS = [
  'timezone',
  'days',
  'windowStart',
  'windowEnd',
  'windows',
  'leadTimezone',
  'dailyLimit',
  'maxNewLeadsPerDay',
  'prioritizeNew',
  'skipRisky',
  'dealValue',
  'stopOnReply',
  'stopOnAutoReply',
  'openTracking',
  'clickTracking',
  'unsubHeader',
  'textOnly',
  'companyReplyStop',
  'providerMatching',
  'bounceProtect',
  'abWinnerMetric',
  'abOptimizeAfter',
  'cc',
  'bcc',
  'tags',
  'mailboxTags',
  'startDate',
  'endDate',
] as const satisfies readonly (keyof Campaign)[];

/** The settings a campaign takes from another (SETTINGS), copied so nothing is shared: a duplicate's,
 *  and a new subsequence's from its parent (decisions.md §11). A setting added to SETTINGS reaches both. */
export function copiedSettings(source: Campaign): Pick<Campaign, (typeof SETTINGS)[number]> {
  return Object.fromEntries(SETTINGS.map((key) => [key, structuredClone(source[key])])) as Pick<Campaign, (typeof SETTINGS)[number]>;
}

/** The inboxes a campaign sends from that still exist: what a duplicate or a subsequence starts with. */
export const startingInboxes = (campaign: Campaign): Promise<Inbox[]> => liveInboxes(campaign);

/** How many leads of each campaign are still pending (no first email yet); 0 for a campaign without.
 *  One grouped count over the (campaign_id, status) index; the em's workspace filter scopes it. */
export async function pendingLeadCounts(em: EntityManager, campaignIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(campaignIds.map((id) => [id, 0]));
  if (!campaignIds.length) return counts;
  const rows = await em
    .createQueryBuilder(Lead, 'l')
    .select(['l.campaign_id', raw('count(*)::int as n')])
    .where({ campaign: { $in: [...campaignIds] }, status: 'pending' })
    .groupBy('l.campaign_id')
    .execute<{ campaign_id: string; n: number }[]>('all', false);
  for (const row of rows) counts.set(row.campaign_id, row.n);
  return counts;
}

const scheduleRefusal = (e: ScheduleError) =>
  e.code === 'no_windows' ? new AppError('validation_failed', e.message, { fields: { windows: [e.message] } }) : new AppError(e.code, e.message, e.details);

const loadCampaign = (ctx: AuthedCtx, id: string) => findOr404(ctx.em, Campaign, id, 'Campaign');

/** The campaign's inboxes that still exist (a deleted inbox stays linked but is out of the pool). */
async function liveInboxes(campaign: Campaign): Promise<Inbox[]> {
  const inboxes = await campaign.inboxes.loadItems({ orderBy: { createdAt: 'asc', id: 'asc' } });
  return inboxes.filter((i) => i.deletedAt === null);
}

const loadSteps = (ctx: AuthedCtx, campaign: Campaign) => ctx.em.find(Step, { campaign }, { orderBy: { position: 'asc' } });

export async function createCampaign(ctx: AuthedCtx, input: CreateCampaignInput) {
  const workspace = await ctx.em.findOneOrFail(Workspace, ctx.actor.workspaceId);
  // Every other setting takes the entity defaults, which are api.md's creation defaults.
  const campaign = ctx.em.create(Campaign, { workspace, name: input.name.trim(), timezone: workspace.timezone });
  await ctx.em.persistAndFlush(campaign);
  return campaignView(campaign);
}

/** GET /campaigns: the top-level campaigns; a subsequence is listed under its parent (GET
 *  /campaigns/:id/subsequences, decisions.md §11). */
export async function listCampaigns(ctx: AuthedCtx) {
  const campaigns = await ctx.em.find(Campaign, { parentCampaign: null }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const pending = await pendingLeadCounts(
    ctx.em,
    campaigns.map((c) => c.id),
  );
  return campaigns.map((c) => ({ ...campaignView(c), leadsPending: pending.get(c.id) ?? 0 }));
}

export async function getCampaign(ctx: AuthedCtx, id: string) {
  const campaign = await loadCampaign(ctx, id);
  const [steps, inboxes, pool] = await Promise.all([loadSteps(ctx, campaign), liveInboxes(campaign), sendingInboxes(ctx.em, campaign)]);
  return { ...campaignView(campaign), steps: steps.map(stepView), mailboxIds: inboxes.map((i) => i.id), sendingMailboxIds: pool.map((i) => i.id) };
}

/** For GraphQL field resolvers on a campaign already returned to this caller. */
export async function campaignSteps(ctx: AuthedCtx, id: string) {
  return (await loadSteps(ctx, await loadCampaign(ctx, id))).map(stepView);
}
export async function campaignMailboxIds(ctx: AuthedCtx, id: string) {
  return (await liveInboxes(await loadCampaign(ctx, id))).map((i) => i.id);
}
/** decisions.md §11 Sender pools: mailbox_ids plus the inboxes carrying one of mailbox_tags. */
export async function campaignSendingMailboxIds(ctx: AuthedCtx, id: string) {
  return (await sendingInboxes(ctx.em, await loadCampaign(ctx, id))).map((i) => i.id);
}
export async function campaignLeadsPending(ctx: AuthedCtx, id: string) {
  return (await pendingLeadCounts(ctx.em, [id])).get(id) ?? 0;
}

const sameDays = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((d, i) => d === b[i]);

/** Applies the schedule part of a PATCH: days and hours, or the windows that replace them. */
function applySchedule(campaign: Campaign, input: UpdateCampaignInput) {
  const windows: SendWindow[] | null | undefined =
    input.windows === undefined ? undefined : input.windows === null ? null : input.windows.map((w) => ({ days: normalizeDays(w.days), start: w.start, end: w.end }));
  const days = input.days === undefined ? undefined : normalizeDays(input.days);

  if (windows) {
    const problem = checkWindows(windows);
    if (problem) throw scheduleRefusal(problem);
  }
  // Windows replace days and hours until set back to null (api.md Campaigns rule 3), so while they
  // are set, stored or sent in this request, days and hours cannot change. Sending the stored value
  // back is not a change (a client may PATCH the whole object it read).
  const windowsSet = windows === undefined ? campaign.windows !== null : windows !== null;
  if (windowsSet) {
    const changed = [
      days !== undefined && !sameDays(days, campaign.days) && 'days',
      input.windowStart !== undefined && input.windowStart !== campaign.windowStart && 'window_start',
      input.windowEnd !== undefined && input.windowEnd !== campaign.windowEnd && 'window_end',
    ].filter((f): f is string => typeof f === 'string');
    if (changed.length) {
      throw new AppError(
        'windows_set',
        `${changed.join(', ')} cannot change while windows are set; send windows: null first (or in the same request) to go back to days and hours.`,
        { fields: changed },
      );
    }
  }

  const start = input.windowStart ?? campaign.windowStart;
  const end = input.windowEnd ?? campaign.windowEnd;
  if (input.windowStart !== undefined || input.windowEnd !== undefined) {
    const problem = checkTimeRange(start, end);
    if (problem) throw scheduleRefusal(problem);
  }
  if (windows !== undefined) campaign.windows = windows;
  if (days !== undefined) campaign.days = days;
  campaign.windowStart = start;
  campaign.windowEnd = end;
}

async function applyMailboxes(ctx: AuthedCtx, campaign: Campaign, mailboxIds: string[]) {
  const ids = [...new Set(mailboxIds.map((id) => id.toLowerCase()))];
  // Workspace and not-deleted filters apply: another workspace's inbox is as unknown as a made-up id.
  const inboxes = ids.length ? await ctx.em.find(Inbox, { id: { $in: ids } }) : [];
  const found = new Set(inboxes.map((i) => i.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) {
    // 400, not 404: the campaign in the path exists; what is wrong is a reference in the body.
    throw new AppError('unknown_mailbox', `No inbox with id ${missing[0]} in this workspace; list them with GET /mailboxes.`, { mailbox_ids: missing });
  }
  // decisions.md §16: a seed never sends.
  const seeds = inboxes.filter((i) => i.purpose === 'seed').map((i) => i.id);
  if (seeds.length) throw new AppError('mailbox_is_seed', `The inbox ${seeds[0]} is a seed: it never sends, so it cannot send for a campaign.`, { mailbox_ids: seeds });
  await campaign.inboxes.init();
  campaign.inboxes.set(inboxes);
}

export async function updateCampaign(ctx: AuthedCtx, id: string, input: UpdateCampaignInput) {
  const campaign = await loadCampaign(ctx, id);
  // Launch needs the header on (api.md Campaigns rule 5); turning it off mid-run would sidestep that.
  if (input.unsubHeader === false && campaign.status === 'active') {
    throw new AppError('campaign_active', 'An active campaign must send the one-click unsubscribe header; pause the campaign before turning unsub_header off.');
  }
  applySchedule(campaign, input);

  const startDate = input.startDate === undefined ? campaign.startDate : input.startDate;
  const endDate = input.endDate === undefined ? campaign.endDate : input.endDate;
  if (startDate && endDate && endDate < startDate) {
    throw new AppError('end_before_start', `end_date ${endDate} is before start_date ${startDate}.`, { start_date: startDate, end_date: endDate });
  }
  campaign.startDate = startDate;
  campaign.endDate = endDate;

  if (input.name !== undefined) campaign.name = input.name.trim();
  if (input.timezone !== undefined) campaign.timezone = canonicalZone(input.timezone);
  if (input.cc !== undefined) campaign.cc = input.cc === null ? null : normalizeEmail(input.cc);
  if (input.bcc !== undefined) campaign.bcc = input.bcc === null ? null : normalizeEmail(input.bcc);
  if (input.tags !== undefined) campaign.tags = [...new Set(input.tags.map((t) => t.trim()))];
  // Stored as inbox tags are (trimmed, once each), so a tag matches the inboxes' by its exact text.
  if (input.mailboxTags !== undefined) campaign.mailboxTags = [...new Set(input.mailboxTags.map((t) => t.trim()))];
  const plain = [
    'leadTimezone',
    'dailyLimit',
    'maxNewLeadsPerDay',
    'prioritizeNew',
    'skipRisky',
    'dealValue',
    'stopOnReply',
    'stopOnAutoReply',
    'openTracking',
    'clickTracking',
    'unsubHeader',
    'textOnly',
    'companyReplyStop',
    'providerMatching',
    'bounceProtect',
    'abWinnerMetric',
    'abOptimizeAfter',
  ] as const;
  const protecting = input.bounceProtect === true && !campaign.bounceProtect;
  for (const key of plain) {
    if (input[key] !== undefined) (campaign as unknown as Record<string, unknown>)[key] = input[key];
  }
  if (input.mailboxIds !== undefined) await applyMailboxes(ctx, campaign, input.mailboxIds);
  await ctx.em.flush();
  // decisions.md §11: protection turned on for a running campaign judges it at once, on the emails
  // counted since its activation, as the next bounce would.
  if (protecting && campaign.status === 'active') {
    const paused = await ctx.em.transactional((em) => checkBounceProtect(em, [campaign.id], ctx.deps.clock.now()));
    if (paused.length) await ctx.em.refresh(campaign);
  }
  return campaignView(campaign);
}

/** The codes of the warnings launch gives itself (other areas add theirs: LAUNCH_WARNINGS); clients that
 *  word them (the console) read this list. */
export const LAUNCH_WARNING_CODES = ['inbox_paused', 'inbox_bounce_stopped', 'inbox_reconnect_needed', 'after_end', 'no_sending_days'] as const;
type LaunchWarning = CampaignWarningView & { code: (typeof LAUNCH_WARNING_CODES)[number] };

/** Non-blocking notes shown at launch: things that will hold sending back. */
async function launchWarnings(ctx: AuthedCtx, campaign: Campaign, inboxes: Inbox[]): Promise<CampaignWarningView[]> {
  const warnings: LaunchWarning[] = [];
  for (const inbox of inboxes) {
    if (inbox.status === 'paused') warnings.push({ code: 'inbox_paused', text: `${inbox.email} is paused and sends nothing until it is resumed.` });
    if (inbox.status === 'bounce_stopped')
      warnings.push({ code: 'inbox_bounce_stopped', text: `${inbox.email} was stopped for its bounce rate and sends nothing until it passes the connection test.` });
    if (inbox.status === 'reconnect_needed')
      warnings.push({ code: 'inbox_reconnect_needed', text: `${inbox.email} lost its sign-in with its provider and sends nothing until it is connected again.` });
  }
  const today = DateTime.fromJSDate(ctx.deps.clock.now()).setZone(campaign.timezone).toISODate()!;
  const { startDate, endDate } = campaign;
  if (endDate && endDate < today) {
    warnings.push({ code: 'after_end', text: `The end date ${endDate} has passed, so nothing will be sent; move or clear end_date.` });
  } else if (endDate && !hasSendingDay(sendingDays(campaign), startDate && startDate > today ? startDate : today, endDate)) {
    warnings.push({
      code: 'no_sending_days',
      text: `No sending day of the schedule falls between now and the end date ${endDate}, so nothing will be sent; change the days or end_date.`,
    });
  }
  return warnings;
}

/** draft or paused → active. Activating an active campaign runs the same checks and answers the same
 *  way (idempotent): a retried request must not fail because the first one went through. */
export async function activateCampaign(ctx: AuthedCtx, id: string) {
  const campaign = await loadCampaign(ctx, id);
  // decisions.md §11 Sender pools: the checks see every inbox it would send from, tagged ones included.
  const [steps, inboxes] = await Promise.all([ctx.em.count(Step, { campaign }), sendingInboxes(ctx.em, campaign)]);
  if (steps === 0) throw new AppError('no_steps', 'Add at least one step (PUT /campaigns/:id/steps) before activating.');
  if (inboxes.length === 0) {
    throw new AppError('no_inbox', 'Add at least one inbox (PATCH mailbox_ids, or mailbox_tags naming a tag of your inboxes) before activating.');
  }
  if (!campaign.unsubHeader) throw new AppError('unsub_header_off', 'Turn the one-click unsubscribe header on (unsub_header: true) before activating.');
  for (const check of ctx.deps.extensions.of(LAUNCH_CHECKS)) {
    const refusal = await check(ctx, campaign);
    if (refusal) throw refusal;
  }
  const warnings = await launchWarnings(ctx, campaign, inboxes);
  // Other areas' notes (copy check, diagnosis): a code warned about above is not repeated.
  const builtIn = new Set(warnings.map((w) => w.code));
  for (const source of ctx.deps.extensions.of(LAUNCH_WARNINGS)) {
    for (const w of await source(ctx, campaign)) if (!builtIn.has(w.code)) warnings.push({ code: w.code, text: w.text });
  }
  if (campaign.status !== 'active') {
    // decisions.md §11: activating again starts a fresh count for bounce protection (only emails sent
    // from now on), and whatever paused it is over.
    campaign.bounceCountFrom = ctx.deps.clock.now();
    campaign.pausedReason = null;
  }
  campaign.status = 'active';
  await ctx.em.flush();
  return { status: campaign.status, warnings };
}

/** active → paused (by hand: no pausedReason); pausing a paused campaign changes nothing and answers the
 *  same (one that paused itself keeps its reason). */
export async function pauseCampaign(ctx: AuthedCtx, id: string) {
  const campaign = await loadCampaign(ctx, id);
  if (campaign.status === 'draft') throw new AppError('campaign_is_draft', 'This campaign has never been activated, so there is nothing to pause.');
  if (campaign.status === 'active') campaign.pausedReason = null;
  campaign.status = 'paused';
  await ctx.em.flush();
  return { status: campaign.status };
}

/** A new draft with the same settings, steps (new ids) and live inboxes; never its leads or history. */
export async function duplicateCampaign(ctx: AuthedCtx, id: string) {
  const source = await loadCampaign(ctx, id);
  const [steps, inboxes] = await Promise.all([loadSteps(ctx, source), liveInboxes(source)]);
  const copy = ctx.em.create(Campaign, {
    ...copiedSettings(source),
    workspace: source.workspace,
    // A subsequence's copy is another subsequence of the same parent, with the same trigger (a draft, so
    // it moves no lead until it is activated).
    parentCampaign: source.parentCampaign,
    trigger: structuredClone(source.trigger),
    // Repeated copies would grow the name without end: keep it within the name limit (counted in
    // characters, as the limit is, so no emoji is cut in half).
    name:
      Array.from(source.name)
        .slice(0, MAX_NAME_LENGTH - COPY_SUFFIX.length)
        .join('') + COPY_SUFFIX,
  });
  copy.inboxes.set(inboxes);
  for (const step of steps) {
    ctx.em.create(Step, {
      campaign: copy,
      position: step.position,
      waitMinutes: step.waitMinutes,
      variants: step.variants.map((v) => ({ ...v })),
      task: step.task ? { ...step.task } : null,
      condition: step.condition,
    });
  }
  await ctx.em.flush();
  return campaignView(copy);
}

/** Removes the campaign with its steps (and leads, by cascade), and a top-level campaign its
 *  subsequences with theirs (decisions.md §11: they only ever take its leads). Once it, or one of its
 *  subsequences, has sent it stays: pause it. */
export async function deleteCampaign(ctx: AuthedCtx, id: string) {
  return ctx.em.transactional(async (em) => {
    // The rows are locked as a first send locks its campaign (markCampaignFirstSent), so no first send
    // of the campaign or of a subsequence lands between this check and the delete.
    const campaign = await findOr404(em, Campaign, id, 'Campaign', { lockMode: LockMode.PESSIMISTIC_WRITE });
    const subsequences = await em.find(Campaign, { parentCampaign: campaign }, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } });
    if (campaign.firstSentAt) throw new AppError('campaign_has_sent', 'This campaign has sent emails, so it cannot be deleted (its history stays); pause it instead.');
    const sent = subsequences.find((s) => s.firstSentAt);
    if (sent) {
      throw new AppError(
        'campaign_has_sent',
        `Its subsequence "${sent.name}" has sent emails, so the campaign and its subsequences stay (their history with them); pause it instead.`,
        { subsequence_id: sent.id },
      );
    }
    await em.nativeDelete(Campaign, { id: campaign.id });
    return { deleted: true };
  });
}
