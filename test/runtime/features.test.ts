// Free spins, special bet and buy feature rounds in both wallet modes, driven by the runtime API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import {
  callbackOperator,
  cents,
  finishFreeSpins,
  launchPlayer,
  ledgerOf,
  useRetryPolicy,
} from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let internalKey: string;
let callbackKey: string;
let wallet: MockWallet;

beforeAll(async () => {
  server = await startTestServer({ WALLET_TIMEOUT_MS: '500' });
  useRetryPolicy(server, { baseDelayMs: 20, maxDelayMs: 100 });
  internalKey = (await server.createOperator({ wallet_mode: 'internal' })).apiKey;
  const operator = await callbackOperator(server, { 'p-features': '1000.00' });
  callbackKey = operator.apiKey;
  wallet = operator.wallet;
});
afterAll(async () => {
  await server?.close();
  await wallet?.close();
});

describe.each([
  ['internal', () => internalKey],
  ['callback', () => callbackKey],
])('feature rounds, %s wallet', (mode, key) => {
  it('debits the special bet its mode cost', async () => {
    const player = await launchPlayer(server, key(), { player: 'p-features', symbol: 'rf_orbit_orchard' });
    await finishFreeSpins(player);
    const session = await player.get('session');
    expect(session.body.bet.modes.special.cost_multiplier).toBe('1.25');
    const before = cents(session.body.balance);
    const spun = await player.spin({ coin: '0.10', special_bet: true });
    expect(spun.status).toBe(200);
    expect(spun.body.round).toMatchObject({
      kind: 'base',
      mode: 'special',
      stake: '2.50',
      status: 'settled',
    });
    expect(cents(spun.body.balance)).toBe(before - 250n + cents(spun.body.round.win));
    const ledger = await ledgerOf(server, spun.body.round.id);
    expect(ledger.map((t) => [t.type, t.action_type, t.amount])).toEqual([
      ['debit', 'special_bet', 250n],
      ['credit', 'special_bet', cents(spun.body.round.win)],
    ]);
  });

  it('buys the feature at its cost, then plays every free spin without a debit', async () => {
    const player = await launchPlayer(server, key(), { player: 'p-features', symbol: 'rf_orbit_orchard' });
    await finishFreeSpins(player);
    const before = cents((await player.get('session')).body.balance);
    const bought = await player.spin({ coin: '0.01', buy_feature: true });
    expect(bought.status).toBe(200);
    expect(bought.body.round).toMatchObject({ kind: 'buy', mode: 'buy', stake: '20.00' });
    expect(bought.body.state.free_spins_left).toBeGreaterThan(0);
    let balance = before - 2000n + cents(bought.body.round.win);
    expect(cents(bought.body.balance)).toBe(balance);

    let left = bought.body.state.free_spins_left as number;
    for (let i = 0; left > 0 && i < 200; i++) {
      // The body's coin does not matter: a free spin plays at the bet that bought it.
      const free = await player.spin({ coin: '5.00', bet_level: 10 });
      expect(free.status).toBe(200);
      expect(free.body.round).toMatchObject({ kind: 'free_spin', stake: '0.00', coin: '0.01', bet_level: 1 });
      balance += cents(free.body.round.win);
      expect(cents(free.body.balance)).toBe(balance);
      const ledger = await ledgerOf(server, free.body.round.id);
      expect(ledger.map((t) => [t.type, t.action_type])).toEqual([['credit', 'free_spin']]);
      left = free.body.state.free_spins_left;
    }
    expect(left).toBe(0);
    if (mode === 'callback') expect(cents(wallet.balanceOf('p-features') as string)).toBe(balance);
    const after = await player.get('session');
    expect(after.body.state).toEqual({ free_spins_left: 0, feature: null });
  });
});
