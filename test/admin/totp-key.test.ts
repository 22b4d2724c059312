// Issue 25, red-team item 8: staff TOTP secrets are sealed under TOTP_KEY, which is not in the
// database. Secrets sealed before under the store's own 'staff_totp' key are sealed again at start-up
// and that key is dropped; afterwards no value the database holds opens any sealed secret.
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createStaffServices } from '../../src/services/index.ts';
import { newTotpSecret, totpBox, totpCode } from '../../src/services/totp.ts';
import type { Store } from '../../src/store/db.ts';
import { createTestStore } from '../helpers/db.ts';
import { STAFF_PASSWORD } from '../helpers/staff.ts';

let store: Store;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ store, drop } = await createTestStore());
});
afterAll(async () => {
  await drop?.();
});

/** How secrets were sealed before issue 25 (v1: AES-256-GCM under sha256('staff_totp:' + store key)). */
function sealV1(storeKey: string, secret: string): string {
  const key = createHash('sha256').update(`staff_totp:${storeKey}`, 'utf8').digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
}

describe('TOTP secrets under TOTP_KEY', () => {
  it('seals old secrets again at start-up, drops the store key, and the second factor still works', async () => {
    const secrets = loadConfig({ APP_ENV: 'test', TOTP_KEY: randomBytes(32).toString('base64url') }).secrets;
    const first = await createStaffServices(store, { kind: 'cli', user: 'test' }, { secrets });
    const made = await first.staff.create(
      { email: 'totp-old@reelforge.test', role: 'viewer', password: STAFF_PASSWORD },
      { kind: 'cli', user: 'test' },
    );
    expect(made.ok).toBe(true);
    const id = (made as { value: { id: string } }).value.id;

    // The database as an older version left it: its own key, and a secret sealed under it.
    const storeKey = randomBytes(32).toString('hex');
    await store.db.insertInto('signing_keys').values({ name: 'staff_totp', secret: storeKey }).execute();
    const secret = newTotpSecret();
    await store.db
      .updateTable('staff_accounts')
      .set({ totp_secret: sealV1(storeKey, secret), totp_enabled: true })
      .where('id', '=', id)
      .execute();

    const upgraded = await createStaffServices(store, { kind: 'cli', user: 'test' }, { secrets });
    const row = await store.db
      .selectFrom('staff_accounts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v2\./);
    expect(totpBox(secrets.totpKey).open(row.totp_secret as string)).toBe(secret);
    const keys = await store.db.selectFrom('signing_keys').select(['name', 'secret']).execute();
    expect(keys.map((k) => k.name)).not.toContain('staff_totp');

    const signed = await upgraded.staff.signIn(
      {
        email: 'totp-old@reelforge.test',
        password: STAFF_PASSWORD,
        totp: await totpCode(secret, new Date()),
      },
      '127.0.0.1',
    );
    expect(signed.ok).toBe(true);

    // The attack: everything in the database, tried as the key (and as the old key), opens nothing.
    const candidates = [...keys.map((k) => k.secret), storeKey, row.password_hash, row.id];
    for (const candidate of candidates) {
      expect(() => totpBox(candidate).open(row.totp_secret as string)).toThrow();
      expect(() => totpBox(candidate, candidate).open(row.totp_secret as string)).toThrow();
    }
  });
});
