// sender.ts (decisions.md §11 "One sender per lead"): which inbox may send a lead's next email, and which
// thread that email joins.
import { emailThread, nextSender, type SentEmail } from '../../../src/modules/sending/schedule';

const sent = (inboxId: string, n: number, subject = 'Hello'): SentEmail => ({ inboxId, subject, messageId: `<${n}@mail.example>` });

describe('nextSender', () => {
  const pool = new Set(['a', 'b']);
  it('lets any inbox of the pool send a first email', () => {
    expect(nextSender({ mailboxId: null }, pool)).toBe('first');
  });
  it('keeps a lead on its own inbox while the inbox is in the pool', () => {
    expect(nextSender({ mailboxId: 'b' }, pool)).toBe('own');
  });
  it('lets any inbox of the pool send, as a new thread, once its inbox has left', () => {
    expect(nextSender({ mailboxId: 'c' }, pool)).toBe('moved');
    expect(nextSender({ mailboxId: 'a' }, new Set())).toBe('moved');
  });
});

describe('emailThread', () => {
  it('is a thread of its own for the first email', () => {
    expect(emailThread([], 'a')).toEqual({ kind: 'first' });
  });
  it("continues the thread of the inbox's earlier emails, under the first one's subject", () => {
    expect(emailThread([sent('a', 1, 'Hi Ann'), sent('a', 2, 'Re: Hi Ann')], 'a')).toEqual({
      kind: 'continue',
      subject: 'Hi Ann',
      messageIds: ['<1@mail.example>', '<2@mail.example>'],
    });
  });
  it("starts a new thread under the lead's first subject when the previous email went from another inbox", () => {
    expect(emailThread([sent('a', 1, 'Hi Ann'), sent('a', 2, 'Re: Hi Ann')], 'b')).toEqual({ kind: 'new', firstSubject: 'Hi Ann' });
  });
  it('continues only the run its inbox sent last: the new thread after a move, not the old one', () => {
    const earlier = [sent('a', 1, 'Hi Ann'), sent('b', 2, 'Hi Ann'), sent('b', 3, 'Re: Hi Ann')];
    expect(emailThread(earlier, 'b')).toEqual({ kind: 'continue', subject: 'Hi Ann', messageIds: ['<2@mail.example>', '<3@mail.example>'] });
    // Back on an inbox it had before: a new thread too, since the last email went from another.
    expect(emailThread(earlier, 'a')).toEqual({ kind: 'new', firstSubject: 'Hi Ann' });
  });
});
