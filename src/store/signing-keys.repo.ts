// Keys the store makes once and every node shares (migrations/008: round_details).
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export function signingKeysRepo(db: Kysely<Database>) {
  return {
    async get(name: string): Promise<string> {
      const row = await db
        .selectFrom('signing_keys')
        .select('secret')
        .where('name', '=', name)
        .executeTakeFirst();
      if (!row) throw new Error(`signing key ${name} is missing: run the migrations`);
      return row.secret;
    },

    async find(name: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('signing_keys')
        .select('secret')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.secret;
    },

    /** Drops a key the store must no longer hold (the old TOTP key once no secret needs it). */
    async remove(name: string): Promise<void> {
      await db.deleteFrom('signing_keys').where('name', '=', name).execute();
    },
  };
}
