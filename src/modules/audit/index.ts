import type { AppModule } from '../../runtime/app-module';
import { AuditResolver } from './audit.resolver';
import { auditRoutes } from './audit.routes';

export const auditModule: AppModule = {
  name: 'audit',
  description: "The workspace's audit log: every successful change, who made it and from where (decisions.md §12).",
  resolvers: [AuditResolver],
  routes: auditRoutes,
};
