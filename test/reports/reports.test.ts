// Reconciliation reports on a real node and PostgreSQL: seeded random rounds on an internal and a
// callback operator (free rounds, rejected debits, debits without an answer and their rollbacks,
// credits retried), moved onto two past UTC days; then the summary equals the ledger's own sums
// (from the rounds table) and the sums of the streamed transactions, per day, game and currency;
// CSV reads back to the NDJSON rows; a day that is over answers the same bytes twice; an operator
// sees only its own transactions; keys, tokens and bad parameters are refused.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/money.ts';
import type { Fault, MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { reportsRepo } from '../../src/store/reports.repo.ts';
import {
  callbackOperator,
  eventually,
  launchPlayer,
  type Player,
  useRetryPolicy,
} from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const DAYS = ['2024-03-04', '2024-03-05'];
const GAMES = ['rf_ember_crown', 'rf_jade_paths', 'rf_orbit_orchard'];
/** A player id that needs CSV quoting. */
const AWKWARD = 'p,"q" 3';

let server: TestServer;
let internal: { id: string; apiKey: string };
let callback: { id: string; apiKey: string; wallet: MockWallet };
let other: { id: string; apiKey: string };

/** mulberry32: the same rounds on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(20250115);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const get = (path: string, apiKey?: string) =>
  server.request(path, { headers: apiKey ? { 'x-provider-api-key': apiKey } : {} });
const adminGet = (path: string) =>
  server.request(path, { headers: { authorization: `Bearer ${server.adminToken}` } });

/**
 * Grants free rounds and plays them out, granting again until a free round has won something: the
 * outcomes are random, and four rounds that all win nothing would leave the free-round figures of
 * the reports untested.
 */
async function grantAndPlay(apiKey: string, playerId: string, currency: string) {
  for (let grant = 0; grant < 20; grant++) {
    if (await grantAndPlayOnce(apiKey, playerId, currency)) return;
  }
  throw new Error('20 grants of free rounds never won');
}

/** One grant of four free rounds played to its end; true when one of them won. */
async function grantAndPlayOnce(apiKey: string, playerId: string, currency: string) {
  const campaignId = `rep-${playerId.replace(/\W/g, '')}-${Math.floor(random() * 1e9)}`;
  const created = await server.request('/api/provider/v1/free-rounds/campaigns', {
    method: 'POST',
    headers: { 'x-provider-api-key': apiKey },
    json: {
      campaign_id: campaignId,
      games: ['rf_ember_crown'],
      currency,
      rounds: 4,
      coin: '0.10',
      bet_level: 1,
      expires_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      players: [playerId],
    },
  });
  expect(created.status).toBe(201);
  const player = await launchPlayer(server, apiKey, { player: playerId, symbol: 'rf_ember_crown', currency });
  let won = false;
  for (let i = 0; i < 300; i++) {
    const session = (await player.get('session')).body;
    const inFeature = session.state.free_spins_left > 0 && session.free_round !== null;
    const offer = session.free_rounds[0];
    if (!inFeature && !offer) return won;
    const spun = await player.spin(inFeature ? {} : { free_round_grant_id: offer.grant_id });
    expect(spun.status).toBe(200);
    if (minor(spun.body.round.win) > 0n) won = true;
  }
  throw new Error('free rounds never ended');
}

async function playRandomly(player: Player, rounds: number) {
  for (let i = 0; i < rounds; i++) {
    const spun = await player.spin({ coin: pick(['0.01', '0.10', '0.50']) });
    // 402: funds; 409: a free spin still under way elsewhere; 502/503: the wallet said no or nothing.
    if (![200, 402, 409, 502, 503].includes(spun.status)) throw new Error(JSON.stringify(spun.body));
  }
}

/** The faults of the callback wallet, decided once per transaction from the seeded random. */
function planFaults(wallet: MockWallet) {
  const plans = new Map<string, Fault[]>();
  let debits = 0;
  wallet.setFault((type, body) => {
    if (type === 'balance') return undefined;
    const id = body.transaction_id as string;
    if (!plans.has(id)) {
      const roll = random();
      let plan: Fault[] = [];
      if (type === 'debit') {
        debits += 1;
        // The first debit always goes unanswered (a rollback follows), the second is refused.
        if (debits === 1 || roll < 0.15) plan = [{ kind: 'status', status: 500, apply: roll < 0.08 }];
        else if (debits === 2 || roll < 0.25)
          plan = [{ kind: 'status', status: 400, body: '{"success":false,"error":"insufficient_funds"}' }];
      } else if (roll < 0.3) {
        plan = [{ kind: 'status', status: 503, apply: roll < 0.1 }];
      }
      plans.set(id, plan);
    }
    return plans.get(id)?.shift();
  });
}

async function settled(operatorIds: string[]) {
  await eventually(async () => {
    const { rows } = await server.store.pool.query(
      `select (select count(*) from rounds where operator_id = any($1) and status = 'open')::int
            + (select count(*) from wallet_transactions where operator_id = any($1) and status = 'pending')::int as n`,
      [operatorIds],
    );
    return rows[0].n === 0;
  }, 30_000);
}

/** Moves the operators' rounds and transactions onto past days: player i's onto DAYS[i % 2]. */
async function moveOntoPastDays(operatorIds: string[]) {
  const { rows } = await server.store.pool.query(
    `select least((select min(created_at) from rounds where operator_id = any($1)),
                  (select min(created_at) from wallet_transactions where operator_id = any($1)))::text as t0`,
    [operatorIds],
  );
  const t0 = rows[0].t0 as string;
  const players = await server.store.pool.query(
    `select distinct operator_id, player_id from rounds where operator_id = any($1) order by 1, 2`,
    [operatorIds],
  );
  // A round's month is its partition, which no code moves (the rounds_created_at_fixed trigger): the
  // test moves rounds, transactions and attempts together with triggers and foreign keys off.
  await server.store.pool.query(`select rf_partition_month('2024-03-01')`);
  const client = await server.store.pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local session_replication_role = replica`);
    for (const [i, { operator_id, player_id }] of players.rows.entries()) {
      const day = DAYS[i % DAYS.length];
      const shift = (column: string) => `$3::timestamptz + (${column} - $4::timestamptz)`;
      const values = [operator_id, player_id, `${day}T00:00:00Z`, t0];
      await client.query(
        `update rounds set created_at = ${shift('created_at')}, finished_at = ${shift('finished_at')}
          where operator_id = $1 and player_id = $2`,
        values,
      );
      await client.query(
        `update wallet_attempts a set round_created_at = ${shift('a.round_created_at')}
          from wallet_transactions t
          where t.id = a.transaction_id and t.operator_id = $1 and t.player_id = $2`,
        values,
      );
      await client.query(
        `update wallet_transactions set created_at = ${shift('created_at')},
                finished_at = ${shift('finished_at')}, round_created_at = ${shift('round_created_at')}
          where operator_id = $1 and player_id = $2`,
        values,
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

interface Totals {
  rounds: number;
  stakes: string;
  wins: string;
  free_round_wins: string;
  rollbacks: number;
}
const keyOf = (row: { date: string; game_symbol: string; currency: string }) =>
  `${row.date} ${row.game_symbol} ${row.currency}`;

/** The ledger's own figures, from the rounds: a settled round counts, a cancelled one does not. */
async function ledgerTotals(operatorId: string): Promise<Map<string, Totals>> {
  const { rows } = await server.store.pool.query(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as date, game_symbol, currency,
            count(*) filter (where status = 'settled')::int as rounds,
            coalesce(sum(stake) filter (where status = 'settled'), 0)::text as stakes,
            coalesce(sum(win) filter (where status = 'settled' and free_round_grant_id is null), 0)::text as wins,
            coalesce(sum(win) filter (where status = 'settled' and free_round_grant_id is not null), 0)::text as free,
            count(*) filter (where status = 'cancelled' and cancel_reason = 'wallet_unavailable')::int as rollbacks
       from rounds where operator_id = $1 group by 1, 2, 3`,
    [operatorId],
  );
  return new Map(
    rows.map((row) => [
      keyOf(row),
      {
        rounds: row.rounds,
        stakes: formatAmount(BigInt(row.stakes), row.currency),
        wins: formatAmount(BigInt(row.wins), row.currency),
        free_round_wins: formatAmount(BigInt(row.free), row.currency),
        rollbacks: row.rollbacks,
      },
    ]),
  );
}

