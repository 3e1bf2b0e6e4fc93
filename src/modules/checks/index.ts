import type { AppModule } from '../../app-module';
import { ChecksResolver } from './checks.resolver';
import { checkRoutes } from './checks.routes';
import { diagnosisWarnings } from './launch-warnings';

export const checksModule: AppModule = {
  name: 'checks',
  description: 'Campaign checks before and after launch: preview, blank merge fields, copy warnings and the deliverability diagnosis.',
  resolvers: [ChecksResolver],
  routes: checkRoutes,
  launchWarnings: [diagnosisWarnings],
};
