// The short line a reply item shows in campaign activity and the lead timeline (replies/reply-detail.ts).
import { replyItemDetail, type ReplyItemLine } from '../../src/modules/replies/reply-detail';

const item = (fields: Partial<ReplyItemLine>): ReplyItemLine => ({
  kind: 'reply',
  snippet: '',
  subject: '',
  rule: 'reply',
  leadAwayUntil: null,
  bounce: null,
  ...fields,
});

it('says what the message said: its snippet, else its subject, else that it had no text', () => {
  expect(replyItemDetail(item({ snippet: ' Tell me more. ', subject: 'Re: Hello' }), 'UTC', { withRule: false })).toBe('Tell me more.');
  expect(replyItemDetail(item({ subject: 'Re: Hello' }), 'UTC', { withRule: true })).toBe('Re: Hello (rule: reply)');
  expect(replyItemDetail(item({}), 'UTC', { withRule: false })).toBe('(no text)');
});

it('gives an out-of-office its rule and the day the lead is back, in the zone given', () => {
  const ooo = item({ kind: 'auto_reply', rule: 'ooo_subject_de', subject: 'Abwesenheitsnotiz', leadAwayUntil: new Date('2026-12-06T23:00:00.000Z') });
  expect(replyItemDetail(ooo, 'Europe/Berlin', { withRule: true })).toBe('Abwesenheitsnotiz (rule: ooo_subject_de) — back 7 Dec');
  expect(replyItemDetail({ ...ooo, leadAwayUntil: null }, 'Europe/Berlin', { withRule: true })).toBe('Abwesenheitsnotiz (rule: ooo_subject_de)');
});

it('words a bounce as hard or soft with its status and the diagnostic, else the snippet', () => {
  const hard = item({ kind: 'bounce', rule: 'dsn', bounce: { permanent: true, status: '5.1.1', recipient: 'a@b.test', diagnostic: 'smtp; 550 5.1.1 user unknown' } });
  expect(replyItemDetail(hard, 'UTC', { withRule: true })).toBe('Hard bounce 5.1.1: smtp; 550 5.1.1 user unknown (rule: dsn)');
  const soft = item({ kind: 'bounce', rule: 'dsn_nonstandard_postfix', snippet: 'Mailbox full', bounce: { permanent: false, status: null, recipient: null, diagnostic: null } });
  expect(replyItemDetail(soft, 'UTC', { withRule: true })).toBe('Soft bounce: Mailbox full (rule: dsn_nonstandard_postfix)');
  const long = item({ kind: 'bounce', rule: 'dsn', bounce: { permanent: true, status: '5.0.0', recipient: null, diagnostic: 'x'.repeat(500) } });
  expect(replyItemDetail(long, 'UTC', { withRule: false })).toBe(`Hard bounce 5.0.0: ${'x'.repeat(200)}`);
});