/** Minor units of a decimal string (2 or 0 digits here). */
const minor = (text: string) => BigInt(text.replace('.', ''));

/** The figures the streamed transactions add up to, by the rules docs/reports.md states. */
function streamTotals(lines: any[]): Map<string, Totals> {
  const sums = new Map<
    string,
    { rounds: number; s: bigint; w: bigint; f: bigint; r: number; currency: string }
  >();
  for (const line of lines) {
    const key = keyOf({ date: line.created_at.slice(0, 10), ...line });
    const row = sums.get(key) ?? { rounds: 0, s: 0n, w: 0n, f: 0n, r: 0, currency: line.currency };
    const paid = line.status === 'acknowledged' || line.status === 'resolved';
    if (line.type === 'debit' && line.status === 'acknowledged') {
      row.s += minor(line.amount);
      if (line.opens_round) row.rounds += 1;
    }
    if ((line.type === 'credit' || line.type === 'free_round_win') && paid) {
      if (line.type === 'credit') row.w += minor(line.amount);
      else row.f += minor(line.amount);
      if (line.opens_round) row.rounds += 1;
    }
    if (line.type === 'rollback') row.r += 1;
    sums.set(key, row);
  }
  return new Map(
    [...sums].map(([key, row]) => [
      key,
      {
        rounds: row.rounds,
        stakes: formatAmount(row.s, row.currency),
        wins: formatAmount(row.w, row.currency),
        free_round_wins: formatAmount(row.f, row.currency),
        rollbacks: row.r,
      },
    ]),
  );
}

