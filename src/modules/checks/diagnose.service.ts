// GET /campaigns/:id/diagnose (api.md Checks rule 2): read-only. The deliverability problems of the
// campaign's inboxes and their domains, then the copy warnings as copy_<code>. Domains are judged from
// the last domain health run (DomainCheckResult, written by GET /mailboxes/domain-health); no DNS
// look-up happens here. Inbox states come from the sending engine's own loaders and readiness rule, so
// diagnose says what the sender would find.
//
// Severity: high — nothing can be sent (no step, no inbox, no inbox able to send); medium — hurts
// delivery or holds sending back (a failed domain check, a paused or stopped inbox, back-off, an inbox
// error, spam words, no opt-out); low — worth a look (a warning domain check, an unchecked domain, an
// inbox resting or capped for today, ramp below the daily limit, other copy warnings).
import type { AuthedCtx } from '../../runtime/context';
import { domainOf } from '../../contracts/email-address';
import type { Campaign } from '../campaigns/campaign.entity';
import { DomainCheckResult } from '../inboxes/domain-check-result.entity';
import { CHECK_LABELS, type CheckKey, type DomainCheck } from '../inboxes/domain-health';
import { loadInboxes } from '../sending/engine/load-state';
import { domainDays, inboxReadiness } from '../sending/schedule';
import type { Step } from '../steps/step.entity';
import { campaignInboxes, campaignSteps, copyWarnings, loadCampaign, parentSteps } from './checks.service';
import type { DiagnoseProblemView } from './checks.types';
import type { CopyCode } from './copy-check';

export type Severity = 'high' | 'medium' | 'low';

/** Every code diagnose reports besides domain_<check> and copy_<copy code>. */
const OWN_CODES = [
  'no_steps',
  'no_inbox',
  'inbox_paused',
  'inbox_bounce_stopped',
  'inbox_reconnect_needed',
  'inbox_backoff',
  'inbox_resting',
  'inbox_capped',
  'inbox_error',
  'no_active_inbox',
  'ramp_low',
  'domain_unchecked',
] as const;
type DiagnoseCode = (typeof OWN_CODES)[number] | `domain_${CheckKey}` | `copy_${CopyCode}`;
export type Problem = DiagnoseProblemView & { severity: Severity; code: DiagnoseCode };

/** A domain health run older than this is reported as stale (its result still counts). */
const STALE_DAYS = 14;

const COPY_SEVERITY: Record<CopyCode, Severity> = {
  spam_words: 'medium',
  no_opt_out: 'medium',
  links: 'low',
  capitals: 'low',
  exclamation: 'low',
  long_subject: 'low',
  long_body: 'low',
  images: 'low',
  blank_subject: 'low',
};

const COPY_FIX: Record<CopyCode, string> = {
  spam_words: 'Reword the lines with the listed words (PUT /campaigns/:id/steps).',
  links: 'Keep at most two links; none is safest in a first email.',
  capitals: 'Write the listed words in normal case.',
  exclamation: 'Drop the exclamation marks from the subject and keep at most one in the body.',
  long_subject: 'Shorten the subject to under 60 characters.',
  long_body: 'Cut the body to under 200 words.',
  images: 'Remove the images; send plain text.',
  no_opt_out: 'Turn unsub_header on (PATCH /campaigns/:id) or add {{unsubscribe}} to the body.',
  blank_subject: 'Give the first email a subject of its own (PUT /campaigns/:id/steps) unless the one named suits a new thread.',
};

/** Every code diagnose reports (so every code it adds to a launch's warnings), spelled out; clients that
 *  word them (the console) read this list. */
export const DIAGNOSE_CODES: readonly DiagnoseCode[] = [
  ...OWN_CODES,
  ...(Object.keys(CHECK_LABELS) as CheckKey[]).map((key) => `domain_${key}` as const),
  ...(Object.keys(COPY_SEVERITY) as CopyCode[]).map((code) => `copy_${code}` as const),
];

const at = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/** Every problem of the campaign, most serious areas first: steps and inboxes, domains, then copy. */
export async function diagnoseCampaign(ctx: AuthedCtx, campaignId: string): Promise<{ problems: Problem[] }> {
  const campaign = await loadCampaign(ctx, campaignId);
  const [steps, inboxes] = await Promise.all([campaignSteps(ctx, campaign), campaignInboxes(ctx, campaign)]);
  return {
    problems: await diagnose(
      ctx,
      campaign,
      steps,
      inboxes.map((i) => ({ id: i.id, email: i.email, lastError: i.lastError })),
    ),
  };
}

