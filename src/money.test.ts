import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_MINOR_UNITS,
  formatAmount,
  isDecimalText,
  isSupportedCurrency,
  MAX_MINOR,
  minorUnits,
  parseAmount,
  parseSignedAmount,
} from './money.ts';

describe('parseAmount', () => {
  it.each([
    ['0', 'USD', 0n],
    ['0.00', 'USD', 0n],
    ['1', 'USD', 100n],
    ['1.5', 'USD', 150n],
    ['1.50', 'USD', 150n],
    ['0.01', 'USD', 1n],
    ['1.5000000', 'USD', 150n],
    ['007.10', 'EUR', 710n],
    ['1000', 'JPY', 1000n],
    ['1000.0', 'JPY', 1000n],
    ['0.001', 'KWD', 1n],
    ['0.00000001', 'BTC', 1n],
    ['21000000.12345678', 'BTC', 2_100_000_012_345_678n],
  ])('%s %s -> %s minor units', (text, currency, minor) => {
    expect(parseAmount(text, currency)).toEqual({ ok: true, minor });
  });

  it.each(['', '.5', '1.', '-1', '+1', '1e3', '1,50', ' 1', '1 ', '0x10', 'NaN', '１', `${'1'.repeat(31)}`])(
    '%j is not a decimal',
    (text) => {
      expect(parseAmount(text, 'USD')).toEqual({ ok: false, reason: 'not_decimal' });
    },
  );

  it.each([
    ['0.001', 'USD'],
    ['1.5', 'JPY'],
    ['0.0001', 'KWD'],
    ['0.000000001', 'BTC'],
  ])('%s %s is more precise than the currency: refused, never rounded', (text, currency) => {
    expect(parseAmount(text, currency)).toEqual({ ok: false, reason: 'too_precise' });
  });

  it('takes the largest bigint and refuses one minor unit more', () => {
    expect(parseAmount('92233720368547758.07', 'USD')).toEqual({ ok: true, minor: MAX_MINOR });
    expect(parseAmount('92233720368547758.08', 'USD')).toEqual({ ok: false, reason: 'too_large' });
    expect(parseAmount('9223372036854775808', 'JPY')).toEqual({ ok: false, reason: 'too_large' });
    expect(parseAmount('9'.repeat(30), 'BTC')).toEqual({ ok: false, reason: 'too_large' });
  });

  it('throws for an unsupported currency: callers check it first', () => {
    expect(() => parseAmount('1', 'XXX')).toThrow(/unsupported currency/);
    expect(isSupportedCurrency('XXX')).toBe(false);
    expect(isSupportedCurrency('usd')).toBe(false);
    expect(isSupportedCurrency('USD')).toBe(true);
  });
});

describe('formatAmount', () => {
  it.each([
    [0n, 'USD', '0.00'],
    [1n, 'USD', '0.01'],
    [150n, 'USD', '1.50'],
    [-150n, 'USD', '-1.50'],
    [-1n, 'USD', '-0.01'],
    [1000n, 'JPY', '1000'],
    [0n, 'JPY', '0'],
    [1n, 'KWD', '0.001'],
    [1n, 'BTC', '0.00000001'],
    [MAX_MINOR, 'USD', '92233720368547758.07'],
  ])('%s %s -> %s', (minor, currency, text) => {
    expect(formatAmount(minor, currency)).toBe(text);
  });
});

describe('round trips', () => {
  const currencies = Object.keys(CURRENCY_MINOR_UNITS);

  it('formatAmount(parseAmount(x)) gives x back for any amount in every currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.bigInt({ min: 0n, max: MAX_MINOR }),
        (currency, minor) => {
          const text = formatAmount(minor, currency);
          expect(text.split('.')[1]?.length ?? 0).toBe(minorUnits(currency));
          expect(parseAmount(text, currency)).toEqual({ ok: true, minor });
          expect(formatAmount(minor, currency)).toBe(text);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('parseAmount then formatAmount keeps the value of any exact decimal', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 3 }),
        (currency, minor, extraZeros) => {
          const text = formatAmount(minor, currency);
          const padded = text.includes('.') ? text + '0'.repeat(extraZeros) : text;
          const parsed = parseAmount(padded, currency);
          expect(parsed).toEqual({ ok: true, minor });
        },
      ),
    );
  });
});

describe('parseSignedAmount', () => {
  it.each([
    ['-1.50', 'USD', -150n],
    ['1.50', 'USD', 150n],
    ['-0.00', 'USD', 0n],
    ['-92233720368547758.07', 'USD', -MAX_MINOR],
  ])('%s %s -> %s minor units', (text, currency, minor) => {
    expect(parseSignedAmount(text, currency)).toEqual({ ok: true, minor });
  });

  it.each(['--1', '+1', '- 1', '-', '-.5', '-1.', '-1e3', ' -1'])('%j is not a decimal', (text) => {
    expect(parseSignedAmount(text, 'USD')).toEqual({ ok: false, reason: 'not_decimal' });
  });

  it('refuses too many decimals and sizes beyond the ledger, below zero as above', () => {
    expect(parseSignedAmount('-0.001', 'USD')).toEqual({ ok: false, reason: 'too_precise' });
    expect(parseSignedAmount('-92233720368547758.08', 'USD')).toEqual({ ok: false, reason: 'too_large' });
  });

  it('reads back any signed amount formatAmount writes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(CURRENCY_MINOR_UNITS)),
        fc.bigInt({ min: -MAX_MINOR, max: MAX_MINOR }),
        (currency, minor) => {
          expect(parseSignedAmount(formatAmount(minor, currency), currency)).toEqual({ ok: true, minor });
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('isDecimalText', () => {
  it('takes exactly what parseAmount takes the shape of, in any currency', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^-?\d{0,31}(\.\d{0,31})?$/)), (text) => {
        const shaped = parseAmount(text, 'BTC');
        expect(isDecimalText(text)).toBe(shaped.ok || shaped.reason !== 'not_decimal');
      }),
    );
  });

  it.each(['-1', '1e3', ' 1', '1.', '.5', ''])('%j is not an amount', (text) => {
    expect(isDecimalText(text)).toBe(false);
  });
});
