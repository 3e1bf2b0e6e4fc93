// A lead's activity timeline (GET /leads/:id/activity). Each module that records something about a lead
// registers a source; the timeline is every source's entries in time order. This module contributes
// when the lead was added; sending contributes its emails, opens, clicks, bounces, unsubscribe and tasks
// (sending/lead-timeline.source.ts); replies add theirs (addTimelineSource) as they land.
import type { AuthedCtx } from '../../context';
import type { Campaign } from '../campaigns/campaign.entity';
import type { Lead } from './lead.entity';
import { sendingTimeline } from '../sending/lead-timeline.source';
import { LeadList } from './lead-list.entity';

export interface TimelineEntry {
  /** `added`, and the kinds other modules record (for example `sent`, `reply`, `bounce`). */
  type: string;
  at: Date;
  /** Sequence position the entry belongs to, when it belongs to one. */
  step: number | null;
  /** A short name for that step ("Step 2", "Call"), when there is one. */
  stepLabel: string | null;
  detail: string | null;
  /** Variant number (from 1), when the entry is about one. */
  variant: number | null;
}

export type TimelineSource = (ctx: AuthedCtx, lead: Lead, campaign: Campaign) => Promise<TimelineEntry[]>;

const addedEntry: TimelineSource = async (ctx, lead, campaign) => {
  const list = lead.sourceList ? await ctx.em.findOne(LeadList, lead.sourceList.id) : null;
  const detail = `Added to ${campaign.name}${list ? ` from the list ${list.name}` : ''}`;
  return [{ type: 'added', at: lead.createdAt, step: null, stepLabel: null, detail, variant: null }];
};

// Replies join with the replies work (addTimelineSource).
const sources: TimelineSource[] = [addedEntry, sendingTimeline];

/** Registers another module's entries (for example the sending engine's sends and replies). */
export function addTimelineSource(source: TimelineSource): void {
  sources.push(source);
}

/** Every source's entries, oldest first; entries at the same moment keep the order of their sources. */
export async function leadTimeline(ctx: AuthedCtx, lead: Lead, campaign: Campaign): Promise<TimelineEntry[]> {
  const entries: TimelineEntry[] = [];
  for (const source of sources) entries.push(...(await source(ctx, lead, campaign)));
  return sortTimeline(entries);
}

/** Stable sort by time (Array.prototype.sort is stable). */
export const sortTimeline = (entries: TimelineEntry[]): TimelineEntry[] => [...entries].sort((a, b) => a.at.getTime() - b.at.getTime());
