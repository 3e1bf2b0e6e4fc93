// The activity timeline is every source's entries oldest first; entries at one moment keep the order
// of their sources (so "added" comes before a send recorded in the same millisecond).
import { sortTimeline, type TimelineEntry } from '../../src/modules/leads/lead-timeline';

const entry = (type: string, ms: number): TimelineEntry => ({ type, at: new Date(ms), step: null, stepLabel: null, detail: null, variant: null });

describe('sortTimeline', () => {
  it('orders by time and keeps the given order on ties, without changing its input', () => {
    const input = [entry('reply', 3000), entry('added', 1000), entry('sent', 1000), entry('bounce', 2000)];
    expect(sortTimeline(input).map((e) => e.type)).toEqual(['added', 'sent', 'bounce', 'reply']);
    expect(input.map((e) => e.type)).toEqual(['reply', 'added', 'sent', 'bounce']);
  });
});
