// inboxes/seed-provider.ts (decisions.md §16): a seed's provider from its IMAP host, else its domain's MX.
import { seedProviderOf } from '../../../src/modules/inboxes/seed-provider';

describe('seedProviderOf', () => {
  it("names the big providers' own IMAP hosts", () => {
    expect(seedProviderOf('imap.gmail.com', null)).toBe('google');
    expect(seedProviderOf('outlook.office365.com', null)).toBe('microsoft');
    expect(seedProviderOf('imap-mail.outlook.com', null)).toBe('microsoft');
    expect(seedProviderOf('imap.mail.yahoo.com', null)).toBe('yahoo');
    expect(seedProviderOf('imap.aol.com', null)).toBe('yahoo');
  });

  it("else the domain's lowest-preference MX host; other when it names none of them, or none is known", () => {
    expect(
      seedProviderOf('imap.acme.test', [
        { exchange: 'alt1.aspmx.l.google.com', priority: 5 },
        { exchange: 'aspmx.l.google.com.', priority: 1 },
      ]),
    ).toBe('google');
    expect(seedProviderOf('imap.acme.test', [{ exchange: 'acme-test.mail.protection.outlook.com', priority: 0 }])).toBe('microsoft');
    expect(seedProviderOf('imap.acme.test', [{ exchange: 'mta5.am0.yahoodns.net', priority: 1 }])).toBe('yahoo');
    expect(
      seedProviderOf('imap.acme.test', [
        { exchange: 'mx.acme.test', priority: 1 },
        { exchange: 'aspmx.l.google.com', priority: 9 },
      ]),
    ).toBe('other');
    expect(seedProviderOf('imap.acme.test', null)).toBe('other');
    expect(seedProviderOf('imap.acme.test', [])).toBe('other');
  });

  it('is not fooled by a host that only ends like a provider', () => {
    expect(seedProviderOf('imap.notgmail.com', null)).toBe('other');
  });
});
