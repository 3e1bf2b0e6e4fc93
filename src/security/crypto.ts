// Secrets at rest and signed tokens. One SECRET_KEY (decisions.md §1) is stretched into separate keys
// per purpose, so a token signature can never be replayed as a ciphertext key or vice versa.
import { createCipheriv, createDecipheriv, createHash, createHmac, createSecretKey, randomBytes, scrypt, timingSafeEqual, type KeyObject, type ScryptOptions } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

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
  // KeyObjects made once: given a Buffer, every createHmac/createCipheriv call builds one of its own, which
  // cost about 5x the HMAC of a link token itself (18 µs against 4 µs) and 2.5x an inbox password's decryption.
  private readonly encKey: KeyObject;
  private readonly signKey: KeyObject;

  constructor(secretKey: string) {
    this.encKey = createSecretKey(createHash('sha256').update(`enc:${secretKey}`).digest());
    this.signKey = createSecretKey(createHash('sha256').update(`sign:${secretKey}`).digest());
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

// Password hashes (decisions.md §10): `scrypt$ln=15,r=8,p=1$<salt>$<hash>` (salt and hash base64url,
// N = 2^ln), so the cost can rise later without breaking stored hashes. The first format,
// `scrypt$<salt>$<hash>`, was made at Node's default cost (N=2^14, r=8, p=1); it still verifies, and
// login replaces it (needsRehash). scrypt runs on libuv's thread pool, never on the event loop.
export interface ScryptParams {
  /** log2 of N, the CPU and memory cost. */
  ln: number;
  r: number;
  p: number;
}

export const PASSWORD_PARAMS: ScryptParams = { ln: 15, r: 8, p: 1 };
const LEGACY_PARAMS: ScryptParams = { ln: 14, r: 8, p: 1 };
const KEY_LENGTH = 32;
// Stored hashes name their cost; anything past these bounds is not one we made (and would pin a thread
// for minutes or allocate gigabytes).
const MAX_LN = 20;
const MAX_R = 32;
const MAX_P = 16;

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: ScryptOptions) => Promise<Buffer>;

function derive(password: string, salt: Buffer, { ln, r, p }: ScryptParams): Promise<Buffer> {
  const N = 2 ** ln;
  // scrypt needs 128·N·r·p bytes (32 MiB at the current cost, Node's default maxmem): allow twice that.
  return scryptAsync(password, salt, KEY_LENGTH, { N, r, p, maxmem: 2 * 128 * N * r * p });
}

export async function hashPassword(password: string, params: ScryptParams = PASSWORD_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, params);
  return `scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return null;
  if (parts.length === 3) return parts[1] && parts[2] ? { params: LEGACY_PARAMS, salt: Buffer.from(parts[1], 'base64url'), hash: Buffer.from(parts[2], 'base64url') } : null;
  if (parts.length !== 4 || !parts[2] || !parts[3]) return null;
  const m = /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})$/.exec(parts[1]);
  if (!m) return null;
  const [ln, r, p] = m.slice(1).map(Number);
  if (ln < 1 || ln > MAX_LN || r < 1 || r > MAX_R || p < 1 || p > MAX_P) return null;
  return { params: { ln, r, p }, salt: Buffer.from(parts[2], 'base64url'), hash: Buffer.from(parts[3], 'base64url') };
}

export interface PasswordCheck {
  ok: boolean;
  /** The password is right but the hash is of an older format or a lower cost: store a fresh one. */
  needsRehash: boolean;
}

const weaker = (a: ScryptParams, b: ScryptParams) => a.ln < b.ln || a.r < b.r || a.p < b.p;

/** Checks a password against a stored hash. With no hash (an unknown address) it spends the same work
 *  on a throw-away derivation and answers no, so the answer's timing does not tell which it was. A right
 *  password whose hash is below `params` (the cost hashes are made at) needs a fresh one. */
export async function verifyPassword(password: string, stored: string | null, params: ScryptParams = PASSWORD_PARAMS): Promise<PasswordCheck> {
  const parsed = stored === null ? null : parseHash(stored);
  if (!parsed) {
    await derive(password, randomBytes(16), params);
    return { ok: false, needsRehash: false };
  }
  const actual = await derive(password, parsed.salt, parsed.params);
  const ok = actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
  return { ok, needsRehash: ok && weaker(parsed.params, params) };
}

/** Makes and checks password hashes at one cost: the service's port (ports.ts). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string | null): Promise<PasswordCheck>;
}

/** Password hashing at `params`: decisions.md §10's cost unless given (the tests pass a lower one). */
export function scryptPasswords(params: ScryptParams = PASSWORD_PARAMS): PasswordHashing {
  return { hash: (password) => hashPassword(password, params), verify: (password, stored) => verifyPassword(password, stored, params) };
}
