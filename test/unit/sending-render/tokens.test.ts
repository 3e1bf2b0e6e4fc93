// decisions.md §1/§5: public link tokens are signed with SECRET_KEY (HMAC-SHA256); a forged or altered
// token is refused; a click token redirects only to the URL that was in the email.
import { Secrets } from '../../../src/security/crypto';
import { LinkTokens, TOKEN_VERSION } from '../../../src/modules/sending/links/tokens';
import { publicLink } from '../../../src/modules/sending/links/public-urls';

const tokens = new LinkTokens(new Secrets('test-secret-key'));
const leadId = '0190a0b0-aaaa-4bbb-8ccc-dddd11112222';
const sendId = '0190a0b0-1111-4222-8333-444455556666';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const samples = () => [
  tokens.sign('unsubscribe', { leadId, sendId }),
  tokens.sign('unsubscribe', { leadId, sendId: null }),
  tokens.sign('open', { sendId }),
  tokens.sign('click', { sendId, index: 3, url: 'https://acme.com/pricing?a=1&b=ü#top' }),
];

describe('LinkTokens round trip', () => {
  it('gives back what was signed, for every kind', () => {
    expect(tokens.verify(tokens.sign('unsubscribe', { leadId, sendId }))).toEqual({ kind: 'unsubscribe', leadId, sendId });
    expect(tokens.verify(tokens.sign('unsubscribe', { leadId, sendId: null }))).toEqual({ kind: 'unsubscribe', leadId, sendId: null });
    expect(tokens.verify(tokens.sign('open', { sendId }))).toEqual({ kind: 'open', sendId });
    const url = 'https://acme.com/pricing?a=1&b=ü#top';
    expect(tokens.verify(tokens.sign('click', { sendId, index: 65535, url }))).toEqual({ kind: 'click', sendId, index: 65535, url });
  });

  it('accepts the expected kind when one is asked for', () => {
    expect(tokens.verify(tokens.sign('open', { sendId }), 'open')).toEqual({ kind: 'open', sendId });
  });

  it('reads ids back in lower case whatever case they were given in', () => {
    expect(tokens.verify(tokens.sign('open', { sendId: sendId.toUpperCase() }), 'open')?.sendId).toBe(sendId);
  });

  it('is URL-safe and short (version, kind, 16-byte ids, 16-byte tag)', () => {
    for (const t of samples()) expect(t).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(tokens.sign('open', { sendId })).toHaveLength(Math.ceil(((2 + 16 + 16) * 4) / 3));
    expect(tokens.sign('unsubscribe', { leadId, sendId }).length).toBeLessThanOrEqual(88);
  });

  it('is the same every time for the same contents (no expiry, nothing random)', () => {
    expect(tokens.sign('open', { sendId })).toBe(tokens.sign('open', { sendId }));
  });
});

describe('LinkTokens tampering', () => {
  it('refuses a token with any single character changed', () => {
    for (const token of samples()) {
      for (let i = 0; i < token.length; i++) {
        for (const c of ALPHABET) {
          if (c === token[i]) continue;
          const altered = token.slice(0, i) + c + token.slice(i + 1);
          expect(tokens.verify(altered)).toBeNull();
        }
      }
    }
  });

  it('refuses a token with any bit of any byte flipped', () => {
    for (const token of samples()) {
      const bytes = Buffer.from(token, 'base64url');
      for (let i = 0; i < bytes.length; i++) {
        for (let bit = 0; bit < 8; bit++) {
          const altered = Buffer.from(bytes);
          altered[i] ^= 1 << bit;
          expect(tokens.verify(altered.toString('base64url'))).toBeNull();
        }
      }
    }
  });

  it('refuses truncated, extended, padded and foreign-alphabet tokens', () => {
    const token = tokens.sign('open', { sendId });
    expect(tokens.verify(token.slice(0, -1))).toBeNull();
    expect(tokens.verify(token + 'A')).toBeNull();
    expect(tokens.verify(token + '=')).toBeNull();
    expect(tokens.verify(Buffer.from(token, 'base64url').toString('base64'))).toBeNull();
    expect(tokens.verify(` ${token}`)).toBeNull();
  });

  it('refuses garbage without throwing', () => {
    for (const junk of ['', 'A', '!!!!', 'x'.repeat(20000), '%00', null as unknown as string, 42 as unknown as string]) {
      expect(tokens.verify(junk)).toBeNull();
    }
  });

  it('refuses a token signed with another SECRET_KEY', () => {
    const other = new LinkTokens(new Secrets('another-key'));
    expect(other.verify(tokens.sign('open', { sendId }))).toBeNull();
  });

  it('refuses a correctly signed token of an unknown version (formats and keys can rotate)', () => {
    const secrets = new Secrets('test-secret-key');
    const body = Buffer.from(tokens.sign('open', { sendId }), 'base64url').subarray(0, -16);
    body[0] = TOKEN_VERSION + 1;
    const tag = Buffer.from(secrets.sign('link-token:' + body.toString('base64url')), 'base64url').subarray(0, 16);
    expect(tokens.verify(Buffer.concat([body, tag]).toString('base64url'))).toBeNull();
    // The same construction with the current version is accepted, so the refusal above is the version's.
    body[0] = TOKEN_VERSION;
    const good = Buffer.from(secrets.sign('link-token:' + body.toString('base64url')), 'base64url').subarray(0, 16);
    expect(tokens.verify(Buffer.concat([body, good]).toString('base64url'))).toEqual({ kind: 'open', sendId });
  });
});

describe('LinkTokens kinds', () => {
  it('does not take an open or click token for an unsubscribe token, nor the other way round', () => {
    const open = tokens.sign('open', { sendId });
    const click = tokens.sign('click', { sendId, index: 0, url: 'https://acme.com/' });
    const unsub = tokens.sign('unsubscribe', { leadId: sendId, sendId: null });
    expect(tokens.verify(open, 'unsubscribe')).toBeNull();
    expect(tokens.verify(click, 'unsubscribe')).toBeNull();
    expect(tokens.verify(unsub, 'open')).toBeNull();
    expect(tokens.verify(unsub, 'click')).toBeNull();
    expect(tokens.verify(open, 'click')).toBeNull();
  });

  it('signs click tokens for absolute http(s) URLs only, so a redirect can only go to a web page', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', '//evil.com', '/relative', 'https://', 'mailto:a@b.com']) {
      expect(() => tokens.sign('click', { sendId, index: 0, url })).toThrow();
    }
    expect(() => tokens.sign('click', { sendId, index: 0, url: 'https://a.com/' + 'x'.repeat(3000) })).toThrow();
    expect(() => tokens.sign('click', { sendId, index: 65536, url: 'https://a.com/' })).toThrow();
    expect(() => tokens.sign('open', { sendId: 'not-a-uuid' })).toThrow();
  });
});

describe('publicLink', () => {
  it('puts the token under the documented paths of PUBLIC_URL, ignoring a trailing slash', () => {
    expect(publicLink('https://t.example.com/', 'unsubscribe', 'TOK')).toBe('https://t.example.com/u/TOK');
    expect(publicLink('https://t.example.com', 'open', 'TOK')).toBe('https://t.example.com/o/TOK');
    expect(publicLink('http://localhost:3000', 'click', 'TOK')).toBe('http://localhost:3000/c/TOK');
  });
});
