import { describe, expect, it } from 'vitest';
import { compileTable, drawFrom } from './machine.ts';
import type { Rng } from './rng.ts';

/** An Rng that answers a fixed value for any bound (checked to lie inside it). */
function fixed(value: number): Rng {
  return {
    int(bound) {
      if (value >= bound) throw new Error(`${value} outside [0, ${bound})`);
      return value;
    },
  };
}

describe('weighted tables', () => {
  it('draws the right entry when the running total passes 2^31', () => {
    const table = compileTable({ values: [7, 8, 9], weights: [2 ** 31, 2 ** 30, 2 ** 30] });
    expect(table.total).toBe(2 ** 32);
    expect(drawFrom(table, fixed(0))).toBe(7);
    expect(drawFrom(table, fixed(2 ** 31 - 1))).toBe(7);
    expect(drawFrom(table, fixed(2 ** 31))).toBe(8);
    expect(drawFrom(table, fixed(2 ** 31 + 2 ** 30 - 1))).toBe(8);
    expect(drawFrom(table, fixed(2 ** 31 + 2 ** 30))).toBe(9);
    expect(drawFrom(table, fixed(2 ** 32 - 1))).toBe(9);
  });

  it('accepts a total of exactly 2^32 and refuses one above it', () => {
    expect(() => compileTable({ values: [1, 2], weights: [2 ** 31, 2 ** 31] })).not.toThrow();
    expect(() => compileTable({ values: [1, 2], weights: [2 ** 31, 2 ** 31 + 1] })).toThrow(/outside/);
    expect(() => compileTable({ values: [1], weights: [0] })).toThrow(/outside/);
    expect(() => compileTable({ values: [1, 2], weights: [1, -1] })).toThrow(/bad weight/);
  });
});
