import { describe, expect, it } from 'vitest';
import { volatilityOf } from './volatility.ts';

describe('volatilityOf', () => {
  it.each([
    ['0.9', 'low'],
    ['2.999', 'low'],
    ['3', 'medium'],
    ['5.769', 'medium'],
    ['7.469', 'high'],
    ['10.99', 'high'],
    ['11', 'very_high'],
    ['42', 'very_high'],
  ] as const)('sd %s reads as %s', (sd, band) => {
    expect(volatilityOf(sd)).toBe(band);
  });

  it('refuses what is not a standard deviation', () => {
    expect(volatilityOf('')).toBe(null);
    expect(volatilityOf('n/a')).toBe(null);
    expect(volatilityOf('-1')).toBe(null);
  });
});
