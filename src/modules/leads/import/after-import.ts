// What other areas do once an import has committed new leads (the verification area looks up their
// providers from MX, decisions.md §5): each contributes a hook in its manifest
// (`contribute(AFTER_LEAD_IMPORT, …)`), and the import runs them after its transaction, in module order.
// The leads are in by then, so a hook never fails the import: its error is logged and the next hook runs.
import type { AuthedCtx } from '../../../runtime/context';
import { extensionPoint } from '../../../runtime/extensions';
import { refreshLeadStatistics } from './lead-statistics';

export interface ImportedLeads {
  workspaceId: string;
  campaignId: string;
  /** New leads the import added (at least one: an import that added none runs no hook). */
  inserted: number;
}

export type LeadImportHook = (ctx: AuthedCtx, imported: ImportedLeads) => Promise<void>;

export const AFTER_LEAD_IMPORT = extensionPoint<LeadImportHook>('after lead import');

/** Runs every contributed hook for a committed import that added leads, once the lead table's statistics
 *  are up to date (lead-statistics.ts). */
export async function runAfterImport(ctx: AuthedCtx, imported: ImportedLeads): Promise<void> {
  if (imported.inserted === 0) return;
  await refreshLeadStatistics(ctx, imported.inserted);
  for (const hook of ctx.deps.extensions.of(AFTER_LEAD_IMPORT)) {
    try {
      await hook(ctx, imported);
    } catch (err) {
      ctx.deps.log.error('a hook after a lead import failed', { campaignId: imported.campaignId, err: String(err) });
    }
  }
}
