// Failover (docs/operations.md, "Failover"): a primary with a synchronous streaming replica
// (ops/pg/cluster.ts), HAProxy in front sending connections only to the server that is not in
// recovery (ops/pg/haproxy.ts), and a Reelforge node on HAProxy's address playing rounds in both
// wallet modes. The primary is killed with kill -9 mid-play and the replica promoted; the node
// carries on through HAProxy, every round answered 200 is on the new primary exactly once, no round
// is left open once the retry worker has finished, and no money is lost or doubled (the internal
// wallet's balances against its rounds, the mock wallet's against the ledger). Skipped, saying why,
// without initdb/pg_basebackup or haproxy.
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabase,
  ownPostgresProblem,
  type PgServer,
  removeServers,
  startPrimary,
  startReplica,
} from '../../ops/pg/cluster.ts';
import { haproxyProblem, type PrimaryProxy, startPrimaryProxy } from '../../ops/pg/haproxy.ts';
import { internalBooks } from '../../ops/rehearsal/ledger.ts';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { internalStartBalance } from '../../src/wallet/internal.ts';
import { callbackOperator, clickId, launchPlayer, type Player, useRetryPolicy } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const problem = (await ownPostgresProblem(['initdb', 'pg_ctl', 'pg_basebackup'])) ?? (await haproxyProblem());
if (problem) process.stdout.write(`failover: skipped (${problem})\n`);

const PLAYERS_PER_MODE = 3;
const CALLBACK_START = '1000.00';

async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  limitMs: number,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Seat {
  player: Player;
  playerId: string;
  mode: 'internal' | 'callback';
  /** Rounds answered 200, in order. */
  answered: string[];
  /** Answers that were not 200 (or no answer at all), by status. */
  failures: Map<string, number>;
}

