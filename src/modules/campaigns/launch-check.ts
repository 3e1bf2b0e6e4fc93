// A refusal of a campaign's activation owned by another area (the columns area's `blank_columns`,
// decisions.md §3 and §7): modules contribute theirs in their manifest (`contribute(LAUNCH_CHECKS, …)`),
// and activation runs them after its built-in checks, in module order. Returns the refusal, or null to
// let it launch.
import type { AuthedCtx } from '../../runtime/context';
import type { AppError } from '../../contracts/errors';
import { extensionPoint } from '../../runtime/extensions';
import type { Campaign } from './campaign.entity';

export type LaunchCheck = (ctx: AuthedCtx, campaign: Campaign) => Promise<AppError | null>;

/** Non-blocking notes another area adds to a launch's `warnings` (the checks area's copy warnings and
 *  diagnosis). Runs once the launch is allowed; a code activation already warns about is dropped. */
export type LaunchWarningSource = (ctx: AuthedCtx, campaign: Campaign) => Promise<{ code: string; text: string }[]>;

export const LAUNCH_CHECKS = extensionPoint<LaunchCheck>('launch checks');
export const LAUNCH_WARNINGS = extensionPoint<LaunchWarningSource>('launch warnings');
