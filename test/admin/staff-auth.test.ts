// Staff sign-in, sessions, CSRF, lockout and roles on the Admin API, over a real server and
// PostgreSQL, with an injected clock (expiry and lockout move time instead of waiting).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, STAFF_ROLES } from '../../src/domain/staff.ts';
import { totpCode } from '../../src/services/totp.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { createStaff, STAFF_PASSWORD, signedInStaff, signIn, staffClient } from '../helpers/staff.ts';

let server: TestServer;
let nowMs = Date.parse('2026-03-02T09:00:00Z');
const clock = { now: () => new Date(nowMs) };
const advance = (ms: number) => {
  nowMs += ms;
};
const MINUTE = 60_000;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});
afterAll(async () => {
  await server?.close();
});

describe('sign-in', () => {
  it('signs in with the right password and sets a strict HttpOnly cookie', async () => {
    const { id, email } = await createStaff(server, 'viewer', 'Viewer.One@Reelforge.test');
    expect(email).toBe('viewer.one@reelforge.test');
    const signed = await signIn(server, 'VIEWER.one@reelforge.test');
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual({
      staff: expect.objectContaining({ id, email, role: 'viewer', totp_enabled: false }),
      csrf_token: expect.any(String),
      roles: STAFF_ROLES.map((role) => ({ role, permissions: [...ROLE_PERMISSIONS[role]] })),
    });
    const cookie = signed.setCookie as string;
    expect(cookie).toMatch(/^rf_staff=rfs_[0-9A-Za-z]+;/);
    const attributes = cookie.split(';').map((part) => part.trim());
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/']));
    expect(attributes).not.toContain('Secure'); // APP_ENV=test
    const me = await staffClient(server, id, email, cookie, signed.body.csrf_token).call(
      'GET',
      '/api/admin/v1/auth/me',
    );
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      staff: expect.objectContaining({ id, role: 'viewer' }),
      csrf_token: signed.body.csrf_token,
      roles: signed.body.roles,
    });
  });

  it('gives a wrong password and an unknown address the same answer', async () => {
    const { email } = await createStaff(server, 'viewer');
    const wrong = await signIn(server, email, 'not the password at all');
    const unknown = await signIn(server, 'nobody@reelforge.test', 'not the password at all');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      success: false,
      error: 'invalid_credentials',
      detail: 'the e-mail address or password is wrong',
    });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.setCookie).toBeNull();
  });

  it('names the field of a malformed sign-in', async () => {
    const bad = await signIn(server, 'not-an-address');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^email /);
  });

  it('refuses a disabled account like a wrong password', async () => {
    const { id, email } = await createStaff(server, 'support');
    expect((await server.admin('PATCH', `/api/admin/v1/staff/${id}`, { disabled: true })).status).toBe(200);
    const signed = await signIn(server, email);
    expect(signed.status).toBe(401);
    expect(signed.body.error).toBe('invalid_credentials');
  });

  it('has no me without a session', async () => {
    const response = await server.request('/api/admin/v1/auth/me');
    expect(response.status).toBe(401);
    const forged = await server.request('/api/admin/v1/auth/me', {
      headers: { cookie: 'rf_staff=rfs_forged' },
    });
    expect(forged.status).toBe(401);
  });
});

