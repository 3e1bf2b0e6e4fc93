// classifySmtpError: what each kind of SMTP failure makes the engine do (README "Outcomes").
import { classifySmtpError } from '../../../src/mail/smtp-sender';

const err = (fields: { code?: string; responseCode?: number; response?: string; command?: string; message?: string }) =>
  Object.assign(new Error(fields.message ?? 'failed'), fields);

it('takes a refused login as the inbox’s problem', () => {
  expect(classifySmtpError(err({ code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Authentication credentials invalid', command: 'AUTH PLAIN' }))).toEqual({
    outcome: 'auth',
    code: 535,
    detail: '535 5.7.8 Authentication credentials invalid',
    senderRefused: true,
    loginRefused: true,
  });
  expect(classifySmtpError(err({ responseCode: 530, response: '530 Must authenticate', command: 'MAIL FROM' })).outcome).toBe('auth');
});

it('takes a refused XOAUTH2 token as a refused login, saying so (decisions.md §15: the token is refreshed once)', () => {
  // nodemailer, refused a token it cannot renew itself, reports that it could not make a new one.
  expect(classifySmtpError(err({ code: 'EAUTH', command: 'AUTH XOAUTH2', message: "Can't create new access token for user" }))).toEqual({
    outcome: 'auth',
    code: null,
    detail: 'the server refused the access token (XOAUTH2)',
    senderRefused: true,
    loginRefused: true,
  });
  // A refusal at MAIL FROM is no login refusal: no token is refreshed for it.
  expect(classifySmtpError(err({ code: 'EENVELOPE', responseCode: 550, response: '550 5.7.1 Sender domain blocked', command: 'MAIL FROM' })).loginRefused).toBeUndefined();
});

it('takes a 5xx at MAIL FROM as a refused sender, never a bounce of the lead', () => {
  expect(classifySmtpError(err({ code: 'EENVELOPE', responseCode: 550, response: '550 5.7.1 Sender domain blocked', command: 'MAIL FROM' }))).toMatchObject({
    outcome: 'auth',
    code: 550,
  });
});

it('takes a 5xx at RCPT or DATA as a hard bounce, marking policy refusals (5.7.x)', () => {
  expect(classifySmtpError(err({ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 No such user', command: 'RCPT TO' }))).toEqual({
    outcome: 'rejected',
    code: 550,
    detail: '550 5.1.1 No such user',
    senderRefused: false,
  });
  expect(classifySmtpError(err({ code: 'EMESSAGE', responseCode: 554, response: '554 5.7.1 Message refused as spam', command: 'DATA' }))).toMatchObject({
    outcome: 'rejected',
    code: 554,
    senderRefused: true,
  });
});

it('defers 4xx answers and failures without an answer', () => {
  expect(classifySmtpError(err({ responseCode: 421, response: '421 4.7.0 Try again later', command: 'RCPT TO' }))).toMatchObject({ outcome: 'deferred', code: 421 });
  expect(classifySmtpError(err({ responseCode: 451, response: '451 4.3.0 Local error', command: 'DATA' }))).toMatchObject({ outcome: 'deferred', code: 451 });
  for (const code of ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']) {
    expect(classifySmtpError(err({ code, message: `connect ${code}\n  at somewhere` }))).toEqual({
      outcome: 'deferred',
      code: null,
      detail: `connect ${code} at somewhere`,
      senderRefused: false,
    });
  }
});
