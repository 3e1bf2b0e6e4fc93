// Message-IDs pulled out of In-Reply-To / References / Message-ID header values (replies/ingest/message-ids.ts).
import { answeredIds, messageIdsIn, ownMessageId } from '../../src/modules/replies/ingest/message-ids';

describe('message ids in header values', () => {
  it('takes every bracketed id in order, keeping the brackets as the send table stores them', () => {
    expect(messageIdsIn('<a@x.test> <b@y.test>')).toEqual(['<a@x.test>', '<b@y.test>']);
    expect(messageIdsIn("<a@x.test> (Sam Sender's message of Monday)")).toEqual(['<a@x.test>']);
  });

  it('accepts a bare id only when it is the whole value', () => {
    expect(messageIdsIn('  a@x.test ')).toEqual(['<a@x.test>']);
    expect(messageIdsIn('Your message of Monday, a@x.test')).toEqual([]);
    expect(messageIdsIn('')).toEqual([]);
    expect(messageIdsIn(null)).toEqual([]);
  });

  it('drops ids too long to be real', () => {
    expect(messageIdsIn(`<${'a'.repeat(300)}@x.test>`)).toEqual([]);
  });

  it('own id is the first one', () => {
    expect(ownMessageId('<m@x.test>')).toBe('<m@x.test>');
    expect(ownMessageId(undefined)).toBeNull();
  });

  it('answered ids are In-Reply-To first, then References newest first, without repeats, at most 50 with the thread’s first among them', () => {
    expect(answeredIds('<c@x>', ['<a@x>', '<b@x>', '<c@x>'])).toEqual(['<c@x>', '<b@x>', '<a@x>']);
    expect(answeredIds(null, ['<a@x> <b@x>'])).toEqual(['<b@x>', '<a@x>']);
    const long = Array.from({ length: 80 }, (_, i) => `<r${i}@x>`);
    const ids = answeredIds('<last@x>', long);
    expect(ids).toHaveLength(50);
    expect(ids[0]).toBe('<last@x>');
    expect(ids[1]).toBe('<r79@x>');
    // The thread's first message (ours, when our email started it) is kept, after the nearest 49.
    expect(ids[48]).toBe('<r32@x>');
    expect(ids[49]).toBe('<r0@x>');
  });
});
