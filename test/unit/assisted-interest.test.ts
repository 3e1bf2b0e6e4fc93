// decisions.md §6: assisted_interest is a suggestion; built-in English rules when no model endpoint is set.
import { INTEREST_LABELS } from '../../src/modules/leads/leads.inputs';
import { modelPrompt, parseModelAnswer, suggestInterest } from '../../src/modules/replies/assisted-interest';

describe('suggestInterest: built-in rules', () => {
  it.each([
    // interested
    ["I'm interested, tell me more.", 'interested'],
    ['Sounds good, send me more info.', 'interested'],
    ['This sounds interesting. Can you share pricing?', 'interested'],
    ['Tell me more about how it works with HubSpot.', 'interested'],
    ['We would be interested in a pilot.', 'interested'],
    ["Happy to chat. What's the best way to get started?", 'interested'],
    ['How much does it cost for a team of 20?', 'interested'],
    ['Very interested! Please send details.', 'interested'],
    ['Count me in.', 'interested'],
    ["Let's talk.", 'interested'],
    // meeting requests: interested under their own rule
    ['Can we book a call next week?', 'interested'],
    ["Here's my Calendly: https://calendly.com/jane/30min", 'interested'],
    ['What time works for you on Thursday?', 'interested'],
    ["I'm available on Tuesday afternoon.", 'interested'],
    ['Happy to schedule a meeting, when would you be free?', 'interested'],
    ['Send me a calendar invite.', 'interested'],
    // meeting booked: a time confirmed
    ["Tuesday at 3pm works for me, I've booked it.", 'meeting_booked'],
    ['Just booked a slot on your calendar.', 'meeting_booked'],
    ['Accepted the invite, see you on Thursday.', 'meeting_booked'],
    ['3pm works great.', 'meeting_booked'],
    // not interested
    ['Not interested, thanks.', 'not_interested'],
    ['We are not interested at this time.', 'not_interested'],
    ["I'm no longer interested.", 'not_interested'],
    ["We're not really interested.", 'not_interested'],
    ['No thanks.', 'not_interested'],
    ['No thank you, we already use a tool for this.', 'not_interested'],
    ['Please remove me from your list.', 'not_interested'],
    ['Unsubscribe', 'not_interested'],
    ['Stop emailing me.', 'not_interested'],
    ["Don't contact me again.", 'not_interested'],
    ['Not for us, we will pass.', 'not_interested'],
    ["I don't want to book a call.", 'not_interested'],
    ["Not interested. Don't send me more info.", 'not_interested'],
    ["We're all set, thank you.", 'not_interested'],
    ['We have no interest in this.', 'not_interested'],
    ["It's not a good fit for us.", 'not_interested'],
    // wrong person
    ["You've got the wrong person.", 'wrong_person'],
    ["I'm not the right person for this, you should contact Mark in IT.", 'wrong_person'],
    ['Jane no longer works here.', 'wrong_person'],
    ['Sarah has left the company. Please update your records.', 'wrong_person'],
    ['This is not my department.', 'wrong_person'],
    ['You should reach out to our CTO, mark@acme.com.', 'wrong_person'],
    // out of office
    ['I am out of the office until Monday, March 11 with limited access to email.', 'out_of_office'],
    ["I'm on vacation and will be back on the 15th. For urgent matters you should contact jane@acme.com.", 'out_of_office'],
    ['Thank you for your message. I am currently on parental leave.', 'out_of_office'],
    ['This is an automatic reply. I will return on April 2.', 'out_of_office'],
    // nothing
    ['Who is this?', null],
    ['Thanks for the email.', null],
    ['', null],
  ])('%j → %s', (text, label) => {
    expect(suggestInterest(text).interest).toBe(label);
  });

  it('gives meeting requests their own rule id', () => {
    expect(suggestInterest('Can we book a call?').rule).toBe('meeting_request');
    expect(suggestInterest('Just booked a time.').rule).toBe('meeting_confirmed');
  });

  it('never reads "not interested" as interested', () => {
    for (const text of ['not interested', 'Not Interested', 'NOT INTERESTED!!!', 'Honestly not that interested', "I'm not interested in this", 'Never interested.']) {
      expect(suggestInterest(text).interest).toBe('not_interested');
    }
  });

  it('reads a positive reply with a timing signal as interested later, with low confidence', () => {
    const s = suggestInterest('Interested, but not now.');
    expect(s).toEqual({ interest: 'interested', confidence: 0.5, rule: 'interested_later' });
    expect(suggestInterest('Not right now.')).toEqual({ interest: 'not_interested', confidence: 0.5, rule: 'not_now' });
    expect(suggestInterest('Reach out again next quarter.')).toEqual({ interest: 'interested', confidence: 0.4, rule: 'later' });
  });

  it('is surer of an exact phrase than of a weak keyword, and less sure when signals conflict', () => {
    const exact = suggestInterest("I'm interested.").confidence;
    const weak = suggestInterest('Pricing?').confidence;
    const conflicting = suggestInterest('Sounds good, but please remove me from this list.');
    expect(exact).toBeGreaterThanOrEqual(0.8);
    expect(weak).toBeLessThan(exact);
    expect(conflicting.interest).toBe('not_interested');
    expect(conflicting.confidence).toBeLessThan(suggestInterest('Please remove me from this list.').confidence);
    expect(suggestInterest('Nothing here to see.')).toEqual({ interest: null, confidence: 0, rule: 'none' });
  });

  it('keeps confidence between 0 and 1', () => {
    for (const text of ['yes yes yes interested sounds good', 'unsubscribe sounds good interested book a call out of office wrong person']) {
      const { confidence } = suggestInterest(text);
      expect(confidence).toBeGreaterThan(0);
      expect(confidence).toBeLessThanOrEqual(1);
    }
  });

  it('uses the subject only for out-of-office', () => {
    expect(suggestInterest('Thank you for your email.', 'Automatic reply: Quick question').interest).toBe('out_of_office');
    expect(suggestInterest('Who is this?', 'Re: Interested in a faster pipeline?').interest).toBeNull();
    // A lead who left the company is the better label than the auto-reply itself.
    expect(suggestInterest('Jane no longer works at Acme.', 'Automatic reply: hello').interest).toBe('wrong_person');
  });

  it('handles curly apostrophes', () => {
    expect(suggestInterest('I’m not the right person.').interest).toBe('wrong_person');
    expect(suggestInterest('Don’t contact me again.').interest).toBe('not_interested');
  });
});

