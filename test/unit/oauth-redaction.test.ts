// decisions.md §15: OAuth tokens never reach a log line (src/observability/log-redaction.ts), by the names they travel
// under and, as a last defence, by their shape in any text: JWTs (Microsoft's access tokens, every ID
// token) and Google's `ya29.` access and `1//` refresh tokens.
import { maskSecretsInText, redactFields, REDACTED } from '../../src/observability/log-redaction';

const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJraW0iLCJ0aWQiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const google = `ya29.${'a0AfB_byC'.repeat(4)}`;
const refresh = `1//${'0gYb8s7xQ'.repeat(4)}`;

it('masks OAuth tokens found in text', () => {
  const text = `refresh failed for ${jwt}, ${google} and ${refresh}; sub 1//x stays`;
  const masked = maskSecretsInText(text);
  for (const token of [jwt, google, refresh]) expect(masked).not.toContain(token);
  expect(masked).toContain('sub 1//x stays');
});

it('redacts the fields OAuth secrets travel under, at any depth', () => {
  const fields = redactFields({
    grant: { id_token: 'a', idToken: 'b', refreshTokenEnc: 'c', accessTokenEnc: 'd' },
    pkce: { codeVerifier: 'e', code_verifier: 'f' },
    client: { clientSecret: 'g', client_secret: 'h' },
    provider: 'microsoft',
  });
  expect(fields).toEqual({
    grant: { id_token: REDACTED, idToken: REDACTED, refreshTokenEnc: REDACTED, accessTokenEnc: REDACTED },
    pkce: { codeVerifier: REDACTED, code_verifier: REDACTED },
    client: { clientSecret: REDACTED, client_secret: REDACTED },
    provider: 'microsoft',
  });
});
