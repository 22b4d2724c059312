import { describe, expect, it } from 'vitest';
import { formatDecimal, formatMoney, toMinor, toSignedMinor } from './money.ts';

describe('money on screen', () => {
  it('parses API decimals exactly', () => {
    expect(toMinor('1000.00', 'USD')).toBe(100000n);
    expect(toMinor('0.1', 'USD')).toBe(10n);
    expect(toMinor('15', 'JPY')).toBe(15n);
    expect(() => toMinor('1.005', 'USD')).toThrow();
    expect(() => toMinor('-1.00', 'USD')).toThrow();
  });

  it('parses a signed API decimal (a net result) with the same parser', () => {
    expect(toSignedMinor('-12.50', 'EUR')).toBe(-1250n);
    expect(toSignedMinor('12.50', 'EUR')).toBe(1250n);
    expect(toSignedMinor('-0.00', 'EUR')).toBe(0n);
    for (const bad of ['--1.00', '-1.005', '- 1', '+1']) expect(() => toSignedMinor(bad, 'EUR')).toThrow();
  });

  it('formats with the currency, without floating point', () => {
    expect(formatMoney(123456n, 'USD', 'en-US')).toBe('$1,234.56');
    expect(formatMoney(9007199254740993n, 'USD', 'en-US')).toBe('$90,071,992,547,409.93');
    expect(formatMoney(1500n, 'JPY', 'en-US')).toBe('¥1,500');
    expect(formatMoney(150000000n, 'USDT', 'en-US')).toBe('1.50000000 USDT');
  });

  it('formats amounts and coin values in the player language', () => {
    expect(formatMoney(123456n, 'EUR', 'de')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456n, 'EUR', 'fr')).toMatch(/^1\s234,56\s€$/);
    expect(formatMoney(1500n, 'JPY', 'ja')).toBe('￥1,500');
    expect(formatDecimal('0.05', 'de')).toBe('0,05');
    expect(formatDecimal('12', 'en')).toBe('12');
    expect(formatDecimal('0.00000001', 'pt-BR')).toBe('0,00000001');
  });
});
