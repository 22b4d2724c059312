// Staff's live switch per game (migration 012): a row says whether staff turned the game off.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export function gamesRepo(db: Kysely<Database>) {
  return {
    /** Symbols of the games staff switched off. */
    async switchedOff(): Promise<string[]> {
      const rows = await db
        .selectFrom('game_live_switches')
        .select('game_symbol')
        .where('live', '=', false)
        .execute();
      return rows.map((row) => row.game_symbol);
    },

    async setLive(symbol: string, live: boolean): Promise<void> {
      await db
        .insertInto('game_live_switches')
        .values({ game_symbol: symbol, live, changed_at: new Date() })
        .onConflict((oc) => oc.column('game_symbol').doUpdateSet({ live, changed_at: new Date() }))
        .execute();
    },
  };
}

export type GamesRepo = ReturnType<typeof gamesRepo>;
