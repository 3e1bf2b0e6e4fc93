// Spintax (decisions.md §11): `{{RANDOM | one | two | three}}` renders one option, the same for a lead,
// step and variant on every render (preview, send, retry) and spread evenly over leads. Not Math.random:
// the option is a stable hash of a seed naming the lead and where the text is, so a retry of a send, a
// preview and the send itself agree, and a process restart changes nothing.
//
// The hash: MurmurHash3 of the seed, then, per RANDOM of the template (by its ordinal, and the stream of
// the text), MurmurHash3's finaliser of the seed's hash plus the ordinal times the golden ratio, so the
// RANDOMs of one text draw apart rather than all taking the same index. Lead ids are random UUIDs, so the option is
// uniform over leads (test/unit/templates/spin.test.ts counts it over 3,000 of them).

/**
 * The seed of a text's RANDOMs, written once for every caller (conventions.md "One owner per rule"):
 * the lead and the place of the text. A step's email: its position and variant number (a task step:
 * variant 0); other texts: what they are and their id.
 */
export function spinSeed(leadId: string | null, place: { position: number; variant: number } | { kind: string; id: string }): string {
  const where = 'position' in place ? `step:${place.position}:${place.variant}` : `${place.kind}:${place.id}`;
  return `${leadId ?? ''}|${where}`;
}

/** MurmurHash3 (x86, 32 bits) over the seed's UTF-16 code units taken two at a time, seed 0: half the
 *  rounds of a byte-at-a-time hash, which matters when every email of a send hashes its seed. */
export function seedHash(seed: string): number {
  let h = 0;
  const n = seed.length;
  const pairs = n & ~1;
  for (let i = 0; i < pairs; i += 2) {
    let k = seed.charCodeAt(i) | (seed.charCodeAt(i + 1) << 16);
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  if (n & 1) {
    let k = Math.imul(seed.charCodeAt(n - 1), 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
  }
  h ^= n * 2;
  return fmix(h);
}

/** MurmurHash3's finaliser: every bit of the input moves every bit of the output. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// The last seed hashed: an email's subject and body share one seed (they draw apart by `stream`), so
// the second asks for the hash the first just computed.
let lastSeed = '';
let lastHash = seedHash('');

/** seedHash, remembering the last seed. */
export function seedHashOf(seed: string): number {
  if (seed !== lastSeed) {
    lastHash = seedHash(seed);
    lastSeed = seed;
  }
  return lastHash;
}

/**
 * The index of the option a RANDOM takes: `count` options, the text's seed hash, its ordinal, and the
 * stream of the seed it draws from (texts sharing a seed, such as an email's subject and body, draw
 * apart by their streams).
 */
export function spinIndex(hash: number, ordinal: number, count: number, stream = 0): number {
  return fmix((hash + Math.imul(ordinal + 1, 0x9e3779b9) + Math.imul(stream, 0x7feb352d)) | 0) % count;
}
