// The pure parts of untracked replies (decisions.md §11, replies/ingest/untracked.ts): which subjects of
// ours a reply's subject may answer (Re:/AW:/SV:/… in the languages mail clients write, counts, tags,
// repeated prefixes), and which senders the domain rule may look at (not free mail, not the inbox's own
// domain, not bulk mail or robots).
import { answeredSubjects, untrackedDomain } from '../../src/modules/replies/ingest/untracked';

describe('answeredSubjects', () => {
  it.each([
    ['Re: Quick question', ['Quick question', 'Re: Quick question']],
    ['RE:Quick question', ['Quick question', 'Re: Quick question']],
    ['AW: Quick question', ['Quick question', 'Re: Quick question']],
    ['Antw: Quick question', ['Quick question', 'Re: Quick question']],
    ['SV: Quick question', ['Quick question', 'Re: Quick question']],
    ['VS: Quick question', ['Quick question', 'Re: Quick question']],
    ['Odp: Quick question', ['Quick question', 'Re: Quick question']],
    ['R: Quick question', ['Quick question', 'Re: Quick question']],
    ['RIF: Quick question', ['Quick question', 'Re: Quick question']],
    ['RES: Quick question', ['Quick question', 'Re: Quick question']],
    ['YNT: Quick question', ['Quick question', 'Re: Quick question']],
    ['Απ: Quick question', ['Quick question', 'Re: Quick question']],
    ['Ответ: Quick question', ['Quick question', 'Re: Quick question']],
    ['回复：Quick question', ['Quick question', 'Re: Quick question']],
    ['Re[2]: Quick question', ['Quick question', 'Re: Quick question']],
    ['Re(3) : Quick question', ['Quick question', 'Re: Quick question']],
    ['  re:   Quick \t question  ', ['Quick question', 'Re: Quick question']],
  ])('%j answers %j', (subject, expected) => {
    expect(answeredSubjects(subject)).toEqual(expected);
  });

  it('takes prefixes and tags off one after another, keeping each step (a subject of ours may start with one)', () => {
    expect(answeredSubjects('Re: Re: Quick question')).toEqual(['Re: Quick question', 'Re: Re: Quick question', 'Quick question']);
    expect(answeredSubjects('[EXTERNAL] RE: [Acme] Offer')).toEqual(['[Acme] Offer', 'Re: [Acme] Offer', 'Offer', 'Re: Offer']);
  });

  it('is no reply without a prefix (a tag alone, a forward, a word that starts like one)', () => {
    for (const subject of ['Quick question', '[EXT] Quick question', 'Fwd: Quick question', 'FW: Quick question', 'Regarding: the offer', 'Re:', 'Re: ', 'Aware: of it', ''])
      expect(answeredSubjects(subject)).toEqual([]);
  });

  it('stays linear on a long chain of prefixes (at most 12 taken off)', () => {
    const subject = 'Re: '.repeat(5000) + 'Quick question';
    const started = process.hrtime.bigint();
    const out = answeredSubjects(subject);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(1000);
    // Each step's remainder, and with Re: (which is the step before): 12 prefixes off, 13 different subjects.
    expect(out.length).toBe(13);
    expect(answeredSubjects('[' + 'x'.repeat(50_000))).toEqual([]);
  });
});

describe('untrackedDomain', () => {
  const q = (from: string, bulk = false) => ({ subject: 'Hello', from, bulk });
  it("takes a company sender's domain", () => {
    expect(untrackedDomain(q('carol@client.test'), 'sam@acme.test')).toBe('client.test');
  });
  it('not free mail, the inbox’s own domain, bulk mail or a robot', () => {
    expect(untrackedDomain(q('carol@gmail.com'), 'sam@acme.test')).toBeNull();
    expect(untrackedDomain(q('carol@acme.test'), 'sam@acme.test')).toBeNull();
    expect(untrackedDomain(q('news@client.test', true), 'sam@acme.test')).toBeNull();
    for (const robot of ['no-reply', 'noreply', 'do-not-reply', 'MAILER-DAEMON', 'postmaster', 'bounces+123', 'notifications'])
      expect(untrackedDomain(q(`${robot}@client.test`), 'sam@acme.test')).toBeNull();
    expect(untrackedDomain(q('not-an-address'), 'sam@acme.test')).toBeNull();
  });
});
