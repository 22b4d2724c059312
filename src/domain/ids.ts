// Prefixed, opaque identifiers and secrets (base62 of CSPRNG bytes).
import { createHash, randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Base62 text of `bytes` random bytes (as one big number, so every bit survives). */
export function randomBase62(bytes: number): string {
  let value = BigInt(`0x${randomBytes(bytes).toString('hex')}`);
  const length = Math.ceil((bytes * 8) / Math.log2(62));
  let text = '';
  for (let i = 0; i < length; i++) {
    text = BASE62[Number(value % 62n)] + text;
    value /= 62n;
  }
  return text;
}

export type IdPrefix = 'op' | 'key' | 'gs' | 'rnd' | 'tx' | 'att' | 'frc' | 'frg';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(12)}`;
}

export function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
