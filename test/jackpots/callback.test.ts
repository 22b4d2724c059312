// Jackpots on the callback wallet (issue 28): the win is written with the round's opening, and paid
// by a credit of its own (action_type jackpot_win, with jackpot_id and jackpot_tier) after the
// round's credit, retried until the wallet acknowledges it once; a debit that does not go ahead gives
// the contribution and the win back to the pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TierParams } from '../../src/domain/jackpots.ts';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import {
  callbackOperator,
  cents,
  eventually,
  launchPlayer,
  ledgerOf,
  roundRow,
  useRetryPolicy,
} from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { verifyPool } from './verify.ts';

let server: TestServer;
let apiKey: string;
let operatorId: string;
let wallet: MockWallet;

const certain = (name: string, seed: bigint): TierParams => ({
  name,
  kind: 'progressive',
  seed,
  contributionPpm: 10_000n,
  reservePpm: 0n,
  ceiling: null,
  oddsStake: 1n,
  deadlineMinute: null,
});

async function poolFor(game: string, tiers: TierParams[]): Promise<string> {
  const id = await server.services.jackpots.create(
    {
      name: `Callback ${game}`,
      scope: 'operator',
      currency: 'USD',
      ownerOperatorId: operatorId,
      members: [{ operatorId, gameSymbol: game }],
      rates: [],
      tiers,
    },
    'test',
  );
  server.services.jackpots.refresh();
  return id;
}

function faultFor(player: string, pick: Parameters<MockWallet['setFault']>[0]) {
  wallet.setFault((type, body) => (body.player_id === player ? pick?.(type, body) : undefined));
}

beforeAll(async () => {
  server = await startTestServer({ WALLET_TIMEOUT_MS: '300' });
  useRetryPolicy(server, { baseDelayMs: 20, maxDelayMs: 100, leaseGraceMs: 300, pollIntervalMs: 25 });
  const operator = await callbackOperator(server, {
    'jp-cb-win': '100.00',
    'jp-cb-retry': '100.00',
    'jp-cb-poor': '0.05',
  });
  apiKey = operator.apiKey;
  operatorId = operator.id;
  wallet = operator.wallet;
});
afterAll(async () => {
  await server?.close();
  await wallet?.close();
});

describe('jackpots on the callback wallet', () => {
  it('pays a win by its own signed credit after the round credit, with the pool and tier named', async () => {
    const poolId = await poolFor('rf_ember_crown', [certain('grand', 2_000n)]);
    const player = await launchPlayer(server, apiKey, { player: 'jp-cb-win' });
    const spun = await player.spin({ coin: '0.10', bet_level: 1 });
    expect(spun.status).toBe(200);
    const won = spun.body.jackpot_wins?.[0];
    expect(won).toMatchObject({ pool_id: poolId, tier: 'grand' });
    const stake = cents(spun.body.round.stake);
    expect(cents(won.amount)).toBe(2_000n + (stake * 10_000n) / 1_000_000n);
    const expected = 10_000n - stake + cents(spun.body.round.win) + cents(won.amount);
    expect(cents(wallet.balanceOf('jp-cb-win'))).toBe(expected);
    expect(cents(spun.body.balance)).toBe(expected);

    const credits = wallet.calls.filter(
      (call) => call.body.round_id === spun.body.round.id && call.type === 'credit',
    );
    expect(credits.map((call) => call.body.action_type)).toEqual([expect.any(String), 'jackpot_win']);
    expect(credits[1]?.body).toMatchObject({ jackpot_id: poolId, jackpot_tier: 'grand', amount: won.amount });
    const ledger = await ledgerOf(server, spun.body.round.id);
    expect(ledger.find((tx) => tx.action_type === 'jackpot_win')).toMatchObject({
      type: 'credit',
      status: 'acknowledged',
    });
    expect((await roundRow(server, spun.body.round.id)).status).toBe('settled');
  });

  it('sends a jackpot credit the wallet fails again until it is acknowledged, and applies it once', async () => {
    await poolFor('rf_copper_sevens', [certain('major', 500n)]);
    let failures = 0;
    faultFor('jp-cb-retry', (type, body) =>
      type === 'credit' && body.action_type === 'jackpot_win' && failures++ < 3
        ? { kind: 'status', status: 503 }
        : undefined,
    );
    const player = await launchPlayer(server, apiKey, { player: 'jp-cb-retry', symbol: 'rf_copper_sevens' });
    const spun = await player.spin({ coin: '0.10', bet_level: 1 });
    expect(spun.status).toBe(200);
    // the round itself is settled by its own credit; the jackpot credit is still due
    expect((await roundRow(server, spun.body.round.id)).status).toBe('settled');
    const jackpotTx = await eventually(async () => {
      const tx = (await ledgerOf(server, spun.body.round.id)).find(
        (row) => row.action_type === 'jackpot_win',
      );
      return tx?.status === 'acknowledged' ? tx : undefined;
    });
    expect(failures).toBeGreaterThanOrEqual(4);
    expect(wallet.applications.get(jackpotTx.id)).toBe(1);
    wallet.setFault(undefined);
  });

  it('a debit the wallet refuses gives the contribution, the win and the seed it started back: the pool is as before', async () => {
    const poolId = await poolFor('rf_harbor_haul', [certain('mini', 300n)]);
    const before = (await server.services.jackpots.audit(poolId))?.meters[0];
    const player = await launchPlayer(server, apiKey, { player: 'jp-cb-poor', symbol: 'rf_harbor_haul' });
    const refused = await player.spin({ coin: '0.10', bet_level: 1 });
    expect(refused.status).toBe(402);
    const { rows } = await server.store.pool.query(`select status from jackpot_wins where pool_id = $1`, [
      poolId,
    ]);
    expect(rows).toEqual([{ status: 'void' }]);
    const after = (await server.services.jackpots.audit(poolId))?.meters[0];
    expect(after?.contributed).toBe(0n);
    expect(after?.won).toBe(0n);
    // the cycle it claimed stays closed (a drop point would be revealed), but the seed it started is
    // taken back with the win: the meter is as if nobody had played (a refused stake funds nothing)
    expect(after?.cycle).toBe(2n);
    expect(after?.meter).toBe(before?.meter);
    expect(after?.reserve).toBe(before?.reserve);
    await server.services.jackpots.sealOnce();
    expect((await verifyPool(server, poolId)).problems).toEqual([]);
  });
});
