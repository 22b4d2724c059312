// `reelforge operator move` against a node that is serving (issue 30, part 3): players of an
// internal-wallet and a callback-wallet operator play on the control cluster, the operator is moved
// to east while its players keep clicking, and afterwards every round a player was answered is on
// east exactly once, balances carry over to the cent, old tokens are refused, new launches name east.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveOperator } from '../../src/services/operator-move.ts';
import type { Store } from '../../src/store/db.ts';
import { runCli } from '../cli/run.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { callbackOperator, cents, eventually, launchPlayer, type Player } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let east: TestDatabase;
let eastStore: Store;

beforeAll(async () => {
  east = await createTestDatabase();
  server = await startTestServer({ DATABASE_CLUSTERS: `east=${east.url}` });
  eastStore = server.clusterStores?.get('east') as Store;
});
afterAll(async () => {
  await server?.close();
  await east?.drop();
});

/** Clicks until stopped; a 503 (moving) or a 401 (session ended by the drain) stops this player. */
function keepPlaying(player: Player, answered: string[]) {
  let stop = false;
  const refusals: number[] = [];
  const done = (async () => {
    while (!stop) {
      const spin = await player.spin();
      if (spin.status === 200) answered.push(spin.body.round.id);
      else {
        refusals.push(spin.status);
        if (spin.status === 401) return refusals;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    return refusals;
  })();
  return {
    stop: async () => {
      stop = true;
      return done;
    },
  };
}

const rowsOf = async (store: Store, table: string, operatorId: string) =>
  Number(
    (await store.pool.query(`select count(*) as n from ${table} where operator_id = $1`, [operatorId]))
      .rows[0].n,
  );

describe('moving an operator while its players play', () => {
  it('loses and doubles no round, carries the balance, and the node routes its next launch to east', async () => {
    const internal = await server.createOperator({ wallet_mode: 'internal' });
    const callback = await callbackOperator(server, { 'mv-cb': '100.00' });
    try {
      const players = [
        await launchPlayer(server, internal.apiKey, { player: 'mv-int' }),
        await launchPlayer(server, callback.apiKey, { player: 'mv-cb' }),
      ];
      const answered: string[][] = [[], []];
      const loops = players.map((player, i) => keepPlaying(player, answered[i] as string[]));
      await eventually(async () => answered.every((ids) => ids.length >= 5));

      const steps: string[] = [];
      const stores = new Map<string, Store>([
        ['main', server.store],
        ['east', eastStore],
      ]);
      const moved = await Promise.all(
        [internal.id, callback.id].map((id) =>
          moveOperator(
            { stores, control: 'main', log: (step) => steps.push(step), drainTimeoutMs: 30_000 },
            id,
            'east',
          ),
        ),
      );
      expect(moved.map((m) => m.result)).toEqual(['moved', 'moved']);
      const refusals = await Promise.all(loops.map((loop) => loop.stop()));
      // while it moved, a click was refused (503 read-only, 401/409 once the drain ended its session), never failed
      for (const seen of refusals) {
        expect(seen.length).toBeGreaterThan(0);
        for (const status of seen) expect([401, 409, 503]).toContain(status);
      }

      for (const [i, operatorId] of [internal.id, callback.id].entries()) {
        const ids = answered[i] as string[];
        expect(new Set(ids).size).toBe(ids.length);
        const { rows } = await eastStore.pool.query('select id, status from rounds where id = any($1)', [
          ids,
        ]);
        expect(rows.length).toBe(ids.length); // every answered round is on east, once
        expect(rows.every((row: { status: string }) => row.status === 'settled')).toBe(true);
        expect(await rowsOf(server.store, 'rounds', operatorId)).toBe(0);
        expect(await rowsOf(server.store, 'wallet_transactions', operatorId)).toBe(0);
        expect(await rowsOf(server.store, 'game_sessions', operatorId)).toBe(0);
        expect(await rowsOf(eastStore, 'rounds', operatorId)).toBe(ids.length);
      }

      // the internal balance is east's now: start − stakes + wins of the moved rounds
      const { rows: sums } = await eastStore.pool.query(
        `select coalesce(sum(stake), 0) as stakes, coalesce(sum(win), 0) as wins from rounds
          where operator_id = $1 and status = 'settled'`,
        [internal.id],
      );
      const relaunched = await eventually(async () => {
        const launch = await server.request('/api/provider/v1/launch-url', {
          method: 'POST',
          headers: { 'x-provider-api-key': internal.apiKey },
          json: { symbol: 'rf_ember_crown', external_player_id: 'mv-int', currency: 'USD' },
        });
        return launch.status === 200 ? ((await launch.json()).session_id as string) : undefined;
      });
      expect(relaunched).toMatch(/^ses_east_/);
      const { playerFor } = await import('../helpers/runtime.ts');
      const again = playerFor(server, relaunched);
      const session = await again.get('session');
      const start = 100_000n; // the internal wallet's start balance for a new player, in cents
      expect(cents(session.body.balance)).toBe(start - BigInt(sums[0].stakes) + BigInt(sums[0].wins));
      expect((await again.spin()).status).toBe(200);
      expect((await players[0]?.get('session'))?.status).toBe(401); // the old token's session is gone

      // the callback wallet applied each transaction once: its balance is start − stakes + wins
      const { rows: cbSums } = await eastStore.pool.query(
        `select coalesce(sum(stake), 0) as stakes, coalesce(sum(win), 0) as wins from rounds
          where operator_id = $1 and status = 'settled'`,
        [callback.id],
      );
      expect(cents(callback.wallet.balanceOf('mv-cb'))).toBe(
        10_000n - BigInt(cbSums[0].stakes) + BigInt(cbSums[0].wins),
      );
      expect(steps).toEqual(expect.arrayContaining(['read_only', 'drain', 'copy', 'verify', 'flip']));

      // staff's report from the CLI spans both clusters: the moved operators' rounds are east's
      const day = new Date().toISOString().slice(0, 10);
      const printed = await runCli(['--json', 'report', 'summary', '--from', day, '--to', day], {
        DATABASE_URL: server.databaseUrl,
        DATABASE_CLUSTERS: `east=${east.url}`,
      });
      expect(printed.code).toBe(0);
      const days = JSON.parse(printed.stdout).days as Array<{ operator_id: string; rounds: number }>;
      const api = (await server.admin('GET', `/api/admin/v1/reports/summary?from=${day}&to=${day}`)).body
        .days;
      expect(days).toEqual(api);
      expect(
        days.filter((row) => row.operator_id === internal.id).reduce((n, row) => n + row.rounds, 0),
      ).toBeGreaterThan(0);
    } finally {
      await callback.wallet.close();
    }
  });
});
