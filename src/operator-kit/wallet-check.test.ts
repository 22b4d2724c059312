// wallet-check against the reference mock-wallet: it passes a good wallet; a first call diagnoses
// the common mistakes in one line each and stops before money moves; a wallet that goes silent
// stops the run, and every debit sent without a clear answer is rolled back before it returns.
// Time-outs are scaled down: 500 ms stands for the 5 s of WALLET_TIMEOUT_MS, 600 ms for a 6 s wallet.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockWallet, type Fault, type MockWallet, type MockWalletOptions } from './mock-wallet.ts';
import { runWalletCheck, type WalletCheckOptions } from './wallet-check.ts';

let wallet: MockWallet | undefined;
afterEach(async () => {
  await wallet?.close();
  wallet = undefined;
});

async function walletWith(options: Partial<MockWalletOptions> = {}) {
  wallet = createMockWallet({
    secret: 's3cret',
    players: { alice: { balance: '10.00', currency: 'EUR' } },
    ...options,
  });
  return wallet.listen();
}

async function check(url: string, options: Partial<WalletCheckOptions> = {}) {
  const lines: string[] = [];
  const report = await runWalletCheck({
    url,
    secret: 's3cret',
    player: 'alice',
    currency: 'EUR',
    timeoutMs: 500,
    print: (line) => lines.push(line),
    ...options,
  });
  return { report, lines };
}

/** Every debit, credit and rollback the wallet received has been through its logic (a late one too). */
function everyCallHandled(): void {
  for (const call of wallet?.calls ?? []) {
    if (call.type !== 'balance')
      expect(wallet?.transactions.has(call.body.transaction_id as string)).toBe(true);
  }
}

describe('wallet-check', () => {
  it('passes every check against mock-wallet and leaves the balance as it found it', async () => {
    const url = await walletWith();
    const { report, lines } = await check(url, { timeoutMs: 5000 });
    expect(report.preflight).toMatchObject({ finding: 'ok', fatal: false });
    expect(report.results.filter((r) => !r.ok)).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.results.length).toBeGreaterThanOrEqual(14);
    expect(report.rollbacks).toEqual([]);
    expect(report.balance).toEqual({ start: '10.00', end: '10.00' });
    expect(lines[0]).toMatch(/^OK {4}preflight — .*\/balance answered in \d+ ms/);
    expect(lines.at(-1)).toBe('balance: 10.00, as at the start');
    expect(wallet?.balanceOf('alice')).toBe('10.00');
  });

  it('catches a wallet that answers malformed balances', async () => {
    const url = await walletWith({
      fault: (type) =>
        type === 'credit'
          ? { kind: 'status', status: 200, body: '{"success":true,"balance":"9.999"}', apply: true }
          : undefined,
    });
    const malformed = await check(url);
    expect(malformed.report.passed).toBe(false);
    expect(malformed.report.results.find((r) => r.name.startsWith('credit: applied'))?.ok).toBe(false);
  });

  it('fails a wallet that refuses a campaign prize for a session that ended, and still leaves the balance as found', async () => {
    const url = await walletWith({
      fault: (type, body) =>
        type === 'credit' && body.action_type === 'promo_win'
          ? { kind: 'status', status: 400, body: '{"success":false,"error":"session_expired"}' }
          : undefined,
    });
    const { report } = await check(url);
    expect(report.passed).toBe(false);
    const prize = report.results.find((r) =>
      r.name.startsWith('campaign prize credit (action_type promo_win'),
    );
    expect(prize).toMatchObject({ ok: false, detail: expect.stringContaining('400 session_expired') });
    expect(wallet?.balanceOf('alice')).toBe('10.00');
  });

  it('sends the campaign prize with no round, naming its campaign and prize', async () => {
    const url = await walletWith();
    await check(url, { timeoutMs: 5000 });
    const prizes = (wallet?.calls ?? []).filter((call) => call.body.action_type === 'promo_win');
    expect(prizes).toHaveLength(2); // the credit and its replay
    expect(prizes[0]?.body).not.toHaveProperty('round_id');
    expect(prizes[0]?.body).toMatchObject({ transaction_type: 'credit', campaign_type: 'drop' });
    expect(prizes[0]?.body.transaction_id).toBe(prizes[1]?.body.transaction_id);
    expect(wallet?.promoWins.size).toBe(1);
  });
});

