import { describe, expect, it } from 'vitest';
import { contributionValueFine, formatFine } from './jackpot-report.ts';
import { contributionOf, conversionOf } from './jackpots.ts';

describe('a contribution valued in the stake currency', () => {
  it('is the stake times the rates, exactly, in the pool currency and across a rate', () => {
    const tiers = [
      { contributionPpm: 10_000n, reservePpm: 2_000n },
      { contributionPpm: 3_333n, reservePpm: 1n },
    ];
    for (const conversion of [
      { num: 1n, den: 1n },
      conversionOf('0.9173', 'USD', 'EUR'),
      conversionOf('163.21', 'EUR', 'JPY'),
    ]) {
      const stake = 137n;
      const body = {
        rate: [conversion.num.toString(), conversion.den.toString()],
        tiers: tiers.map((tier) => {
          const share = contributionOf(stake, tier, conversion);
          return {
            meter: share.meter.toString(),
            reserve: share.reserve.toString(),
            dust: share.dust.toString(),
          };
        }),
      };
      expect(contributionValueFine(body)).toBe(stake * (12_000n + 3_334n));
    }
  });

  it('formats millionths of a minor unit with six digits more than the currency', () => {
    expect(formatFine(1_200_000n, 'USD')).toBe('0.01200000');
    expect(formatFine(123_456_789n, 'EUR')).toBe('1.23456789');
    expect(formatFine(1_200_000n, 'JPY')).toBe('1.200000');
    expect(formatFine(0n, 'USD')).toBe('0.00000000');
    expect(formatFine(-5n, 'USD')).toBe('-0.00000005');
  });
});
