// Property: whatever the operator's wallet does (errors, resets, hangs, answers lost after the
// money moved), random sequences of rounds conserve money. At the end every round is settled or
// cancelled, no transaction moved money twice, and the operator's balance is
// start − stakes + wins of the settled rounds (a cancelled round nets to zero).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fault, MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { callbackOperator, cents, eventually, launchPlayer, useRetryPolicy } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let apiKey: string;
let wallet: MockWallet;

beforeAll(async () => {
  server = await startTestServer({ WALLET_TIMEOUT_MS: '200' });
  useRetryPolicy(server, { baseDelayMs: 10, maxDelayMs: 40, leaseGraceMs: 200, pollIntervalMs: 20 });
  const operator = await callbackOperator(server, {});
  apiKey = operator.apiKey;
  wallet = operator.wallet;
});
afterAll(async () => {
  await server?.close();
  await wallet?.close();
});

const failure = fc.constantFrom<Fault>(
  { kind: 'status', status: 500 },
  { kind: 'status', status: 503, apply: true },
  { kind: 'status', status: 200, body: '{"success":true}', apply: true },
  { kind: 'reset' },
  { kind: 'reset', apply: true },
  { kind: 'hang' },
  { kind: 'hang', apply: true },
);

const plannedRound = fc.record({
  coin: fc.constantFrom('0.01', '0.10', '0.50'),
  special: fc.boolean(),
  debit: fc.option(failure, { freq: 3 }),
  creditFailures: fc.array(failure, { maxLength: 2 }),
  rollbackFailures: fc.array(failure, { maxLength: 2 }),
  repeatClick: fc.boolean(),
});

let run = 0;

describe('conservation under wallet faults', () => {
  it('keeps start − stakes + wins, every round finished, nothing applied twice', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 3, max: 40 }),
        fc.array(plannedRound, { minLength: 1, maxLength: 6 }),
        async (start, rounds) => {
          run += 1;
          const playerId = `p-prop-${run}`;
          wallet.setPlayer(playerId, `${start}.00`);
          const player = await launchPlayer(server, apiKey, { player: playerId, symbol: 'rf_orbit_orchard' });

          // Plans are bound to a transaction the first time the wallet sees it; retries follow it.
          let current = rounds[0] as (typeof rounds)[number];
          const plans = new Map<string, Fault[]>();
          wallet.setFault((type, body) => {
            if (body.player_id !== playerId || type === 'balance') return undefined;
            const id = body.transaction_id as string;
            if (!plans.has(id)) {
              const planned =
                type === 'debit'
                  ? current.debit
                    ? [current.debit]
                    : []
                  : type === 'credit'
                    ? [...current.creditFailures]
                    : [...current.rollbackFailures];
              plans.set(id, planned);
            }
            return plans.get(id)?.shift();
          });

          for (const [i, planned] of rounds.entries()) {
            current = planned;
            const click = `r${run}-${i}`;
            const body = { coin: planned.coin, special_bet: planned.special, client_round_id: click };
            const first = await player.post('spin', body);
            expect([200, 402, 409, 503]).toContain(first.status);
            if (planned.repeatClick) {
              const again = await player.post('spin', body);
              if (first.status === 200) expect(again.body.round.id).toBe(first.body.round.id);
              else if (first.status !== 409) expect(again.status).toBe(first.status);
            }
          }

          await eventually(async () => {
            const { rows } = await server.store.pool.query(
              `select count(*)::int as n from rounds where player_id = $1 and status = 'open'`,
              [playerId],
            );
            const { rows: pending } = await server.store.pool.query(
              `select count(*)::int as n from wallet_transactions where player_id = $1 and status = 'pending'`,
              [playerId],
            );
            return rows[0].n === 0 && pending[0].n === 0;
          }, 20_000);
          wallet.setFault(undefined);

          const { rows } = await server.store.pool.query(
            `select status, stake, win from rounds where player_id = $1`,
            [playerId],
          );
          let expected = BigInt(start) * 100n;
          for (const round of rows) {
            expect(['settled', 'cancelled']).toContain(round.status);
            if (round.status === 'settled') expected += BigInt(round.win) - BigInt(round.stake);
          }
          expect(cents(wallet.balanceOf(playerId))).toBe(expected);
          for (const [id, times] of wallet.applications) {
            if (wallet.transactions.get(id)?.playerId === playerId) expect(times).toBe(1);
          }
        },
      ),
      { numRuns: 12, endOnFailure: true },
    );
  }, 120_000);
});
