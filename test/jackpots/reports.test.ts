// Jackpots in the reconciliation reports (docs/reports.md), against a real server and PostgreSQL:
// internal-wallet rounds feed two pools (one in the players' currency with a certain trigger, one in
// another currency through a rate), some entries sealed into the ledger and some still pending; then
// the summary's wins, jackpot wins and stakes equal the sums of the wallet transactions, and its
// jackpot contributions the sum of the pools' entries, each to the minor unit (contributions to the
// millionth of one), in JSON and in CSV.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributionValueFine, formatFine } from '../../src/domain/jackpot-report.ts';
import type { TierParams } from '../../src/domain/jackpots.ts';
import { formatAmount } from '../../src/money.ts';
import { eventually, launchPlayer } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let apiKey: string;
let operatorId: string;
const GAME = 'rf_ember_crown';

const tier = (over: Partial<TierParams> & Pick<TierParams, 'name' | 'kind'>): TierParams => ({
  seed: 1_000n,
  contributionPpm: 10_000n,
  reservePpm: 2_000n,
  ceiling: null,
  oddsStake: null,
  deadlineMinute: null,
  ...over,
});

beforeAll(async () => {
  server = await startTestServer();
  const operator = await server.createOperator({ wallet_mode: 'internal' });
  apiKey = operator.apiKey;
  operatorId = operator.id;
});
afterAll(async () => {
  await server?.close();
});

const sumOf = async (query: string, params: unknown[]): Promise<bigint> => {
  const { rows } = await server.store.pool.query(query, params);
  return BigInt(rows[0]?.sum ?? '0');
};

