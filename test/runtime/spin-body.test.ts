// The spin body is described once (SpinBody, src/http/runtime/schemas.ts): the route refuses what the
// schema refuses, each 400 naming the field, before the round service reads the body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpinBody } from '../../src/http/runtime/schemas.ts';
import { launchPlayer, type Player } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let player: Player;
beforeAll(async () => {
  server = await startTestServer();
  const operator = await server.createOperator({ wallet_mode: 'internal' });
  player = await launchPlayer(server, operator.apiKey, { player: 'p-spin-body' });
});
afterAll(async () => {
  await server?.close();
});

/** A value of the wrong type for each field of the schema. */
const WRONG: Record<keyof typeof SpinBody.properties, unknown> = {
  coin: 0.1,
  bet_level: 1.5,
  special_bet: 'yes',
  buy_feature: 1,
  client_round_id: 'not a valid id!',
  free_round_grant_id: 7,
};

describe('the spin body', () => {
  it('refuses a wrong value in each field of SpinBody with a 400 naming the field', async () => {
    expect(Object.keys(WRONG).sort()).toEqual(Object.keys(SpinBody.properties).sort());
    for (const [field, value] of Object.entries(WRONG)) {
      const refused = await player.spin({ [field]: value });
      expect(refused.status, field).toBe(400);
      expect(refused.body.error, field).toBe('invalid_request');
      expect(refused.body.detail, field).toMatch(new RegExp(`^${field} `));
    }
  });

  it('refuses a missing required field and a body that is not an object', async () => {
    for (const field of SpinBody.required ?? []) {
      const body: Record<string, unknown> = { coin: '0.10', client_round_id: 'c-missing' };
      delete body[field];
      const refused = await player.post('spin', body);
      expect(refused.status, field).toBe(400);
      expect(refused.body.detail, field).toBe(`${field} is required`);
    }
    expect((await player.post('spin', [1, 2])).status).toBe(400);
  });

  it('plays a body the schema accepts', async () => {
    const spun = await player.spin({ coin: '0.10', bet_level: 1, special_bet: false, buy_feature: false });
    expect(spun.status).toBe(200);
  });
});
