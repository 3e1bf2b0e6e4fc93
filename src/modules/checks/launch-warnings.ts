// api.md Campaigns: activate answers `{status, warnings}`. The checks area adds what diagnose finds
// (inbox and domain problems, then copy warnings as copy_<code>) to those warnings; none of it stops
// the launch. Codes that are launch refusals (no_steps, no_inbox) cannot occur once a launch is allowed.
import type { LaunchWarningSource } from '../campaigns/launch-check';
import { campaignInboxes, campaignSteps } from './checks.service';
import { diagnose } from './diagnose.service';

const REFUSALS = new Set(['no_steps', 'no_inbox']);

export const diagnosisWarnings: LaunchWarningSource = async (ctx, campaign) => {
  const [steps, inboxes] = await Promise.all([campaignSteps(ctx, campaign), campaignInboxes(ctx, campaign)]);
  const problems = await diagnose(
    ctx,
    campaign,
    steps,
    inboxes.map((i) => ({ id: i.id, email: i.email, lastError: i.lastError })),
  );
  return problems.filter((p) => !REFUSALS.has(p.code)).map((p) => ({ code: p.code, text: `${p.text} ${p.fix}` }));
};
