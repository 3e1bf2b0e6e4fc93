import type { AppModule } from '../../runtime/app-module';
import { contribute } from '../../runtime/extensions';
import { LAUNCH_WARNINGS } from '../campaigns/launch-check';
import { ChecksResolver } from './checks.resolver';
import { checkRoutes } from './checks.routes';
import { diagnosisWarnings } from './launch-warnings';

export const checksModule: AppModule = {
  name: 'checks',
  description: 'Campaign checks before and after launch: preview, blank merge fields, copy warnings and the deliverability diagnosis.',
  resolvers: [ChecksResolver],
  routes: checkRoutes,
  contributes: [contribute(LAUNCH_WARNINGS, diagnosisWarnings)],
};
