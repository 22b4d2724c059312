// A clock the tests move by hand (no sleeps), and launch-url with any fields.
import type { Clock } from '../../src/services/index.ts';
import { type Answer, type Player, playerFor } from '../helpers/runtime.ts';
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

export async function launch(
  server: TestServer,
  apiKey: string,
  fields: Record<string, unknown>,
): Promise<Answer & { player?: Player }> {
  const response = await server.request('/api/provider/v1/launch-url', {
    method: 'POST',
    headers: { 'x-provider-api-key': apiKey },
    json: { symbol: 'rf_ember_crown', currency: 'GBP', ...fields },
  });
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  return {
    status: response.status,
    body,
    ...(response.status === 200 ? { player: playerFor(server, body.session_id as string) } : {}),
  };
}

export async function launched(server: TestServer, apiKey: string, fields: Record<string, unknown>) {
  const answer = await launch(server, apiKey, fields);
  if (!answer.player) throw new Error(`launch failed: ${JSON.stringify(answer.body)}`);
  return answer.player;
}
