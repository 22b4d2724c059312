// Issue 25, red-team item 9: every route that sets a password refuses a long but guessable one, with
// a 400 whose detail names the field and says why. The routes are found in the OpenAPI document, so
// a new one that takes a password is not forgotten here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { STAFF_PASSWORD, type StaffClient, signedInStaff } from '../helpers/staff.ts';

let server: TestServer;
let admin: StaffClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInStaff(server, 'admin');
});
afterAll(async () => {
  await server?.close();
});

/** Routes that take a password to check it, not to set one. */
const CHECKS_ONLY = ['POST /api/admin/v1/auth/sign-in'];

const GUESSABLE = ['password1234', 'qwertyuiop123', 'iloveyou1234'];

/** How to send each route that sets a password: the body with `password` in the field, and the field. */
const SENDERS: Record<string, (password: string) => Promise<{ status: number; body: any; field: string }>> = {
  'POST /api/admin/v1/staff': async (password) => ({
    ...(await admin.call('POST', '/api/admin/v1/staff', {
      email: 'weak@reelforge.test',
      role: 'viewer',
      password,
    })),
    field: 'password',
  }),
  'POST /api/admin/v1/auth/password': async (next) => ({
    ...(await admin.call('POST', '/api/admin/v1/auth/password', { current: STAFF_PASSWORD, next })),
    field: 'next',
  }),
};

describe('guessable passwords', () => {
  it('are sent to every route whose body takes a password', async () => {
    const doc = (await server.admin('GET', '/api/admin/v1/openapi.json')).body;
    const routes: string[] = [];
    for (const [route, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>))
      for (const [method, operation] of Object.entries(methods)) {
        const schema = operation?.requestBody?.content?.['application/json']?.schema;
        const names = Object.keys(schema?.properties ?? {});
        const name = `${method.toUpperCase()} ${route}`;
        if ((names.includes('password') || names.includes('next')) && !CHECKS_ONLY.includes(name))
          routes.push(name);
      }
    expect(routes.sort()).toEqual(Object.keys(SENDERS).sort());
  });

  it.each(Object.keys(SENDERS))(
    '%s refuses them, naming the field and why',
    async (route) => {
      for (const password of GUESSABLE) {
        const answer = await (SENDERS[route] as (p: string) => ReturnType<(typeof SENDERS)[string]>)(
          password,
        );
        expect(answer.status, password).toBe(400);
        expect(answer.body.detail).toMatch(
          new RegExp(`^${answer.field} is too easy to guess \\(strength [0-2] of 4, 3 needed\\): \\S`),
        );
      }
    },
    120_000,
  );
});
