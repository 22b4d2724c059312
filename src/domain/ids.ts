// Prefixed, opaque identifiers and secrets (base62 of CSPRNG bytes).
import { hash, randomFillSync } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 248 = 4 × 62: a byte below it, taken modulo 62, is uniform over the alphabet. */
const UNIFORM_BELOW = 248;

/**
 * CSPRNG bytes drawn 4 KiB at a time: a launch or a round makes several ids, and one randomFillSync
 * per id (with BigInt arithmetic to spell it) was 6 % of a launch's CPU. Each byte is used once.
 */
const pool = Buffer.alloc(4096);
let next = pool.length;

function randomByte(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++] as number;
}

/**
 * Base62 text carrying at least `bytes` random bytes: ceil(8·bytes / log2 62) characters, each
 * uniform over the alphabet (a byte of 248 or more is skipped, so none is favoured).
 */
export function randomBase62(bytes: number): string {
  const length = Math.ceil((bytes * 8) / Math.log2(62));
  let text = '';
  while (text.length < length) {
    const byte = randomByte();
    if (byte < UNIFORM_BELOW) text += BASE62[byte % 62];
  }
  return text;
}

export type IdPrefix =
  | 'op'
  | 'key'
  | 'gs'
  | 'rnd'
  | 'tx'
  | 'att'
  | 'frc'
  | 'frg'
  | 'jp'
  | 'jpt'
  | 'cmp'
  | 'prz';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(12)}`;
}

/**
 * An id that follows from another, the same every time it is asked for: the credit of a callback
 * round is named after the round's debit, so a round re-driven after a crash sends its credit under
 * the transaction_id it may already have been sent with, and the wallet answers it as a repeat.
 * Spelled like newId (17 base62 characters), from SHA-256 of the source id and the role.
 */
export function derivedId(prefix: IdPrefix, from: string, role: string): string {
  let text = '';
  for (let round = 0; text.length < 17; round++) {
    for (const byte of sha256(`${from}/${role}/${round}`)) {
      if (byte < UNIFORM_BELOW) text += BASE62[byte % 62];
      if (text.length === 17) break;
    }
  }
  return `${prefix}_${text}`;
}

/** One-shot hash: about a third cheaper than a createHash object (every launch and token look-up). */
export function sha256(text: string): Buffer {
  return hash('sha256', text, 'buffer');
}
