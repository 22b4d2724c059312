// Game sessions. Launches arriving together are written together (batch.ts): one multi-row upsert
// per turn of the event loop instead of one statement each.
import { type Kysely, type Selectable, sql } from 'kysely';
import type pg from 'pg';
import { batchReader, batchWriter } from './batch.ts';
import type { Database, GameSessionsTable, PlayMode } from './schema.ts';

export type SessionRow = Selectable<GameSessionsTable>;

/** One launch: the session key (operator, player, game, currency) and what the launch sets. */
export type SessionUpsert = Pick<
  SessionRow,
  | 'id'
  | 'operator_id'
  | 'player_id'
  | 'game_symbol'
  | 'currency'
  | 'token_hash'
  | 'device'
  | 'return_url'
  | 'coin'
  | 'default_bet'
  | 'expires_at'
  | 'jurisdiction_version'
  | 'player_age_band'
  | 'reality_check_interval'
  | 'reality_check_at'
  | 'time_limit_seconds'
  | 'loss_limit'
  | 'history_url'
> & { play_mode: PlayMode; jurisdiction_code: string; session_started_at: Date };

const keyOf = (s: {
  operator_id: string;
  player_id: string;
  game_symbol: string;
  currency: string;
  play_mode: PlayMode;
}) => `${s.operator_id}\n${s.player_id}\n${s.game_symbol}\n${s.currency}\n${s.play_mode}`;

/** What a launch answers: the session's id (kept when the launch refreshes it) and whether it is new. */
type Launched = { id: string; created: boolean };
type LaunchedRow = Launched &
  Pick<SessionRow, 'operator_id' | 'player_id' | 'game_symbol' | 'currency' | 'play_mode'>;

// One row per launch of the batch, in the batch's order (sorted by key, so that concurrent batches
// take their row locks in one order). Only the key and the outcome come back: the launch needs no
// other column, and parsing a whole session row (its timestamps into Dates) was CPU for nothing.
// A session moves no money: its commit need not wait for the disk flush. At worst a database crash
// loses the last launches, and those players launch again. set_config(..., true) is local to this
// statement's transaction, so money writes stay synchronous; the insert reads the CTE because
// PostgreSQL skips a CTE nothing refers to.
export const LAUNCH_SQL = `
  with relaxed as (select set_config('synchronous_commit', 'off', true) as setting)
  insert into game_sessions
    (id, operator_id, player_id, game_symbol, currency, token_hash, device, return_url, coin, expires_at,
     play_mode, jurisdiction_code, jurisdiction_version, player_age_band, reality_check_interval,
     reality_check_at, time_limit_seconds, loss_limit, history_url, session_started_at, default_bet)
  select launch.id, launch.operator_id, launch.player_id, launch.game_symbol, launch.currency,
    launch.token_hash, launch.device, launch.return_url, launch.coin, launch.expires_at, launch.play_mode,
    launch.jurisdiction_code, launch.jurisdiction_version, launch.player_age_band,
    launch.reality_check_interval, launch.reality_check_at, launch.time_limit_seconds, launch.loss_limit,
    launch.history_url, launch.session_started_at, launch.default_bet
  from relaxed, unnest(
    $1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bytea[], $7::text[], $8::text[],
    $9::bigint[], $10::timestamptz[], $11::text[], $12::text[], $13::text[], $14::text[], $15::integer[],
    $16::timestamptz[], $17::integer[], $18::bigint[], $19::text[], $20::timestamptz[],
    $21::bigint[]
  ) with ordinality as launch (id, operator_id, player_id, game_symbol, currency, token_hash, device,
    return_url, coin, expires_at, play_mode, jurisdiction_code, jurisdiction_version, player_age_band,
    reality_check_interval, reality_check_at, time_limit_seconds, loss_limit, history_url,
    session_started_at, default_bet, position)
  order by launch.position
  on conflict (operator_id, player_id, game_symbol, currency, play_mode) do update set
    token_hash = excluded.token_hash,
    device = excluded.device,
    return_url = excluded.return_url,
    coin = excluded.coin,
    default_bet = excluded.default_bet,
    expires_at = excluded.expires_at,
    refreshed_at = now(),
    -- A launch starts the player's session afresh: its market, terms, clock and net position
    -- (last_round_at stays, so a relaunch cannot skip the minimum cycle time).
    jurisdiction_code = excluded.jurisdiction_code,
    jurisdiction_version = excluded.jurisdiction_version,
    player_age_band = excluded.player_age_band,
    reality_check_interval = excluded.reality_check_interval,
    reality_check_at = excluded.reality_check_at,
    time_limit_seconds = excluded.time_limit_seconds,
    loss_limit = excluded.loss_limit,
    history_url = excluded.history_url,
    session_started_at = excluded.session_started_at,
    net_position = 0,
    ended_at = null
  returning id, operator_id, player_id, game_symbol, currency, play_mode, (xmax = 0) as created`;

