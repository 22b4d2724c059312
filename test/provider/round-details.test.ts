// Round details for support: lookup by round id and by wallet transaction id, a player's rounds in a
// time range (paged), another operator's round a 404, and the signed details page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUND_DETAILS_DAYS } from '../../src/domain/round-details.ts';
import { launchPlayer, ledgerOf } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let op: { id: string; apiKey: string };
let other: { id: string; apiKey: string };
const roundIds: string[] = [];

async function get(path: string, key: string) {
  const response = await server.request(path, { headers: { 'x-provider-api-key': key } });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  server = await startTestServer();
  op = await server.createOperator();
  other = await server.createOperator();
  const player = await launchPlayer(server, op.apiKey, { player: 'support-1' });
  for (let i = 0; i < 5; i++) {
    const spun = await player.spin({ coin: '0.10' });
    expect(spun.status).toBe(200);
    roundIds.push(spun.body.round.id);
  }
});
afterAll(async () => server?.close());

describe('round lookups', () => {
  it('finds a round by id with stake, win, transactions and a signed details URL', async () => {
    const id = roundIds[0] as string;
    const found = await get(`/api/provider/v1/rounds/${id}`, op.apiKey);
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      round_id: id,
      player_id: 'support-1',
      game_symbol: 'rf_ember_crown',
      status: 'settled',
      free_round: null,
      jurisdiction: { code: 'default', version: expect.any(String) },
    });
    // The certificate it was played under: the game's current one for its variant.
    const stored = await server.store.db
      .selectFrom('rounds')
      .select('certificate_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(found.body.data.certificate_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(found.body.data.certificate_hash).toBe(stored.certificate_hash);
    const types = found.body.data.transactions.map(
      (t: { type: string; status: string }) => `${t.type}:${t.status}`,
    );
    expect(types).toContain('credit:acknowledged');
    const url = new URL(found.body.data.round_details_url);
    expect(url.pathname).toBe(`/round-details/${id}`);
    expect([...url.searchParams.keys()].sort()).toEqual(['expires', 'signature']);
    // Valid for at least 90 days.
    expect(Number(url.searchParams.get('expires')) * 1000 - Date.now()).toBeGreaterThan(90 * 86_400_000);
    expect(ROUND_DETAILS_DAYS).toBeGreaterThanOrEqual(90);
  });

  it('finds the round of a wallet transaction id', async () => {
    const id = roundIds[1] as string;
    const [tx] = await ledgerOf(server, id);
    const found = await get(`/api/provider/v1/transactions/${tx?.id}/round`, op.apiKey);
    expect(found.status).toBe(200);
    expect(found.body.data.round_id).toBe(id);
    expect((await get('/api/provider/v1/transactions/tx_nope/round', op.apiKey)).status).toBe(404);
  });

  it("answers another operator's round and transaction with 404, like unknown ones", async () => {
    const id = roundIds[2] as string;
    const [tx] = await ledgerOf(server, id);
    for (const path of [`/api/provider/v1/rounds/${id}`, `/api/provider/v1/transactions/${tx?.id}/round`]) {
      const answer = await get(path, other.apiKey);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe('not_found');
    }
    const listed = await get('/api/provider/v1/rounds?player_id=support-1', other.apiKey);
    expect(listed.body.data.rounds).toEqual([]);
    expect((await server.request(`/api/provider/v1/rounds/${id}`)).status).toBe(401);
  });

  it("pages a player's rounds in a time range, newest first", async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ player_id: 'support-1', from, to, limit: '2' });
      if (cursor) query.set('cursor', cursor);
      const page = await get(`/api/provider/v1/rounds?${query}`, op.apiKey);
      expect(page.status).toBe(200);
      expect(page.body.data.rounds.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.rounds.map((r: { round_id: string }) => r.round_id));
      cursor = page.body.data.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...roundIds].reverse());
    const before = await get(
      `/api/provider/v1/rounds?player_id=support-1&from=2020-01-01T00:00:00Z&to=2020-01-02T00:00:00Z`,
      op.apiKey,
    );
    expect(before.body.data).toEqual({ rounds: [], next_cursor: null });
  });

  it.each([
    ['', 'player_id'],
    ['player_id=support-1&from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', 'from must be before to'],
    ['player_id=support-1&from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'at most 31 days'],
    ['player_id=support-1&limit=0', 'limit'],
    ['player_id=support-1&cursor=xyz', 'cursor'],
    ['player_id=support-1&from=yesterday', 'from'],
  ])('refuses ?%s with 400 naming %s', async (query, named) => {
    const answer = await get(`/api/provider/v1/rounds?${query}`, op.apiKey);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain(named);
  });
});

describe('the round details page', () => {
  it('opens without an API key from the signed URL; a tampered, foreign or expired link is 404', async () => {
    const id = roundIds[3] as string;
    const url = new URL((await get(`/api/provider/v1/rounds/${id}`, op.apiKey)).body.data.round_details_url);
    const page = await fetch(url);
    // The page is the built client's round template when there is one; else a 503 that says so.
    expect([200, 503]).toContain(page.status);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    if (page.status === 200) {
      const html = await page.text();
      expect(html).toContain(id);
      expect(html).toContain('"model_hash"');
      expect(html).not.toContain('ses_');
    }
    const data = await server.services.roundDetails.page(
      id,
      url.searchParams.get('expires'),
      url.searchParams.get('signature'),
    );
    expect(data.replay_verified).toBe(true);
    expect(data.round.round_id).toBe(id);
    expect(data.variant).toBeTruthy();
    expect(data.model_hash).toMatch(/^[0-9a-f]{64}$/);

    const tampered = new URL(url);
    tampered.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 1));
    expect((await fetch(tampered)).status).toBe(404);
    const otherRound = new URL(url.toString().replace(id, roundIds[4] as string));
    expect((await fetch(otherRound)).status).toBe(404);
    expect((await fetch(`${server.url}/round-details/${id}`)).status).toBe(404);
    const { roundDetailsUrl } = await import('../../src/domain/round-details.ts');
    const { rows } = await server.store.pool.query(
      `select secret from signing_keys where name = 'round_details'`,
    );
    const old = roundDetailsUrl(server.url, rows[0].secret, id, new Date(Date.now() - 200 * 86_400_000));
    expect((await fetch(old)).status).toBe(404);
  });
});
