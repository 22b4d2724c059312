// The runtime API's campaigns (issue 29), against a real server and PostgreSQL: the launched game
// reads its player's tournaments and drops (GET campaigns) and opts in (POST campaigns/:id/enter);
// a seeded paid round scores and shows as the player's own place; demo sessions see none and may not
// enter; a market that bans promotions sees none and one that requires an opt-in asks for it; another
// operator's player cannot see or enter a campaign that is not theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreText } from '../../src/domain/campaigns.ts';
import { findQuietSeed } from '../e2e/seeds.ts';
import { cents, eventually, launchPlayer, type Player, playerFor } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const GAME = 'rf_ember_crown';
let server: TestServer;
let operator: { id: string; apiKey: string };
let other: { id: string; apiKey: string };

beforeAll(async () => {
  server = await startTestServer();
  operator = await server.createOperator({ wallet_mode: 'internal' });
  other = await server.createOperator({ wallet_mode: 'internal' });
});
afterAll(async () => {
  await server?.close();
});

/** A campaign of the operator's, approved by a second admin, starting `startsInMs` from now. */
async function campaign(over: Record<string, unknown> = {}, startsInMs = 1_500): Promise<string> {
  const now = Date.now();
  const created = await server.services.campaigns.create(
    {
      kind: 'tournament',
      name: 'Runtime Sprint',
      scope: 'operator',
      operator_id: operator.id,
      currency: 'USD',
      games: [GAME],
      starts_at: new Date(now + startsInMs).toISOString(),
      ends_at: new Date(now + 3_600_000).toISOString(),
      min_bet: '0.10',
      scoring: 'max_multiplier',
      places: [{ from: 1, to: 3, prize: { kind: 'cash', amount: '10.00' } }],
      ...over,
    },
    'admin-one',
  );
  await server.services.campaigns.approve(created.campaign_id, 'admin-two');
  return created.campaign_id;
}

async function launch(
  apiKey: string,
  player: string,
  extra: Record<string, unknown> = {},
  currency = 'USD',
): Promise<Player> {
  const response = await server.request('/api/provider/v1/launch-url', {
    method: 'POST',
    headers: { 'x-provider-api-key': apiKey },
    json: { symbol: GAME, external_player_id: player, currency, ...extra },
  });
  const body = (await response.json()) as { session_id: string };
  if (response.status !== 200) throw new Error(`launch failed: ${JSON.stringify(body)}`);
  return playerFor(server, body.session_id);
}

const shown = async (player: Player, id: string) =>
  ((await player.get('campaigns')).body.campaigns as Array<{ campaign: { campaign_id: string } }>).find(
    (entry) => entry.campaign.campaign_id === id,
  ) as any;

