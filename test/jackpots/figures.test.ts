// Certified figures of a game with a jackpot (issue 28, NJ RTS 9A), against a real server: the Admin
// API answers a pool's figures for each game that feeds it, and the runtime session carries the RTP
// split for the rules screen; an ineligible session (demo, or a market without jackpots) is told so
// and keeps the game's own RTP. Every answer is checked against the OpenAPI document by the helper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jackpotFigures, ladderStakes } from '../../src/domain/jackpot-figures.ts';
import type { TierParams } from '../../src/domain/jackpots.ts';
import { betLadder, describeGame, getGame } from '../../src/games/index.ts';
import { playerFor } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let apiKey: string;
let operatorId: string;
let poolId: string;
const GAME = 'rf_jade_paths';

const TIERS: TierParams[] = [
  {
    name: 'mini',
    kind: 'must_drop_time',
    seed: 1_000n,
    contributionPpm: 1_500n,
    reservePpm: 500n,
    ceiling: null,
    oddsStake: null,
    deadlineMinute: 22 * 60,
  },
  {
    name: 'major',
    kind: 'must_drop_value',
    seed: 50_000n,
    contributionPpm: 5_000n,
    reservePpm: 1_000n,
    ceiling: 100_000n,
    oddsStake: null,
    deadlineMinute: null,
  },
  {
    name: 'grand',
    kind: 'progressive',
    seed: 1_000_000n,
    contributionPpm: 3_333n,
    reservePpm: 167n,
    ceiling: null,
    oddsStake: 1_000_000_000n,
    deadlineMinute: null,
  },
];

const adminGet = (path: string, token = server.adminToken) =>
  server.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

beforeAll(async () => {
  server = await startTestServer();
  const operator = await server.createOperator({ wallet_mode: 'internal' });
  apiKey = operator.apiKey;
  operatorId = operator.id;
  poolId = await server.services.jackpots.create(
    {
      name: 'Figures',
      scope: 'operator',
      currency: 'EUR',
      ownerOperatorId: operatorId,
      members: [{ operatorId, gameSymbol: GAME }],
      rates: [{ currency: 'USD', rate: '0.9173' }],
      tiers: TIERS,
    },
    'test',
  );
  server.services.jackpots.refresh();
});
afterAll(async () => {
  await server?.close();
});

async function launch(fields: Record<string, unknown>) {
  const launched = await server.request('/api/provider/v1/launch-url', {
    method: 'POST',
    headers: { 'x-provider-api-key': apiKey },
    json: { symbol: GAME, currency: 'EUR', ...fields },
  });
  expect(launched.status).toBe(200);
  return playerFor(server, ((await launched.json()) as { session_id: string }).session_id);
}

describe('GET /api/admin/v1/jackpots/{id}/figures', () => {
  it('answers base, jackpot and total RTP and every tier at each stake of the ladder, in the pool currency', async () => {
    const answer = await adminGet(`/api/admin/v1/jackpots/${poolId}/figures`);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as any;
    const game = getGame(GAME);
    if (!game) throw new Error('no game');
    const rules = describeGame(game);
    expect(body).toMatchObject({ pool_id: poolId, name: 'Figures', currency: 'EUR', status: 'active' });
    expect(body.note).toMatch(/house funds/);
    expect(body.games).toHaveLength(1);
    const [figures] = body.games;
    expect(figures).toMatchObject({ operator_id: operatorId, game_symbol: GAME, variant: rules.variant });
    expect(figures.figures.jackpot_rtp).toBe('1.15');
    const base = rules.rtp;
    expect(figures.figures.base_rtp).toBe(base);
    // 1.15 added as whole hundredths: no float anywhere
    const [whole, cents = '00'] = base.split('.');
    const total = BigInt(whole ?? '0') * 100n + BigInt(cents.padEnd(2, '0')) + 115n;
    expect(figures.figures.total_rtp).toBe(`${total / 100n}.${String(total % 100n).padStart(2, '0')}`);
    expect(figures.figures).toEqual(
      jackpotFigures({
        baseRtp: base,
        pools: [{ id: poolId, tiers: TIERS }],
        stakes: ladderStakes(betLadder(game, 'EUR')),
        currency: 'EUR',
      }),
    );
    const grand = figures.figures.tiers.find((tier: any) => tier.name === 'grand');
    // €1.00 against odds of €10,000,000.00: one in ten million
    expect(grand.frequencies).toContainEqual({ stake: '1.00', one_in: '10000000' });
    expect(figures.figures.tiers[0]).toMatchObject({
      name: 'mini',
      frequencies: null,
      drops_daily_before: '22:00',
    });
  });

  it('is 404 for an unknown pool and 401 without a token', async () => {
    expect((await adminGet('/api/admin/v1/jackpots/jp_nope/figures')).status).toBe(404);
    expect((await adminGet(`/api/admin/v1/jackpots/${poolId}/figures`, '')).status).toBe(401);
  });
});

describe('the runtime session carries the RTP split', () => {
  it('an eligible session: the figures in its own currency through the pool rate', async () => {
    const player = await launch({ external_player_id: 'fig-usd', currency: 'USD' });
    const session = await player.get('session');
    expect(session.status).toBe(200);
    const jackpot = session.body.jackpot;
    expect(jackpot).toMatchObject({ eligible: true, base_rtp: session.body.game.rtp, jackpot_rtp: '1.15' });
    expect(jackpot.tiers.map((tier: any) => tier.name)).toEqual(['mini', 'major', 'grand']);
    const grand = jackpot.tiers[2];
    // the smallest bet, $0.25 = €0.229325: 10,000,000 / 0.229325 spins
    expect(grand.frequencies[0]).toEqual({ stake: '0.25', one_in: '43606235.69' });
  });

  it('a demo session and a market without jackpots: not eligible, the RTP the game’s own', async () => {
    for (const fields of [
      { external_player_id: 'fig-de', jurisdiction: 'de' },
      { external_player_id: 'fig-demo', play_mode: 'demo' },
    ]) {
      const player = await launch(fields);
      const session = await player.get('session');
      expect(session.status).toBe(200);
      expect(session.body.jackpot).toEqual({
        eligible: false,
        base_rtp: session.body.game.rtp,
        jackpot_rtp: '0.00',
        total_rtp: session.body.game.rtp,
        tiers: [],
      });
    }
  });

  it('a game that feeds no pool: null', async () => {
    const launched = await server.request('/api/provider/v1/launch-url', {
      method: 'POST',
      headers: { 'x-provider-api-key': apiKey },
      json: { symbol: 'rf_copper_sevens', currency: 'EUR', external_player_id: 'fig-none' },
    });
    const player = playerFor(server, ((await launched.json()) as { session_id: string }).session_id);
    expect((await player.get('session')).body.jackpot).toBeNull();
  });
});
