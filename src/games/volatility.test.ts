import { describe, expect, it } from 'vitest';
import { volatilityLevel, volatilityOf } from './volatility.ts';

describe('volatilityOf', () => {
  it.each([
    ['0.9', 'low', 1],
    ['2.999', 'low', 1],
    ['3', 'medium_low', 2],
    ['4.99', 'medium_low', 2],
    ['5.769', 'medium', 3],
    ['7.469', 'medium', 3],
    ['8', 'high', 4],
    ['11.99', 'high', 4],
    ['12', 'very_high', 5],
    ['42', 'very_high', 5],
  ] as const)('sd %s reads as %s (step %i)', (sd, band, level) => {
    expect(volatilityOf(sd)).toBe(band);
    expect(volatilityLevel(band)).toBe(level);
  });

  it('refuses what is not a standard deviation', () => {
    expect(volatilityOf('')).toBe(null);
    expect(volatilityOf('n/a')).toBe(null);
    expect(volatilityOf('-1')).toBe(null);
  });
});
