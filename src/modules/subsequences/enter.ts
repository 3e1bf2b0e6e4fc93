// The move of a lead into a subsequence (decisions.md §11; README.md "The move"), set-wise for every
// firing of one trigger at once, inside the transaction of the change that fired it: the joined lead rows
// (one round trip), then the parent's side and the events (one more). Nothing here waits on the network.
import type { EntityManager } from '@mikro-orm/postgresql';
import { subsequenceEnteredEvent } from '../events/payloads';
import { insertJoinedLeads, writeMove, type Firing, type JoinedLead } from './subsequences.queries';

export type TriggerKind = 'interest' | 'reply_contains' | 'completed';

/**
 * Moves each fired lead into its subsequence at `at(lead)`, the moment its trigger fired: a new lead of the subsequence with the lead's fields
 * (its first step due after that step's wait from then), the lead stopped where it was (`stopped` /
 * `subsequence`, unless its sequence already ended), and a `subsequence_entered` event. When several
 * subsequences fire for one lead at once it joins the oldest (the firings come in that order). A lead and
 * subsequence already joined join nothing (the unique join row): firing twice is one move. Returns the
 * leads that joined.
 */
export async function enterSubsequences(em: EntityManager, firings: readonly Firing[], trigger: TriggerKind, at: (leadId: string) => Date): Promise<JoinedLead[]> {
  const chosen = new Map<string, Firing>();
  for (const f of firings) if (!chosen.has(f.leadId)) chosen.set(f.leadId, f);
  if (!chosen.size) return [];
  const joined = await insertJoinedLeads(
    em,
    [...chosen.values()].map((f) => ({ leadId: f.leadId, subsequenceId: f.subsequenceId, at: at(f.leadId) })),
  );
  if (!joined.length) return [];
  const events = joined.map((j) =>
    subsequenceEnteredEvent(
      {
        workspaceId: j.workspaceId,
        leadId: j.originLeadId,
        email: j.email,
        parentCampaignId: chosen.get(j.originLeadId)!.parentCampaignId,
        subsequenceId: j.subsequenceId,
        newLeadId: j.id,
        trigger,
      },
      j.at,
    ),
  );
  await writeMove(em, { originIds: joined.map((j) => j.originLeadId), joinedIds: joined.map((j) => j.id) }, events);
  return joined;
}
