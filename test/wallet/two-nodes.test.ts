// Two nodes on one database run the retry worker side by side: every credit is paid once, no two
// attempts of one transaction are ever under way at the same time (the lease holds), and both
// nodes did the work (a second node that never claimed anything would prove nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { callbackOperator, eventually, launchPlayer } from '../helpers/runtime.ts';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.ts';

const FAST = { baseDelayMs: 10, maxDelayMs: 30, leaseGraceMs: 200, pollIntervalMs: 10 };
let nodeA: TestServer;
let nodeB: RunningServer;
let wallet: MockWallet;
let apiKey: string;

beforeAll(async () => {
  nodeA = await startTestServer({ WALLET_TIMEOUT_MS: '300' }, { logLevel: 'silent' });
  const config = loadConfig({
    APP_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: nodeA.databaseUrl,
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    WALLET_TIMEOUT_MS: '300',
  });
  nodeB = await startServer(config, { logLevel: 'silent', walletRetry: FAST });
  Object.assign(nodeA.services.wallets.policy, FAST);
  const players = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`p-node-${i}`, '100.00']));
  const operator = await callbackOperator(nodeA, players);
  apiKey = operator.apiKey;
  wallet = operator.wallet;
});
afterAll(async () => {
  await nodeB?.stop();
  await nodeA?.close();
  await wallet?.close();
});

describe('retry worker on two nodes', () => {
  it('pays each credit once and never runs two attempts of one transaction at once', async () => {
    const failures = new Map<string, number>();
    wallet.setFault((type, body) => {
      if (type !== 'credit') return undefined;
      const id = body.transaction_id as string;
      const seen = (failures.get(id) ?? 0) + 1;
      failures.set(id, seen);
      return seen <= 4 ? { kind: 'status', status: 500 } : undefined;
    });
    const attemptsBy = { a: new Set<string>(), b: new Set<string>() };
    nodeA.services.walletAttempts.listen((event) => attemptsBy.a.add(event.requestId));
    nodeB.services.walletAttempts.listen((event) => attemptsBy.b.add(event.requestId));
    const roundIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const player = await launchPlayer(nodeA, apiKey, { player: `p-node-${i}` });
      const spun = await player.spin({ coin: '0.10' });
      expect(spun.status).toBe(200);
      roundIds.push(spun.body.round.id);
    }
    const pool = nodeA.store.pool;
    await eventually(async () => {
      const { rows } = await pool.query(
        `select count(*)::int as n from rounds where id = any($1) and status = 'settled'`,
        [roundIds],
      );
      return rows[0].n === roundIds.length;
    }, 20_000);
    wallet.setFault(undefined);

    const { rows: credits } = await pool.query(
      `select id from wallet_transactions where round_id = any($1) and type = 'credit'`,
      [roundIds],
    );
    const retriedBy = { a: 0, b: 0 };
    for (const { id } of credits) {
      expect(wallet.applications.get(id)).toBe(1);
      const { rows: attempts } = await pool.query(
        'select request_id, started_at, latency_ms from wallet_attempt_log where transaction_id = $1 order by started_at',
        [id],
      );
      // Every recorded attempt was made by exactly one of the two nodes; the first came with the spin.
      for (const [k, attempt] of attempts.entries()) {
        const byA = attemptsBy.a.has(attempt.request_id);
        expect(byA !== attemptsBy.b.has(attempt.request_id)).toBe(true);
        if (k > 0) retriedBy[byA ? 'a' : 'b']++;
      }
      expect(attempts).toHaveLength(failures.get(id) ?? -1);
      for (let k = 1; k < attempts.length; k++) {
        const previousEnd = attempts[k - 1].started_at.getTime() + attempts[k - 1].latency_ms;
        expect(attempts[k].started_at.getTime()).toBeGreaterThanOrEqual(previousEnd - 1);
      }
    }
    // The second node's worker took its share of the retries (it has no spins of its own).
    expect(retriedBy.b).toBeGreaterThan(0);
    expect(retriedBy.a + retriedBy.b).toBe(credits.length * 4);
  });
});
