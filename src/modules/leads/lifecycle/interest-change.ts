// decisions.md §11: every change of a lead's interest, whatever made it (a reply label, PATCH /leads/:id,
// a pipeline move), goes through one place, which records the `interest_changed` event with its `source`
// and tells the areas that act on it (a subsequence whose trigger is an interest) through the
// INTEREST_CHANGED extension point. Hooks run inside the caller's transaction, so what they write
// commits or rolls back with the change itself; they must not do network I/O.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../../../context';
import { extensionPoint } from '../../../extensions';

/** What made the change (the `source` of the interest_changed event). */
export const INTEREST_SOURCES = ['reply', 'lead_update', 'pipeline'] as const;
export type InterestSource = (typeof INTEREST_SOURCES)[number];

export interface InterestChange {
  workspaceId: string;
  /** Leads whose interest became `interest` (each had another value before). */
  leadIds: readonly string[];
  interest: string | null;
  source: InterestSource;
  at: Date;
}

export type InterestChangeHook = (em: EntityManager, deps: AppDeps, change: InterestChange) => Promise<void>;

export const INTEREST_CHANGED = extensionPoint<InterestChangeHook>('interest changed');

/** Runs every contributed hook for a change, in module order, inside the caller's transaction (`em`). */
export async function runInterestHooks(em: EntityManager, deps: AppDeps, change: InterestChange): Promise<void> {
  if (!change.leadIds.length) return;
  for (const hook of deps.extensions.of(INTEREST_CHANGED)) await hook(em, deps, change);
}
