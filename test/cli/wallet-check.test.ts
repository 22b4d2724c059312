// reelforge wallet-check as an operator runs it: human lines by default, the whole report with --json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockWallet, type MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { runCli } from './run.ts';

let wallet: MockWallet;
let url: string;
beforeAll(async () => {
  wallet = createMockWallet({
    secret: 'cli-secret',
    players: { 'p-1': { balance: '5.00', currency: 'EUR' } },
  });
  url = await wallet.listen();
});
afterAll(async () => {
  await wallet?.close();
});

const args = (...extra: string[]) => [
  'wallet-check',
  '--url',
  url,
  '--test-player',
  'p-1',
  '--currency',
  'EUR',
  ...extra,
];

describe('reelforge wallet-check', { timeout: 60_000 }, () => {
  it('--json: the report as one JSON document, exit 0 when it passes', async () => {
    const result = await runCli([...args('--secret', 'cli-secret'), '--json']);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({
      passed: true,
      currency: 'EUR',
      preflight: { finding: 'ok', fatal: false },
      rollbacks: [],
      balance: { start: '5.00', end: '5.00' },
    });
    expect(report.results.every((r: { ok: boolean }) => r.ok)).toBe(true);
  });

  it('a wrong secret: one preflight line, exit 1', async () => {
    const result = await runCli(args('--secret', 'not-it'));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      `STOP  preflight — the wallet refused the signature (401 invalid_signature): --secret must be the operator's wallet_secret, and the HMAC-SHA256 must cover "<x-rf-timestamp>.<raw body bytes>"\n\nNo check was run and no money moved: fix the above and run wallet-check again.\n`,
    );
    expect(result.stderr).toBe('reelforge: the wallet does not pass every check\n');
    const json = await runCli([...args('--secret', 'not-it'), '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).preflight.finding).toBe('wrong_secret');
  });

  it('a bad --timeout-ms is a usage error', async () => {
    const result = await runCli(args('--secret', 'cli-secret', '--timeout-ms', 'soon'));
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'reelforge: --timeout-ms must be a whole number of milliseconds\n',
    });
  });
});