describe('preflight: one call, one line per mistake, nothing moves', () => {
  const cases: Array<[string, Partial<MockWalletOptions>, Partial<WalletCheckOptions>, string, RegExp]> = [
    [
      'wrong secret',
      {},
      { secret: 'not-the-secret' },
      'wrong_secret',
      /refused the signature \(401 invalid_signature\): --secret must be/,
    ],
    [
      'unknown player',
      {},
      { player: 'bob' },
      'unknown_player',
      /does not know player bob \(400 unknown_player: no player bob\): create the test player/,
    ],
    [
      'wrong currency',
      {},
      { currency: 'USD' },
      'wrong_currency',
      /refused currency USD for player alice \(currency_mismatch: the player plays in EUR\): pass the player's currency with --currency/,
    ],
    [
      'clock skew',
      { now: () => Date.now() + 20 * 60_000 },
      {},
      'clock_skew',
      /refused the timestamp \(stale_timestamp\): .*NTP/,
    ],
    [
      'numbers instead of decimal strings',
      {
        fault: (type) =>
          type === 'balance'
            ? { kind: 'status', status: 200, body: '{"success":true,"balance":10.5}' }
            : undefined,
      },
      {},
      'number_not_string',
      /^balance is the JSON number 10\.5; amounts are decimal strings \("10\.50"\)/,
    ],
    [
      'slow answers (6 s against a 5 s timeout)',
      { fault: (): Fault => ({ kind: 'delay', ms: 600 }) },
      {},
      'slow',
      /\/balance answered after 0\.[6-9] s, over the 0\.5 s Reelforge waits \(WALLET_TIMEOUT_MS\)/,
    ],
  ];

  it.each(cases)('%s', async (_name, walletOptions, checkOptions, finding, line) => {
    const url = await walletWith(walletOptions);
    const { report, lines } = await check(url, checkOptions);
    expect(report.preflight).toMatchObject({ finding, fatal: true });
    expect(report.preflight.line).toMatch(line);
    expect(lines).toEqual([
      `STOP  preflight — ${report.preflight.line}`,
      '\nNo check was run and no money moved: fix the above and run wallet-check again.',
    ]);
    expect(report.results).toEqual([]);
    expect(report.passed).toBe(false);
    expect(wallet?.transactions.size).toBe(0);
    expect(wallet?.balanceOf('alice')).toBe('10.00');
    // It stopped at the first answer: one balance call at most (none that passed the signature check).
    expect(wallet?.calls.map((call) => call.type)).toEqual(wallet?.calls.length === 0 ? [] : ['balance']);
  });

  it('an unreachable URL: one line naming it and the reason', async () => {
    const url = await walletWith();
    await wallet?.close();
    wallet = undefined;
    const { report, lines } = await check(url);
    expect(report.preflight.finding).toBe('unreachable');
    expect(lines[0]).toBe(
      `STOP  preflight — cannot reach ${url}/balance (${report.preflight.line.match(/\((ECONNREFUSED[^)]*)\)/)?.[1]}): check --url (the wallet_base_url) and that the wallet runs and is reachable from here`,
    );
    expect(report.preflight.line).toMatch(/ECONNREFUSED/);
  });

  it('a balance answer over half the timeout is a warning, and the suite runs', async () => {
    const url = await walletWith({
      fault: (type) => (type === 'balance' ? { kind: 'delay', ms: 300 } : undefined),
    });
    const { report, lines } = await check(url, { timeoutMs: 500 });
    expect(report.preflight).toMatchObject({ finding: 'slow_warning', fatal: false });
    expect(lines[0]).toMatch(/^WARN {2}preflight — .*answered in 0\.[3-4] s, more than half the 0\.5 s/);
    expect(report.passed).toBe(true);
  }, 20_000);
});

describe('a wallet that goes silent: the run stops and nothing is left debited', () => {
  const silentDebits: Array<[string, MockWalletOptions['fault']]> = [
    [
      'debits answer after 6 s (applied late)',
      (type) => (type === 'debit' ? { kind: 'delay', ms: 600 } : undefined),
    ],
    [
      'debits and rollbacks answer after 6 s',
      (type) => (type === 'debit' || type === 'rollback' ? { kind: 'delay', ms: 600 } : undefined),
    ],
    [
      'a debit is applied and its answer never comes',
      (type) => (type === 'debit' ? { kind: 'hang', apply: true } : undefined),
    ],
  ];

  it.each(silentDebits)('%s', async (_name, fault) => {
    const url = await walletWith({ fault });
    const { report, lines } = await check(url);
    const debit = report.results.find((r) => r.name.startsWith('debit: applied once'));
    expect(debit).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/\/debit gave no answer \(no answer within 500 ms\)/),
    });
    expect(report.results.filter((r) => r.ok === null).length).toBeGreaterThan(10);
    expect(report.rollbacks).toEqual([
      {
        debit_transaction_id: expect.stringMatching(/^tx_/),
        amount: '0.01',
        reason: 'no_clear_answer',
        rolled_back: true,
        detail: expect.stringMatching(/^rolled back/),
      },
    ]);
    expect(lines).toContain(
      `UNDO  debit ${report.rollbacks[0]?.debit_transaction_id} of 0.01 (sent without a clear answer): rolled back`,
    );
    expect(
      lines.some((line) => /^\nSTOP {2}.*\/debit gave no answer .*: \d+ check\(s\) not run$/.test(line)),
    ).toBe(true);
    expect(report.passed).toBe(false);
    // The run stopped at the silent debit: one debit, its rollback and the closing balance, no more.
    expect(wallet?.calls.map((call) => call.type)).toEqual(['balance', 'debit', 'rollback', 'balance']);
    // Once the late debit (and any late rollback) has landed, the player has lost nothing.
    await vi.waitFor(everyCallHandled, { timeout: 10_000 });
    expect(wallet?.balanceOf('alice')).toBe('10.00');
    expect(report.balance).toEqual({ start: '10.00', end: '10.00' });
  });
});

describe('wallet-check during a secret rotation', () => {
  it('passes a wallet that accepts both secrets, and the mock wallet counts which one signed', async () => {
    const url = await walletWith({ nextSecret: 'n3xt-secret' });
    const { report, lines } = await check(url, { nextSecret: 'n3xt-secret' });
    expect(report.passed).toBe(true);
    expect(lines).toContainEqual(
      expect.stringMatching(/^PASS {2}rotation: a call signed with the next secret/),
    );
    expect(wallet?.signedWith.next).toBe(1);
    expect(wallet?.signedWith.current).toBeGreaterThan(1);
  });

  it('fails a wallet that knows only the current secret', async () => {
    const url = await walletWith();
    const { report, lines } = await check(url, { nextSecret: 'n3xt-secret' });
    expect(report.passed).toBe(false);
    expect(lines).toContainEqual(
      expect.stringMatching(/^FAIL {2}rotation: .*answered 401 to the next secret/),
    );
  });
});
