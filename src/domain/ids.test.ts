import { describe, expect, it } from 'vitest';
import { derivedId, newId, randomBase62, sha256 } from './ids.ts';

describe('randomBase62', () => {
  it('spells at least the given bytes of randomness: ceil(8·bytes / log2 62) base62 characters', () => {
    for (const [bytes, length] of [
      [6, 9],
      [12, 17],
      [24, 33],
      [32, 43],
    ] as const) {
      const text = randomBase62(bytes);
      expect(text).toMatch(/^[0-9A-Za-z]+$/);
      expect(text).toHaveLength(length);
      expect(62 ** length).toBeGreaterThanOrEqual(2 ** (8 * bytes));
    }
  });

  it('never repeats across many ids, through several refills of its pool', () => {
    const ids = new Set(Array.from({ length: 20_000 }, () => newId('rnd')));
    expect(ids.size).toBe(20_000);
    for (const id of ids) expect(id).toMatch(/^rnd_[0-9A-Za-z]{17}$/);
  });

  it('uses every character about equally often (chi-square over 620,000 characters)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      for (const char of randomBase62(23)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const expected = total / 62;
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    // 61 degrees of freedom: mean 61, and 125 is passed about once in a million fair runs. Taking
    // byte % 62 without skipping 248..255 favours the first eight characters and gives about 4,000.
    expect(chiSquare).toBeLessThan(125);
  });
});

describe('sha256', () => {
  it('is SHA-256 of the UTF-8 text (stored token and key hashes stay valid)', () => {
    expect(sha256('abc').toString('hex')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    // UTF-8, not Latin-1: "é" is two bytes.
    expect(sha256('é').toString('hex')).toBe(
      '4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c',
    );
  });
});

describe('derivedId', () => {
  it('is the same every time for the same id and role, spelled like newId', () => {
    const debit = newId('tx');
    const credit = derivedId('tx', debit, 'credit');
    expect(credit).toBe(derivedId('tx', debit, 'credit'));
    expect(credit).toMatch(/^tx_[0-9A-Za-z]{17}$/);
    expect(credit).toHaveLength(newId('tx').length);
  });

  it('differs by role and by source, and never equals its source', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const debit = newId('tx');
      for (const role of ['credit', 'rollback']) {
        const id = derivedId('tx', debit, role);
        expect(id).not.toBe(debit);
        seen.add(id);
      }
    }
    expect(seen.size).toBe(4000);
  });
});
