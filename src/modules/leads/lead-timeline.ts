// A lead's activity timeline (GET /leads/:id/activity). Each module that records something about a lead
// contributes a source; the timeline is every source's entries in time order. The caller passes the
// sources (the composition root collects them from the modules), so this file knows none of them but
// its own: this module contributes when the lead was added (addedEntry); sending contributes its emails,
// opens, clicks, bounces, unsubscribe and tasks (sending/lead-timeline.source.ts); replies add theirs.
import type { AuthedCtx } from '../../runtime/context';
import { extensionPoint } from '../../runtime/extensions';
import type { Campaign } from '../campaigns/campaign.entity';
import type { Lead } from './lead.entity';
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

/** Where modules contribute their sources (`contribute(TIMELINE_SOURCES, …)` in their manifest). */
export const TIMELINE_SOURCES = extensionPoint<TimelineSource>('timeline sources');

export const addedEntry: TimelineSource = async (ctx, lead, campaign) => {
  const list = lead.sourceList ? await ctx.em.findOne(LeadList, lead.sourceList.id) : null;
  const detail = `Added to ${campaign.name}${list ? ` from the list ${list.name}` : ''}`;
  return [{ type: 'added', at: lead.createdAt, step: null, stepLabel: null, detail, variant: null }];
};

/** Every source's entries, oldest first; entries at the same moment keep the order of their sources. */
export async function leadTimeline(ctx: AuthedCtx, lead: Lead, campaign: Campaign, sources: readonly TimelineSource[]): Promise<TimelineEntry[]> {
  const entries: TimelineEntry[] = [];
  for (const source of sources) entries.push(...(await source(ctx, lead, campaign)));
  return sortTimeline(entries);
}

/** Stable sort by time (Array.prototype.sort is stable). */
export const sortTimeline = (entries: TimelineEntry[]): TimelineEntry[] => [...entries].sort((a, b) => a.at.getTime() - b.at.getTime());
