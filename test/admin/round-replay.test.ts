// Every round stores the certificate hash it was played under (internal, free, callback and demo
// rounds), and staff replay any round with POST /api/admin/v1/rounds/{round_id}/replay: the same
// outcome under the same certificate, else 409 replay_model_mismatch naming both hashes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameCertifications } from '../../src/games/index.ts';
import type { MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import { callbackOperator, launchPlayer, type Player, playerFor, roundRow } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let internal: { id: string; apiKey: string };
let wallet: MockWallet | undefined;

/** The certificate hash of a game's variant as the registry checked it at start-up. */
function certificateOf(symbol: string, variant: string): string {
  const found = gameCertifications().find((c) => c.symbol === symbol && c.variant === variant);
  if (!found?.certificateHash) throw new Error(`${symbol} ${variant} is not certified`);
  return found.certificateHash;
}

async function spinRounds(player: Player, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const spun = await player.spin({ coin: '0.10' });
    expect(spun.status, JSON.stringify(spun.body)).toBe(200);
    ids.push(spun.body.round.id as string);
  }
  return ids;
}

const replay = (roundId: string) => server.admin('POST', `/api/admin/v1/rounds/${roundId}/replay`);

beforeAll(async () => {
  server = await startTestServer();
  internal = await server.createOperator();
});
afterAll(async () => {
  await server?.close();
  await wallet?.close();
});

describe('the certificate hash each round stores', () => {
  it('internal wallet rounds (batched): the certificate of the game and the operator’s variant', async () => {
    const player = await launchPlayer(server, internal.apiKey, {
      player: 'cert-internal',
      symbol: 'rf_harbor_haul',
    });
    // Concurrent sessions' spins are written together by one batched statement.
    const others = await Promise.all(
      ['a', 'b', 'c'].map((p) =>
        launchPlayer(server, internal.apiKey, { player: `cert-batch-${p}`, symbol: 'rf_harbor_haul' }),
      ),
    );
    const ids = [
      ...(await spinRounds(player, 3)),
      ...(await Promise.all(others.map((other) => spinRounds(other, 1)))).flat(),
    ];
    const expected = certificateOf('rf_harbor_haul', '96.5');
    for (const id of ids) {
      const row = await roundRow(server, id);
      expect(row).toMatchObject({ wallet_mode: 'internal', variant: '96.5', certificate_hash: expected });
    }
  });

  it('an operator on the 94.5 variant: that variant’s certificate, not the default’s', async () => {
    const op = await server.createOperator({ rtp_variant: '94.5' });
    const player = await launchPlayer(server, op.apiKey, { player: 'cert-945', symbol: 'rf_jade_paths' });
    const [id] = await spinRounds(player, 1);
    const row = await roundRow(server, id as string);
    expect(row.variant).toBe('94.5');
    expect(row.certificate_hash).toBe(certificateOf('rf_jade_paths', '94.5'));
    expect(row.certificate_hash).not.toBe(certificateOf('rf_jade_paths', '96.5'));
  });

  it('free rounds (internal wallet)', async () => {
    const response = await server.request('/api/provider/v1/free-rounds/campaigns', {
      method: 'POST',
      headers: { 'x-provider-api-key': internal.apiKey },
      json: {
        campaign_id: 'cert-free',
        games: ['rf_ember_crown'],
        currency: 'USD',
        rounds: 2,
        coin: '0.10',
        bet_level: 1,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        players: ['cert-free'],
      },
    });
    expect(response.status).toBe(201);
    const { rows } = await server.store.pool.query(
      `select g.id from free_round_grants g join free_round_campaigns c on c.id = g.campaign_id
        where c.campaign_id = 'cert-free' and g.player_id = 'cert-free'`,
    );
    const player = await launchPlayer(server, internal.apiKey, { player: 'cert-free' });
    const spun = await player.spin({ free_round_grant_id: rows[0].id });
    expect(spun.status, JSON.stringify(spun.body)).toBe(200);
    const row = await roundRow(server, spun.body.round.id);
    expect(row.free_round_grant_id).toBe(rows[0].id);
    expect(row.certificate_hash).toBe(certificateOf('rf_ember_crown', '96.5'));
  });

  it('callback wallet rounds (a real mock-wallet over HTTP), and their staff replay', async () => {
    const operator = await callbackOperator(server, { 'cert-callback': '100.00' });
    wallet = operator.wallet;
    const player = await launchPlayer(server, operator.apiKey, {
      player: 'cert-callback',
      symbol: 'rf_orbit_orchard',
    });
    const ids = await spinRounds(player, 2);
    for (const id of ids) {
      const row = await roundRow(server, id);
      expect(row).toMatchObject({
        wallet_mode: 'callback',
        status: 'settled',
        certificate_hash: certificateOf('rf_orbit_orchard', '96.5'),
      });
      const replayed = await replay(id);
      expect(replayed.status).toBe(200);
      expect(replayed.body).toMatchObject({ matches: true, wallet_mode: 'callback' });
    }
  });

  it('demo rounds, and their staff replay', async () => {
    const launched = await server.request('/api/provider/v1/launch-url', {
      method: 'POST',
      headers: { 'x-provider-api-key': internal.apiKey },
      json: {
        symbol: 'rf_dune_lantern',
        currency: 'USD',
        external_player_id: 'cert-demo',
        play_mode: 'demo',
      },
    });
    expect(launched.status).toBe(200);
    const player = playerFor(server, (await launched.json()).session_id);
    const [id] = await spinRounds(player, 1);
    const { rows } = await server.store.pool.query('select certificate_hash from demo_rounds where id = $1', [
      id,
    ]);
    expect(rows[0].certificate_hash).toBe(certificateOf('rf_dune_lantern', '96.5'));
    const replayed = await replay(id as string);
    expect(replayed.status).toBe(200);
    expect(replayed.body).toMatchObject({
      round_id: id,
      wallet_mode: 'demo',
      matches: true,
      certificate_hash: certificateOf('rf_dune_lantern', '96.5'),
    });
  });
});

