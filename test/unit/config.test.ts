// Settings with rules of their own (src/runtime/config.ts). TRUST_PROXY (docs/deploy.md): keywords and proxy
// addresses or ranges; anything else, including "true" (every peer trusted, so any client could choose
// its own address), stops the start. JOB_LEASE_SECONDS: 6 to 600.
import { ConfigError, loadConfig } from '../../src/runtime/config';

const trust = (value?: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

it('trusts loopback by default', () => {
  expect(trust()).toEqual(['loopback']);
  expect(trust('')).toEqual(['loopback']);
});

it('takes keywords, addresses and CIDR ranges, comma-separated', () => {
  expect(trust('loopback, 10.0.0.0/8,fd00::/8, 192.0.2.7, uniquelocal')).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.0.2.7', 'uniquelocal']);
});

it.each(['true', '*', '1', '10.0.0.0/33', 'fd00::/129', '10.0.0.0/8/1', 'example.com', '10.0.0'])('refuses %s', (value) => {
  expect(() => trust(value)).toThrow(ConfigError);
});

describe('JOB_LEASE_SECONDS', () => {
  const lease = (value?: string) => loadConfig({ JOB_LEASE_SECONDS: value }).jobLeaseSeconds;

  it('is 15 s unless set, and takes 6 to 600', () => {
    expect(lease()).toBe(15);
    expect(lease('6')).toBe(6);
    expect(lease('600')).toBe(600);
  });

  it.each(['5', '601', '7.5', 'soon'])('refuses %s', (value) => {
    expect(() => lease(value)).toThrow(ConfigError);
  });
});

describe('OAUTH_* (decisions.md §15)', () => {
  it('offers no provider until both its client id and secret are set, with the documented defaults', () => {
    const { google, microsoft } = loadConfig({ OAUTH_GOOGLE_CLIENT_ID: 'id-only' }).oauth;
    expect(google).toEqual({
      client: null,
      issuer: 'https://accounts.google.com',
      smtp: { host: 'smtp.gmail.com', port: 465 },
      imap: { host: 'imap.gmail.com', port: 993 },
    });
    expect(microsoft).toEqual({
      client: null,
      issuer: 'https://login.microsoftonline.com/organizations/v2.0',
      smtp: { host: 'smtp.office365.com', port: 587 },
      imap: { host: 'outlook.office365.com', port: 993 },
    });
  });

  it('takes the client, the issuer and the mail hosts of each provider', () => {
    const { microsoft } = loadConfig({
      OAUTH_MICROSOFT_CLIENT_ID: 'app-id',
      OAUTH_MICROSOFT_CLIENT_SECRET: 'app-secret',
      OAUTH_MICROSOFT_ISSUER: 'https://login.microsoftonline.us/organizations/v2.0/',
      OAUTH_MICROSOFT_SMTP: 'SMTP.Office365.us:587',
      OAUTH_MICROSOFT_IMAP: '[::1]:1993',
    }).oauth;
    expect(microsoft).toEqual({
      client: { id: 'app-id', secret: 'app-secret' },
      issuer: 'https://login.microsoftonline.us/organizations/v2.0',
      smtp: { host: 'smtp.office365.us', port: 587 },
      imap: { host: '::1', port: 1993 },
    });
  });

  it.each([
    ['OAUTH_GOOGLE_ISSUER', 'http://accounts.google.com'],
    ['OAUTH_GOOGLE_ISSUER', 'accounts.google.com'],
    ['OAUTH_GOOGLE_ISSUER', 'https://accounts.google.com/?x=1'],
    ['OAUTH_GOOGLE_SMTP', 'smtp.gmail.com'],
    ['OAUTH_GOOGLE_SMTP', 'smtp.gmail.com:0'],
    ['OAUTH_MICROSOFT_IMAP', 'outlook.office365.com:70000'],
    ['OAUTH_MICROSOFT_IMAP', 'user@outlook.office365.com:993'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });
});
