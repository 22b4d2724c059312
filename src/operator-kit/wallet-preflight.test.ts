import { describe, expect, it } from 'vitest';
import { diagnoseBalanceReply } from './wallet-preflight.ts';

const context = { url: 'http://wallet.test', player: 'p-1', currency: 'USD', timeoutMs: 5000 };
const answered = (text: string) => diagnoseBalanceReply({ status: 200, text, ms: 12 }, context);

describe('a balance sent as a JSON number', () => {
  it('is quoted and exampled with the digits the wallet wrote, not the float JSON.parse made', () => {
    const found = answered('{"success":true,"balance":12345678901234567.89}');
    expect(found.finding).toBe('number_not_string');
    // Through a float this would read 12345678901234568 and advise "12345678901234568.00".
    expect(found.line).toContain('the JSON number 12345678901234567.89;');
    expect(found.line).toContain('("12345678901234567.89")');
  });

  it('keeps a trailing zero the wallet wrote', () => {
    expect(answered('{"success":true, "balance" : 10.50}').line).toContain('the JSON number 10.50;');
  });

  it('gives the plain advice for a number with an exponent', () => {
    const found = answered('{"success":true,"balance":1e21}');
    expect(found.finding).toBe('number_not_string');
    expect(found.line).toMatch(/the JSON number 1e21; amounts are decimal strings, so/);
  });
});
