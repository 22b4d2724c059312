import { describe, expect, it } from 'vitest';
import { withinReach } from './jackpots.ts';

describe('withinReach: when the spin path reads a must-drop tier', () => {
  const range = 1_000_000n; // the tier's ceiling − seed, fine units
  it('looks every spin while the point or the growth is not known yet', () => {
    expect(withinReach({ dropAt: null, meter: 0n, perMs: 5 }, range, 2_000)).toBe(true);
    expect(withinReach({ dropAt: 900_000n, meter: 0n, perMs: null }, range, 2_000)).toBe(true);
  });

  it('looks once four cache periods of growth, or 1 % of the range, could reach the point', () => {
    // 10 fine units a ms: four 2 s periods are 80,000; 1 % of the range is 10,000
    expect(withinReach({ dropAt: 500_000n, meter: 400_000n, perMs: 10 }, range, 2_000)).toBe(false);
    expect(withinReach({ dropAt: 500_000n, meter: 410_000n, perMs: 10 }, range, 2_000)).toBe(true);
    // a pool at rest still looks within 1 % of the range
    expect(withinReach({ dropAt: 500_000n, meter: 489_999n, perMs: 0 }, range, 2_000)).toBe(false);
    expect(withinReach({ dropAt: 500_000n, meter: 490_000n, perMs: 0 }, range, 2_000)).toBe(true);
    // past the point: always
    expect(withinReach({ dropAt: 500_000n, meter: 600_000n, perMs: 0 }, range, 2_000)).toBe(true);
  });
});
