import type { AppModule } from '../../runtime/app-module';
import { Task } from './task.entity';
import { TasksResolver } from './tasks.resolver';
import { taskRoutes } from './tasks.routes';

export const tasksModule: AppModule = {
  name: 'tasks',
  description: 'Manual steps (LinkedIn, calls, other) due for a lead, and closing them.',
  entities: [Task],
  resolvers: [TasksResolver],
  routes: taskRoutes,
};
