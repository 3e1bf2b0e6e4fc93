import type { AppModule } from '../../runtime/app-module';
import { contribute } from '../../runtime/extensions';
import { LAUNCH_CHECKS } from '../campaigns/launch-check';
import { SequenceTemplate } from './sequence-template.entity';
import { Step } from './step.entity';
import { StepsResolver } from './steps.resolver';
import { stepRoutes } from './steps.routes';
import { templatesLaunchCheck } from './templates-launch.check';

export const stepsModule: AppModule = {
  name: 'steps',
  description: "A campaign's sequence: steps, variants, conditions and tasks; sequence templates.",
  entities: [Step, SequenceTemplate],
  resolvers: [StepsResolver],
  routes: stepRoutes,
  contributes: [contribute(LAUNCH_CHECKS, templatesLaunchCheck)],
};