const totalsOf = (rows: any[]) =>
  new Map(
    rows.map((row) => [
      keyOf(row),
      {
        rounds: row.rounds,
        stakes: row.stakes,
        wins: row.wins,
        free_round_wins: row.free_round_wins,
        rollbacks: row.rollbacks,
      },
    ]),
  );

async function ndjson(path: string, apiKey?: string) {
  const response = apiKey ? await get(path, apiKey) : await adminGet(path);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
  const text = await response.text();
  return {
    text,
    lines:
      text === ''
        ? []
        : text
            .trimEnd()
            .split('\n')
            .map((line) => JSON.parse(line)),
  };
}

beforeAll(async () => {
  server = await startTestServer({ WALLET_TIMEOUT_MS: '200' });
  useRetryPolicy(server, { baseDelayMs: 10, maxDelayMs: 40, leaseGraceMs: 200, pollIntervalMs: 20 });
  internal = await server.createOperator();
  callback = await callbackOperator(server, { 'cb-1': '500.00', 'cb-2': '500.00', 'cb-fr': '10.00' });
  other = await server.createOperator({ name: 'Other Casino' });

  // The internal operator: four players, two currencies, three games.
  for (const [playerId, currency] of [
    ['in-1', 'USD'],
    ['in-2', 'EUR'],
    [AWKWARD, 'USD'],
    ['in-4', 'USD'],
  ] as const) {
    const player = await launchPlayer(server, internal.apiKey, {
      player: playerId,
      symbol: pick(GAMES),
      currency,
    });
    await playRandomly(player, 12);
  }
  await grantAndPlay(internal.apiKey, 'in-fr', 'USD');

  // The callback operator, with faults on its wallet.
  planFaults(callback.wallet);
  for (const playerId of ['cb-1', 'cb-2']) {
    const player = await launchPlayer(server, callback.apiKey, { player: playerId, symbol: pick(GAMES) });
    await playRandomly(player, 14);
  }
  await grantAndPlay(callback.apiKey, 'cb-fr', 'USD');
  await settled([internal.id, callback.id]);
  callback.wallet.setFault(undefined);
  await moveOntoPastDays([internal.id, callback.id]);

  // The other operator plays today, and stays there.
  const today = await launchPlayer(server, other.apiKey, { player: 'ot-1' });
  await playRandomly(today, 3);
}, 180_000);

