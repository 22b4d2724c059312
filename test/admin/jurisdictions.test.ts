// GET /api/admin/v1/jurisdictions: the profiles staff may pick as an operator's default market, the
// same list launch-url accepts; and an operator's default set through the Admin API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JURISDICTION_CODES } from '../../src/jurisdictions/index.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('GET /api/admin/v1/jurisdictions', () => {
  it('needs the admin token', async () => {
    expect((await server.request('/api/admin/v1/jurisdictions')).status).toBe(401);
  });

  it('lists every profile with its name and version', async () => {
    const answer = await server.admin('GET', '/api/admin/v1/jurisdictions');
    expect(answer.status).toBe(200);
    const codes = answer.body.jurisdictions.map((j: { code: string }) => j.code);
    expect(codes).toEqual([...JURISDICTION_CODES]);
    expect(codes).toEqual(expect.arrayContaining(['default', 'uk', 'de', 'se', 'nl', 'es', 'on']));
    const uk = answer.body.jurisdictions.find((j: { code: string }) => j.code === 'uk');
    expect(uk).toEqual({
      code: 'uk',
      name: 'Great Britain',
      version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('takes a listed code as an operator default and refuses another, naming the field', async () => {
    const created = await server.admin('POST', '/api/admin/v1/operators', {
      name: 'Market Casino',
      wallet_mode: 'internal',
      default_jurisdiction: 'de',
    });
    expect(created.status).toBe(201);
    expect(created.body.operator.default_jurisdiction).toBe('de');
    const refused = await server.admin('PATCH', `/api/admin/v1/operators/${created.body.operator.id}`, {
      default_jurisdiction: 'atlantis',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/default_jurisdiction/);
  });
});
