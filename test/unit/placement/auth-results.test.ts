// auth-results.ts (decisions.md §16): `auth` from the topmost Authentication-Results (RFC 8601).
import { authOfHeaders, parseAuthResults, topmostAuthenticationResults } from '../../../src/modules/placement/auth-results';

describe('authOfHeaders', () => {
  it("reads the topmost header only: the seed's provider's, not a relay's further down", () => {
    const headers = [
      'Authentication-Results: mx.google.com;',
      '       dkim=pass header.i=@acme.test header.s=s1 header.b=abc;',
      '       spf=softfail (google.com: domain of transitioning sam@acme.test) smtp.mailfrom=sam@acme.test;',
      '       dmarc=fail (p=NONE sp=NONE dis=NONE) header.from=acme.test',
      'Message-ID: <x@acme.test>',
      'Authentication-Results: relay.example; spf=pass; dkim=pass; dmarc=pass',
      '',
    ].join('\r\n');
    expect(authOfHeaders(headers)).toEqual({ spf: 'softfail', dkim: 'pass', dmarc: 'fail' });
  });

  it('is null without the header; a method the header does not name is null', () => {
    expect(authOfHeaders('Message-ID: <x@acme.test>\r\n')).toBeNull();
    expect(authOfHeaders('Authentication-Results: mx.example; spf=pass smtp.mailfrom=a@b.test\r\n')).toEqual({ spf: 'pass', dkim: null, dmarc: null });
    expect(authOfHeaders('Authentication-Results: mx.example 1; none\r\n')).toEqual({ spf: null, dkim: null, dmarc: null });
  });

  it("takes each method's first result, ignores words in comments, and maps old words to RFC 8601's", () => {
    expect(parseAuthResults('mx.example; dkim=fail (pass would be nice) header.d=a.test; dkim=pass header.d=b.test; spf=hardfail')).toEqual({
      spf: 'fail',
      dkim: 'fail',
      dmarc: null,
    });
    expect(parseAuthResults('mx (comment; spf=pass) .example; spf=temperror; dmarc=permerror; arc=pass')).toEqual({ spf: 'temperror', dkim: null, dmarc: 'permerror' });
    expect(parseAuthResults('mx.example; spf=weird; dkim=neutral')).toEqual({ spf: null, dkim: 'neutral', dmarc: null });
  });

  it('finds the header whatever its case, unfolded', () => {
    expect(topmostAuthenticationResults('X-Other: 1\nauthentication-results: a;\n\tspf=pass\n')).toBe('a; spf=pass');
  });
});
