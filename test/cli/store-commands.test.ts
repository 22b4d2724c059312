// The reelforge CLI on a real PostgreSQL: each command's output and its effect in the database.
// Set-up goes through the domain in-process; only the command under test runs as a child process.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../src/domain/api-keys.ts';
import { createStaffServices } from '../../src/services/index.ts';
import { openStore, type Store } from '../../src/store/db.ts';
import { migrate } from '../../src/store/migrate.ts';
import { solidImage } from '../admin/images.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { runCli } from './run.ts';

let database: TestDatabase;
let store: Store;
let dir: string;
const cli = (...args: string[]) => runCli(args, { DATABASE_URL: database.url });

beforeAll(async () => {
  database = await createTestDatabase();
  store = openStore(database.url, { max: 4 });
  await migrate(store.pool);
  dir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-cli-'));
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The staff services on the test store, as the CLI builds them. */
async function staffOf(on: Store) {
  return createStaffServices(on, { kind: 'cli', user: 'test' });
}

async function createOperator(fields: Record<string, unknown> = {}): Promise<string> {
  const created = await (await staffOf(store)).operators.createOperator({
    name: 'CLI Casino',
    wallet_mode: 'internal',
    ...fields,
  });
  if (!created.ok) throw created.error;
  return created.value.operator.id;
}

function operatorRow(id: string) {
  return store.db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

// Each test spawns Node processes; a loaded 2-core machine can take a while.
describe.concurrent('reelforge on the store', { timeout: 60_000 }, () => {
  it('db migrate: applies every migration to a fresh database', async () => {
    const fresh = await createTestDatabase();
    try {
      const result = await runCli(['--json', 'db', 'migrate'], { DATABASE_URL: fresh.url });
      expect(result.code, result.stderr).toBe(0);
      const body = JSON.parse(result.stdout);
      expect(body.applied[0]).toBe('001_core.sql');
      expect(body.applied).toHaveLength(body.total);
      const applied = await store.db.selectFrom('schema_migrations').select('name').orderBy('name').execute();
      expect(body.applied).toEqual(applied.map((row) => row.name));
    } finally {
      await fresh.drop();
    }
  });

  it('operator create: an internal operator, as JSON', async () => {
    const result = await cli(
      'operator',
      'create',
      '--json',
      '--name',
      'Lucky Casino',
      '--wallet-mode',
      'internal',
      '--currency',
      'eur',
      '--rtp-variant',
      '94.5',
    );
    expect(result.code, result.stderr).toBe(0);
    const { operator } = JSON.parse(result.stdout);
    expect(operator).toMatchObject({
      id: expect.stringMatching(/^op_/),
      name: 'Lucky Casino',
      currency: 'EUR',
      status: 'active',
      wallet_mode: 'internal',
      wallet_secret_set: false,
      wallet_secret_switch_at: null,
      rtp_variant: '94.5',
    });
    expect(await operatorRow(operator.id)).toMatchObject({ name: 'Lucky Casino', currency: 'EUR' });
  });

  it('operator create: a callback operator, its generated wallet secret shown once and saying so', async () => {
    const result = await cli(
      'operator',
      'create',
      '--name',
      'Seamless',
      '--wallet-mode',
      'callback',
      '--wallet-base-url',
      'https://wallet.example/rf/',
    );
    expect(result.code, result.stderr).toBe(0);
    const id = /^Created operator (op_\w+)\.\n/.exec(result.stdout)?.[1] as string;
    const secret = /\nWallet secret: (rf_whsec_\w+)\n/.exec(result.stdout)?.[1];
    expect(secret).toBeDefined();
    expect(result.stdout).toContain('This secret is shown only this once');
    expect(result.stdout).toMatch(/wallet base URL +https:\/\/wallet\.example\/rf\n/);
    expect((await operatorRow(id)).wallet_secret).toBe(secret);
  });

  it('operator create: bad input gets the domain’s detail and exit 1, and stores nothing', async () => {
    const result = await cli(
      'operator',
      'create',
      '--name',
      'Bad Input',
      '--wallet-mode',
      'internal',
      '--currency',
      'XXX',
    );
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'reelforge: invalid input: currency must be a supported 3-letter currency code\n',
    });
    const rows = await store.db
      .selectFrom('operators')
      .select('id')
      .where('name', '=', 'Bad Input')
      .execute();
    expect(rows).toEqual([]);
  });

  it('operator list: a table of every operator', async () => {
    const id = await createOperator({ name: 'Listed Casino', rtp_variant: '94.5' });
    const result = await cli('operator', 'list');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^ID +NAME +CURRENCY +STATUS +WALLET +RTP$/);
    expect(result.stdout).toMatch(new RegExp(`\n${id} +Listed Casino +USD +active +internal +94\\.5\n`));
  });

  it('operator update: changes the given fields; an empty value clears one', async () => {
    const id = await createOperator({ name: 'Before', rtp_variant: '94.5', currency: 'GBP' });
    const result = await cli(
      'operator',
      'update',
      id,
      '--json',
      '--name',
      'After',
      '--status',
      'inactive',
      '--rtp-variant',
      '',
      '--language',
      'pt-br',
    );
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).operator).toMatchObject({ id, name: 'After', status: 'inactive' });
    expect(await operatorRow(id)).toMatchObject({
      name: 'After',
      status: 'inactive',
      rtp_variant: null,
      currency: 'GBP',
      language: 'pt-BR',
    });
    const cleared = await cli('operator', 'update', id, '--language', '');
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(await operatorRow(id)).toMatchObject({ language: null });
    const refused = await cli('operator', 'update', id, '--language', 'nl');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/language must be null or one of/);
  });

  it('operator update --jurisdiction: sets the default market; an unknown one is refused', async () => {
    const id = await createOperator();
    const set = await cli('operator', 'update', id, '--jurisdiction', 'uk');
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/jurisdiction\s+uk/);
    expect(await operatorRow(id)).toMatchObject({ default_jurisdiction: 'uk' });
    const refused = await cli('operator', 'update', id, '--jurisdiction', 'mars');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/default_jurisdiction must be one of/);
  });

  it('operator update: switching to callback generates and shows a secret', async () => {
    const id = await createOperator();
    const result = await cli(
      'operator',
      'update',
      id,
      '--wallet-mode',
      'callback',
      '--wallet-base-url',
      'https://wallet.example/x',
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Updated operator ${id}\\.\n`));
    const secret = /\nWallet secret: (rf_whsec_\w+)\n/.exec(result.stdout)?.[1];
    expect((await operatorRow(id)).wallet_secret).toBe(secret);
  });

  it('operator update: exit 1 for an unknown operator', async () => {
    const result = await cli('operator', 'update', 'op_nobody', '--name', 'X');
    expect(result).toEqual({ code: 1, stdout: '', stderr: 'reelforge: operator op_nobody not found\n' });
  });

  it('key create: an operator key, shown once and stored as a hash', async () => {
    const id = await createOperator();
    const result = await cli('key', 'create', id);
    expect(result.code, result.stderr).toBe(0);
    const keyId = /^Created API key (key_\w+) for operator op_\w+\.\n/.exec(result.stdout)?.[1] as string;
    const apiKey = /\nAPI key: (rf_live_\w{33})\n/.exec(result.stdout)?.[1] as string;
    expect(result.stdout).toContain('This key is shown only this once');
    const row = await store.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', keyId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'operator', operator_id: id, revoked_at: null });
    expect(row.key_hash.equals(hashApiKey(apiKey))).toBe(true);
  });

  it('key create --master, then key revoke', async () => {
    const created = await cli('--json', 'key', 'create', '--master');
    expect(created.code, created.stderr).toBe(0);
    const { key_id, api_key } = JSON.parse(created.stdout);
    expect(api_key).toMatch(/^rf_master_\w{33}$/);

    const revoked = await cli('key', 'revoke', key_id);
    expect(revoked).toEqual({ code: 0, stdout: `Revoked key ${key_id}.\n`, stderr: '' });
    const row = await store.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'master', operator_id: null });
    expect(row.revoked_at).toBeInstanceOf(Date);
  });

  it('key list: id, kind, operator, prefix, created, last used, revoked; never the key', async () => {
    const id = await createOperator();
    const admin = (await staffOf(store)).operators;
    const kept = await admin.createKey('operator', id);
    const gone = await admin.createKey('operator', id);
    if (!kept.ok || !gone.ok) throw new Error('key set-up failed');
    await admin.revokeKey(gone.value.key_id);
    const table = await cli('key', 'list', id);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^KEY ID\s+KIND\s+OPERATOR\s+PREFIX\s+CREATED\s+LAST USED\s+REVOKED$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(`^${kept.value.key_id}\\s+operator\\s+${id}\\s+rf_live_\\w{4}\\s+\\d{4}-.*\\s+never\\s+-$`),
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^${gone.value.key_id}\\s+operator\\s+${id}\\s+rf_live_\\w{4}\\s+\\d{4}-.*\\s+never\\s+\\d{4}-`,
      ),
    );
    expect(table.stdout).not.toContain(kept.value.api_key);

    const json = await cli('--json', 'key', 'list', id);
    expect(json.code, json.stderr).toBe(0);
    const { keys } = JSON.parse(json.stdout);
    expect(keys.map((key: { key_id: string }) => key.key_id)).toEqual([kept.value.key_id, gone.value.key_id]);
    expect(keys[1]).toMatchObject({ kind: 'operator', operator_id: id, last_used_at: null });
    expect(keys[1].revoked_at).toMatch(/Z$/);
    expect(json.stdout).not.toContain(gone.value.api_key);
  });

  it('key list: exit 1 for an unknown operator', async () => {
    const result = await cli('key', 'list', 'op_nobody');
    expect(result).toEqual({ code: 1, stdout: '', stderr: 'reelforge: operator op_nobody not found\n' });
  });

  it('key revoke: exit 1 for an unknown key', async () => {
    const result = await cli('key', 'revoke', 'key_nothing');
    expect(result).toEqual({ code: 1, stdout: '', stderr: 'reelforge: API key key_nothing not found\n' });
  });

  it('catalog set and get: symbols and slugs in, symbols stored', async () => {
    const id = await createOperator();
    const set = await cli('catalog', 'set', id, 'ember-crown', 'rf_jade_paths', 'rf_ember_crown');
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`Operator ${id} allows 2 games:`);
    expect(set.stdout).toMatch(/rf_ember_crown +ember-crown +Ember Crown/);
    const rows = await store.db
      .selectFrom('operator_games')
      .select('game_symbol')
      .where('operator_id', '=', id)
      .orderBy('game_symbol')
      .execute();
    expect(rows.map((row) => row.game_symbol)).toEqual(['rf_ember_crown', 'rf_jade_paths']);

    const get = await cli('catalog', 'get', id, '--json');
    expect(JSON.parse(get.stdout)).toEqual({ symbols: ['rf_ember_crown', 'rf_jade_paths'] });
  });

  it('catalog set: an unknown game rejects the whole list with exit 1', async () => {
    const id = await createOperator();
    await (await staffOf(store)).operators.setCatalog(id, ['rf_ember_crown']);
    const result = await cli('catalog', 'set', id, 'rf_jade_paths', 'rf_nope');
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'reelforge: invalid input: symbols: unknown games rf_nope\n',
    });
    expect(await (await staffOf(store)).operators.getCatalog(id)).toEqual({
      ok: true,
      value: { symbols: ['rf_ember_crown'] },
    });
  });

  it('thumbnail put and delete: stored as WebP, refused when not an image', async () => {
    const png = path.join(dir, 'art.png');
    const text = path.join(dir, 'notes.png');
    await writeFile(png, await solidImage('png', 1200, 600));
    await writeFile(text, 'not an image at all');
    const [put, bad, missing] = await Promise.all([
      cli('thumbnail', 'put', 'harbor-haul', png),
      cli('thumbnail', 'put', 'rf_dune_lantern', text),
      cli('thumbnail', 'put', 'rf_dune_lantern', path.join(dir, 'missing.png')),
    ]);
    expect(put.code, put.stderr).toBe(0);
    expect(put.stdout).toMatch(
      /^Stored the thumbnail of rf_harbor_haul: image\/webp, 960×480, ETag "[\w-]{22}"\.\n$/,
    );
    expect(bad).toEqual({
      code: 1,
      stdout: '',
      stderr: 'reelforge: invalid input: the body is not a PNG, JPEG or WebP image\n',
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^reelforge: cannot read .*missing\.png: ENOENT/);
    const thumbnails = () =>
      store.db
        .selectFrom('game_thumbnails')
        .select(['game_symbol', 'content_type', 'width', 'height'])
        .execute();
    expect(await thumbnails()).toEqual([
      { game_symbol: 'rf_harbor_haul', content_type: 'image/webp', width: 960, height: 480 },
    ]);

    const removed = await cli('--json', 'thumbnail', 'delete', 'rf_harbor_haul');
    expect(JSON.parse(removed.stdout)).toEqual({ symbol: 'rf_harbor_haul', deleted: true });
    expect(await thumbnails()).toEqual([]);
  });
});
