// The sales pipeline (api.md Pipeline, "Pipeline stages"): the workspace's leads by interest label in
// five stages with counts and values, and moving a lead that has replied between the later stages.
//
// - A lead is at a stage when its interest label is that stage, however the label was set (a reply's
//   status, PATCH /leads/:id or a move here). Its value is its deal value, else its campaign's, else 0.
// - Counts and values cover every such lead; `leads` is a page per stage (limit, default 50; offset),
//   most recent reply first, so the answer stays small and fast on a workspace with 100,000 of them
//   (pipeline.queries.ts, README.md).
// - A move (PATCH /analytics/pipeline/:leadId), in one transaction with the lead row locked:
//   1. the target must be meeting_booked, meeting_completed, won or lost (400 pipeline_stage_not_allowed,
//      `interested` included), the lead must exist in the workspace (404) and have replied (400
//      lead_not_replied; pipeline.queries.ts hasReplied says what counts);
//   2. a lead still in its sequence (pending, active, paused) stops with status `stopped`, reason
//      `pipeline` (decisions.md §5), and every email still queued for it is dropped (lead-progress.ts
//      stopLead, as a reply stops a lead); a lead whose sequence had ended keeps its status and reason;
//   3. the interest label is set through leads/lifecycle/interest-change.ts changeInterest, which stamps
//      won_at on a move to won (the reports count "won" in a range by it), clears it on a move away, and
//      records the `interest_changed` event (the same data as a reply labelled: interest,
//      previous_interest, source 'pipeline', reply_id null) and runs the interest hooks once per move
//      that changes the label. A move to the stage the lead is already at changes nothing and records
//      nothing (but still makes sure no step is to come).
//   Nothing is sent.
import { LockMode } from '@mikro-orm/core';
import type { AuthedCtx } from '../../runtime/context';
import { findOr404 } from '../../storage/find';
import { AppError } from '../../contracts/errors';
import type { CursorKey } from '../../contracts/pagination/cursor';
import { isoKey, Paging } from '../../contracts/pagination/keyset';
import { changeInterest } from '../leads/lifecycle/interest-change';
import { stopLead } from '../leads/lifecycle/lead-progress';
import { isEnded } from '../leads/lifecycle/lead-status';
import { Lead } from '../leads/lead.entity';
import { DEFAULT_PIPELINE_PAGE, PIPELINE_STAGES, PIPELINE_TARGETS, type MovePipelineLeadInput, type PipelineQueryInput } from './pipeline.inputs';
import { hasReplied, stageLeads, stageLeadsAfter, stageTotals, type StageAfter } from './pipeline.queries';
import type { PipelineMoveView, PipelineView } from './pipeline.types';

/** GET /analytics/pipeline. */
export async function getPipeline(ctx: AuthedCtx, query: PipelineQueryInput): Promise<PipelineView> {
  const workspaceId = ctx.actor.workspaceId;
  const listed = query.stage ? [query.stage] : [...PIPELINE_STAGES];
  // decisions.md §12: one cursor pages every stage listed; its key holds, per stage in `listed` order, the
  // (replied_at, id) of the last lead shown, or (null, null) once the stage has no more.
  const paging = Paging.of(ctx, 'pipeline', { stage: query.stage }, query, DEFAULT_PIPELINE_PAGE);
  const limit = paging.limit!;
  const fetch = limit === 0 ? 0 : limit + 1;
  // Two statements on two pooled connections at once: neither waits for the other.
  const [totals, leads] = await Promise.all([
    stageTotals(ctx.em, workspaceId),
    paging.after
      ? stageLeadsAfter(ctx.em, workspaceId, stagesAfter(listed, paging.after), fetch)
      : stageLeads(ctx.em, workspaceId, listed, { limit: fetch, offset: paging.offset }),
  ]);
  const key: CursorKey[number][] = [];
  const stages = PIPELINE_STAGES.map((stage) => {
    const total = totals.find((t) => t.stage === stage);
    const rows = leads.filter((l) => l.stage === stage);
    const shown = rows.slice(0, limit);
    if (listed.includes(stage)) {
      const last = shown[shown.length - 1];
      key.push(...(rows.length > limit && last ? [isoKey(last.repliedAt), last.id] : [null, null]));
    }
    return {
      stage,
      count: total?.count ?? 0,
      value: total?.value ?? 0,
      leads: shown.map(({ id, email, campaignId, campaign, value }) => ({ id, email, campaignId, campaign, value })),
    };
  });
  const more = key.some((k) => k !== null);
  return { stages, wonValue: stages.find((s) => s.stage === 'won')!.value, nextCursor: more ? paging.cursorAfter(key) : null };
}

/** The stages a cursor continues, each after its own lead; a stage that had no more is left out. */
function stagesAfter(listed: readonly string[], key: CursorKey): StageAfter[] {
  if (key.length !== listed.length * 2) throw new AppError('invalid_cursor', 'The cursor is unknown, altered, or from another list or other filters; start again without cursor.');
  return listed.flatMap((stage, i) => (key[i * 2 + 1] === null ? [] : [{ stage, repliedAt: key[i * 2] === null ? null : String(key[i * 2]), id: String(key[i * 2 + 1]) }]));
}

/** PATCH /analytics/pipeline/:leadId (the rules are at the top of this file). */
export async function movePipelineLead(ctx: AuthedCtx, leadId: string, input: MovePipelineLeadInput): Promise<PipelineMoveView> {
  const stage = input.stage;
  if (!(PIPELINE_TARGETS as readonly string[]).includes(stage)) {
    throw new AppError(
      'pipeline_stage_not_allowed',
      stage === 'interested'
        ? 'Nothing moves into interested in the pipeline; label the reply (PATCH /replies/:id) instead. Move to meeting_booked, meeting_completed, won or lost.'
        : `A lead can be moved to ${PIPELINE_TARGETS.join(', ')} only.`,
      { stage, allowed: [...PIPELINE_TARGETS] },
    );
  }
  return ctx.em.transactional(async (em) => {
    const lead = await findOr404(em, Lead, leadId, 'Lead', { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!(await hasReplied(em, lead.id))) {
      throw new AppError('lead_not_replied', `${lead.email} has not replied, so it cannot be moved in the pipeline.`);
    }
    const now = ctx.deps.clock.now();
    if (!isEnded(lead.status)) await stopLead(em, lead.id, { status: 'stopped', reason: 'pipeline' }, 'Lead moved in the pipeline');
    await changeInterest(em, ctx.deps, lead, stage, { workspaceId: ctx.actor.workspaceId, source: 'pipeline', now });
    return { id: lead.id, stage };
  });
}
