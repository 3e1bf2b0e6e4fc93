// The key per-client rate limits count under (decisions.md §10): one IPv4 address, or one IPv6 /64.
import { clientKey } from '../../src/security/rate-limits/client-address';

describe('clientKey', () => {
  it('counts an IPv4 address alone, also when written as IPv6', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::FFFF:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('203.0.113.10')).not.toBe(clientKey('203.0.113.9'));
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2::5%eth0', '2001:db8:1:2::192.0.2.1']) {
      expect(clientKey(address)).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('keeps anything else as it is', () => {
    expect(clientKey('not an address')).toBe('not an address');
  });
});
