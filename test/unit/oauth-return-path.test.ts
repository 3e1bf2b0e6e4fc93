// decisions.md §15: the OAuth callback sends the browser back to a path of this service, never to another
// site. The start call refuses anything else (test/api/oauth-connect.test.ts); these check the resolved
// form the callback redirects to, including a state stored before the start call checked it.
import { withParam } from '../../src/modules/oauth/oauth-connect.service';
import { servicePath } from '../../src/modules/oauth/oauth.inputs';

describe('return_to of the OAuth callback', () => {
  it('resolves dot segments before deciding: a path that stays inside the service is kept, resolved', () => {
    expect(servicePath('/app/settings')).toBe('/app/settings');
    expect(servicePath('/app/x/../settings?tab=inboxes#top')).toBe('/app/settings?tab=inboxes#top');
    expect(servicePath('/app/%2e/settings')).toBe('/app/settings');
  });

  it.each(['/.//evil.example', '/app/..//evil.example/x', '/%2e//evil.example', '/.%2E//evil.example', '/..//evil.example', '//evil.example', '/\\evil.example'])(
    'refuses %j, which a browser would read as another site once resolved',
    (path) => expect(servicePath(path)).toBeNull(),
  );

  it('redirects a stored path that resolves to another site to the default page', () => {
    expect(withParam('/.//evil.example', 'connected', 'abc')).toBe('/app/settings?connected=abc');
    expect(withParam('/app/x/../inboxes?a=1', 'oauth_error', 'access_denied')).toBe('/app/inboxes?a=1&oauth_error=access_denied');
  });
});
