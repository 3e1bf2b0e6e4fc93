// summary.ts (decisions.md §16): sent counts every copy tried, failed ones included; inbox_rate =
// (inbox + category) ÷ (sent − failed), one decimal, null when that is 0; by sender and by provider.
import { countCopies, testFigures, type CopyGroup } from '../../../src/modules/placement/summary';

const g = (senderId: string, seedProvider: string, placement: CopyGroup['placement'], n = 1, status: CopyGroup['status'] = 'sent'): CopyGroup => ({
  senderId,
  senderEmail: `${senderId}@acme.test`,
  seedProvider,
  status: placement === 'failed' ? 'failed' : status,
  placement,
  n,
});

describe('placement figures', () => {
  it('counts each placement, sent over every copy tried, and the inbox rate over those that reached a seed', () => {
    const c = countCopies([g('a', 'google', 'inbox', 2), g('a', 'google', 'category'), g('a', 'google', 'spam', 3), g('a', 'google', 'missing'), g('a', 'google', 'failed', 2)]);
    expect(c).toEqual({ sent: 9, inbox: 2, category: 1, spam: 3, other: 0, missing: 1, failed: 2, inboxRate: 42.9 });
  });

  it('is null when nothing reached a seed (every copy failed, or none was tried), and counts a copy still looked for only as sent', () => {
    expect(countCopies([g('a', 'google', 'failed', 3)]).inboxRate).toBeNull();
    expect(countCopies([{ ...g('a', 'google', null, 4), status: 'queued' }])).toMatchObject({ sent: 0, inboxRate: null });
    expect(countCopies([g('a', 'google', null, 3), g('a', 'google', 'inbox')])).toMatchObject({ sent: 4, inbox: 1, inboxRate: 25 });
  });

  it('groups by sender (in the order they come) and by provider (by name)', () => {
    const f = testFigures([g('b', 'yahoo', 'inbox'), g('a', 'google', 'spam'), g('b', 'google', 'inbox'), g('a', 'yahoo', 'failed')]);
    expect(f.bySender).toEqual([
      { mailboxId: 'b', email: 'b@acme.test', sent: 2, inbox: 2, category: 0, spam: 0, other: 0, missing: 0, failed: 0, inboxRate: 100 },
      { mailboxId: 'a', email: 'a@acme.test', sent: 2, inbox: 0, category: 0, spam: 1, other: 0, missing: 0, failed: 1, inboxRate: 0 },
    ]);
    expect(f.byProvider.map((p) => [p.provider, p.sent, p.inboxRate])).toEqual([
      ['google', 2, 50],
      ['yahoo', 2, 100],
    ]);
    expect(f.summary).toMatchObject({ sent: 4, inbox: 2, spam: 1, failed: 1, inboxRate: 66.7 });
  });
});
