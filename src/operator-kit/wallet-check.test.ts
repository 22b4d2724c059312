// wallet-check passes against the reference mock-wallet, and catches a wallet that is not idempotent.
import { afterEach, describe, expect, it } from 'vitest';
import { createMockWallet, type MockWallet } from './mock-wallet.ts';
import { runWalletCheck } from './wallet-check.ts';

let wallet: MockWallet | undefined;
afterEach(async () => {
  await wallet?.close();
});

describe('wallet-check', () => {
  it('passes every check against mock-wallet', async () => {
    wallet = createMockWallet({
      secret: 's3cret',
      players: { alice: { balance: '10.00', currency: 'EUR' } },
    });
    const url = await wallet.listen();
    const lines: string[] = [];
    const { results, passed } = await runWalletCheck({
      url,
      secret: 's3cret',
      player: 'alice',
      currency: 'EUR',
      print: (line) => lines.push(line),
    });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(passed).toBe(true);
    expect(results.length).toBeGreaterThanOrEqual(14);
    expect(lines.at(-1)).toMatch(/passed, 0 failed/);
    expect(wallet.balanceOf('alice')).toBe('10.00');
  });

  it('fails when the secret is wrong or the wallet answers malformed balances', async () => {
    wallet = createMockWallet({
      secret: 's3cret',
      players: { bob: { balance: '10.00' } },
      fault: (type) =>
        type === 'credit'
          ? { kind: 'status', status: 200, body: '{"success":true,"balance":"9.999"}', apply: true }
          : undefined,
    });
    const url = await wallet.listen();
    const wrong = await runWalletCheck({ url, secret: 'other', player: 'bob', currency: 'USD' });
    expect(wrong.passed).toBe(false);
    const malformed = await runWalletCheck({ url, secret: 's3cret', player: 'bob', currency: 'USD' });
    expect(malformed.results.find((r) => r.name.startsWith('credit: applied'))?.ok).toBe(false);
  });
});
