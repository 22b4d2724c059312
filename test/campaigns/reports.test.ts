// Campaign prizes in the operator's reports (issue 29): promo_wins and promo_win_count per day, game
// and currency, summed to a day and currency they equal the paid cash prizes of the prizes table;
// apart from wins; a prize still being delivered keeps its day open; another operator's never show.

import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents, launchPlayer } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { insertCampaign, insertPrize } from './prize-rows.ts';

let server: TestServer;
let operator: { id: string; apiKey: string };
let other: { id: string; apiKey: string };
const DAY = 86_400_000;
const dateOf = (at: Date) => at.toISOString().slice(0, 10);
const today = new Date();
const twoDaysAgo = new Date(Date.now() - 2 * DAY);

const summary = async (apiKey: string, query: string) => {
  const response = await server.request(`/api/provider/v1/reports/summary?${query}`, {
    headers: { 'x-provider-api-key': apiKey },
  });
  expect(response.status).toBe(200);
  return response;
};

beforeAll(async () => {
  server = await startTestServer();
  await server.services.campaignPrizes.stop(); // the rows below keep the statuses they are written with
  operator = await server.createOperator({ wallet_mode: 'internal' });
  other = await server.createOperator({ wallet_mode: 'internal' });
  const usd = await insertCampaign(server, { operatorId: operator.id });
  const eur = await insertCampaign(server, { operatorId: operator.id, currency: 'EUR', kind: 'drop' });
  const prize = (
    campaignId: string,
    amount: bigint,
    currency: string,
    createdAt: Date,
    status: 'pending' | 'acknowledged' | 'failed' | 'resolved',
  ) =>
    insertPrize(server, {
      campaignId,
      operatorId: operator.id,
      playerId: 'rep-player',
      amount,
      currency,
      createdAt,
      status,
      dueInSeconds: 3600,
    });
  // two days ago: all paid but one parked (the day stays open)
  await prize(usd, 1_000n, 'USD', twoDaysAgo, 'acknowledged');
  await prize(usd, 250n, 'USD', twoDaysAgo, 'resolved');
  await prize(usd, 9_999n, 'USD', twoDaysAgo, 'failed');
  await prize(eur, 333n, 'EUR', twoDaysAgo, 'acknowledged');
  // today: one paid, one being delivered, a free-rounds prize paid (no cash)
  await prize(usd, 4_321n, 'USD', today, 'acknowledged');
  await prize(usd, 7_000n, 'USD', today, 'pending');
  await insertPrize(server, {
    campaignId: usd,
    operatorId: operator.id,
    playerId: 'rep-player',
    freeRounds: { game: 'rf_ember_crown', rounds: 5, coin: '0.10', bet_level: 1 },
    status: 'acknowledged',
    dueInSeconds: 3600,
  });
  // another operator's paid prize, the same day and currency
  const theirs = await insertCampaign(server, { operatorId: other.id });
  await insertPrize(server, {
    campaignId: theirs,
    operatorId: other.id,
    playerId: 'rep-other',
    amount: 555n,
    status: 'acknowledged',
    dueInSeconds: 3600,
  });
  // a round today, so the prizes share a row with a game's own figures
  const player = await launchPlayer(server, operator.apiKey, { player: 'rep-player' });
  expect((await player.spin({ coin: '0.10', bet_level: 1 })).status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});

describe('promo_wins in the summary report', () => {
  it('per day and currency they equal the paid cash prizes of the prizes table, exactly', async () => {
    const from = dateOf(twoDaysAgo);
    const to = dateOf(today);
    const { data } = await (await summary(operator.apiKey, `from=${from}&to=${to}`)).json();
    const reported = new Map<string, { amount: bigint; count: number }>();
    for (const row of data.days) {
      const key = `${row.date} ${row.currency}`;
      const sum = reported.get(key) ?? { amount: 0n, count: 0 };
      reported.set(key, {
        amount: sum.amount + cents(row.promo_wins),
        count: sum.count + row.promo_win_count,
      });
    }
    const { rows } = await server.store.pool.query(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') || ' ' || currency as key,
              sum(amount)::text as amount, count(*)::int as count
         from campaign_prizes
        where operator_id = $1 and kind = 'cash' and status in ('acknowledged', 'resolved')
        group by 1`,
      [operator.id],
    );
    const fromTable = new Map(rows.map((row) => [row.key, { amount: BigInt(row.amount), count: row.count }]));
    expect(reported.get(`${from} USD`)).toEqual({ amount: 1_250n, count: 2 });
    expect(reported.get(`${from} EUR`)).toEqual({ amount: 333n, count: 1 });
    expect(reported.get(`${to} USD`)).toEqual({ amount: 4_321n, count: 1 });
    for (const [key, sums] of fromTable) expect(reported.get(key), key).toEqual(sums);
    for (const [key, sums] of reported) if (sums.count > 0) expect(fromTable.has(key), key).toBe(true);
  });

  it('prizes are apart from wins, and a parked or pending prize keeps its day open', async () => {
    const { data } = await (
      await summary(operator.apiKey, `from=${dateOf(twoDaysAgo)}&to=${dateOf(today)}`)
    ).json();
    const past = data.days.find((row: any) => row.date === dateOf(twoDaysAgo) && row.currency === 'USD');
    expect(past).toMatchObject({
      game_symbol: 'rf_ember_crown',
      rounds: 0,
      stakes: '0.00',
      wins: '0.00',
      ggr: '0.00',
      promo_wins: '12.50',
      promo_win_count: 2,
      final: false, // the parked 99.99 prize is not settled yet
    });
    const eurPast = data.days.find((row: any) => row.date === dateOf(twoDaysAgo) && row.currency === 'EUR');
    expect(eurPast).toMatchObject({ promo_wins: '3.33', promo_win_count: 1 });
    const now = data.days.find((row: any) => row.date === dateOf(today) && row.currency === 'USD');
    expect(now.rounds).toBe(1);
    expect(now.promo_wins).toBe('43.21');
    expect(cents(now.ggr)).toBe(cents(now.stakes) - cents(now.wins));
  });

  it('the CSV carries the two columns last; another operator sees only its own prizes', async () => {
    const query = `from=${dateOf(today)}&to=${dateOf(today)}`;
    const text = await (await summary(operator.apiKey, `${query}&format=csv`)).text();
    const header = text.split('\n')[0] ?? '';
    expect(header.endsWith(',jackpot_wins,jackpot_contributions,promo_wins,promo_win_count')).toBe(true);
    const records = parse(text, { columns: true }) as Array<Record<string, string>>;
    expect(records.find((record) => record.currency === 'USD')).toMatchObject({
      promo_wins: '43.21',
      promo_win_count: '1',
    });
    const { data } = await (await summary(other.apiKey, query)).json();
    expect(data.days).toEqual([
      expect.objectContaining({ currency: 'USD', rounds: 0, promo_wins: '5.55', promo_win_count: 1 }),
    ]);
  });
});
