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

  it('reads a Microsoft 365 / Outlook.com header, which has no authserv-id and starts with spf=, as it reads a Gmail one', () => {
    const microsoft = (spf: string, dkim: string, dmarc: string) =>
      [
        `Authentication-Results: spf=${spf} (sender IP is 203.0.113.25)`,
        ` smtp.mailfrom=acme.test; dkim=${dkim} (signature was verified)`,
        ` header.d=acme.test;dmarc=${dmarc} action=none header.from=acme.test;compauth=pass`,
        ' reason=100',
        'Message-ID: <x@acme.test>',
        '',
      ].join('\r\n');
    expect(authOfHeaders(microsoft('pass', 'pass', 'pass'))).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'pass' });
    expect(authOfHeaders(microsoft('softfail', 'none', 'fail'))).toEqual({ spf: 'softfail', dkim: 'none', dmarc: 'fail' });
    const gmail = [
      'Authentication-Results: mx.google.com;',
      '       dkim=pass header.i=@acme.test header.s=s1 header.b=Ab12Cd34;',
      '       spf=pass (google.com: domain of sam@acme.test designates 203.0.113.25 as permitted sender) smtp.mailfrom=sam@acme.test;',
      '       dmarc=pass (p=QUARANTINE sp=QUARANTINE dis=NONE) header.from=acme.test',
      'Message-ID: <x@acme.test>',
      '',
    ].join('\r\n');
    expect(authOfHeaders(gmail)).toEqual({ spf: 'pass', dkim: 'pass', dmarc: 'pass' });
    // An authserv-id is a token or a quoted string, whatever it holds: still not a result.
    expect(parseAuthResults('"mx=odd.example" 1; spf=fail; dkim=pass')).toEqual({ spf: 'fail', dkim: 'pass', dmarc: null });
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
