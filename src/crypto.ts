// Secrets at rest and signed tokens. One SECRET_KEY (decisions.md §1) is stretched into separate keys
// per purpose, so a token signature can never be replayed as a ciphertext key or vice versa.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** SECRET_KEY from the environment, else the one generated into DATA_DIR on first start. */
export function loadSecretKey(secretKey: string | null, dataDir: string, log: (m: string) => void = () => {}): string {
  if (secretKey) return secretKey;
  const file = path.join(dataDir, 'secret-key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const generated = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, generated + '\n', { mode: 0o600, flag: 'wx' });
  log(`generated SECRET_KEY into ${file}; keep it (inbox passwords cannot be read without it)`);
  return generated;
}

export class Secrets {
  private readonly encKey: Buffer;
  private readonly signKey: Buffer;

  constructor(secretKey: string) {
    this.encKey = createHash('sha256').update(`enc:${secretKey}`).digest();
    this.signKey = createHash('sha256').update(`sign:${secretKey}`).digest();
  }

  /** AES-256-GCM; output `v1.<iv>.<tag>.<ciphertext>` in base64url. */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  decrypt(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** HMAC-SHA256 signature (base64url) for public link tokens. */
  sign(payload: string): string {
    return createHmac('sha256', this.signKey).update(payload).digest('base64url');
  }

  verify(payload: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** Bearer credentials are random and long, so a plain SHA-256 is the right lookup hash. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const newToken = (prefix: string) => `${prefix}_${randomBytes(32).toString('base64url')}`;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), 32);
  const expected = Buffer.from(hash, 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