describe('GET campaigns and POST enter', () => {
  it('shows a campaign with its rules, opts the player in, and a seeded round puts them on the board', async () => {
    const id = await campaign();
    const player = await launchPlayer(server, operator.apiKey, { player: 'cmp-happy', symbol: GAME });
    const before = await player.get('campaigns');
    expect(before.status).toBe(200);
    const entry = before.body.campaigns.find((e: any) => e.campaign.campaign_id === id);
    expect(entry).toMatchObject({
      entered: false,
      can_enter: true,
      me: null,
      prizes: [],
      campaign: {
        kind: 'tournament',
        name: 'Runtime Sprint',
        currency: 'USD',
        min_bet: '0.10',
        scoring: 'max_multiplier',
        opt_in_required: true,
        places: [{ from: 1, to: 3, prize: { kind: 'cash', amount: '10.00' } }],
      },
    });

    const entered = await player.post(`campaigns/${id}/enter`, {});
    expect(entered.status).toBe(200);
    expect(entered.body.campaign).toMatchObject({ entered: true, can_enter: false });
    // Entering twice is harmless: the same answer.
    expect((await player.post(`campaigns/${id}/enter`, {})).body.campaign.entered).toBe(true);

    await eventually(async () => (await shown(player, id))?.campaign.status === 'running');
    const seed = findQuietSeed(GAME, 1);
    expect((await player.post('test/rng', { seed })).status).toBe(204);
    const spun = await player.spin({ coin: '0.10', bet_level: 1 });
    expect(spun.status).toBe(200);
    const ratio = Number(cents(spun.body.round.win)) / Number(cents(spun.body.round.stake));
    await server.services.campaigns.settle();

    const after = await shown(player, id);
    expect(after.me).toMatchObject({
      place: 1,
      player_id: 'cmp-happy',
      rounds: 1,
      score_text: scoreText('max_multiplier', ratio, 'USD'),
    });
    expect(after.standings).toMatchObject({ campaign_id: id, final: false, players: 1 });
    expect(after.standings.top[0]).toMatchObject({ place: 1, player_id: 'cmp-happy' });
    // The game is told nothing of who runs the campaign: no other operators, no staff names.
    for (const field of ['operators', 'created_by', 'approved_by'])
      expect(after.campaign).not.toHaveProperty(field);
  });

  it('answers a demo session an empty list and refuses its opt-in with 403 naming demo play', async () => {
    const id = await campaign({ name: 'Demo Sprint' });
    const demo = await launch(operator.apiKey, 'cmp-demo', { play_mode: 'demo' });
    const listed = await demo.get('campaigns');
    expect(listed).toEqual({ status: 200, body: { campaigns: [] } });
    const refused = await demo.post(`campaigns/${id}/enter`, {});
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: 'forbidden' });
    expect(refused.body.detail).toMatch(/demo/);
  });

  it('follows the market: none where promotions are banned, an opt-in where the market requires one', async () => {
    const id = await campaign({
      name: 'Markets Sprint',
      opt_in_required: false,
      rates: { EUR: '1.10', GBP: '1.25' },
    });
    const plain = await launchPlayer(server, operator.apiKey, { player: 'cmp-plain', symbol: GAME });
    expect(await shown(plain, id)).toMatchObject({ entered: true, can_enter: false });

    const uk = await launch(operator.apiKey, 'cmp-uk', { jurisdiction: 'uk', player_age_band: '25+' }, 'GBP');
    const session = await uk.get('session');
    expect(session.body.jurisdiction.rules).toMatchObject({
      promotions_allowed: true,
      promotion_opt_in_required: true,
    });
    expect(await shown(uk, id)).toMatchObject({ entered: false, can_enter: true });
    expect((await uk.post(`campaigns/${id}/enter`, {})).body.campaign.entered).toBe(true);

    const de = await launch(operator.apiKey, 'cmp-de', { jurisdiction: 'de' }, 'EUR');
    expect((await de.get('session')).body.jurisdiction.rules.promotions_allowed).toBe(false);
    expect((await de.get('campaigns')).body.campaigns).toEqual([]);
    expect((await de.post(`campaigns/${id}/enter`, {})).status).toBe(404);
  });

  it("keeps one operator's campaign from another operator's players", async () => {
    const id = await campaign({ name: 'Private Sprint' });
    const outsider = await launch(other.apiKey, 'cmp-outsider');
    expect(await shown(outsider, id)).toBeUndefined();
    const refused = await outsider.post(`campaigns/${id}/enter`, {});
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('not_found');
    // Nothing was written for the outsider.
    const { rows } = await server.store.pool.query(
      'select count(*)::int as n from campaign_entries where campaign_id = $1 and player_id = $2',
      [id, 'cmp-outsider'],
    );
    expect(rows[0].n).toBe(0);
  });

  it('needs the session token; an unknown campaign is 404 and an overlong id 400', async () => {
    const anonymous = await server.request('/api/runtime/v1/campaigns');
    expect(anonymous.status).toBe(401);
    const forged = playerFor(server, 'not-a-session-token');
    expect((await forged.get('campaigns')).status).toBe(401);
    expect((await forged.post('campaigns/cmp_x/enter', {})).status).toBe(401);

    const player = await launchPlayer(server, operator.apiKey, { player: 'cmp-errors', symbol: GAME });
    const unknown = await player.post('campaigns/cmp_does_not_exist/enter', {});
    expect(unknown.status).toBe(404);
    const long = await player.post(`campaigns/${'x'.repeat(65)}/enter`, {});
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('invalid_request');
    expect(long.body.detail).toMatch(/campaign_id/);
  });
});
