// The audit trail: every change through the Admin API (token or staff) and the CLI is recorded
// with actor, action, entity, before and after; the keyed chain and the signed checkpoints verify,
// and stop verifying after any rewrite a database writer can make without the keys (issue 25,
// red-team item 3): an edit re-hashed, a rewrite as pre-key entries, a deleted tail with the
// sequence put back, a forged checkpoint.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditHash, legacyAuditHash } from '../../src/domain/staff.ts';
import { cliEnv, ROOT, runCli } from '../cli/run.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { solidImage } from './images.ts';

let server: TestServer;
const CHECKPOINT_DIR = mkdtempSync(path.join(tmpdir(), 'rf-audit-test-'));
const CHECKPOINTS = path.join(CHECKPOINT_DIR, 'checkpoints.jsonl');
const CHECKPOINTS_2 = path.join(CHECKPOINT_DIR, 'checkpoints-2.jsonl');
beforeAll(async () => {
  server = await startTestServer({ AUDIT_CHECKPOINT_FILE: CHECKPOINTS });
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
  const env = () => ({
    DATABASE_URL: server.databaseUrl,
    USER: 'ops-tester',
    AUDIT_CHECKPOINT_FILE: CHECKPOINTS,
  });

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
    const guessable = await runCli(
      ['staff', 'reset-password', '--email', 'first-admin@reelforge.test', '--password', 'password1234'],
      env(),
    );
    expect(guessable.code).toBe(1);
    expect(guessable.stderr).toMatch(/password is too easy to guess \(strength \d of 4, 3 needed\): \S/);
  }, 180_000); // five CLI processes

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

  it('verifies the chain and the checkpoints, then names the first entry edited or deleted in SQL', async () => {
    const ok = await runCli(['audit', 'verify'], env());
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/The audit chain is intact \(\d+ entries\)/);
    expect(ok.stdout).toMatch(/\d+ signed checkpoints match; 0 entries after the last one/);
    await expect(server.services.audit.verify()).resolves.toMatchObject({ ok: true, legacy: 0 });

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
    await sql`delete from audit_log where id = ${edited.id}`.execute(server.store.db);
    const gap = await server.services.audit.verify();
    expect(gap).toMatchObject({
      ok: false,
      brokenAt: (rows[3] as { id: string }).id,
      reason: expect.stringMatching(/missing/),
    });

    // The last entry deleted: no entry after it to break, but its number was handed out.
    const last = rows.at(-1) as { id: string };
    await sql`delete from audit_log where id = ${last.id}`.execute(server.store.db);
    await sql`alter table audit_log enable trigger user`.execute(server.store.db);
    const tail = await server.services.audit.verify();
    expect(tail.ok).toBe(false);
  });
});

describe('rewrites by someone with the database but not the keys (issue 25, item 3)', () => {
  type Row = Awaited<ReturnType<typeof allRows>>[number];
  const allRows = () => server.store.db.selectFrom('audit_log').selectAll().orderBy('seq').execute();
  let pristine: Row[] = [];

  /** Puts the table back as it was (the attacker's tools, used by the test to reset). */
  async function restore() {
    await sql`alter table audit_log disable trigger user`.execute(server.store.db);
    await sql`delete from audit_log`.execute(server.store.db);
    for (const row of pristine)
      await sql`insert into audit_log (seq, id, at, actor, actor_staff_id, action, entity, entity_id, before, after, prev_hash, hash, keyed)
        overriding system value values (${row.seq}, ${row.id}, ${row.at}, ${row.actor}, ${row.actor_staff_id}, ${row.action},
        ${row.entity}, ${row.entity_id}, ${row.before === null ? null : JSON.stringify(row.before)}::jsonb,
        ${row.after === null ? null : JSON.stringify(row.after)}::jsonb, ${row.prev_hash}, ${row.hash}, ${row.keyed})`.execute(
        server.store.db,
      );
    await sql`select setval('audit_log_seq_seq', ${String((pristine.at(-1) as Row).seq)}::bigint)`.execute(
      server.store.db,
    );
    await sql`alter table audit_log enable trigger user`.execute(server.store.db);
  }

  /** Edits entry `index`, then re-hashes it and every entry after it with `hash` (and `keyed`). */
  async function rewrite(
    index: number,
    hash: (prev: string, row: Row) => string,
    keyed: boolean,
    from = index,
  ) {
    const rows = await allRows();
    (rows[index] as Row).after = { forged: true };
    await sql`alter table audit_log disable trigger user`.execute(server.store.db);
    let prev = from === 0 ? '0'.repeat(64) : (rows[from - 1] as Row).hash;
    for (const row of rows.slice(from)) {
      const next = hash(prev, row);
      await sql`update audit_log set after = ${JSON.stringify(row.after)}::jsonb, prev_hash = ${prev}, hash = ${next}, keyed = ${keyed}
        where seq = ${row.seq}`.execute(server.store.db);
      prev = next;
    }
    await sql`alter table audit_log enable trigger user`.execute(server.store.db);
  }

  beforeAll(async () => {
    // A fresh trail after the CLI test's damage: a new database is simplest, but the rows of this
    // one are enough once the chain is whole again, so start from what verifies.
    await server.close();
    server = await startTestServer({ AUDIT_CHECKPOINT_FILE: CHECKPOINTS_2 });
    for (const name of ['One', 'Two', 'Three'])
      await server.admin('POST', '/api/admin/v1/operators', {
        name: `Trail ${name}`,
        wallet_mode: 'internal',
      });
    pristine = await allRows();
    expect(await server.services.audit.verify()).toMatchObject({ ok: true });
  });

  it('an edit re-hashed under a guessed key', async () => {
    await rewrite(1, (prev, row) => auditHash(prev, row, 'a guessed key that is long enough!!'), true);
    expect(await server.services.audit.verify()).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/keyed hash/),
    });
    await restore();
  });

  it('every entry rewritten as if from before the key (plain sha256)', async () => {
    await rewrite(1, (prev, row) => legacyAuditHash(prev, row), false, 0);
    const check = await server.services.audit.verify();
    expect(check).toMatchObject({
      ok: false,
      brokenAt: expect.stringMatching(/^checkpoint /),
      reason: /rewritten/,
    });
    await restore();
  });

  it('the last entries deleted and the sequence put back', async () => {
    await sql`alter table audit_log disable trigger user`.execute(server.store.db);
    const keep = (pristine.at(-3) as Row).seq;
    await sql`delete from audit_log where seq > ${keep}`.execute(server.store.db);
    await sql`select setval('audit_log_seq_seq', ${String(keep)}::bigint)`.execute(server.store.db);
    await sql`alter table audit_log enable trigger user`.execute(server.store.db);
    const cli = await runCli(['audit', 'verify'], {
      DATABASE_URL: server.databaseUrl,
      AUDIT_CHECKPOINT_FILE: CHECKPOINTS_2,
    });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/truncated/);
    await restore();
  });

  it('a checkpoint forged, or the checkpoint file taken away', async () => {
    const before = readFileSync(CHECKPOINTS_2, 'utf8');
    const last = JSON.parse(before.trim().split('\n').at(-1) as string);
    appendFileSync(CHECKPOINTS_2, `${JSON.stringify({ ...last, seq: String(BigInt(last.seq) + 5n) })}\n`);
    expect(await server.services.audit.verify()).toMatchObject({ ok: false, reason: /signature/ });
    const missing = await server.services.audit.verify({
      checkpoints: { path: '/nonexistent/cp.jsonl', append() {}, read: () => undefined },
    });
    expect(missing).toMatchObject({ ok: false, reason: /does not exist/ });
  });
});