describe.skipIf(problem !== undefined)('failover to a promoted replica behind HAProxy', () => {
  let dir: string;
  let primary: PgServer;
  let replica: PgServer;
  let proxy: PrimaryProxy;
  let server: TestServer;
  let wallet: MockWallet;
  let callbackOp: string;
  let internalOp: string;
  const seats: Seat[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'reelforge-failover-'));
    await chmod(dir, 0o755);
    // Synchronous: a commit is acknowledged only once the replica has it, so no answered round is lost.
    primary = await startPrimary(dir, 'primary', { settings: ["synchronous_standby_names = 'replica'"] });
    // After the replica: a synchronous primary waits for its standby before any commit returns.
    replica = await startReplica(primary, dir, 'replica');
    await createDatabase(primary, 'reelforge');
    proxy = await startPrimaryProxy(dir, [
      { name: 'pg1', port: primary.port },
      { name: 'pg2', port: replica.port },
    ]);
    // HAProxy starts with both servers up and takes the replica out only when its checks fail, so
    // one connection on the primary proves nothing: four in a row (taking turns, the replica would
    // have had two of them) do. (One connection once did, and the node's migration then reached the
    // replica: "cannot execute CREATE TABLE in a read-only transaction".)
    await waitFor(
      'HAProxy to send every connection to the primary',
      async () => {
        for (let i = 0; i < 4; i++) if ((await serverPortBehind(proxy)) !== primary.port) return false;
        return true;
      },
      20_000,
    );
    server = await startTestServer({ DATABASE_URL: proxy.url('reelforge'), WALLET_TIMEOUT_MS: '1000' });
    useRetryPolicy(server, { baseDelayMs: 20, maxDelayMs: 200, pollIntervalMs: 50 });
    const players: Record<string, string> = {};
    for (let i = 0; i < PLAYERS_PER_MODE; i++) players[`cb-${i}`] = CALLBACK_START;
    const callback = await callbackOperator(server, players);
    wallet = callback.wallet;
    callbackOp = callback.id;
    const internal = await server.createOperator({ name: 'Internal Casino' });
    internalOp = internal.id;
    for (let i = 0; i < PLAYERS_PER_MODE; i++) {
      for (const [mode, apiKey, playerId] of [
        ['internal', internal.apiKey, `in-${i}`],
        ['callback', callback.apiKey, `cb-${i}`],
      ] as const) {
        const player = await launchPlayer(server, apiKey, { player: playerId, symbol: 'rf_copper_sevens' });
        seats.push({ player, playerId, mode, answered: [], failures: new Map() });
      }
    }
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await proxy?.stop();
    await wallet?.close();
    await removeServers(dir, [replica, primary].filter(Boolean));
  });

  it('kill -9 of the primary mid-play: the node finds the promoted replica, every round settles once, no money lost', async () => {
    let stop = false;
    let killedAt: number | undefined;
    /** From the kill to the first round answered of those sent after it, in ms (printed, not asserted). */
    let firstAfterKill: number | undefined;
    let promotedIn: number | undefined;
    /** Plays one click until it has a final answer; a 5xx or a cut connection sends the same click again. */
    const play = async (seat: Seat) => {
      while (!stop) {
        const click = clickId();
        while (!stop) {
          const sentAt = Date.now();
          const answer = await seat.player
            .post('spin', { coin: '0.10', client_round_id: click })
            .catch(() => ({ status: 0, body: undefined }));
          if (answer.status === 200) {
            seat.answered.push((answer.body.round.round_id ?? answer.body.round.id) as string);
            if (killedAt !== undefined && sentAt > killedAt) firstAfterKill ??= Date.now() - killedAt;
            break;
          }
          seat.failures.set(String(answer.status), (seat.failures.get(String(answer.status)) ?? 0) + 1);
          // The wallet refused or did not confirm the stake (returned): final for this click.
          if (answer.status === 502 || answer.status === 503 || answer.status === 402) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const loops = seats.map(play);
    const answeredNow = () => seats.map((seat) => seat.answered.length);
    try {
      await waitFor('ten rounds for every player', () => answeredNow().every((n) => n >= 10), 60_000);
      const beforeKill = answeredNow();
      killedAt = Date.now();
      await primary.kill9();
      await replica.promote();
      promotedIn = Date.now() - killedAt;
      await waitFor(
        'HAProxy to send connections to the promoted replica',
        () => serverPortBehind(proxy).then((p) => p === replica.port),
        20_000,
      );
      // The node carries on: every player has rounds answered after the failover.
      await waitFor(
        'ten more rounds for every player after the failover',
        () => answeredNow().every((n, i) => n >= (beforeKill[i] as number) + 10),
        60_000,
      );
    } finally {
      stop = true;
      await Promise.all(loops);
    }

    const db = new pg.Client({ connectionString: replica.url('reelforge') });
    await db.connect();
    try {
      expect((await db.query('select pg_is_in_recovery() as standby')).rows[0].standby).toBe(false);
      // Rounds in flight at the kill are finished by the retry worker (credits or rollbacks re-sent).
      await waitFor(
        'no open round and no pending wallet transaction',
        async () => {
          const { rows } = await db.query(
            `select (select count(*) from rounds where status = 'open')::int as open,
                    (select count(*) from wallet_transactions where status = 'pending')::int as pending`,
          );
          return rows[0].open === 0 && rows[0].pending === 0;
        },
        60_000,
      );

      // Every round answered 200 is on the new primary, exactly once; no click made two rounds.
      const answered = seats.flatMap((seat) => seat.answered);
      expect(new Set(answered).size).toBe(answered.length);
      const { rows: found } = await db.query('select id from rounds where id = any($1::text[])', [answered]);
      expect(found.length).toBe(answered.length);
      const { rows: doubled } = await db.query(
        'select session_id, client_round_id from rounds group by 1, 2 having count(*) > 1',
      );
      expect(doubled).toEqual([]);

      // Internal wallet: balance = start − stakes + wins of settled rounds; the ledger rows agree.
      const internal = await internalBooks(db, internalOp);
      expect(internal).toHaveLength(PLAYERS_PER_MODE);
      for (const row of internal) {
        const start = internalStartBalance(row.currency);
        expect({ player: row.player_id, balance: BigInt(row.balance ?? start) }).toEqual({
          player: row.player_id,
          balance: start + BigInt(row.delta),
        });
        expect(BigInt(row.ledger)).toBe(BigInt(row.delta));
      }

      // Callback wallet: the wallet's balance = start + acknowledged credits − acknowledged debits
      // not rolled back, per our ledger.
      const { rows: txs } = await db.query(
        `select id, type, status, amount, player_id, original_transaction_id
           from wallet_transactions where operator_id = $1`,
        [callbackOp],
      );
      const rolledBack = new Set(
        txs
          .filter((tx) => tx.type === 'rollback' && tx.status === 'acknowledged')
          .map((tx) => tx.original_transaction_id),
      );
      for (let i = 0; i < PLAYERS_PER_MODE; i++) {
        const playerId = `cb-${i}`;
        let expected = 100_000n;
        for (const tx of txs.filter((t) => t.player_id === playerId && t.status === 'acknowledged')) {
          if (tx.type === 'credit') expected += BigInt(tx.amount);
          if (tx.type === 'debit' && !rolledBack.has(tx.id)) expected -= BigInt(tx.amount);
        }
        expect({ playerId, balance: wallet.players.get(playerId)?.balance }).toEqual({
          playerId,
          balance: expected,
        });
      }
    } finally {
      await db.end();
    }
    const failures = seats.reduce(
      (sum, seat) => sum + [...seat.failures.values()].reduce((a, b) => a + b, 0),
      0,
    );
    process.stdout.write(
      `failover: ${seats.reduce((sum, seat) => sum + seat.answered.length, 0)} rounds answered, ${failures} answers retried or final non-200 around the kill; promoted ${promotedIn} ms after the kill, the first round sent after the kill answered ${firstAfterKill} ms after it\n`,
    );
  }, 240_000);
});

/** The port of the server HAProxy sends a new connection to (undefined when none answers). */
async function serverPortBehind(proxy: PrimaryProxy): Promise<number | undefined> {
  const client = new pg.Client({ connectionString: proxy.url('postgres'), connectionTimeoutMillis: 1000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query('select inet_server_port() as port, pg_is_in_recovery() as standby');
    return rows[0].standby ? undefined : Number(rows[0].port);
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}