describe('TOTP', () => {
  it('asks for the code once enabled, takes a valid one once, refuses a wrong one', async () => {
    const staff = await signedInStaff(server, 'finance');
    const setup = await staff.call('POST', '/api/admin/v1/auth/totp/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/Reelforge:/);
    const secret = setup.body.secret as string;
    const wrongEnable = await staff.call('POST', '/api/admin/v1/auth/totp/enable', { code: '000000' });
    expect(wrongEnable.status).toBe(400);
    expect(wrongEnable.body.detail).toMatch(/^code /);
    const enabled = await staff.call('POST', '/api/admin/v1/auth/totp/enable', {
      code: await totpCode(secret, clock.now()),
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.staff.totp_enabled).toBe(true);
    // The secret is never shown again.
    const me = await staff.call('GET', '/api/admin/v1/auth/me');
    expect(JSON.stringify(me.body)).not.toContain(secret);
    const row = await server.store.db
      .selectFrom('staff_accounts')
      .select('totp_secret')
      .where('id', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);

    advance(MINUTE); // the enabling code's step is spent; a new step
    const missing = await signIn(server, staff.email);
    expect(missing.status).toBe(401);
    expect(missing.body.error).toBe('totp_required');
    expect(missing.setCookie).toBeNull();
    const wrong = await signIn(server, staff.email, STAFF_PASSWORD, '123456');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_credentials');
    const code = await totpCode(secret, clock.now());
    const ok = await signIn(server, staff.email, STAFF_PASSWORD, code);
    expect(ok.status).toBe(200);
    const reused = await signIn(server, staff.email, STAFF_PASSWORD, code);
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe('invalid_credentials');
    // The step before (clock drift of one step) is accepted, the step before that is not.
    advance(MINUTE);
    expect(
      (await signIn(server, staff.email, STAFF_PASSWORD, await totpCode(secret, new Date(nowMs - 30_000))))
        .status,
    ).toBe(200);
    advance(MINUTE);
    expect(
      (await signIn(server, staff.email, STAFF_PASSWORD, await totpCode(secret, new Date(nowMs - 90_000))))
        .status,
    ).toBe(401);
  });
});

describe('lockout', () => {
  it('locks an account after 5 failures within 15 minutes, until the lock runs out', async () => {
    const { email } = await createStaff(server, 'viewer');
    for (let i = 0; i < 4; i++) expect((await signIn(server, email, 'wrong password!!')).status).toBe(401);
    const fifth = await signIn(server, email, 'wrong password!!');
    expect(fifth.status).toBe(401);
    const locked = await signIn(server, email); // the right password, but locked
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      success: false,
      error: 'locked',
      detail: expect.stringMatching(/too many failed sign-ins/),
      retry_after_seconds: 900,
    });
    advance(14 * MINUTE);
    const still = await signIn(server, email);
    expect(still.status).toBe(429);
    expect(still.body.retry_after_seconds).toBe(60);
    advance(MINUTE);
    expect((await signIn(server, email)).status).toBe(200);
  });

  it('forgets failures older than 15 minutes', async () => {
    const { email } = await createStaff(server, 'viewer');
    for (let i = 0; i < 4; i++) await signIn(server, email, 'wrong password!!');
    advance(16 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await signIn(server, email, 'wrong password!!')).status).toBe(401);
    expect((await signIn(server, email)).status).toBe(200);
  });

  it('locks an unknown address the same way (no account enumeration)', async () => {
    for (let i = 0; i < 5; i++) await signIn(server, 'ghost@reelforge.test', 'wrong password!!');
    const locked = await signIn(server, 'ghost@reelforge.test', 'wrong password!!');
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe('locked');
    advance(16 * MINUTE);
  });
});

describe('CSRF', () => {
  it('refuses a cookie session non-GET without the right x-csrf-token', async () => {
    const staff = await signedInStaff(server, 'admin');
    const body = { name: 'CSRF Casino', wallet_mode: 'internal' };
    const missing = await staff.call('POST', '/api/admin/v1/operators', body, { csrf: null });
    expect(missing.status).toBe(403);
    expect(missing.body.error).toBe('csrf_failed');
    const wrong = await staff.call('POST', '/api/admin/v1/operators', body, { csrf: 'x'.repeat(32) });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe('csrf_failed');
    const right = await staff.call('POST', '/api/admin/v1/operators', body);
    expect(right.status).toBe(201);
    // The ADMIN_TOKEN needs none.
    expect((await server.admin('POST', '/api/admin/v1/operators', body)).status).toBe(201);
  });
});

describe('session expiry', () => {
  it('ends a session idle for 30 minutes', async () => {
    const staff = await signedInStaff(server, 'viewer');
    advance(29 * MINUTE);
    expect((await staff.call('GET', '/api/admin/v1/operators')).status).toBe(200);
    advance(29 * MINUTE); // 58 min after sign-in, 29 after the last request
    expect((await staff.call('GET', '/api/admin/v1/operators')).status).toBe(200);
    advance(30 * MINUTE);
    const expired = await staff.call('GET', '/api/admin/v1/operators');
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('session_expired');
  });

  it('ends a busy session 8 hours after sign-in', async () => {
    const staff = await signedInStaff(server, 'viewer');
    for (let elapsed = 0; elapsed < 7 * 60 + 40; elapsed += 20) {
      advance(20 * MINUTE);
      expect((await staff.call('GET', '/api/admin/v1/auth/me')).status).toBe(200);
    }
    advance(20 * MINUTE); // 8 h
    const expired = await staff.call('GET', '/api/admin/v1/auth/me');
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('session_expired');
  });

  it('ends the session on sign-out and clears the cookie', async () => {
    const staff = await signedInStaff(server, 'viewer');
    const out = await staff.call('POST', '/api/admin/v1/auth/sign-out');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/^rf_staff=; .*Max-Age=0/);
    expect((await staff.call('GET', '/api/admin/v1/auth/me')).status).toBe(401);
  });
});