describe('modelPrompt', () => {
  it('asks for JSON restricted to the labels and carries the reply', () => {
    const [system, user] = modelPrompt('Sounds good, call me.', 'Re: Hello');
    expect(system.role).toBe('system');
    for (const label of INTEREST_LABELS) expect(system.content).toContain(label);
    expect(system.content).toContain('"interest"');
    expect(system.content).toContain('"confidence"');
    expect(user).toEqual({ role: 'user', content: 'Subject: Re: Hello\n\nReply:\nSounds good, call me.' });
  });

  it('cuts a long reply without splitting a character', () => {
    const [, user] = modelPrompt('😀'.repeat(5000));
    expect(user.content.endsWith('😀')).toBe(true);
    expect(Array.from(user.content.split('Reply:\n')[1])).toHaveLength(4000);
  });
});

describe('parseModelAnswer', () => {
  it.each([
    ['{"interest": "interested", "confidence": 0.8}', { interest: 'interested', confidence: 0.8 }],
    ['```json\n{"interest": "wrong_person", "confidence": 0.7}\n```', { interest: 'wrong_person', confidence: 0.7 }],
    ['```\n{"interest": "out_of_office", "confidence": 1}\n```', { interest: 'out_of_office', confidence: 1 }],
    ['Here you go: {"interest": "not_interested", "confidence": "0.9"}', { interest: 'not_interested', confidence: 0.9 }],
    ['{"interest": null, "confidence": 0.2}', { interest: null, confidence: 0.2 }],
    ['{"interest": " Meeting_Booked ", "confidence": 0}', { interest: 'meeting_booked', confidence: 0 }],
  ])('%s', (content, expected) => {
    expect(parseModelAnswer(content)).toEqual(expected);
  });

  it.each([
    ['{"interest": "maybe", "confidence": 0.5}'],
    ['{"interest": "positive", "confidence": 0.5}'],
    ['{"interest": "interested", "confidence": 1.5}'],
    ['{"interest": "interested", "confidence": -0.1}'],
    ['{"interest": "interested"}'],
    ['{"interest": 3, "confidence": 0.5}'],
    ['["interested", 0.5]'],
    ['interested'],
    ['{"interest": "interested", "confidence": 0.5'],
    [''],
  ])('refuses %s', (content) => {
    expect(parseModelAnswer(content)).toBeNull();
  });
});
