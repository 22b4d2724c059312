// Operators' tournaments and prize drops (issue 29) through the provider API, on a real server and
// PostgreSQL: an operator lists its own campaigns and the network ones it is invited to, opts in and
// out, and reads standings in which only its own players are named. One operator never reaches
// another's campaign, and never sees another operator's player ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPlayer } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedInStaff } from '../helpers/staff.ts';

let server: TestServer;
let aheadMs = 0;
const clock = { now: () => new Date(Date.now() + aheadMs) };
const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();

interface Op {
  id: string;
  apiKey: string;
}
let alpha: Op;
let beta: Op;
let gamma: Op;
let masterKey: string;
let network: string;
let alphaOwn: string;
let betaOwn: string;

async function call(key: string, method: string, path: string) {
  const response = await server.request(`/api/provider/v1/campaigns${path}`, {
    method,
    headers: { 'x-provider-api-key': key },
  });
  return { status: response.status, body: await response.json() };
}

const tournament = (over: Record<string, unknown>) => ({
  kind: 'tournament',
  name: 'Network race',
  currency: 'USD',
  games: ['rf_ember_crown'],
  starts_at: at(10),
  ends_at: at(600),
  min_bet: '0.10',
  scoring: 'max_multiplier',
  opt_in_required: false,
  places: [{ from: 1, to: 3, prize: { kind: 'cash', amount: '25.00' } }],
  ...over,
});

async function created(body: Record<string, unknown>): Promise<string> {
  const answer = await server.admin('POST', '/api/admin/v1/campaigns', body);
  if (answer.status !== 201) throw new Error(`campaign create failed: ${JSON.stringify(answer.body)}`);
  return answer.body.campaign.campaign_id;
}

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  alpha = await server.createOperator({ name: 'Alpha' });
  beta = await server.createOperator({ name: 'Beta' });
  gamma = await server.createOperator({ name: 'Gamma' });
  masterKey = (await server.admin('POST', '/api/admin/v1/master-keys')).body.api_key;
  network = await created(tournament({ scope: 'network', operators: [alpha.id, beta.id] }));
  alphaOwn = await created(tournament({ name: 'Alpha only', scope: 'operator', operator_id: alpha.id }));
  betaOwn = await created(tournament({ name: 'Beta only', scope: 'operator', operator_id: beta.id }));
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/provider/v1/campaigns', () => {
  it("lists the operator's own campaigns and the network ones it is invited to, no other", async () => {
    const ids = async (key: string) =>
      (await call(key, 'GET', '')).body.data.campaigns
        .map((c: { campaign_id: string }) => c.campaign_id)
        .sort();
    expect(await ids(alpha.apiKey)).toEqual([network, alphaOwn].sort());
    expect(await ids(beta.apiKey)).toEqual([network, betaOwn].sort());
    expect(await ids(gamma.apiKey)).toEqual([]);
  });

  it('shows the terms without the staff who made them or the other operators of a network', async () => {
    const { status, body } = await call(alpha.apiKey, 'GET', '');
    expect(status).toBe(200);
    const shown = body.data.campaigns.find((c: { campaign_id: string }) => c.campaign_id === network);
    expect(shown).toMatchObject({
      kind: 'tournament',
      scope: 'network',
      status: 'scheduled',
      min_bet: '0.10',
      scoring: 'max_multiplier',
      opted_in: false,
      joined_at: null,
      places: [{ from: 1, to: 3, prize: { kind: 'cash', amount: '25.00' } }],
    });
    expect(shown.created_by).toBeUndefined();
    expect(shown.operators).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain(beta.id);
    const own = body.data.campaigns.find((c: { campaign_id: string }) => c.campaign_id === alphaOwn);
    expect(own).toMatchObject({ scope: 'operator', owner_operator_id: alpha.id, opted_in: true });
  });

  it('a campaign waiting for the second admin does not exist for operators yet', async () => {
    const staff = await signedInStaff(server, 'admin');
    const pending = await staff.call(
      'POST',
      '/api/admin/v1/campaigns',
      tournament({ name: 'Not approved', scope: 'network', operators: [alpha.id] }),
    );
    expect(pending.body.campaign.status).toBe('pending');
    const id = pending.body.campaign.campaign_id;
    const listed = (await call(alpha.apiKey, 'GET', '')).body.data.campaigns;
    expect(listed.map((c: { campaign_id: string }) => c.campaign_id)).not.toContain(id);
    expect((await call(alpha.apiKey, 'POST', `/${id}/opt-in`)).status).toBe(404);
    expect((await call(alpha.apiKey, 'GET', `/${id}/standings`)).status).toBe(404);
  });

  it('a master key acts for the operator it names, and must name one', async () => {
    const named = await server.request(`/api/provider/v1/campaigns?operator_id=${beta.id}`, {
      headers: { 'x-provider-api-key': masterKey },
    });
    expect(named.status).toBe(200);
    const ids = (await named.json()).data.campaigns.map((c: { campaign_id: string }) => c.campaign_id);
    expect(ids.sort()).toEqual([network, betaOwn].sort());
    expect((await call(masterKey, 'GET', '')).status).toBe(400);
  });

  it('refuses a missing key (401) and an operator key naming another operator (403)', async () => {
    expect((await server.request('/api/provider/v1/campaigns')).status).toBe(401);
    const other = await server.request(`/api/provider/v1/campaigns?operator_id=${beta.id}`, {
      headers: { 'x-provider-api-key': alpha.apiKey },
    });
    expect(other.status).toBe(403);
  });
});

