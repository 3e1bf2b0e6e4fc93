// sender.ts (decisions.md §11 "One sender per lead"): which inbox may send a lead's next email, and which
// thread that email joins.
import { emailThread, nextSender, threadOpener, threadStartSubject, type SentEmail } from '../../../src/modules/sending/schedule';

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

describe('the subject of an email that starts a thread with a blank one (threadOpener, threadStartSubject)', () => {
  const email = (position: number, ...subjects: (string | [string, boolean])[]) => ({
    position,
    task: null,
    variants: subjects.map((v) => (typeof v === 'string' ? { subject: v, enabled: true } : { subject: v[0], enabled: v[1] })),
  });
  const task = (position: number) => ({ position, task: { kind: 'call', text: 'Call' }, variants: [] });
  it('finds the first email step, past tasks, whatever the order given', () => {
    expect(threadOpener([email(3, 'Later'), task(1), email(2, 'First')])?.position).toBe(2);
    expect(threadOpener([task(1)])).toBeNull();
    expect(threadOpener([])).toBeNull();
  });
  it("takes the variant with the email's own number when it has a subject, else the first enabled one with a subject, else any", () => {
    const opener = email(1, 'One {{firstName}}', '  ', ['Three', false], 'Four');
    expect(threadStartSubject(opener, 1)).toBe('One {{firstName}}');
    expect(threadStartSubject(opener, 3)).toBe('Three');
    expect(threadStartSubject(opener, 2)).toBe('One {{firstName}}');
    expect(threadStartSubject(opener, 9)).toBe('One {{firstName}}');
    expect(threadStartSubject(email(1, ['', true], ['Off', false]), 1)).toBe('Off');
  });
  it('has none when the sequence has no email step, or no subject in it', () => {
    expect(threadStartSubject(null, 1)).toBeNull();
    expect(threadStartSubject(email(1, '', ' '), 1)).toBeNull();
  });
});
