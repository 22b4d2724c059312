// Rounds: found by the player's click id, listed for history and for staff.
import type { Kysely, Selectable } from 'kysely';
import type { Database, RoundStatus, RoundsTable } from './schema.ts';

export type RoundRow = Selectable<RoundsTable>;

/**
 * A round ready for the ledger: the engine has played it, the session says who played it, and
 * what is left is to pay for it. The store fills in seq, stage, status and the wallet mode.
 */
export type NewRound = Pick<
  RoundRow,
  | 'id'
  | 'session_id'
  | 'operator_id'
  | 'player_id'
  | 'game_symbol'
  | 'currency'
  | 'variant'
  | 'client_round_id'
  | 'kind'
  | 'mode'
  | 'coin'
  | 'bet_level'
  | 'stake'
  | 'win'
  | 'state_before'
  | 'state_after'
  | 'outcome'
  | 'created_at'
> & {
  /** The wallet action_type of its debit and credit. */
  action_type: string;
};

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

export type RoundsRepo = ReturnType<typeof roundsRepo>;
