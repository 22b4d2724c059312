// Operators, their API keys and catalog allowlists.
import type { Kysely, Selectable } from 'kysely';
import type { Database, OperatorsTable } from './schema.ts';

export type OperatorRow = Selectable<OperatorsTable>;

export interface OperatorFields {
  name: string;
  currency: string;
  status: 'active' | 'inactive';
  wallet_mode: 'internal' | 'callback';
  wallet_base_url: string | null;
  wallet_secret: string | null;
  rtp_variant: string | null;
  /** Whether launch-url accepts play_mode "demo" for this operator's players. */
  demo_enabled: boolean;
  language: string | null;
  /** The jurisdiction profile code a launch without `jurisdiction` plays under. */
  default_jurisdiction: string;
}

export function operatorsRepo(db: Kysely<Database>) {
  return {
    async create(id: string, fields: OperatorFields, isDemo = false): Promise<OperatorRow> {
      return db
        .insertInto('operators')
        .values({ id, ...fields, is_demo: isDemo })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async find(id: string): Promise<OperatorRow | undefined> {
      return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findDemo(): Promise<OperatorRow | undefined> {
      return db
        .selectFrom('operators')
        .selectAll()
        .where('is_demo', '=', true)
        .orderBy('created_at')
        .executeTakeFirst();
    },

    async list(): Promise<OperatorRow[]> {
      return db.selectFrom('operators').selectAll().orderBy('created_at').orderBy('id').execute();
    },

    async update(
      id: string,
      fields: Partial<OperatorFields> &
        Partial<Pick<OperatorRow, 'wallet_secret_next' | 'wallet_secret_switch_at'>>,
    ): Promise<OperatorRow | undefined> {
      return db
        .updateTable('operators')
        .set({ ...fields, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    /** The secret columns together: a rotation scheduled, or (all null but the secret) none. */
    async setWalletSecrets(
      id: string,
      secrets: {
        wallet_secret: string | null;
        wallet_secret_next: string | null;
        wallet_secret_switch_at: Date | null;
      },
    ): Promise<OperatorRow | undefined> {
      return db
        .updateTable('operators')
        .set({ ...secrets, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async catalog(operatorId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('operator_games')
        .select('game_symbol')
        .where('operator_id', '=', operatorId)
        .orderBy('game_symbol')
        .execute();
      return rows.map((row) => row.game_symbol);
    },

    /** Replaces the allowlist in one transaction. */
    async setCatalog(operatorId: string, symbols: readonly string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('operator_games').where('operator_id', '=', operatorId).execute();
        if (symbols.length > 0) {
          await trx
            .insertInto('operator_games')
            .values(symbols.map((game_symbol) => ({ operator_id: operatorId, game_symbol })))
            .execute();
        }
      });
    },
  };
}

export type KeyRow = Selectable<Database['api_keys']>;

export function apiKeysRepo(db: Kysely<Database>) {
  return {
    async create(row: {
      id: string;
      kind: 'operator' | 'master';
      operator_id: string | null;
      key_hash: Buffer;
      key_prefix: string;
    }): Promise<KeyRow> {
      return db.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async findByHash(hash: Buffer): Promise<KeyRow | undefined> {
      return db.selectFrom('api_keys').selectAll().where('key_hash', '=', hash).executeTakeFirst();
    },

    /** Every key (or one operator's), oldest first, revoked ones included. */
    async list(operatorId?: string): Promise<KeyRow[]> {
      let query = db.selectFrom('api_keys').selectAll();
      if (operatorId !== undefined) query = query.where('operator_id', '=', operatorId);
      return query.orderBy('created_at').orderBy('id').execute();
    },

    async listForOperator(operatorId: string): Promise<KeyRow[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('operator_id', '=', operatorId)
        .orderBy('created_at')
        .execute();
    },

    /** Marks a key revoked; false when there is no such key. Revoking twice is harmless. */
    async revoke(keyId: string): Promise<boolean> {
      const result = await db
        .updateTable('api_keys')
        .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(new Date())) }))
        .where('id', '=', keyId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async touch(keyId: string, at: Date): Promise<void> {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
    },
  };
}

export type OperatorsRepo = ReturnType<typeof operatorsRepo>;
export type ApiKeysRepo = ReturnType<typeof apiKeysRepo>;
