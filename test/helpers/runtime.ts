// Runtime API helpers: launch a session through the provider API, then call the runtime API
// with its token the way the game client does.
import { createMockWallet, type MockWallet } from '../../src/operator-kit/mock-wallet.ts';
import type { RetryPolicy } from '../../src/wallet/retry-policy.ts';
import { quietSeed } from '../e2e/seeds.ts';
import type { TestServer } from './server.ts';

export interface Answer {
  status: number;
  body: any;
}

export interface Player {
  token: string;
  get(path: string): Promise<Answer>;
  post(path: string, json: unknown): Promise<Answer>;
  spin(body?: Record<string, unknown>): Promise<Answer>;
}

let clicks = 0;

/** A USD amount as the API shows it ("12.30"), in cents. */
export function cents(text: string | undefined): bigint {
  if (text === undefined || !/^-?\d+\.\d{2}$/.test(text)) throw new Error(`not a USD amount: ${text}`);
  return BigInt(text.replace('.', ''));
}

/** A fresh click id, unique within the test run. */
export function clickId(): string {
  clicks += 1;
  return `c-${process.pid}-${clicks}-${Date.now()}`;
}

async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The runtime API as one session token sees it. */
export function playerFor(server: TestServer, token: string): Player {
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => read(await server.request(`/api/runtime/v1/${path}`, { headers }));
  const post = async (path: string, json: unknown) =>
    read(await server.request(`/api/runtime/v1/${path}`, { method: 'POST', headers, json }));
  return {
    token,
    get,
    post,
    spin: (body = {}) => post('spin', { coin: '0.10', client_round_id: clickId(), ...body }),
  };
}

/** Plays out any free spins the session still has, so the next spin is a paid one. */
export async function finishFreeSpins(player: Player): Promise<void> {
  let left = (await player.get('session')).body.state.free_spins_left as number;
  for (let i = 0; left > 0 && i < 500; i++) {
    const free = await player.spin();
    if (free.status !== 200) throw new Error(`free spin failed: ${JSON.stringify(free.body)}`);
    left = free.body.state.free_spins_left;
  }
}

/**
 * Launches (or refreshes) a session for a player and game through launch-url. The session is seeded
 * so that its first 40 base spins, as the engine plays them from that seed, start no feature
 * (quietSeed: free spins cost nothing, so a test counting paid rounds or money would differ one run
 * in a hundred). Draws the seed's simulation does not make (a jackpot trigger, another RTP variant,
 * a spin tried again) move the stream on, so it is the same from run to run, not always quiet.
 * `rng: 'play'` keeps the production generator, for a test about that generator.
 */
export async function launchPlayer(
  server: TestServer,
  apiKey: string,
  fields: { player: string; symbol?: string; currency?: string; rng?: 'quiet' | 'play' },
): Promise<Player> {
  const symbol = fields.symbol ?? 'rf_ember_crown';
  const response = await server.request('/api/provider/v1/launch-url', {
    method: 'POST',
    headers: { 'x-provider-api-key': apiKey },
    json: {
      symbol,
      external_player_id: fields.player,
      currency: fields.currency ?? 'USD',
    },
  });
  const body = (await read(response)).body;
  if (response.status !== 200) throw new Error(`launch failed: ${JSON.stringify(body)}`);
  const player = playerFor(server, body.session_id as string);
  if (fields.rng !== 'play') await seedSession(player, quietSeed(symbol));
  return player;
}

/** The session's next spins draw from the seeded simulation RNG (the test harness's test/rng). */
export async function seedSession(player: Player, seed: number): Promise<void> {
  const seeded = await player.post('test/rng', { seed });
  if (seeded.status !== 204) throw new Error(`seeding the session failed: ${seeded.status}`);
}

/** Test retry schedule: the policy object the settlement and the worker share, changed in place. */
export function useRetryPolicy(server: TestServer, overrides: Partial<RetryPolicy>): void {
  Object.assign(server.services.wallets.policy, overrides);
}

/** Waits until `check` holds, polling every 25 ms, at most `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const WALLET_SECRET = 'test-wallet-secret-0123456789abcdef';

/** A callback-mode operator whose wallet is a real mock-wallet on a loopback port. */
export async function callbackOperator(
  server: TestServer,
  players: Record<string, string>,
): Promise<{ id: string; apiKey: string; wallet: MockWallet }> {
  const wallet = createMockWallet({
    secret: WALLET_SECRET,
    players: Object.fromEntries(Object.entries(players).map(([id, balance]) => [id, { balance }])),
  });
  const url = await wallet.listen();
  const operator = await server.createOperator({
    wallet_mode: 'callback',
    wallet_base_url: url,
    wallet_secret: WALLET_SECRET,
  });
  return { id: operator.id, apiKey: operator.apiKey, wallet };
}

/** The round's transactions, oldest first, with their attempts. */
export async function ledgerOf(server: TestServer, roundId: string) {
  const { rows } = await server.store.pool.query(
    `select t.id, t.type, t.status, t.amount, t.action_type, t.original_transaction_id, t.attempts,
            (select count(*)::int from wallet_attempt_log a where a.transaction_id = t.id) as recorded
       from wallet_transactions t where t.round_id = $1
      order by t.created_at, array_position(array['debit', 'credit', 'rollback'], t.type)`,
    [roundId],
  );
  return rows as Array<{
    id: string;
    type: string;
    status: string;
    amount: bigint;
    action_type: string;
    original_transaction_id: string | null;
    attempts: number;
    recorded: number;
  }>;
}

export async function roundRow(server: TestServer, roundId: string) {
  const { rows } = await server.store.pool.query('select * from rounds where id = $1', [roundId]);
  return rows[0];
}