export async function diagnose(ctx: AuthedCtx, campaign: Campaign, steps: readonly Step[], inboxes: { id: string; email: string; lastError: string | null }[]): Promise<Problem[]> {
  const problems: Problem[] = [];
  const now = ctx.deps.clock.now();
  if (!steps.length)
    problems.push({ severity: 'high', code: 'no_steps', text: 'The campaign has no steps, so it has nothing to send.', fix: 'Add steps with PUT /campaigns/:id/steps.' });
  if (!inboxes.length)
    problems.push({ severity: 'high', code: 'no_inbox', text: 'The campaign has no inbox to send from.', fix: 'Add inboxes with PATCH /campaigns/:id (mailbox_ids).' });

  if (inboxes.length) {
    // The engine's view of every inbox of the workspace (domain caps are shared), then ours.
    const all = await loadInboxes(ctx.em, now, [ctx.actor.workspaceId]);
    const domainLeft = new Map([...domainDays(all)].map(([d, day]) => [d, day.left]));
    const byId = new Map(all.map((i) => [i.id, i]));
    let ready = 0;
    let capacity = 0;
    for (const { id, email, lastError } of inboxes) {
      const inbox = byId.get(id);
      if (!inbox) continue;
      const state = inboxReadiness(inbox, domainLeft.get(inbox.domain) ?? Number.POSITIVE_INFINITY, now);
      if (inbox.status === 'active') capacity += inbox.capToday;
      if (state !== 'paused' && state !== 'bounce_stopped' && state !== 'reconnect_needed') ready++;
      if (state === 'paused')
        problems.push({ severity: 'medium', code: 'inbox_paused', text: `${email} is paused and sends nothing.`, fix: `Resume it: POST /mailboxes/${id}/resume.` });
      else if (state === 'bounce_stopped')
        problems.push({
          severity: 'medium',
          code: 'inbox_bounce_stopped',
          text: `${email} was stopped for its bounce rate (over 5% of its last 100 sends) and sends nothing.`,
          fix: `Clean the lead list (POST /campaigns/:id/verify), then pass the connection test: POST /mailboxes/${id}/test.`,
        });
      else if (state === 'reconnect_needed')
        // decisions.md §15
        problems.push({
          severity: 'medium',
          code: 'inbox_reconnect_needed',
          text: `${email} lost its sign-in with its provider (consent revoked, password changed or account disabled) and sends nothing.`,
          fix: `Connect it again: Settings → Inboxes → Reconnect, or POST /mailboxes/oauth/{provider}/start with mailbox_id ${id}.`,
        });
      else if (state === 'backoff')
        problems.push({
          severity: 'medium',
          code: 'inbox_backoff',
          text: `${email} is backing off after server refusals until ${at(inbox.backoffUntil!)}.`,
          fix: 'Wait it out; if it keeps happening, check the inbox with POST /mailboxes/:id/test and its provider’s sending limits.',
        });
      else if (state === 'resting')
        problems.push({
          severity: 'low',
          code: 'inbox_resting',
          text: `${email} is waiting out the gap between sends until ${at(inbox.nextFreeAt!)}.`,
          fix: 'Nothing to do; add inboxes to send more often.',
        });
      else if (state === 'capped')
        problems.push({
          severity: 'low',
          code: 'inbox_capped',
          text: `${email} has sent what it may today (${inbox.sentToday} of ${inbox.capToday}).`,
          fix: 'Wait for tomorrow, or add inboxes to the campaign.',
        });
      if (lastError)
        problems.push({
          severity: 'medium',
          code: 'inbox_error',
          text: `${email} last failed with: ${lastError}`,
          fix: `Check its login and server settings, then POST /mailboxes/${id}/test.`,
        });
    }
    if (ready === 0)
      problems.push({
        severity: 'high',
        code: 'no_active_inbox',
        text: 'Every inbox of the campaign is paused or stopped, so nothing can be sent.',
        fix: 'Resume an inbox, or add an active one with PATCH /campaigns/:id (mailbox_ids).',
      });
    else if (capacity < campaign.dailyLimit)
      problems.push({
        severity: 'low',
        code: 'ramp_low',
        text: `Its active inboxes may send ${capacity} emails today together (ramp), below the campaign's daily limit of ${campaign.dailyLimit}; inboxes are shared with other campaigns too.`,
        fix: 'Wait for the ramp to grow, add inboxes, or lower daily_limit.',
      });

    problems.push(
      ...(await domainProblems(
        ctx,
        inboxes.map((i) => domainOf(i.email)),
        now,
      )),
    );
  }

  for (const w of copyWarnings(campaign, steps, await parentSteps(ctx, campaign))) {
    const code = w.code as CopyCode;
    problems.push({ severity: COPY_SEVERITY[code], code: `copy_${code}`, text: `Step ${w.position}, variant ${w.variant}: ${w.message}`, fix: COPY_FIX[code] });
  }
  return problems;
}

async function domainProblems(ctx: AuthedCtx, domains: string[], now: Date): Promise<Problem[]> {
  const names = [...new Set(domains.map((d) => d.toLowerCase()))].sort();
  const stored = await ctx.em.find(DomainCheckResult, { domain: { $in: names } });
  const byDomain = new Map(stored.map((r) => [r.domain, r]));
  const out: Problem[] = [];
  for (const domain of names) {
    const result = byDomain.get(domain);
    if (!result) {
      out.push({
        severity: 'low',
        code: 'domain_unchecked',
        text: `The sending domain ${domain} has not been checked (SPF, DKIM, DMARC, MX, blocklists).`,
        fix: 'Run GET /mailboxes/domain-health; diagnose then reports what it found.',
      });
      continue;
    }
    const stale = now.getTime() - result.checkedAt.getTime() > STALE_DAYS * 86_400_000 ? ` (checked ${at(result.checkedAt)}; run GET /mailboxes/domain-health again)` : '';
    for (const check of result.checks as DomainCheck[]) {
      if (check.status === 'ok') continue;
      out.push({
        severity: check.status === 'fail' ? 'medium' : 'low',
        code: `domain_${check.key}`,
        text: `${domain}: ${check.label} ${check.status === 'unknown' ? 'could not be checked' : check.status === 'fail' ? 'fails' : 'needs attention'}: ${check.detail}${stale}`,
        fix: check.fix ?? 'Run GET /mailboxes/domain-health again.',
      });
    }
  }
  return out;
}
