// Settings with rules of their own (src/config.ts). TRUST_PROXY (docs/deploy.md): keywords and proxy
// addresses or ranges; anything else, including "true" (every peer trusted, so any client could choose
// its own address), stops the start. JOB_LEASE_SECONDS: 6 to 600.
import { ConfigError, loadConfig } from '../../src/config';

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
