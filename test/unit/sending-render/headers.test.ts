// Header values: one line each (no header injection), `Re:` once, thread ids cleaned, our Message-ID.
import { messageIdFor, normalizeMessageId, oneLine, REFERENCES_MAX, replySubject, threadHeaders } from '../../../src/modules/sending/render/headers';

describe('oneLine', () => {
  it('turns every line break and control character into a space', () => {
    expect(oneLine(' Hi\r\nBcc: evil@x.com\n\u2028x\u0085y\u0000z\t ')).toBe('Hi Bcc: evil@x.com x y z');
  });
});

describe('replySubject', () => {
  it('prefixes Re: once', () => {
    expect(replySubject('Quick question')).toBe('Re: Quick question');
    expect(replySubject('Re: Quick question')).toBe('Re: Quick question');
    expect(replySubject('RE:Quick')).toBe('RE:Quick');
    expect(replySubject('re : Quick')).toBe('re : Quick');
  });

  it('does not take a word starting with re for a prefix', () => {
    expect(replySubject('Regarding pricing')).toBe('Re: Regarding pricing');
  });

  it('keeps the subject on one line', () => {
    expect(replySubject('Hi\r\nBcc: x@y.com')).toBe('Re: Hi Bcc: x@y.com');
  });
});

describe('messageIdFor', () => {
  it('is the send id at the inbox domain', () => {
    expect(messageIdFor('0190a0b0-1111-4222-8333-444455556666', 'Sam@Sender.IO')).toBe('<0190a0b0-1111-4222-8333-444455556666@sender.io>');
  });
});

describe('normalizeMessageId', () => {
  it('brackets a bare id and keeps a bracketed one', () => {
    expect(normalizeMessageId('abc@x.com')).toBe('<abc@x.com>');
    expect(normalizeMessageId(' <abc.1$%@mail.x.com> ')).toBe('<abc.1$%@mail.x.com>');
  });

  it('refuses ids that could break or add a header', () => {
    for (const bad of ['<a@b>\r\nBcc: evil@x.com', '<a b@c>', '<a@b> <c@d>', 'no-at-sign', '<>', '', '<<a@b>>']) {
      expect(normalizeMessageId(bad)).toBeNull();
    }
  });
});

describe('threadHeaders', () => {
  it('answers the latest message and references all earlier ones, oldest first', () => {
    expect(threadHeaders(['<1@x.com>', '2@x.com', '<3@x.com>'])).toEqual({ inReplyTo: '<3@x.com>', references: ['<1@x.com>', '<2@x.com>', '<3@x.com>'] });
  });

  it('drops invalid and repeated ids, and is null with none left', () => {
    expect(threadHeaders(['<1@x.com>', 'bad id', '<1@x.com>'])).toEqual({ inReplyTo: '<1@x.com>', references: ['<1@x.com>'] });
    expect(threadHeaders(['bad id'])).toBeNull();
    expect(threadHeaders([])).toBeNull();
  });

  it('keeps the first and the latest ids of a long thread', () => {
    const ids = Array.from({ length: 30 }, (_, i) => `<${i}@x.com>`);
    const t = threadHeaders(ids)!;
    expect(t.references).toHaveLength(REFERENCES_MAX);
    expect(t.references[0]).toBe('<0@x.com>');
    expect(t.references[1]).toBe(`<${30 - REFERENCES_MAX + 1}@x.com>`);
    expect(t.inReplyTo).toBe('<29@x.com>');
  });
});
