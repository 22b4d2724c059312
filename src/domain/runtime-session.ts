// The game session behind a runtime request: found by the hash of its token, live, and still
// allowed (operator active, game in its allowlist). A session reaches only its own operator,
// player, game and currency: everything downstream takes them from here, never from the request.
import type { Kysely } from 'kysely';
import {
  type BetLadder,
  betLadder,
  type Game,
  type GameModel,
  type GameState,
  getGame,
  initialState,
  modelOf,
} from '../engine/index.ts';
import type { OperatorRow } from '../store/operators.repo.ts';
import type { Database } from '../store/schema.ts';
import type { SessionRow } from '../store/sessions.repo.ts';
import type { Access } from './access.ts';
import { inScope, variantFor } from './catalog.ts';
import { type ApiError, errors } from './errors.ts';
import { sha256 } from './ids.ts';

export interface RuntimeSession {
  row: SessionRow;
  operator: OperatorRow;
  game: Game;
  variant: string;
  model: GameModel;
  ladder: BetLadder;
  state: GameState;
  stateVersion: bigint;
  /** The token the request came with: the session_id the operator knows this session by. */
  token: string;
}

const TOKEN = /^ses_[A-Za-z0-9]{16,64}$/;

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

export function stateOf(row: SessionRow, model: GameModel): GameState {
  const state = row.state as Partial<GameState> | null;
  if (!state || typeof state !== 'object' || typeof state.freeSpinsLeft !== 'number')
    return initialState(model);
  return state as GameState;
}

export function createRuntimeSessions(db: Kysely<Database>, access: Access, now: () => Date) {
  async function resolve(
    token: string | undefined,
  ): Promise<{ ok: true; session: RuntimeSession } | { ok: false; error: ApiError }> {
    if (token === undefined || !TOKEN.test(token)) {
      return {
        ok: false,
        error: errors.sessionInvalid(
          'missing or malformed session token: send Authorization: Bearer <token>',
        ),
      };
    }
    const row = await db
      .selectFrom('game_sessions')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row) return { ok: false, error: errors.sessionInvalid('unknown or revoked session token') };
    if (row.expires_at.getTime() <= now().getTime()) return { ok: false, error: errors.sessionExpired() };
    const operatorAccess = await access.operatorAccess(row.operator_id);
    if (!operatorAccess)
      return { ok: false, error: errors.sessionInvalid('the session operator no longer exists') };
    const { operator, allowlist } = operatorAccess;
    if (operator.status !== 'active')
      return { ok: false, error: errors.forbidden(`operator ${operator.id} is inactive`) };
    const game = getGame(row.game_symbol);
    const scope = {
      kind: 'operator' as const,
      operatorId: operator.id,
      allowlist,
      rtpVariant: operator.rtp_variant,
    };
    if (!game || !inScope(game, scope)) {
      return {
        ok: false,
        error: errors.forbidden(`game ${row.game_symbol} is not enabled for this operator`),
      };
    }
    const variant = variantFor(game, scope);
    const model = modelOf(game, variant);
    return {
      ok: true,
      session: {
        row,
        operator,
        game,
        variant: model.variant,
        model,
        ladder: betLadder(game, row.currency),
        state: stateOf(row, model),
        stateVersion: row.state_version,
        token,
      },
    };
  }

  return {
    resolve,
    /** Pushes the session's expiry to now + TTL (sessions slide with play). */
    async slide(session: RuntimeSession, ttlSeconds: number): Promise<Date> {
      const expiresAt = new Date(now().getTime() + ttlSeconds * 1000);
      await db
        .updateTable('game_sessions')
        .set({ expires_at: expiresAt })
        .where('id', '=', session.row.id)
        .where('expires_at', '<', expiresAt)
        .execute();
      return expiresAt;
    },
  };
}

export type RuntimeSessions = ReturnType<typeof createRuntimeSessions>;
