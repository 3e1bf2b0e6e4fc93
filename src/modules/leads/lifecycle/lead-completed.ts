// decisions.md §11: a lead that finished its sequence may go on elsewhere (a subsequence whose trigger is
// `completed`). Every place that completes a lead (the engine's batch of accepted emails, the planner when
// no step is left whose condition holds, stepBehind for a last task closed or a last send swept) tells the
// areas that act on it through the LEAD_COMPLETED extension point, inside its own transaction, so what a
// hook writes commits or rolls back with the completion. Hooks must not do network I/O.
import type { EntityManager } from '@mikro-orm/postgresql';
import { extensionPoint, type Extensions } from '../../../runtime/extensions';

/** A lead that completed its sequence, and when. The leads of one call may be of several workspaces (the
 *  dispatch tick works for all). */
export interface CompletedLead {
  leadId: string;
  at: Date;
}

export type LeadCompletedHook = (em: EntityManager, completed: readonly CompletedLead[]) => Promise<void>;

export const LEAD_COMPLETED = extensionPoint<LeadCompletedHook>('lead completed');

/** Runs every contributed hook for the leads just completed, in module order, in the caller's transaction. */
export async function runCompletedHooks(em: EntityManager, extensions: Extensions, completed: readonly CompletedLead[]): Promise<void> {
  if (completed.length) await extensions.runEach(LEAD_COMPLETED, em, completed);
}
