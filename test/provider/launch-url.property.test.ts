// Property: whatever JSON an operator sends to launch-url, the answer is never a 5xx, and every
// 4xx carries the error body.
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let apiKey: string;

beforeAll(async () => {
  server = await startTestServer();
  apiKey = (await server.createOperator({ name: 'Fuzz' })).apiKey;
});
afterAll(async () => {
  await server?.close();
});

const fieldValue = fc.oneof(
  fc.jsonValue(),
  fc.string(),
  fc.constantFrom(
    'rf_ember_crown',
    'ember-crown',
    'rf_copper_sevens',
    'USD',
    'usd',
    'JPY',
    'BTC',
    'tablet',
    'mobile',
    '0.10',
    '1',
    '0',
    '-0.01',
    '1e3',
    'https://x.example/lobby',
    '',
  ),
  fc.integer(),
  fc.double(),
);

const launchLike = fc.record(
  {
    symbol: fieldValue,
    slug: fieldValue,
    operator_id: fieldValue,
    external_player_id: fc.oneof(fieldValue, fc.string({ minLength: 1, maxLength: 140 })),
    coin: fieldValue,
    currency: fieldValue,
    return_url: fieldValue,
    device: fieldValue,
  },
  { requiredKeys: [] },
);

it('never answers 5xx, and every 4xx has the error body', async () => {
  await fc.assert(
    fc.asyncProperty(fc.oneof(launchLike, fc.jsonValue()), async (body) => {
      const response = await server.request('/api/provider/v1/launch-url', {
        method: 'POST',
        headers: { 'x-provider-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status).toBeLessThan(500);
      if (response.status >= 400) {
        const error = await response.json();
        expect(error.success).toBe(false);
        expect(typeof error.error).toBe('string');
        expect(typeof error.detail).toBe('string');
        expect(error.detail.length).toBeGreaterThan(0);
      } else {
        expect(response.status).toBe(200);
      }
    }),
    { numRuns: 400 },
  );
});
