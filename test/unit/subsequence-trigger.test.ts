// decisions.md §11 reply_contains: a reply's own words (replies/reply-text.ts newText: the quoted history
// and the signature left out) contain one of the trigger's words, ignoring case; and the trigger as it is
// stored (subsequences.service.ts storedTrigger).
import { storedTrigger } from '../../src/modules/subsequences/subsequences.service';
import { replyContains } from '../../src/modules/subsequences/triggers';
import { SubsequenceTriggerInput } from '../../src/modules/subsequences/subsequences.inputs';

describe('replyContains', () => {
  it.each([
    ['Could you send the PRICING?', ['pricing'], true],
    ['could you send the pricing?', ['Pricing'], true],
    ['Let us book a quick demo call.', ['price', 'book a quick demo'], true],
    ['Überraschend günstig!', ['ÜBERRASCHEND'], true],
    ['Not for us.', ['pricing', 'demo'], false],
    // The words only in the history it quotes, or in a signature: not the person's own words.
    ['Not now.\n\n> Our pricing starts at 10.\n> Want a demo?', ['pricing', 'demo'], false],
    ['Not now.\n\nOn Mon, 30 Nov 2026 at 10:00, Sam <sam@acme.test> wrote:\n> Our pricing is simple.', ['pricing'], false],
    ['Not now.\n-- \nAda, Head of Pricing', ['pricing'], false],
    ['Not now.\n\n-----Original Message-----\nFrom: Sam\nSubject: pricing', ['pricing'], false],
  ])('%j with %j: %s', (text, words, expected) => {
    expect(replyContains(text, words)).toBe(expected);
  });
});

describe('storedTrigger', () => {
  const input = (fields: Partial<SubsequenceTriggerInput>) => Object.assign(new SubsequenceTriggerInput(), fields);
  it('stores the request shape, each label and word once (words trimmed, told apart ignoring case)', () => {
    expect(storedTrigger(input({ interest: ['won', 'lost', 'won'] }))).toEqual({ interest: ['won', 'lost'] });
    expect(storedTrigger(input({ replyContains: [' Pricing ', 'pricing', 'PRICE', 'demo'] }))).toEqual({ reply_contains: ['Pricing', 'PRICE', 'demo'] });
    expect(storedTrigger(input({ completed: true }))).toEqual({ completed: true });
    expect(storedTrigger(input({ interest: null, replyContains: null, completed: true }))).toEqual({ completed: true });
  });
});