describe('opting in and out', () => {
  it('an invited operator opts in (twice answers the same) and out again before the start', async () => {
    const joined = await call(beta.apiKey, 'POST', `/${network}/opt-in`);
    expect(joined.status).toBe(200);
    expect(joined.body.data).toMatchObject({ campaign_id: network, opted_in: true });
    expect(joined.body.data.joined_at).not.toBeNull();
    expect((await call(beta.apiKey, 'POST', `/${network}/opt-in`)).body.data.opted_in).toBe(true);
    const left = await call(beta.apiKey, 'POST', `/${network}/opt-out`);
    expect(left.status).toBe(200);
    expect(left.body.data.opted_in).toBe(false);
    const listed = (await call(beta.apiKey, 'GET', '')).body.data.campaigns;
    expect(listed.find((c: { campaign_id: string }) => c.campaign_id === network).opted_in).toBe(false);
  });

  it('an operator cannot opt in to a campaign it was not invited to, nor to another’s own (404)', async () => {
    expect((await call(gamma.apiKey, 'POST', `/${network}/opt-in`)).status).toBe(404);
    expect((await call(beta.apiKey, 'POST', `/${alphaOwn}/opt-in`)).status).toBe(404);
    expect((await call(gamma.apiKey, 'POST', `/${network}/opt-out`)).status).toBe(404);
    expect((await call(alpha.apiKey, 'POST', '/cmp_unknown/opt-in')).status).toBe(404);
    const staff = await server.admin('GET', `/api/admin/v1/campaigns/${network}`);
    expect(staff.body.campaign.operators.map((op: { operator_id: string }) => op.operator_id)).not.toContain(
      gamma.id,
    );
  });
});

describe('GET /api/provider/v1/campaigns/{campaign_id}/standings', () => {
  it("cannot read another operator's own campaign, nor a network it was not invited to (404)", async () => {
    expect((await call(beta.apiKey, 'GET', `/${alphaOwn}/standings`)).status).toBe(404);
    expect((await call(gamma.apiKey, 'GET', `/${network}/standings`)).status).toBe(404);
    expect((await call(alpha.apiKey, 'GET', '/cmp_unknown/standings')).status).toBe(404);
  });

  it("names the operator's own players and never another operator's player ids", async () => {
    for (const op of [alpha, beta])
      expect((await call(op.apiKey, 'POST', `/${network}/opt-in`)).status).toBe(200);
    aheadMs += 15 * 60_000;
    for (const [op, name] of [
      [alpha, 'alpha-player-one'],
      [alpha, 'alpha-player-two'],
      [beta, 'beta-player-secret'],
    ] as const) {
      const player = await launchPlayer(server, op.apiKey, { player: name });
      for (let i = 0; i < 2; i++) expect((await player.spin({ coin: '0.10' })).status).toBe(200);
    }
    await server.services.campaigns.settle();

    const alphaView = await call(alpha.apiKey, 'GET', `/${network}/standings`);
    expect(alphaView.status).toBe(200);
    expect(alphaView.body.data).toMatchObject({
      campaign_id: network,
      status: 'running',
      final: false,
      players: 3,
    });
    const rows = alphaView.body.data.top as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(3);
    const named = rows.filter((row) => row.player_id !== undefined).map((row) => row.player_id);
    expect(named.sort()).toEqual(['alpha-player-one', 'alpha-player-two']);
    const masked = rows.find((row) => row.player_id === undefined) as Record<string, unknown>;
    expect(masked.operator_id).toBeUndefined();
    expect(masked.player).not.toContain('beta-player-secret');
    const text = JSON.stringify(alphaView.body);
    expect(text).not.toContain('beta-player-secret');
    expect(text).not.toContain(beta.id);

    // Beta reads the same places and scores, with its own player named instead.
    const betaView = await call(beta.apiKey, 'GET', `/${network}/standings`);
    expect(
      betaView.body.data.top.map((row: { place: number; score: number }) => [row.place, row.score]),
    ).toEqual(rows.map((row) => [row.place, row.score]));
    expect(JSON.stringify(betaView.body)).not.toContain('alpha-player');
    expect(betaView.body.data.top.filter((row: { player_id?: string }) => row.player_id).length).toBe(1);
  });

  it('answers limit places and refuses a limit out of range (400)', async () => {
    const one = await call(alpha.apiKey, 'GET', `/${network}/standings?limit=1`);
    expect(one.status).toBe(200);
    expect(one.body.data.top).toHaveLength(1);
    expect((await call(alpha.apiKey, 'GET', `/${network}/standings?limit=0`)).status).toBe(400);
    expect((await call(alpha.apiKey, 'GET', `/${network}/standings?limit=500`)).status).toBe(400);
  });

  it('opting out once the campaign runs is refused (409)', async () => {
    expect((await call(alpha.apiKey, 'POST', `/${network}/opt-out`)).status).toBe(409);
  });
});
