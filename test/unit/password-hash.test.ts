// decisions.md §10: password hashes carry their scrypt parameters (at least N=2^15, r=8, p=1); hashes of
// the first format (Node's default cost) still verify and ask to be replaced; scrypt runs off the event loop.
import { scryptSync } from 'node:crypto';
import { buildPorts } from '../../src/runtime/build-ports';
import { loadConfig } from '../../src/runtime/config';
import { hashPassword, PASSWORD_PARAMS, scryptPasswords, verifyPassword } from '../../src/security/crypto';
import { legacyPasswordHash } from '../support/factories/account.factory';

describe('password hashes', () => {
  it('name their cost, at least N=2^15, r=8, p=1, with a fresh salt each time', async () => {
    expect(PASSWORD_PARAMS.ln).toBeGreaterThanOrEqual(15);
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it("are what the service's own port makes and checks (the tests' services hash at a lower cost)", async () => {
    const ports = buildPorts(loadConfig({ DATABASE_URL: 'postgres://unused/x', SECRET_KEY: 'k' }));
    try {
      const stored = await ports.passwords.hash('correct horse battery');
      expect(stored).toMatch(/^scrypt\$ln=15,r=8,p=1\$/);
      expect(await ports.passwords.verify('correct horse battery', stored)).toEqual({ ok: true, needsRehash: false });
      // A hash below the port's cost is replaced at the next login; the cost a port is made for is its own.
      const cheap = await scryptPasswords({ ln: 10, r: 8, p: 1 }).hash('correct horse battery');
      expect(await ports.passwords.verify('correct horse battery', cheap)).toEqual({ ok: true, needsRehash: true });
      expect(await scryptPasswords({ ln: 10, r: 8, p: 1 }).verify('correct horse battery', cheap)).toEqual({ ok: true, needsRehash: false });
    } finally {
      await ports.smtp.close();
    }
  });

  it('are made at the cost they name', async () => {
    const stored = await hashPassword('correct horse battery');
    const [, , salt, hash] = stored.split('$');
    const expected = scryptSync('correct horse battery', Buffer.from(salt, 'base64url'), 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    expect(hash).toBe(expected.toString('base64url'));
  });

  it('verify the right password only, and need no rehash at the current cost', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toEqual({ ok: true, needsRehash: false });
    expect(await verifyPassword('correct horse batterz', stored)).toEqual({ ok: false, needsRehash: false });
  });

  it('still verify in the first format, and ask for a rehash when the password is right', async () => {
    const stored = legacyPasswordHash('correct horse battery');
    expect(await verifyPassword('correct horse battery', stored)).toEqual({ ok: true, needsRehash: true });
    expect(await verifyPassword('wrong horse battery', stored)).toEqual({ ok: false, needsRehash: false });
  });

  it('ask for a rehash of a hash made at a lower cost', async () => {
    const stored = await hashPassword('correct horse battery', { ln: 14, r: 8, p: 1 });
    expect(stored).toMatch(/^scrypt\$ln=14,r=8,p=1\$/);
    expect(await verifyPassword('correct horse battery', stored)).toEqual({ ok: true, needsRehash: true });
  });

  it('refuse anything they did not make, without running an absurd cost', async () => {
    const [, , salt, hash] = (await hashPassword('pw pw pw pw pw')).split('$');
    for (const stored of [
      '',
      'scrypt',
      'scrypt$$',
      'bcrypt$x$y',
      `scrypt$ln=30,r=8,p=1$${salt}$${hash}`,
      `scrypt$ln=15,r=999,p=1$${salt}$${hash}`,
      `scrypt$N=32768$${salt}$${hash}`,
    ]) {
      expect(await verifyPassword('pw pw pw pw pw', stored)).toEqual({ ok: false, needsRehash: false });
    }
  });

  it('answer no for an unknown address (no stored hash) after the same work', async () => {
    expect(await verifyPassword('anything at all', null)).toEqual({ ok: false, needsRehash: false });
  });

  it('run scrypt off the event loop: timers keep firing while a hash is made', async () => {
    let turns = 0;
    let running = true;
    const spin = () => {
      turns++;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    await hashPassword('correct horse battery');
    running = false;
    // A synchronous scrypt would hold the loop for the whole derivation: no turn before it returns.
    expect(turns).toBeGreaterThan(1);
  });
});