describe('roles', () => {
  it('lets each role do what it holds and answers 403 naming the role needed', async () => {
    const viewer = await signedInStaff(server, 'viewer');
    const support = await signedInStaff(server, 'support');
    const finance = await signedInStaff(server, 'finance');
    const admin = await signedInStaff(server, 'admin');
    const op = { name: 'Role Casino', wallet_mode: 'internal' };

    for (const staff of [viewer, support, finance, admin]) {
      expect((await staff.call('GET', '/api/admin/v1/operators')).status).toBe(200);
      expect((await staff.call('GET', '/api/admin/v1/audit')).status).toBe(200);
    }
    for (const staff of [viewer, support, finance]) {
      const refused = await staff.call('POST', '/api/admin/v1/operators', op);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        success: false,
        error: 'forbidden',
        detail: expect.stringMatching(/needs the admin permission \(role admin\)/),
      });
      expect((await staff.call('GET', '/api/admin/v1/staff')).status).toBe(403);
    }
    expect((await admin.call('POST', '/api/admin/v1/operators', op)).status).toBe(201);
    expect((await admin.call('GET', '/api/admin/v1/staff')).status).toBe(200);

    // Wallet queue retry/resolve: support (and admin); the transaction does not exist → 404 past the check.
    const retry = '/api/admin/v1/wallet/transactions/tx_missing/retry';
    expect((await support.call('POST', retry)).status).toBe(404);
    expect((await admin.call('POST', retry)).status).toBe(404);
    for (const staff of [viewer, finance]) {
      const refused = await staff.call('POST', retry);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/needs the support permission \(role admin or support\)/);
    }
  });

  it('gives reports to finance and admin, and round replay to support and admin', async () => {
    const viewer = await signedInStaff(server, 'viewer');
    const support = await signedInStaff(server, 'support');
    const finance = await signedInStaff(server, 'finance');
    const admin = await signedInStaff(server, 'admin');
    const summary = '/api/admin/v1/reports/summary?from=2026-03-01&to=2026-03-01';
    for (const staff of [finance, admin]) expect((await staff.call('GET', summary)).status).toBe(200);
    for (const staff of [viewer, support]) {
      const refused = await staff.call('GET', summary);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/needs the reports permission/);
    }
    // An unknown round is a 404 past the check; the check itself answers 403 first.
    const replay = '/api/admin/v1/rounds/rnd_missing/replay';
    for (const staff of [support, admin]) expect((await staff.call('POST', replay)).status).toBe(404);
    for (const staff of [viewer, finance]) {
      const refused = await staff.call('POST', replay);
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/needs the support permission/);
    }
  });

  it('keeps the ADMIN_TOKEN working and refuses a wrong one', async () => {
    expect((await server.admin('GET', '/api/admin/v1/staff')).status).toBe(200);
    const wrong = await server.request('/api/admin/v1/operators', {
      headers: { authorization: 'Bearer wrong-token-000000' },
    });
    expect(wrong.status).toBe(401);
  });

  it('ends the sessions of a disabled account and keeps the last admin', async () => {
    const staff = await signedInStaff(server, 'support');
    expect((await server.admin('PATCH', `/api/admin/v1/staff/${staff.id}`, { disabled: true })).status).toBe(
      200,
    );
    expect((await staff.call('GET', '/api/admin/v1/operators')).status).toBe(401);
    const admins = (await server.admin('GET', '/api/admin/v1/staff')).body.staff.filter(
      (s: { role: string; disabled: boolean }) => s.role === 'admin' && !s.disabled,
    );
    for (const admin of admins.slice(1))
      await server.admin('PATCH', `/api/admin/v1/staff/${admin.id}`, { disabled: true });
    const last = await server.admin('PATCH', `/api/admin/v1/staff/${admins[0].id}`, { role: 'viewer' });
    expect(last.status).toBe(409);
  });
});

describe('per-address limit', () => {
  it('makes one address wait after 20 failed sign-ins in 15 minutes', async () => {
    advance(16 * MINUTE);
    const emails = await Promise.all([0, 1, 2, 3, 4].map(() => createStaff(server, 'viewer')));
    let last: Awaited<ReturnType<typeof signIn>> | undefined;
    for (let i = 0; i < 20; i++)
      last = await signIn(server, (emails[i % 5] as { email: string }).email, 'wrong password!!');
    expect(last?.status).toBe(401);
    const limited = await signIn(server, (emails[0] as { email: string }).email);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(limited.body.retry_after_seconds).toBeGreaterThan(0);
    advance(16 * MINUTE);
  }, 120_000); // 5 accounts (argon2id and a strength check each) and 21 argon2id sign-ins on a shared machine
});
