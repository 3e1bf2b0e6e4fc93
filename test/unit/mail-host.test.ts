// The address guard of SMTP and IMAP (src/mail/mail-host.ts, decisions.md §10) with a resolver of the
// test's own: one look-up, every address checked, the checked address is the one to connect to.
import { checkMailHost, MailHostNotFound, pinMailHost, tlsServername } from '../../src/mail/mail-host';
import type { ResolvedAddress } from '../../src/net/safe-fetch';

const answers =
  (...addresses: string[]) =>
  async (): Promise<ResolvedAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const refused = (host: string, category: string) => expect.objectContaining({ status: 400, code: 'host_not_allowed', details: { host, category } });

describe('pinMailHost', () => {
  it('resolves a name once and hands back an address it checked (IPv4 first), the name kept for TLS', async () => {
    const resolve = jest.fn(answers('2606:2800:21f:cb07:6820:80da:af6b:8b2c', '93.184.215.14'));
    const pinned = await pinMailHost('SMTP.Example.COM.', { allowPrivate: false, resolve });
    expect(pinned).toEqual({ host: 'smtp.example.com', address: '93.184.215.14' });
    expect(tlsServername(pinned)).toBe('smtp.example.com');
    expect(resolve).toHaveBeenCalledTimes(1);
    await expect(pinMailHost('v6only.test', { allowPrivate: false, resolve: answers('2606:2800:21f:cb07:6820:80da:af6b:8b2c') })).resolves.toEqual({
      host: 'v6only.test',
      address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
    });
    // An IP literal is its own address, with no name for TLS to check.
    const literal = await pinMailHost('8.8.8.8', { allowPrivate: false, resolve });
    expect(literal).toEqual({ host: '8.8.8.8', address: '8.8.8.8' });
    expect(tlsServername(literal)).toBeUndefined();
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it('refuses a name with any refused address among its answers (no picking the good one)', async () => {
    await expect(pinMailHost('mixed.test', { allowPrivate: false, resolve: answers('93.184.215.14', '10.0.0.5') })).rejects.toEqual(refused('mixed.test', 'private'));
    await expect(pinMailHost('local.test', { allowPrivate: false, resolve: answers('127.0.0.1') })).rejects.toEqual(refused('local.test', 'loopback'));
  });

  it('lets loopback and private through with ALLOW_PRIVATE_FETCH, never link-local or metadata', async () => {
    const open = (...a: string[]) => ({ allowPrivate: true, resolve: answers(...a) });
    await expect(pinMailHost('local.test', open('127.0.0.1'))).resolves.toEqual({ host: 'local.test', address: '127.0.0.1' });
    await expect(pinMailHost('lan.test', open('192.168.1.4'))).resolves.toEqual({ host: 'lan.test', address: '192.168.1.4' });
    await expect(pinMailHost('metadata.test', open('169.254.169.254'))).rejects.toEqual(refused('metadata.test', 'link_local'));
    await expect(pinMailHost('v6.test', open('fd00:ec2::254'))).rejects.toEqual(refused('v6.test', 'metadata'));
    await expect(pinMailHost('fe80::1', { allowPrivate: true })).rejects.toEqual(refused('fe80::1', 'link_local'));
  });

  it('reports a host without an address (or whose look-up outlasts its time) as not found', async () => {
    await expect(pinMailHost('nowhere.test', { allowPrivate: false, resolve: answers() })).rejects.toBeInstanceOf(MailHostNotFound);
    const never = () => new Promise<ResolvedAddress[]>(() => undefined);
    await expect(pinMailHost('slow.test', { allowPrivate: false, resolve: never }, 50)).rejects.toMatchObject({ code: 'ENOTFOUND', host: 'slow.test' });
  });
});

describe('checkMailHost (saving an inbox)', () => {
  it('refuses a host the guard refuses, and accepts one that does not resolve yet', async () => {
    await expect(checkMailHost('169.254.169.254', { allowPrivate: true })).rejects.toEqual(refused('169.254.169.254', 'link_local'));
    await expect(checkMailHost('mail.test', { allowPrivate: false, resolve: answers('10.1.1.1') })).rejects.toEqual(refused('mail.test', 'private'));
    await expect(checkMailHost('not-yet.test', { allowPrivate: false, resolve: answers() })).resolves.toBeUndefined();
    await expect(checkMailHost('mail.test', { allowPrivate: false, resolve: answers('93.184.215.14') })).resolves.toBeUndefined();
  });
});
