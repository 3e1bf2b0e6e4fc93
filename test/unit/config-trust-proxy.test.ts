// TRUST_PROXY (docs/deploy.md): keywords and proxy addresses or ranges; anything else, including "true"
// (every peer trusted, so any client could choose its own address), stops the start.
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
