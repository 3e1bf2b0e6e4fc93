// Account rows in states the API no longer makes: a password hash of the first format.
import { randomBytes, scryptSync } from 'node:crypto';
import type { RunningService } from '../../../src/service';
import { User } from '../../../src/modules/accounts/user.entity';

type Service = Pick<RunningService, 'deps'>;

/** A hash as the service made them before decisions.md §10: `scrypt$<salt>$<hash>` at Node's default
 *  cost (N=2^14, r=8, p=1), with no parameters named. */
export function legacyPasswordHash(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${scryptSync(password, salt, 32).toString('base64url')}`;
}

export async function setPasswordHash(service: Service, userId: string, passwordHash: string): Promise<void> {
  await service.deps.orm.em.fork().nativeUpdate(User, { id: userId }, { passwordHash }, { filters: false });
}

export async function passwordHashOf(service: Service, userId: string): Promise<string> {
  const user = await service.deps.orm.em.fork().findOneOrFail(User, userId, { filters: false, populate: ['passwordHash'] });
  return user.passwordHash;
}
