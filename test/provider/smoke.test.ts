import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('smoke', () => {
  it('answers health and lists a catalog with an operator key', async () => {
    const health = await server.request('/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', db: 'ok' });
    const operator = await server.createOperator();
    const response = await server.request('/api/provider/v1/games', {
      headers: { 'x-provider-api-key': operator.apiKey },
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.total).toBe(6);
    expect(body.data.operator_id).toBe(operator.id);
  });
});
