// Game sessions: one row per (operator, player, game, currency), refreshed by each launch.
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, GameSessionsTable } from './schema.ts';

export type SessionRow = Selectable<GameSessionsTable>;

export interface SessionUpsert {
  id: string;
  operator_id: string;
  player_id: string;
  game_symbol: string;
  currency: string;
  token_hash: Buffer;
  device: string;
  return_url: string | null;
  coin: bigint | null;
  expires_at: Date;
}

export function sessionsRepo(db: Kysely<Database>) {
  return {
    /**
     * Creates the session or refreshes the live one: new token (the old one stops working),
     * expiry reset, feature state kept. Returns the row and whether it is new.
     */
    async launch(input: SessionUpsert): Promise<{ row: SessionRow; created: boolean }> {
      // A session moves no money: its commit need not wait for the disk flush. At worst a database
      // crash loses the last launches, and those players launch again. set_config(..., true) is
      // local to this statement's own transaction, so money writes stay synchronous.
      const row = await db
        .with('relaxed', (qb) =>
          qb.selectNoFrom(sql<string>`set_config('synchronous_commit', 'off', true)`.as('setting')),
        )
        .insertInto('game_sessions')
        .values({ ...input, coin: input.coin === null ? null : input.coin.toString() })
        .onConflict((oc) =>
          oc.columns(['operator_id', 'player_id', 'game_symbol', 'currency']).doUpdateSet((eb) => ({
            token_hash: eb.ref('excluded.token_hash'),
            device: eb.ref('excluded.device'),
            return_url: eb.ref('excluded.return_url'),
            coin: eb.ref('excluded.coin'),
            expires_at: eb.ref('excluded.expires_at'),
            refreshed_at: sql<Date>`now()`,
          })),
        )
        .returningAll()
        .returning(sql<boolean>`(xmax = 0)`.as('created'))
        .executeTakeFirstOrThrow();
      const { created, ...session } = row;
      return { row: session, created };
    },

    async findByTokenHash(hash: Buffer): Promise<SessionRow | undefined> {
      return db.selectFrom('game_sessions').selectAll().where('token_hash', '=', hash).executeTakeFirst();
    },
  };
}