describe('jackpots in the summary', () => {
  it('reports jackpot wins within wins and contributions apart, each equal to the wallet and the pools to the unit', async () => {
    const usdPool = await server.services.jackpots.create(
      {
        name: 'Report certain',
        scope: 'operator',
        currency: 'USD',
        ownerOperatorId: operatorId,
        members: [{ operatorId, gameSymbol: GAME }],
        rates: [],
        tiers: [
          tier({ name: 'grand', kind: 'progressive', oddsStake: 1n, seed: 500n }),
          tier({
            name: 'major',
            kind: 'must_drop_value',
            seed: 10_000n,
            ceiling: 10_000_000n,
            contributionPpm: 3_333n,
            reservePpm: 7n,
          }),
        ],
      },
      'test',
    );
    // Another currency: every stake converts at 0.9173, whose shares fall below a fine unit (dust).
    const eurPool = await server.services.jackpots.create(
      {
        name: 'Report EUR',
        scope: 'operator',
        currency: 'EUR',
        ownerOperatorId: operatorId,
        members: [{ operatorId, gameSymbol: GAME }],
        rates: [{ currency: 'USD', rate: '0.9173' }],
        tiers: [
          tier({
            name: 'far',
            kind: 'progressive',
            oddsStake: 10n ** 15n,
            contributionPpm: 1_111n,
            reservePpm: 333n,
          }),
        ],
      },
      'test',
    );
    server.services.jackpots.refresh();
    const player = await launchPlayer(server, apiKey, { player: 'jp-report' });
    const spin = async (coin: string, level: number) => {
      const spun = await player.spin({ coin, bet_level: level });
      expect(spun.status).toBe(200);
      return spun.body;
    };
    let jackpotWins = 0;
    for (const [coin, level] of [
      ['0.10', 1],
      ['0.20', 3],
      ['0.05', 7],
    ] as const) {
      jackpotWins += (await spin(coin, level)).jackpot_wins?.length ?? 0;
    }
    // the three rounds' six contributions sealed (the node's own sealer may be holding the pool this moment)
    await eventually(async () => {
      await server.services.jackpots.sealOnce();
      const { rows } = await server.store.pool.query(
        `select count(*)::int as n from jackpot_ledger l cross join jsonb_array_elements(l.body::jsonb -> 'rounds') x
          where l.kind = 'contributions' and l.pool_id = any($1)`,
        [[usdPool, eurPool]],
      );
      return rows[0].n >= 6;
    });
    // these stay pending (unless the background sealer takes them: the report reads both)
    for (const [coin, level] of [
      ['0.50', 2],
      ['0.01', 9],
    ] as const) {
      jackpotWins += (await spin(coin, level)).jackpot_wins?.length ?? 0;
    }
    expect(jackpotWins).toBe(5); // the certain trigger: every paid spin wins the grand

    const today = new Date().toISOString().slice(0, 10);
    const answer = await server.request(`/api/provider/v1/reports/summary?from=${today}&to=${today}`, {
      headers: { 'x-provider-api-key': apiKey },
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: { days: any[] } };
    const row = body.data.days.find((day) => day.game_symbol === GAME && day.currency === 'USD');
    expect(row).toBeDefined();

    const tx = (filter: string) =>
      sumOf(
        `select sum(amount)::text as sum from wallet_transactions
          where operator_id = $1 and game_symbol = $2 and currency = 'USD' and ${filter}`,
        [operatorId, GAME],
      );
    const stakes = await tx(`type = 'debit' and status = 'acknowledged'`);
    const wins = await tx(`type = 'credit' and status = 'acknowledged'`);
    const jackpotCredits = await tx(
      `type = 'credit' and status = 'acknowledged' and action_type = 'jackpot_win'`,
    );
    const wonInPools = await sumOf(
      `select sum(amount)::text as sum from jackpot_wins where operator_id = $1 and status = 'won'`,
      [operatorId],
    );
    expect(jackpotCredits).toBeGreaterThan(0n);
    expect(jackpotCredits).toBe(wonInPools);
    expect(row.stakes).toBe(formatAmount(stakes, 'USD'));
    expect(row.wins).toBe(formatAmount(wins, 'USD'));
    expect(row.jackpot_wins).toBe(formatAmount(jackpotCredits, 'USD'));
    expect(row.ggr).toBe(formatAmount(stakes - wins, 'USD'));

    // The pools' own record: every round's contribution (each statement's rounds are one entry a
    // pool), chained or still pending, valued exactly.
    const { rows: entries } = await server.store.pool.query(
      `select x.value as body from jackpot_ledger l cross join jsonb_array_elements(l.body::jsonb -> 'rounds') x
        where l.kind = 'contributions' and l.pool_id = any($1)
       union all
       select x.value from jackpot_pending p cross join jsonb_array_elements(p.body_text::jsonb -> 'rounds') x
        where p.kind = 'contributions' and p.pool_id = any($1)`,
      [[usdPool, eurPool]],
    );
    expect(entries.length).toBe(10); // five rounds, two pools each
    const { rows: sealed } = await server.store.pool.query(
      `select count(*)::int as n from jackpot_ledger l cross join jsonb_array_elements(l.body::jsonb -> 'rounds') x
        where l.kind = 'contributions' and l.pool_id = any($1)`,
      [[usdPool, eurPool]],
    );
    expect(sealed[0].n).toBeGreaterThanOrEqual(6);
    const fromPools = entries.reduce((sum, entry) => sum + contributionValueFine(entry.body), 0n);
    // and the same from the stakes: 1.2 % + 0.334 % + 0.1444 % of every stake, in millionths of a cent
    expect(fromPools).toBe(stakes * (12_000n + 3_340n + 1_444n));
    expect(row.jackpot_contributions).toBe(formatFine(fromPools, 'USD'));

    const csv = await server.request(
      `/api/provider/v1/reports/summary?from=${today}&to=${today}&format=csv`,
      {
        headers: { 'x-provider-api-key': apiKey },
      },
    );
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text.split('\n')[0]).toBe(
      'date,game_symbol,currency,rounds,stakes,wins,free_round_wins,ggr,rtp,rollbacks,final,jackpot_wins,jackpot_contributions,promo_wins,promo_win_count',
    );
    const records = parse(text, { columns: true }) as Array<Record<string, string>>;
    const csvRow = records.find((record) => record.game_symbol === GAME && record.currency === 'USD');
    expect(csvRow?.jackpot_wins).toBe(row.jackpot_wins);
    expect(csvRow?.jackpot_contributions).toBe(row.jackpot_contributions);

    // staff read the same row
    const staff = await server.request(
      `/api/admin/v1/reports/summary?from=${today}&to=${today}&operator_id=${operatorId}`,
      { headers: { authorization: `Bearer ${server.adminToken}` } },
    );
    expect(staff.status).toBe(200);
    const staffRow = ((await staff.json()) as { days: any[] }).days.find((day) => day.game_symbol === GAME);
    expect(staffRow).toMatchObject({
      jackpot_wins: row.jackpot_wins,
      jackpot_contributions: row.jackpot_contributions,
    });
  });
});
