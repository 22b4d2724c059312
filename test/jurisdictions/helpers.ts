// A clock the tests move by hand (no sleeps), and launch-url with any fields.
import type { Clock } from '../../src/services/index.ts';
import { quietSeed } from '../e2e/seeds.ts';
import { type Answer, type Player, playerFor, seedSession } from '../helpers/runtime.ts';
import type { TestServer } from '../helpers/server.ts';

export interface ManualClock extends Clock {
  advance(ms: number): void;
}

export function manualClock(start = Date.now()): ManualClock {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
  };
}

/**
 * A launch, its session seeded to start no feature for 400 spins (quietSeed; the loss-limit test
 * plays up to 400): a feature in progress finishes under every limit and check (rules.ts,
 * roundRefusal), so an unseeded session that happened to trigger free spins on the spin before a
 * limit played on (a time-limit test read 200 where 409 was due, once in a CI run).
 */
export async function launch(
  server: TestServer,
  apiKey: string,
  fields: Record<string, unknown>,
): Promise<Answer & { player?: Player }> {
  const json = { symbol: 'rf_ember_crown', currency: 'GBP', ...fields };
  const response = await server.request('/api/provider/v1/launch-url', {
    method: 'POST',
    headers: { 'x-provider-api-key': apiKey },
    json,
  });
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  if (response.status !== 200) return { status: response.status, body };
  const player = playerFor(server, body.session_id as string);
  await seedSession(player, quietSeed(String(json.symbol), 400));
  return { status: response.status, body, player };
}

export async function launched(server: TestServer, apiKey: string, fields: Record<string, unknown>) {
  const answer = await launch(server, apiKey, fields);
  if (!answer.player) throw new Error(`launch failed: ${JSON.stringify(answer.body)}`);
  return answer.player;
}
