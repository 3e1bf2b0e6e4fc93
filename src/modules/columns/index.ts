import type { AppModule } from '../../runtime/app-module';
import { contribute } from '../../runtime/extensions';
import { LAUNCH_CHECKS } from '../campaigns/launch-check';
import { blankColumnsCheck } from './blank-columns.check';
import { Column, ColumnCell, ColumnUsage } from './column.entity';
import { createColumnRunJob, createResumeJob } from './column-run.job';
import { ColumnsResolver } from './columns.resolver';
import { columnRoutes } from './columns.routes';

export const columnsModule: AppModule = {
  name: 'columns',
  description: "Columns (blocks): a lead field filled for a campaign's leads from their website or by a prompt to the model, run in the background, checked at launch.",
  entities: [Column, ColumnCell, ColumnUsage],
  resolvers: [ColumnsResolver],
  routes: columnRoutes,
  jobs: () => [createColumnRunJob(), createResumeJob()],
  contributes: [contribute(LAUNCH_CHECKS, blankColumnsCheck)],
};
