import { describe, expect, it } from 'vitest';
import { parseReportedBalance } from './protocol.ts';

describe('parseReportedBalance', () => {
  it.each([
    ['12.50', 'EUR', 1250n],
    ['-3.10', 'EUR', -310n],
    ['-0.00', 'EUR', 0n],
    ['1000', 'JPY', 1000n],
    ['12.500', 'EUR', 1250n],
  ])('%s %s is %s minor units', (text, currency, minor) => {
    expect(parseReportedBalance(text, currency)).toBe(minor);
  });

  it.each([
    ['12.505', 'EUR'],
    ['1e3', 'EUR'],
    ['+1', 'EUR'],
    ['--1', 'EUR'],
    [' 1', 'EUR'],
    ['1.', 'EUR'],
    ['.5', 'EUR'],
    ['92233720368547758.08', 'EUR'],
    ['-92233720368547758.08', 'EUR'],
  ])('%s %s is malformed', (text, currency) => {
    expect(parseReportedBalance(text, currency)).toBeUndefined();
  });
});
