// Staff accounts for tests: create one with the ADMIN_TOKEN, sign in, and call the Admin API with
// the session cookie (and its CSRF token on non-GET requests).
import type { TestServer } from './server.ts';

export const STAFF_PASSWORD = 'correct horse battery staple';

export interface StaffClient {
  id: string;
  email: string;
  cookie: string;
  csrf: string;
  /** A call with the session cookie; CSRF header on non-GET unless `csrf: null` (or another value). */
  call(
    method: string,
    path: string,
    json?: unknown,
    options?: { csrf?: string | null },
  ): Promise<{ status: number; body: any; headers: Headers }>;
}

export async function createStaff(
  server: TestServer,
  role: 'admin' | 'support' | 'finance' | 'viewer',
  email = `${role}-${Math.random().toString(36).slice(2, 8)}@reelforge.test`,
  password = STAFF_PASSWORD,
): Promise<{ id: string; email: string }> {
  const created = await server.admin('POST', '/api/admin/v1/staff', { email, role, password });
  if (created.status !== 201) throw new Error(`staff create failed: ${JSON.stringify(created.body)}`);
  return { id: created.body.staff.id, email: created.body.staff.email };
}

export async function signIn(
  server: TestServer,
  email: string,
  password = STAFF_PASSWORD,
  totp?: string,
): Promise<{ status: number; body: any; setCookie: string | null }> {
  const response = await server.request('/api/admin/v1/auth/sign-in', {
    method: 'POST',
    json: { email, password, ...(totp !== undefined ? { totp } : {}) },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    setCookie: response.headers.get('set-cookie'),
  };
}

export function staffClient(
  server: TestServer,
  id: string,
  email: string,
  setCookie: string,
  csrf: string,
): StaffClient {
  const cookie = (setCookie.split(';')[0] as string).trim();
  return {
    id,
    email,
    cookie,
    csrf,
    async call(method, path, json, options = {}) {
      const headers: Record<string, string> = { cookie };
      const token = options.csrf === undefined ? csrf : options.csrf;
      if (method !== 'GET' && token !== null) headers['x-csrf-token'] = token;
      const response = await server.request(path, { method, json, headers });
      const text = await response.text();
      return {
        status: response.status,
        body: text ? JSON.parse(text) : undefined,
        headers: response.headers,
      };
    },
  };
}

/** A new staff member of `role`, signed in. */
export async function signedInStaff(
  server: TestServer,
  role: 'admin' | 'support' | 'finance' | 'viewer',
): Promise<StaffClient> {
  const { id, email } = await createStaff(server, role);
  const signed = await signIn(server, email);
  if (signed.status !== 200 || !signed.setCookie)
    throw new Error(`sign-in failed: ${JSON.stringify(signed.body)}`);
  return staffClient(server, id, email, signed.setCookie, signed.body.csrf_token);
}
