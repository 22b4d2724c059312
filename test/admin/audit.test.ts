// The audit trail: every change through the Admin API (token or staff) and the CLI is recorded
// with actor, action, entity, before and after; the hash chain verifies, and stops verifying
// after an entry is edited or deleted in SQL.
import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv, ROOT, runCli } from '../cli/run.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { solidImage } from './images.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function entries(query = ''): Promise<any[]> {
  const page = await server.admin('GET', `/api/admin/v1/audit?limit=500${query}`);
  expect(page.status).toBe(200);
  return page.body.entries;
}

describe('recording', () => {
  it('records token and staff changes to operators, keys and catalogs with before and after', async () => {
    const created = await server.admin('POST', '/api/admin/v1/operators', {
      name: 'Audit Casino',
      wallet_mode: 'internal',
    });
    const id = created.body.operator.id as string;
    const admin = await signedInStaff(server, 'admin');
    expect(
      (await admin.call('PATCH', `/api/admin/v1/operators/${id}`, { name: 'Audit Casino II' })).status,
    ).toBe(200);
    const key = await admin.call('POST', `/api/admin/v1/operators/${id}/api-keys`);
    expect(key.status).toBe(201);
    expect((await server.admin('DELETE', `/api/admin/v1/api-keys/${key.body.key_id}`)).status).toBe(204);
    expect(
      (await server.admin('PUT', `/api/admin/v1/operators/${id}/catalog`, { symbols: ['rf_copper_sevens'] }))
        .status,
    ).toBe(200);
    // A refused change is not recorded.
    expect((await server.admin('PATCH', `/api/admin/v1/operators/${id}`, { currency: '???' })).status).toBe(
      400,
    );

    const trail = (await entries(`&entity_id=${id}`)).reverse();
    expect(trail.map((e) => [e.action, e.actor])).toEqual([
      ['operator.create', 'token'],
      ['operator.update', `staff:${admin.email}`],
      ['catalog.set', 'token'],
    ]);
    expect(trail[0]).toMatchObject({ entity: 'operator', before: null, after: { name: 'Audit Casino', id } });
    expect(trail[1]).toMatchObject({ before: { name: 'Audit Casino' }, after: { name: 'Audit Casino II' } });
    expect(trail[2]).toMatchObject({
      entity: 'catalog',
      before: { symbols: [] },
      after: { symbols: ['rf_copper_sevens'] },
    });
    expect(Date.parse(trail[1].at)).not.toBeNaN();
    const keys = (await entries('&entity=api_key')).filter((e) => e.entity_id === key.body.key_id).reverse();
    expect(keys.map((e) => [e.action, e.actor])).toEqual([
      ['api_key.create', `staff:${admin.email}`],
      ['api_key.revoke', 'token'],
    ]);
    expect(JSON.stringify(keys)).not.toContain(key.body.api_key);
  });

  it('never writes a wallet secret into the trail', async () => {
    const created = await server.admin('POST', '/api/admin/v1/operators', {
      name: 'Seamless',
      wallet_mode: 'callback',
      wallet_base_url: 'https://wallet.casino.example/rf',
    });
    const secret = created.body.wallet_secret as string;
    const [entry] = await entries(`&entity_id=${created.body.operator.id}`);
    expect(entry.after.wallet_secret_changed).toBe(true);
    expect(JSON.stringify(entry)).not.toContain(secret);
  });

  it('records thumbnail uploads and deletions', async () => {
    const png = await solidImage('png', 64, 48);
    const put = await server.request('/api/admin/v1/games/rf_copper_sevens/thumbnail', {
      method: 'PUT',
      body: new Uint8Array(png),
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);
    expect((await server.admin('DELETE', '/api/admin/v1/games/rf_copper_sevens/thumbnail')).status).toBe(204);
    const trail = (await entries('&entity=game')).filter((e) => e.entity_id === 'rf_copper_sevens').reverse();
    expect(trail.map((e) => e.action)).toEqual(['thumbnail.put', 'thumbnail.delete']);
    expect(trail[0]).toMatchObject({
      before: { thumbnail: null },
      after: { thumbnail: { width: 64, height: 48 } },
    });
  });

  it('records staff account changes', async () => {
    const created = await server.admin('POST', '/api/admin/v1/staff', {
      email: 'audited@reelforge.test',
      role: 'viewer',
      password: 'a long enough password',
    });
    await server.admin('PATCH', `/api/admin/v1/staff/${created.body.staff.id}`, { role: 'support' });
    const trail = (await entries('&entity=staff'))
      .filter((e) => e.entity_id === created.body.staff.id)
      .reverse();
    expect(trail.map((e) => e.action)).toEqual(['staff.create', 'staff.update']);
    expect(trail[1]).toMatchObject({ before: { role: 'viewer' }, after: { role: 'support' } });
    expect(JSON.stringify(trail)).not.toMatch(/argon2|a long enough password/);
  });

  it('filters by actor and pages with the cursor', async () => {
    const tokenOnly = await entries('&actor=token');
    expect(tokenOnly.length).toBeGreaterThan(3);
    expect(tokenOnly.every((e) => e.actor === 'token')).toBe(true);
    const first = await server.admin('GET', '/api/admin/v1/audit?limit=2');
    expect(first.body.entries).toHaveLength(2);
    const second = await server.admin('GET', `/api/admin/v1/audit?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.entries[0].hash).toBe(first.body.entries[1].prev_hash);
    expect((await server.admin('GET', '/api/admin/v1/audit?limit=0')).status).toBe(400);
  });
});

describe('CLI', () => {
  const env = () => ({ DATABASE_URL: server.databaseUrl, USER: 'ops-tester' });

  it('records CLI changes with the CLI actor and creates the first admin', async () => {
    const made = await runCli(
      ['operator', 'create', '--name', 'CLI Casino', '--wallet-mode', 'internal', '--json'],
      env(),
    );
    expect(made.code).toBe(0);
    const id = JSON.parse(made.stdout).operator.id;
    const [entry] = await entries(`&entity_id=${id}`);
    expect(entry).toMatchObject({ action: 'operator.create', actor: expect.stringMatching(/^cli:/) });

    const staff = await runCli(
      [
        'staff',
        'create',
        '--email',
        'first-admin@reelforge.test',
        '--role',
        'admin',
        '--password',
        'first admin password',
      ],
      env(),
    );
    expect(staff.code).toBe(0);
    expect(staff.stdout).toMatch(/Created admin first-admin@reelforge.test/);
    const signedIn = await server.request('/api/admin/v1/auth/sign-in', {
      method: 'POST',
      json: { email: 'first-admin@reelforge.test', password: 'first admin password' },
    });
    expect(signedIn.status).toBe(200);
    const listed = await runCli(['staff', 'list'], env());
    expect(listed.stdout).toMatch(/first-admin@reelforge.test\s+admin/);
    const reset = await runCli(
      ['staff', 'reset-password', '--email', 'first-admin@reelforge.test', '--password', 'short'],
      env(),
    );
    expect(reset.code).toBe(1);
    expect(reset.stderr).toMatch(/password must be 12 to 256 characters/);
  });

  it('reads the password from stdin when --password is not given', async () => {
    const child = spawn(
      'sh',
      [
        'scripts/node24.sh',
        'node',
        'src/cli/main.ts',
        'staff',
        'create',
        '--email',
        'stdin@reelforge.test',
        '--role',
        'viewer',
      ],
      { cwd: ROOT, env: cliEnv(env()) },
    );
    child.stdin.end('a password from stdin\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const signed = await server.request('/api/admin/v1/auth/sign-in', {
      method: 'POST',
      json: { email: 'stdin@reelforge.test', password: 'a password from stdin' },
    });
    expect(signed.status).toBe(200);
  });

  it('verifies the chain, then names the first entry edited or deleted in SQL', async () => {
    const ok = await runCli(['audit', 'verify'], env());
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/The audit chain is intact \(\d+ entries\)/);
    await expect(server.services.audit.verify()).resolves.toMatchObject({ ok: true });

    // The table refuses changes; someone with the owner's rights switches that off first.
    await expect(sql`update audit_log set actor = 'nobody'`.execute(server.store.db)).rejects.toThrow(
      /append-only/,
    );
    await sql`alter table audit_log disable trigger user`.execute(server.store.db);
    const rows = await server.store.db.selectFrom('audit_log').select(['id', 'seq']).orderBy('seq').execute();
    const edited = rows[2] as { id: string; seq: bigint };
    await sql`update audit_log set after = '{"name":"forged"}'::jsonb where id = ${edited.id}`.execute(
      server.store.db,
    );
    const broken = await runCli(['audit', 'verify'], env());
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`audit chain broken at entry ${edited.id}`);
    expect(broken.stderr).toMatch(/edited/);

    // Deleted instead: the entry after the gap is named.
    const restoredHash = rows[4] as { id: string };
    await sql`delete from audit_log where id = ${edited.id}`.execute(server.store.db);
    const gap = await server.services.audit.verify();
    expect(gap).toMatchObject({
      ok: false,
      brokenAt: (rows[3] as { id: string }).id,
      reason: expect.stringMatching(/missing/),
    });
    expect(restoredHash.id).not.toBe(edited.id);

    // The last entry deleted: no entry after it to break, but its number was handed out.
    const last = rows.at(-1) as { id: string };
    await sql`delete from audit_log where id = ${last.id}`.execute(server.store.db);
    await sql`alter table audit_log enable trigger user`.execute(server.store.db);
    const tail = await server.services.audit.verify();
    expect(tail.ok).toBe(false);
  });
});
