// The console's pure logic (web/src): the unibox's filters in the URL and as the replies query, the value
// sets it offers against the service's own, the reports' date ranges, and subsequence triggers in words.
import { INTEREST_LABELS } from '../../src/modules/leads/leads.inputs';
import { REPLY_KINDS } from '../../src/modules/replies/replies.inputs';
import { splitWords, triggerInWords } from '../../web/src/views/campaigns/subsequence-trigger';
import { addDays, parseRange, rangeFor } from '../../web/src/views/reports/range';
import { filtersSearch, KINDS, LABELS, parseFilters, replyQuery } from '../../web/src/views/unibox/filters';
import { todayIn } from '../../web/src/ui/format';

describe('unibox filters', () => {
  it('round-trip through the query string, in a fixed key order, with nothing for no filter', () => {
    const all = { unread: true, untracked: true, kind: 'reply', label: 'won', inbox: 'b7e0c6f2-0000-4000-8000-000000000001' };
    expect(filtersSearch(all)).toBe('?unread=1&kind=reply&label=won&inbox=b7e0c6f2-0000-4000-8000-000000000001&untracked=1');
    expect(parseFilters(filtersSearch(all))).toEqual(all);
    const none = parseFilters('');
    expect(filtersSearch(none)).toBe('');
    expect(replyQuery(none)).toEqual({});
    expect(replyQuery(all)).toEqual({ unread: true, untracked: true, kind: 'reply', status: 'won', mailboxId: all.inbox });
  });

  it('offer exactly the kinds and labels the service takes', () => {
    expect(KINDS.map((k) => k.value).sort()).toEqual([...REPLY_KINDS].sort());
    expect(LABELS.map((l) => l.value).sort()).toEqual(['lead', ...INTEREST_LABELS].sort());
  });
});

describe('report ranges', () => {
  it('end today in the workspace timezone and count today in', () => {
    const now = new Date('2026-03-01T02:30:00Z'); // still 28 February in New York
    expect(todayIn('America/New_York', now)).toBe('2026-02-28');
    expect(todayIn('UTC', now)).toBe('2026-03-01');
    expect(rangeFor(7, 'America/New_York', now)).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30'); // across a DST change, one calendar day
    expect(parseRange('90')).toBe(90);
    expect(parseRange('12')).toBe(30);
    expect(parseRange(null)).toBe(30);
  });
});

describe('subsequence triggers', () => {
  it('read in words, and the words field splits on commas without blanks', () => {
    expect(triggerInWords({ interest: ['interested', 'meeting_booked'] })).toBe("when the lead's interest becomes Interested or Meeting booked");
    expect(triggerInWords({ replyContains: ['pricing'] })).toBe("when a reply contains 'pricing'");
    expect(triggerInWords({ completed: true })).toBe('when the lead finished the sequence without replying');
    expect(splitWords(' pricing, , price list ,')).toEqual(['pricing', 'price list']);
  });
});
