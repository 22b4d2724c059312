// Rounds: found by the player's click id, listed for history and for staff.
import type { Kysely, Selectable } from 'kysely';
import type { Database, RoundStatus, RoundsTable } from './schema.ts';

export type RoundRow = Selectable<RoundsTable>;

export interface RoundFilter {
  operatorId?: string;
  playerId?: string;
  status?: RoundStatus;
  beforeSeq?: bigint;
  limit: number;
}

export function roundsRepo(db: Kysely<Database>) {
  return {
    async find(id: string): Promise<RoundRow | undefined> {
      return db.selectFrom('rounds').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByClientId(sessionId: string, clientRoundId: string): Promise<RoundRow | undefined> {
      return db
        .selectFrom('rounds')
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('client_round_id', '=', clientRoundId)
        .executeTakeFirst();
    },

    /** The session's rounds, newest first, before the round `beforeId` when given. */
    async history(sessionId: string, limit: number, beforeId?: string): Promise<RoundRow[]> {
      let query = db
        .selectFrom('rounds')
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('seq', 'desc')
        .limit(limit);
      if (beforeId !== undefined) {
        query = query.where('seq', '<', (eb) =>
          eb
            .selectFrom('rounds')
            .select('seq')
            .where('id', '=', beforeId)
            .where('session_id', '=', sessionId),
        );
      }
      return query.execute();
    },

    async list(filter: RoundFilter): Promise<RoundRow[]> {
      let query = db.selectFrom('rounds').selectAll().orderBy('seq', 'desc').limit(filter.limit);
      if (filter.operatorId !== undefined) query = query.where('operator_id', '=', filter.operatorId);
      if (filter.playerId !== undefined) query = query.where('player_id', '=', filter.playerId);
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      if (filter.beforeSeq !== undefined) query = query.where('seq', '<', filter.beforeSeq);
      return query.execute();
    },
  };
}
