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
      // local to this statement's own transaction, so money writes stay synchronous; the insert
      // selects from the CTE because PostgreSQL skips a CTE nothing refers to.
      const result = await sql<SessionRow & { created: boolean }>`
        with relaxed as (select set_config('synchronous_commit', 'off', true) as setting)
        insert into game_sessions
          (id, operator_id, player_id, game_symbol, currency, token_hash, device, return_url, coin, expires_at)
        select ${input.id}, ${input.operator_id}, ${input.player_id}, ${input.game_symbol}, ${input.currency},
          ${input.token_hash}, ${input.device}, ${input.return_url}, ${input.coin === null ? null : input.coin.toString()}::bigint,
          ${input.expires_at}::timestamptz
        from relaxed
        on conflict (operator_id, player_id, game_symbol, currency) do update set
          token_hash = excluded.token_hash,
          device = excluded.device,
          return_url = excluded.return_url,
          coin = excluded.coin,
          expires_at = excluded.expires_at,
          refreshed_at = now()
        returning *, (xmax = 0) as created
      `.execute(db);
      const { created, ...row } = result.rows[0] as SessionRow & { created: boolean };
      return { row, created };
    },

    async findByTokenHash(hash: Buffer): Promise<SessionRow | undefined> {
      return db.selectFrom('game_sessions').selectAll().where('token_hash', '=', hash).executeTakeFirst();
    },
  };
}