export function sessionsRepo(db: Kysely<Database>, pool: Pick<pg.Pool, 'query'>) {
  // One row per session in a statement: a second launch of the same session waits for the next
  // one, so the two apply in order (the later token wins, as when they come one by one).
  const launches = batchWriter<SessionUpsert, Launched>(keyOf, async (batch) => {
    const column = <T>(pick: (input: SessionUpsert) => T) => batch.map(pick);
    // A named statement: each pooled connection parses and plans it once. Sent as text, PostgreSQL
    // parsed and planned this upsert for every batch, which measured about 1,600-2,000 µs of the
    // backend's CPU per batch of 7 against 820-950 µs prepared (the same batches, alternating).
    const result = await pool.query<LaunchedRow>({
      name: 'rf_launch_sessions',
      text: LAUNCH_SQL,
      values: [
        column((i) => i.id),
        column((i) => i.operator_id),
        column((i) => i.player_id),
        column((i) => i.game_symbol),
        column((i) => i.currency),
        column((i) => i.token_hash),
        column((i) => i.device),
        column((i) => i.return_url),
        column((i) => (i.coin === null ? null : i.coin.toString())),
        column((i) => i.expires_at.toISOString()),
        column((i) => i.play_mode),
        column((i) => i.jurisdiction_code),
        column((i) => i.jurisdiction_version),
        column((i) => i.player_age_band),
        column((i) => i.reality_check_interval),
        column((i) => i.reality_check_at?.toISOString() ?? null),
        column((i) => i.time_limit_seconds),
        column((i) => (i.loss_limit === null ? null : i.loss_limit.toString())),
        column((i) => i.history_url),
        column((i) => i.session_started_at.toISOString()),
        column((i) => (i.default_bet === null ? null : i.default_bet.toString())),
      ],
    });
    const byKey = new Map(result.rows.map((row) => [keyOf(row), row]));
    return batch.map((input) => {
      const found = byKey.get(keyOf(input));
      if (!found) throw new Error('the session upsert returned no row');
      return { id: found.id, created: found.created };
    });
  });

  // Session look-ups of one event-loop turn (every runtime request starts with one) share a statement.
  const byTokenHash = batchReader<SessionRow>(async (hexes) => {
    const rows = await db
      .selectFrom('game_sessions')
      .selectAll()
      .where(
        'token_hash',
        'in',
        hexes.map((hex) => Buffer.from(hex, 'hex')),
      )
      .execute();
    return new Map(rows.map((row) => [row.token_hash.toString('hex'), row]));
  });

  return {
    findByTokenHash(tokenHash: Buffer): Promise<SessionRow | undefined> {
      return byTokenHash.read(tokenHash.toString('hex'));
    },

    /** Moves the session's expiry forward to `expiresAt` (never back). */
    async slide(id: string, expiresAt: Date): Promise<void> {
      await db
        .updateTable('game_sessions')
        .set({ expires_at: expiresAt })
        .where('id', '=', id)
        .where('expires_at', '<', expiresAt)
        .execute();
    },

    /** The player answered the reality check: the next one is due at `nextAt`. */
    async answerRealityCheck(id: string, nextAt: Date): Promise<void> {
      await db
        .updateTable('game_sessions')
        .set({ reality_check_at: nextAt, state_version: sql`state_version + 1` })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The player left: the session plays no more rounds until it is launched again. The state
     * version moves, as with a reality check's answer, so a node that cached the row finds out.
     */
    async end(id: string, at: Date): Promise<void> {
      await db
        .updateTable('game_sessions')
        .set({ ended_at: at, state_version: sql`state_version + 1` })
        .where('id', '=', id)
        .execute();
    },

    /** The profile's version changed since launch (a new release): the session follows it. */
    async setJurisdictionVersion(id: string, version: string): Promise<void> {
      await db
        .updateTable('game_sessions')
        .set({ jurisdiction_version: version })
        .where('id', '=', id)
        .execute();
    },

    /**
     * One game at a time: this session takes (or keeps) the player's play until `until`, unless
     * another session of the player holds it past `now`. One statement, so two nodes cannot both win.
     */
    async claimPlay(
      session: { id: string; operator_id: string; player_id: string },
      now: Date,
      until: Date,
    ): Promise<boolean> {
      // The claim's commit does not wait for the disk flush: the round it guards commits durably
      // after it, and that flush carries the claim's earlier WAL with it; a crash before the round
      // loses a claim that guarded nothing. So a spin under one-game-at-a-time waits for one flush,
      // not two. (set_config(..., true) is local to this statement's transaction.)
      const { rows } = await sql<{ session_id: string }>`
        with relaxed as (select set_config('synchronous_commit', 'off', true) as setting)
        insert into player_activity as a (operator_id, player_id, session_id, active_until)
        select ${session.operator_id}::text, ${session.player_id}::text, ${session.id}::text,
          ${until}::timestamptz
        from relaxed
        on conflict (operator_id, player_id) do update
          set session_id = excluded.session_id, active_until = excluded.active_until
          where a.session_id = excluded.session_id or a.active_until <= ${now}
        returning a.session_id`.execute(db);
      return rows.length === 1;
    },

    /** Lets go of the player's play if this session holds it (the player left). */
    async releasePlay(session: { id: string; operator_id: string; player_id: string }): Promise<void> {
      await db
        .deleteFrom('player_activity')
        .where('operator_id', '=', session.operator_id)
        .where('player_id', '=', session.player_id)
        .where('session_id', '=', session.id)
        .execute();
    },

    /**
     * Creates the session or refreshes the live one: new token (the old one stops working),
     * expiry reset, feature state kept. Resolves with the stored row and whether it is new.
     */
    launch(input: SessionUpsert): Promise<Launched> {
      return launches.write(input);
    },
  };
}

export type SessionsRepo = ReturnType<typeof sessionsRepo>;
