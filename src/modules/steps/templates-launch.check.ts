// decisions.md §11 at activation: a sequence saved before templates were checked may hold a broken block
// tag (every save since refuses one, step-templates.ts); its enabled texts would go out with the tag as
// written, so activation is refused with the same 400 template_invalid and details.
import type { LaunchCheck } from '../campaigns/launch-check';
import { stepTemplateProblem } from './step-templates';
import { stepsOf } from './steps.service';

export const templatesLaunchCheck: LaunchCheck = async (ctx, campaign) => stepTemplateProblem(await stepsOf(ctx.em, campaign), { enabledOnly: true });
