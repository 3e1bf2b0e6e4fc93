// decisions.md §13 "Logs": one JSON line per event (pino) with the level by name and the message under
// `msg`, LOG_LEVEL filtering, the request's id on the lines written while serving it, and secrets never
// written, whether they come as fields (any depth, inside errors) or inside text (URLs with a password,
// Bearer credentials, our token formats).
import { ConfigError, loadConfig } from '../../src/runtime/config';
import { REDACTED } from '../../src/observability/log-redaction';
import { createLogger, LOG_LEVELS, type LogLevel } from '../../src/observability/logger';
import { currentRequestId, runInRequest } from '../../src/runtime/request-scope';
import { requestIdFor } from '../../rest/request-id';

/** A logger writing to memory; `lines()` parses what it wrote, `text()` is the raw output. */
function capture(level: LogLevel) {
  const chunks: string[] = [];
  const log = createLogger({ level, destination: { write: (s: string) => void chunks.push(s) } });
  const text = () => chunks.join('');
  const lines = () =>
    text()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { log, text, lines };
}

describe('lines', () => {
  it('writes one JSON line per event, level by name, message under msg, fields beside it', () => {
    const { log, text, lines } = capture('info');
    log.info('dispatch tick', { sent: 3 });
    log.warn('reply poll failed', { inboxId: 'i1' });
    log.error('job failed', { job: 'dispatch' });
    expect(text().split('\n').filter(Boolean)).toHaveLength(3);
    expect(lines()).toEqual([
      expect.objectContaining({ level: 'info', msg: 'dispatch tick', sent: 3, time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), pid: process.pid }),
      expect.objectContaining({ level: 'warn', msg: 'reply poll failed', inboxId: 'i1' }),
      expect.objectContaining({ level: 'error', msg: 'job failed', job: 'dispatch' }),
    ]);
  });

  it('filters by level: debug lines are left out at info, written at debug; silent writes nothing', () => {
    const info = capture('info');
    info.log.debug('detail');
    info.log.info('shown');
    expect(info.lines().map((l) => l.msg)).toEqual(['shown']);

    const debug = capture('debug');
    debug.log.debug('detail');
    expect(debug.lines()).toEqual([expect.objectContaining({ level: 'debug', msg: 'detail' })]);

    const error = capture('error');
    error.log.warn('not shown');
    error.log.error('shown');
    expect(error.lines().map((l) => l.msg)).toEqual(['shown']);

    const silent = capture('silent');
    silent.log.error('nothing');
    expect(silent.text()).toBe('');
  });

  it('puts the id of the request being served on every line written inside it, through awaits, and none outside', async () => {
    const { log, lines } = capture('info');
    await runInRequest('req-1', async () => {
      log.info('before');
      await new Promise((r) => setTimeout(r, 1));
      log.warn('after a timer');
      await runInRequest('req-2', async () => log.info('another request'));
      log.info('back');
    });
    log.info('outside');
    expect(lines().map((l) => [l.msg, l.reqId])).toEqual([
      ['before', 'req-1'],
      ['after a timer', 'req-1'],
      ['another request', 'req-2'],
      ['back', 'req-1'],
      ['outside', undefined],
    ]);
    expect(currentRequestId()).toBeUndefined();
  });
});

