// decisions.md §11: every change of a lead's interest, whatever made it (a reply label, PATCH /leads/:id,
// a pipeline move), goes through one place, which records the `interest_changed` event with its `source`
// and tells the areas that act on it (a subsequence whose trigger is an interest) through the
// INTEREST_CHANGED extension point. Hooks run inside the caller's transaction, so what they write
// commits or rolls back with the change itself; they must not do network I/O.
//
// changeInterest is that place: replies (replies.service.ts: PATCH /replies/:id, POST
// /replies/:id/unsubscribe, POST /replies/:id/link), leads (leads.service.ts updateLead) and the pipeline
// (pipeline.service.ts movePipelineLead) call it, and nothing else writes a lead's interest.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppDeps } from '../../../runtime/context';
import { extensionPoint } from '../../../runtime/extensions';
import { interestChangedEvent } from '../../events/payloads';
import { recordEvent } from '../../events/record-event';
import type { Lead } from '../lead.entity';

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

/** Why the interest changes: the source, and the reply item whose label it is (source `reply`). */
export interface InterestCause {
  workspaceId: string;
  source: InterestSource;
  replyId?: string | null;
  now: Date;
}

/** The lead as changeInterest needs it: an entity the caller loaded under a lock in its transaction. */
export type InterestLead = Pick<Lead, 'id' | 'email' | 'interest' | 'wonAt' | 'campaign'>;

/**
 * Sets the lead's interest label (api.md States: null is no label). `wonAt` marks when the lead was won
 * (the reports count wins by it): set on the move to won, kept while it stays won, cleared when it
 * moves elsewhere. When the label really changes (the same value again changes nothing and records
 * nothing), the lead is written, the `interest_changed` event recorded with `source` (decisions.md §8,
 * §11) and the INTEREST_CHANGED hooks run, all in the caller's transaction (`em`). Returns whether it
 * changed.
 */
export async function changeInterest(em: EntityManager, deps: AppDeps, lead: InterestLead, interest: string | null, cause: InterestCause): Promise<boolean> {
  const previous = lead.interest;
  if (interest === 'won' && previous !== 'won') lead.wonAt = cause.now;
  if (interest !== 'won') lead.wonAt = null;
  lead.interest = interest;
  if (previous === interest) return false;
  // Written before the hooks, which read and write leads in SQL.
  await em.flush();
  await recordEvent(
    em,
    interestChangedEvent(
      {
        workspaceId: cause.workspaceId,
        leadId: lead.id,
        email: lead.email,
        campaignId: lead.campaign.id,
        replyId: cause.replyId ?? null,
        interest,
        previous,
        source: cause.source,
      },
      cause.now,
    ),
  );
  await deps.extensions.runEach(INTEREST_CHANGED, em, deps, { workspaceId: cause.workspaceId, leadIds: [lead.id], interest, source: cause.source, at: cause.now });
  return true;
}
