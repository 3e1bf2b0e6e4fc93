import type { AppModule } from '../../runtime/app-module';
import { contribute } from '../../runtime/extensions';
import { AFTER_LEAD_IMPORT } from '../leads/import/after-import';
import { createAddressCheckJobs } from './address-check.job';
import { DomainProvider } from './domain-provider.entity';
import { lookUpProvidersAfterImport, providerLookupJob } from './provider-lookup.job';
import { VerificationResolver } from './verification.resolver';
import { verificationRoutes } from './verification.routes';

export const verificationModule: AppModule = {
  name: 'verification',
  description: "Lead providers from MX after imports, the free domain check, and address verification through the workspace's verifier.",
  entities: [DomainProvider],
  resolvers: [VerificationResolver],
  routes: verificationRoutes,
  jobs: () => [providerLookupJob, ...createAddressCheckJobs()],
  contributes: [contribute(AFTER_LEAD_IMPORT, lookUpProvidersAfterImport)],
};