describe('LOG_LEVEL', () => {
  const base = { SECRET_KEY: 'k' };
  it('is info by default and takes every pino level, in any case', () => {
    expect(loadConfig(base).logLevel).toBe('info');
    for (const level of LOG_LEVELS) expect(loadConfig({ ...base, LOG_LEVEL: level }).logLevel).toBe(level);
    expect(loadConfig({ ...base, LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
  });
  it.each(['verbose', 'warning', '0', ' info'])('refuses %j with a configuration error', (value) => {
    expect(() => loadConfig({ ...base, LOG_LEVEL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, LOG_LEVEL: value })).toThrow(/LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent/);
  });
});

describe('request ids', () => {
  it('takes a sane id as sent', () => {
    for (const id of ['abc', 'f47ac10b-58cc-4372-a567-0e02b2c3d479', 'lb.1:2_3-4', 'x'.repeat(128)]) expect(requestIdFor(id)).toBe(id);
  });
  it('makes one when none is sent or the one sent is not sane (too long, CR/LF, spaces, other characters)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const sent of [undefined, '', 'x'.repeat(129), 'a\r\nSet-Cookie: x=1', 'a b', 'a\tb', 'a, b', '<script>', 'é', '"quoted"', 'a%0d%0a']) {
      const id = requestIdFor(sent);
      expect(id).toMatch(uuid);
    }
    expect(requestIdFor(undefined)).not.toBe(requestIdFor(undefined));
  });
});

describe('secrets never reach the output', () => {
  // One distinct value per kind, so that a leak names its kind.
  const s = {
    userPassword: 'user-pw-Zq81',
    smtpPassword: 'smtp-pw-Lx42',
    imapPass: 'imap-pass-Rw90',
    sessionToken: 'ses_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd',
    apiKey: 'key_ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210-_wxyz',
    webhookSecret: 'whsec_QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkwMTI=',
    verificationKey: 'nb-key-Pf33',
    secretKey: 'secret-key-Mm07',
    llmKey: 'sk-llm-Hh55',
    metricsToken: 'metrics-token-Tt66',
    bearer: 'opaque-bearer-Bb12',
    cookie: 'sid=cookie-Cc34',
    dbPassword: 'db-pw-Dd78',
    linkToken: 'link-token-Ll99',
  };

  it('by field name, at the top and nested in objects and arrays, in every kind the code holds', () => {
    const { log, text, lines } = capture('trace');
    log.info('top level', {
      password: s.userPassword,
      token: s.sessionToken,
      key: s.apiKey,
      secret: s.webhookSecret,
      apiKey: s.llmKey,
      SECRET_KEY: s.secretKey,
      LLM_API_KEY: s.llmKey,
      METRICS_TOKEN: s.metricsToken,
      authorization: `Bearer ${s.bearer}`,
      cookie: s.cookie,
    });
    log.warn('nested', {
      input: { email: 'a@b.test', smtpPassword: s.smtpPassword, imap: { auth: { user: 'u', pass: s.imapPass } } },
      inboxes: [{ password: s.smtpPassword }, { login: { password: s.imapPass } }],
      headers: { Authorization: `Bearer ${s.bearer}`, Cookie: s.cookie, 'set-cookie': [s.cookie], 'x-api-key': s.apiKey },
      config: { secretKey: s.secretKey, llm: { apiKey: s.llmKey }, metricsToken: s.metricsToken },
      webhook: { webhookSecret: s.webhookSecret, secretEnc: s.webhookSecret },
      workspace: { verificationKey: s.verificationKey },
      link: { token: s.linkToken },
      deep: { a: { b: { c: { d: { password: s.userPassword } } } } },
    });
    log.debug('also at debug', { password: s.userPassword });
    const out = text();
    for (const [kind, value] of Object.entries(s)) expect({ kind, leaked: out.includes(value) }).toEqual({ kind, leaked: false });
    // Redacted, not dropped: the reader sees that there was a value.
    expect(lines()[0]).toMatchObject({ password: REDACTED, token: REDACTED, authorization: REDACTED });
    expect(lines()[1]).toMatchObject({ input: { email: 'a@b.test', smtpPassword: REDACTED, imap: { auth: { user: 'u', pass: REDACTED } } } });
  });

  it('in class instances (walked as JSON.stringify writes them), and a cyclic or huge value is cut, not followed', () => {
    const { log, text, lines } = capture('info');
    class InboxLike {
      email = 'sam@acme.test';
      passwordEnc = s.smtpPassword;
    }
    class WithToJSON {
      toJSON() {
        return { id: 'w1', secret: s.webhookSecret };
      }
    }
    const cyclic: Record<string, unknown> = { name: 'loop', token: s.sessionToken };
    cyclic.self = cyclic;
    log.info('objects', { inbox: new InboxLike(), hook: new WithToJSON(), cyclic, many: Array.from({ length: 5000 }, (_, i) => ({ i, password: s.userPassword })) });
    const out = text();
    for (const [kind, value] of Object.entries(s)) expect({ kind, leaked: out.includes(value) }).toEqual({ kind, leaked: false });
    expect(lines()[0]).toMatchObject({ inbox: { email: 'sam@acme.test', passwordEnc: REDACTED }, hook: { id: 'w1', secret: REDACTED }, cyclic: { name: 'loop' } });
    expect(out.length).toBeLessThan(50_000);
  });

  it('inside text: a URL with a password keeps its URL, Bearer credentials and our tokens are masked', () => {
    const { log, text, lines } = capture('info');
    const url = `postgresql://outreach:${s.dbPassword}@db.internal:5432/outreach`;
    log.info(`connecting to ${url}`, { databaseUrl: url, DATABASE_URL: url, note: `mongodb://app:${s.dbPassword}@mongo/agenda` });
    log.error('request failed', { detail: `sent Authorization: Bearer ${s.bearer} and ${s.sessionToken}`, hint: `use ${s.apiKey} or ${s.webhookSecret}` });
    log.warn(`key ${s.apiKey} refused`);
    const out = text();
    for (const [kind, value] of Object.entries(s)) expect({ kind, leaked: out.includes(value) }).toEqual({ kind, leaked: false });
    expect(lines()[0]).toMatchObject({
      msg: 'connecting to postgresql://outreach:***@db.internal:5432/outreach',
      databaseUrl: 'postgresql://outreach:***@db.internal:5432/outreach',
      note: 'mongodb://app:***@mongo/agenda',
    });
  });

  it('errors: type, message, stack, code and causes only, never the request they carry; text masked', () => {
    const { log, text, lines } = capture('info');
    const cause = new Error(`connect failed for postgres://u:${s.dbPassword}@h/db`);
    const err = Object.assign(new Error('webhook delivery failed', { cause }), {
      code: 'ECONNRESET',
      request: { body: { password: s.userPassword }, rawBody: `password=${s.userPassword}`, headers: { authorization: `Bearer ${s.bearer}` } },
      config: { data: s.smtpPassword },
    });
    log.error('unhandled error', { err });
    log.warn('poll failed', { error: err });
    log.error('wrapped', { failure: { err } });
    const out = text();
    for (const [kind, value] of Object.entries(s)) expect({ kind, leaked: out.includes(value) }).toEqual({ kind, leaked: false });
    expect(lines()[0].err).toEqual({
      type: 'Error',
      message: 'webhook delivery failed',
      stack: expect.stringContaining('webhook delivery failed'),
      code: 'ECONNRESET',
      cause: { type: 'Error', message: 'connect failed for postgres://u:***@h/db', stack: expect.any(String) },
    });
  });
});