describe('POST /api/admin/v1/rounds/{round_id}/replay', () => {
  let roundIds: string[];
  let player: Player;
  const hash = () => certificateOf('rf_harbor_haul', '96.5');

  beforeAll(async () => {
    player = await launchPlayer(server, internal.apiKey, {
      player: 'replay-staff',
      symbol: 'rf_harbor_haul',
    });
    roundIds = await spinRounds(player, 6);
  });

  it('replays a round under its certificate to the same outcome', async () => {
    for (const id of roundIds) {
      const row = await roundRow(server, id);
      const answer = await replay(id);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        round_id: id,
        game_symbol: 'rf_harbor_haul',
        variant: '96.5',
        wallet_mode: 'internal',
        matches: true,
        differences: [],
        certificate_hash: hash(),
        current_certificate_hash: hash(),
        certificate_checked: true,
        detail: null,
      });
      expect(answer.body.outcome.totalWin).toBe(row.outcome.totalWin);
      expect(answer.body.outcome.screens).toEqual(row.outcome.screens);
      expect(answer.body.outcome.wins).toEqual(row.outcome.wins);
    }
  });

  it('answers 404 for an unknown round and 401 without the admin token', async () => {
    const unknown = await replay('rnd_doesnotexist');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: 'not_found' });
    expect(unknown.body.detail).toContain('rnd_doesnotexist');
    const anonymous = await server.request(`/api/admin/v1/rounds/${roundIds[0]}/replay`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const wrong = await server.request(`/api/admin/v1/rounds/${roundIds[0]}/replay`, {
      method: 'POST',
      headers: { authorization: 'Bearer not-the-admin-token' },
    });
    expect(wrong.status).toBe(401);
  });

  it('refuses with 409 replay_model_mismatch, naming both hashes, when the round was played under another certificate', async () => {
    const id = roundIds[1] as string;
    const other = 'ab'.repeat(32);
    await server.store.pool.query('update rounds set certificate_hash = $2 where id = $1', [id, other]);
    try {
      const answer = await replay(id);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ success: false, error: 'replay_model_mismatch' });
      expect(answer.body.detail).toContain(other);
      expect(answer.body.detail).toContain(hash());
      expect(answer.body).not.toHaveProperty('outcome');
      // The details page does not show a replay under another model as verified.
      const row = await roundRow(server, id);
      const url = new URL(server.services.roundDetails.urlOf(id, row.created_at));
      const page = await server.services.roundDetails.page(
        id,
        url.searchParams.get('expires'),
        url.searchParams.get('signature'),
      );
      expect(page).toMatchObject({ replay_verified: false, certificate_hash: other });
      expect(page.outcome).toEqual(row.outcome);
    } finally {
      await server.store.pool.query('update rounds set certificate_hash = $2 where id = $1', [id, hash()]);
    }
    expect((await replay(id)).status).toBe(200);
  });

  it('replays a round stored before rounds recorded a hash under the current model, reported unchecked', async () => {
    const id = roundIds[2] as string;
    await server.store.pool.query('update rounds set certificate_hash = null where id = $1', [id]);
    const answer = await replay(id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      matches: true,
      certificate_hash: null,
      current_certificate_hash: hash(),
      certificate_checked: false,
    });
  });

  it('says matches: false, and what differs, when the stored outcome is not what its draws give', async () => {
    const id = roundIds[3] as string;
    const row = await roundRow(server, id);
    const changed = { ...row.outcome, totalWin: String(BigInt(row.outcome.totalWin) + 1n) };
    await server.store.pool.query('update rounds set outcome = $2 where id = $1', [id, changed]);
    const answer = await replay(id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      matches: false,
      differences: ['total_win'],
      certificate_checked: true,
    });
    expect(answer.body.outcome.totalWin).toBe(row.outcome.totalWin);

    const drawsChanged = { ...row.outcome, draws: [...row.outcome.draws, 0] };
    await server.store.pool.query('update rounds set outcome = $2 where id = $1', [id, drawsChanged]);
    const undrawable = await replay(id);
    expect(undrawable.status).toBe(200);
    expect(undrawable.body).toMatchObject({ matches: false, differences: ['draws'], outcome: null });
    expect(undrawable.body.detail).toContain('draws');
  });

  it('leaves the runtime round and the round details page as they were', async () => {
    const id = roundIds[4] as string;
    const runtime = await player.get(`rounds/${id}`);
    expect(runtime.status).toBe(200);
    expect(runtime.body.round.id).toBe(id);
    expect(runtime.body.round.replay).toMatchObject({ variant: '96.5', certificate_hash: hash() });
    const row = await roundRow(server, id);
    const url = new URL(server.services.roundDetails.urlOf(id, row.created_at));
    const page = await server.services.roundDetails.page(
      id,
      url.searchParams.get('expires'),
      url.searchParams.get('signature'),
    );
    expect(page).toMatchObject({ replay_verified: true, certificate_hash: hash() });
  });

  it('is in the admin OpenAPI document', async () => {
    const doc = await server.admin('GET', '/api/admin/v1/openapi.json');
    const operation = doc.body.paths['/api/admin/v1/rounds/{round_id}/replay']?.post;
    expect(operation).toBeDefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '404', '409']));
  });
});
