// Rounds: found by the player's click id, listed for history and for staff.
import type { Kysely, Selectable } from 'kysely';
import { batchReader } from './batch.ts';
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
  | 'free_round_grant_id'
  | 'certificate_hash'
  | 'jurisdiction_code'
  | 'jurisdiction_version'
> & {
  /** The wallet action_type of its debit and credit. */
  action_type: string;
  /** A free round (or a feature spin it started): whose campaign, and whether it takes a round of the grant. */
  free_round?: { campaign_id: string; grant_id: string; new_round: boolean };
  /** The round's signed details page, sent with its credit. */
  details_url?: string;
  /** What a paid round adds to the jackpot pools it feeds, and its progressive draws (issue 28). */
  jackpot?: JackpotFeed[];
};

/**
 * A round's share of one pool and its draws, as functions/rf_jackpot_candidates.sql and rf_jackpot_feed.sql
 * take them (amounts in fine units); the shares the statement adds are the round's public entries made
 * from it (store/ledger.repo.ts#jackpotEntries).
 */
export interface JackpotFeed {
  pool_id: string;
  /** Pool minor units per minor unit of the round's currency. */
  num: string;
  den: string;
  /** In position order. */
  tiers: Array<{
    tier_id: string;
    position: number;
    meter: string;
    reserve: string;
    dust: string;
    /** A progressive tier's certified draw: whether this round triggers it. */
    hit: boolean;
    /** A must-drop tier: whether it may fall now (services/jackpots.ts#mayDrop); the store decides. */
    check: boolean;
    /** With check: the next cycle's point and salt, used when no point was drawn ahead. */
    next?: { at: string; salt: string };
  }>;
}

export interface RoundFilter {
  /** The round with this id. */
  roundId?: string;
  /** The round of this wallet transaction. */
  transactionId?: string;
  operatorId?: string;
  playerId?: string;
  status?: RoundStatus;
  beforeSeq?: bigint;
  /** Rounds begun before this time (another cluster's page after a round of its own: src/services/fan-out.ts). */
  beforeTime?: Date;
  limit: number;
}

/**
 * The rounds of one table: money rounds (`rounds`) or demo rounds (`demo_rounds`, kept apart so no
 * money report can count them). Both tables have the same columns.
 */
export function roundsRepo(db: Kysely<Database>, table: 'rounds' | 'demo_rounds' = 'rounds') {
  // One shape, two names: the queries are typed against `rounds` and run on `table`.
  const from = table as 'rounds';
  // Rounds read by id in one event-loop turn (each spin's answer reads its round back) share a statement.
  const byId = batchReader<RoundRow>(async (ids) => {
    const rows = await db.selectFrom(from).selectAll().where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row]));
  });
  return {
    find(id: string): Promise<RoundRow | undefined> {
      return byId.read(id);
    },

    async findByClientId(sessionId: string, clientRoundId: string): Promise<RoundRow | undefined> {
      return db
        .selectFrom(from)
        .selectAll()
        .where('session_id', '=', sessionId)
        .where('client_round_id', '=', clientRoundId)
        .executeTakeFirst();
    },

    /** The session's rounds, newest first, before the round `beforeId` when given. */
    async history(sessionId: string, limit: number, beforeId?: string): Promise<RoundRow[]> {
      let query = db
        .selectFrom(from)
        .selectAll()
        .where('session_id', '=', sessionId)
        .orderBy('seq', 'desc')
        .limit(limit);
      if (beforeId !== undefined) {
        query = query.where('seq', '<', (eb) =>
          eb.selectFrom(from).select('seq').where('id', '=', beforeId).where('session_id', '=', sessionId),
        );
      }
      return query.execute();
    },

    /** The round a wallet transaction belongs to. */
    async findByTransaction(transactionId: string): Promise<RoundRow | undefined> {
      return db
        .selectFrom(from)
        .selectAll()
        .where('id', '=', (eb) =>
          eb.selectFrom('wallet_transactions').select('round_id').where('id', '=', transactionId),
        )
        .executeTakeFirst();
    },

    /**
     * A player's rounds played in [from, to), newest first, `limit` a page; `after` is the last
     * round of the previous page (keyset paging: rounds played meanwhile do not shift pages).
     */
    async ofPlayerBetween(
      operatorId: string,
      playerId: string,
      range: { from: Date; to: Date },
      limit: number,
      after?: { created_at: Date; id: string },
    ): Promise<RoundRow[]> {
      let query = db
        .selectFrom(from)
        .selectAll()
        .where('operator_id', '=', operatorId)
        .where('player_id', '=', playerId)
        .where('created_at', '>=', range.from)
        .where('created_at', '<', range.to)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', after.created_at),
            eb.and([eb('created_at', '=', after.created_at), eb('id', '<', after.id)]),
          ]),
        );
      }
      return query.execute();
    },

    async list(filter: RoundFilter): Promise<RoundRow[]> {
      let query = db.selectFrom(from).selectAll().orderBy('seq', 'desc').limit(filter.limit);
      if (filter.roundId !== undefined) query = query.where('id', '=', filter.roundId);
      const { transactionId } = filter;
      if (transactionId !== undefined)
        query = query.where('id', '=', (eb) =>
          eb.selectFrom('wallet_transactions').select('round_id').where('id', '=', transactionId),
        );
      if (filter.operatorId !== undefined) query = query.where('operator_id', '=', filter.operatorId);
      if (filter.playerId !== undefined) query = query.where('player_id', '=', filter.playerId);
      if (filter.status !== undefined) query = query.where('status', '=', filter.status);
      if (filter.beforeSeq !== undefined) query = query.where('seq', '<', filter.beforeSeq);
      if (filter.beforeTime !== undefined) query = query.where('created_at', '<', filter.beforeTime);
      return query.execute();
    },
  };
}

export type RoundsRepo = ReturnType<typeof roundsRepo>;
