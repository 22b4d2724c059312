// Runtime API helpers: launch a session through the provider API, then call the runtime API
// with its token the way the game client does.
import type { RetryPolicy } from '../../src/wallet/retry-policy.ts';
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

/** Launches (or refreshes) a session for a player and game through launch-url. */
export async function launchPlayer(
  server: TestServer,
  apiKey: string,
  fields: { player: string; symbol?: string; currency?: string },
): Promise<Player> {
  const response = await server.request('/api/provider/v1/launch-url', {
    method: 'POST',
    headers: { 'x-provider-api-key': apiKey },
    json: {
      symbol: fields.symbol ?? 'rf_ember_crown',
      external_player_id: fields.player,
      currency: fields.currency ?? 'USD',
    },
  });
  const body = (await read(response)).body;
  if (response.status !== 200) throw new Error(`launch failed: ${JSON.stringify(body)}`);
  return playerFor(server, body.session_id as string);
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