afterAll(async () => {
  await server?.close();
  await callback?.wallet.close();
});

describe('report totals', () => {
  it.each([
    ['internal', () => internal],
    ['callback', () => callback],
  ])('equal the ledger and the streamed transactions on the %s wallet', async (_mode, operatorOf) => {
    const operator = operatorOf();
    const response = await get(
      `/api/provider/v1/reports/summary?from=2024-03-01&to=2024-03-31`,
      operator.apiKey,
    );
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.from).toBe('2024-03-01');
    expect(data.to).toBe('2024-03-31');
    const rows = data.days as any[];
    expect(new Set(rows.map((row) => row.date))).toEqual(new Set(DAYS));

    const ledger = await ledgerTotals(operator.id);
    expect(totalsOf(rows)).toEqual(ledger);

    const lines = [];
    for (const day of DAYS) {
      lines.push(
        ...(await ndjson(`/api/provider/v1/reports/transactions?date=${day}`, operator.apiKey)).lines,
      );
    }
    expect(streamTotals(lines)).toEqual(ledger);

    // The figures that make this test mean something: stakes, wins and free-round wins everywhere.
    const sum = (field: keyof Totals) => rows.reduce((total, row) => total + minor(String(row[field])), 0n);
    expect(sum('stakes')).toBeGreaterThan(0n);
    expect(sum('free_round_wins')).toBeGreaterThan(0n);
    for (const row of rows) {
      expect(row.final).toBe(true);
      expect(row.ggr).toBe(formatAmount(minor(row.stakes) - minor(row.wins), row.currency));
      if (minor(row.stakes) === 0n) expect(row.rtp).toBeNull();
      else expect(Number(row.rtp)).toBeCloseTo(Number(minor(row.wins)) / Number(minor(row.stakes)), 5);
    }
    if (operator === callback) {
      const statuses = new Set(lines.map((line) => `${line.type}:${line.status}`));
      for (const seen of [
        'debit:unknown',
        'debit:rejected',
        'rollback:acknowledged',
        'free_round_win:acknowledged',
      ])
        expect(statuses).toContain(seen);
      expect(rows.reduce((total, row) => total + row.rollbacks, 0)).toBeGreaterThan(0);
      const rollback = lines.find((line) => line.type === 'rollback');
      expect(lines.find((line) => line.transaction_id === rollback.original_transaction_id)?.status).toBe(
        'unknown',
      );
    } else {
      expect(new Set(lines.map((line) => line.wallet_mode))).toEqual(new Set(['internal']));
      expect(new Set(rows.map((row) => row.currency))).toEqual(new Set(['USD', 'EUR']));
    }
  });

  it('lists every transaction of the day once, in (created_at, id) order, all the way through the pages', async () => {
    for (const day of DAYS) {
      const { lines } = await ndjson(`/api/provider/v1/reports/transactions?date=${day}`, callback.apiKey);
      const { rows } = await server.store.pool.query(
        `select id from wallet_transactions
          where operator_id = $1 and created_at >= $2::timestamptz and created_at < $2::timestamptz + interval '1 day'
          order by created_at, id`,
        [callback.id, `${day}T00:00:00Z`],
      );
      expect(lines.map((line) => line.transaction_id)).toEqual(rows.map((row) => row.id));
      for (const line of lines) {
        expect(line.created_at.slice(0, 10)).toBe(day);
        expect(line.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      }
      // Tiny pages (ties on created_at included: an internal round's debit and credit share it).
      const start = new Date(`${day}T00:00:00Z`);
      const end = new Date(start.getTime() + 86_400_000);
      for (const operatorId of [callback.id, internal.id]) {
        const whole = [];
        for await (const row of reportsRepo(server.store.db).transactions(operatorId, start, end))
          whole.push(row.id);
        for (const size of [1, 2, 7]) {
          const paged = [];
          for await (const row of reportsRepo(server.store.db).transactions(operatorId, start, end, size))
            paged.push(row.id);
          expect(paged).toEqual(whole);
        }
        expect(whole.length).toBeGreaterThan(7);
      }
    }
  });

  it('gives CSV that reads back to the NDJSON rows, quoting included', async () => {
    for (const day of DAYS) {
      const { lines } = await ndjson(`/api/provider/v1/reports/transactions?date=${day}`, internal.apiKey);
      const response = await get(
        `/api/provider/v1/reports/transactions?date=${day}&format=csv`,
        internal.apiKey,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="reelforge-transactions-${internal.id}-${day}.csv"`,
      );
      const records = parse(await response.text(), { columns: true });
      const asText = (value: unknown) => (value === null ? '' : String(value));
      expect(records).toEqual(
        lines.map((line) => Object.fromEntries(Object.entries(line).map(([k, v]) => [k, asText(v)]))),
      );
    }
    const { lines } = await ndjson(`/api/provider/v1/reports/transactions?date=${DAYS[0]}`, internal.apiKey);
    const all = [
      ...lines,
      ...(await ndjson(`/api/provider/v1/reports/transactions?date=${DAYS[1]}`, internal.apiKey)).lines,
    ];
    expect(all.some((line) => line.player_id === AWKWARD)).toBe(true);

    const summary = await get(
      `/api/provider/v1/reports/summary?from=${DAYS[0]}&to=${DAYS[1]}&format=csv`,
      internal.apiKey,
    );
    const json = (
      await (
        await get(`/api/provider/v1/reports/summary?from=${DAYS[0]}&to=${DAYS[1]}`, internal.apiKey)
      ).json()
    ).data.days;
    expect(parse(await summary.text(), { columns: true })).toEqual(
      json.map((row: any) =>
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : String(v)])),
      ),
    );
  });

  it('answers the same bytes twice for a day that is over', async () => {
    for (const format of ['ndjson', 'csv']) {
      const path = `/api/provider/v1/reports/transactions?date=${DAYS[1]}&format=${format}`;
      const first = await (await get(path, callback.apiKey)).text();
      const again = await (await get(path, callback.apiKey)).text();
      expect(first.length).toBeGreaterThan(0);
      expect(again).toBe(first);
    }
    const path = `/api/provider/v1/reports/summary?from=${DAYS[0]}&to=${DAYS[1]}`;
    expect(await (await get(path, callback.apiKey)).text()).toBe(
      await (await get(path, callback.apiKey)).text(),
    );
  });

  it('says today is not final, and a future day is empty', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const response = await get(`/api/provider/v1/reports/summary?from=${today}&to=${future}`, other.apiKey);
    const rows = (await response.json()).data.days;
    // Today's rows (yesterday's too, if the clock passed midnight while the test ran).
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows.filter((r: any) => r.date === today)) expect(row.final).toBe(false);
    expect(rows.every((row: any) => row.date <= today)).toBe(true);
    const empty = await get(`/api/provider/v1/reports/transactions?date=${future}`, other.apiKey);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('');
    const csv = await get(`/api/provider/v1/reports/transactions?date=${future}&format=csv`, other.apiKey);
    expect((await csv.text()).trimEnd()).toBe(
      'transaction_id,round_id,player_id,game_symbol,type,amount,currency,status,created_at,completed_at,action_type,wallet_mode,original_transaction_id,opens_round',
    );
  });
});

describe('the OpenAPI document', () => {
  it('describes both report routes for operators, with their formats, and no staff route', async () => {
    const doc = await (await server.request('/openapi.json')).json();
    const transactions = doc.paths['/api/provider/v1/reports/transactions'].get;
    const summary = doc.paths['/api/provider/v1/reports/summary'].get;
    for (const operation of [transactions, summary]) {
      expect(operation.tags).toEqual(['reports']);
      expect(operation.parameters.map((p: { name: string }) => p.name)).toContain('x-operator-id');
    }
    expect(Object.keys(transactions.responses['200'].content).sort()).toEqual([
      'application/x-ndjson',
      'text/csv',
    ]);
    expect(Object.keys(summary.responses['200'].content).sort()).toEqual(['application/json', 'text/csv']);
    expect(Object.keys(doc.paths).filter((path) => path.includes('/reports/'))).toHaveLength(2);
  });
});

describe('report scope and refusals', () => {
  it("never shows an operator another's transactions", async () => {
    const { lines } = await ndjson(`/api/provider/v1/reports/transactions?date=${DAYS[0]}`, other.apiKey);
    expect(lines).toEqual([]);
    const summary = await get(`/api/provider/v1/reports/summary?from=${DAYS[0]}&to=${DAYS[1]}`, other.apiKey);
    expect((await summary.json()).data.days).toEqual([]);
    const own = await server.store.pool.query(`select id from wallet_transactions where operator_id = $1`, [
      internal.id,
    ]);
    const ids = new Set(own.rows.map((row) => row.id));
    for (const day of DAYS) {
      for (const line of (await ndjson(`/api/provider/v1/reports/transactions?date=${day}`, internal.apiKey))
        .lines)
        expect(ids.has(line.transaction_id)).toBe(true);
    }
    // Naming another operator with an operator key is refused.
    for (const path of [
      `/api/provider/v1/reports/transactions?date=${DAYS[0]}&operator_id=${internal.id}`,
      `/api/provider/v1/reports/summary?from=${DAYS[0]}&to=${DAYS[1]}&operator_id=${internal.id}`,
    ]) {
      const response = await get(path, other.apiKey);
      expect(response.status).toBe(403);
      expect((await response.json()).error).toBe('forbidden');
    }
  });

  it('lets a master key read the operator it names, and only with one named', async () => {
    const master = (await server.admin('POST', '/api/admin/v1/master-keys')).body.api_key as string;
    const path = `/api/provider/v1/reports/transactions?date=${DAYS[0]}&format=csv`;
    const named = await server.request(path, {
      headers: { 'x-provider-api-key': master, 'x-operator-id': internal.id },
    });
    expect(named.status).toBe(200);
    expect(await named.text()).toBe(await (await get(path, internal.apiKey)).text());
    const bare = await get(`/api/provider/v1/reports/summary?from=${DAYS[0]}&to=${DAYS[1]}`, master);
    expect(bare.status).toBe(400);
    expect((await bare.json()).detail).toMatch(/^operator_id is required/);
  });

  it('refuses requests without a valid key or admin token', async () => {
    for (const path of [
      `/api/provider/v1/reports/transactions?date=${DAYS[0]}`,
      `/api/provider/v1/reports/summary?from=${DAYS[0]}&to=${DAYS[1]}`,
    ]) {
      expect((await get(path)).status).toBe(401);
      expect((await get(path, 'rf_live_not_a_key_0000000000000000')).status).toBe(401);
    }
    for (const path of [
      `/api/admin/v1/reports/summary?from=${DAYS[0]}&to=${DAYS[1]}`,
      `/api/admin/v1/reports/transactions?date=${DAYS[0]}&operator_id=${internal.id}`,
    ]) {
      expect((await server.request(path)).status).toBe(401);
      expect((await get(path, internal.apiKey)).status).toBe(401);
    }
  });

  it.each([
    ['transactions?format=csv', /^date is required/],
    ['transactions?date=2024-02-30', /^date must be a calendar date/],
    ['transactions?date=03/04/2024', /^date must be a calendar date/],
    ['transactions?date=2024-03-04&date=2024-03-05', /^query parameter date is given more than once/],
    [`transactions?date=${DAYS[0]}&format=xml`, /^format must be one of ndjson, csv/],
    ['summary?to=2024-03-05', /^from is required/],
    ['summary?from=2024-03-05', /^to is required/],
    ['summary?from=2024-03-06&to=2024-03-05', /^from \(2024-03-06\) is after to/],
    ['summary?from=2024-01-01&to=2024-04-02', /^to is 93 days from from: a summary spans at most 92 days/],
    ['summary?from=2024-01-01&to=2024-01-02&format=ndjson', /^format must be one of json, csv/],
  ])('answers 400 naming the field: %s', async (query, detail) => {
    const response = await get(`/api/provider/v1/reports/${query}`, internal.apiKey);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe('invalid_request');
    expect(body.detail).toMatch(detail);
  });
});

describe('staff reports', () => {
  it('sum across operators, or for one, as JSON or CSV, ordered by date and operator', async () => {
    const all = await adminGet(`/api/admin/v1/reports/summary?from=${DAYS[0]}&to=${DAYS[1]}`);
    expect(all.status).toBe(200);
    const rows = (await all.json()).days as any[];
    expect(new Set(rows.map((row) => row.operator_id))).toEqual(new Set([internal.id, callback.id]));
    const order = rows.map((row) => `${row.date} ${row.operator_id} ${row.game_symbol} ${row.currency}`);
    expect(order).toEqual([...order].sort());
    for (const operator of [internal, callback]) {
      const mine = (
        await (
          await get(`/api/provider/v1/reports/summary?from=${DAYS[0]}&to=${DAYS[1]}`, operator.apiKey)
        ).json()
      ).data.days;
      const theirs = rows.filter((row) => row.operator_id === operator.id);
      expect(theirs.map(({ operator_id: _id, ...row }) => row)).toEqual(
        [...mine].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1)),
      );
      const one = await adminGet(
        `/api/admin/v1/reports/summary?from=${DAYS[0]}&to=${DAYS[1]}&operator_id=${operator.id}`,
      );
      expect((await one.json()).days).toEqual(theirs);
    }
    const csv = await adminGet(`/api/admin/v1/reports/summary?from=${DAYS[0]}&to=${DAYS[1]}&format=csv`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(parse(await csv.text(), { columns: true })).toEqual(
      rows.map((row) =>
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? '' : String(v)])),
      ),
    );
  });

  it("stream one operator's day with the same bytes the operator gets", async () => {
    for (const format of ['ndjson', 'csv']) {
      const staff = await adminGet(
        `/api/admin/v1/reports/transactions?date=${DAYS[0]}&operator_id=${callback.id}&format=${format}`,
      );
      expect(staff.status).toBe(200);
      const operator = await get(
        `/api/provider/v1/reports/transactions?date=${DAYS[0]}&format=${format}`,
        callback.apiKey,
      );
      expect(await staff.text()).toBe(await operator.text());
    }
  });

  it('refuse bad parameters and unknown operators', async () => {
    const cases: Array<[string, number, RegExp]> = [
      [`transactions?date=${DAYS[0]}`, 400, /^operator_id is required/],
      [`transactions?date=2024-13-01&operator_id=${internal.id}`, 400, /^date must be/],
      [`transactions?date=${DAYS[0]}&operator_id=op_nobody`, 404, /operator_id op_nobody/],
      [`summary?from=${DAYS[0]}&to=${DAYS[1]}&operator_id=op_nobody`, 404, /operator_id op_nobody/],
      [`summary?from=${DAYS[1]}&to=${DAYS[0]}`, 400, /^from /],
      [`summary?from=${DAYS[0]}&to=${DAYS[1]}&format=xlsx`, 400, /^format /],
    ];
    for (const [query, status, detail] of cases) {
      const response = await adminGet(`/api/admin/v1/reports/${query}`);
      expect(response.status).toBe(status);
      expect((await response.json()).detail).toMatch(detail);
    }
  });
});
