// The game session behind a runtime request: found by the hash of its token, live, and still
// allowed (operator active, game in its allowlist). A session reaches only its own operator,
// player, game and currency: everything downstream takes them from here, never from the request.

import { inScope, variantFor } from '../domain/catalog.ts';
import { looksLikeSessionToken } from '../domain/clusters.ts';
import { type ApiError, errors } from '../domain/errors.ts';
import { sha256 } from '../domain/ids.ts';
import { restrictLadder, type SessionJurisdiction } from '../domain/jurisdiction.ts';
import { type GameModel, type GameState, initialState } from '../engine/index.ts';
import { type BetLadder, betLadder, type Game, getGame, modelOf } from '../games/index.ts';
import { effectiveRules, maxStakeMinor, profileOf } from '../jurisdictions/index.ts';
import type { OperatorRow } from '../store/operators.repo.ts';
import type { SessionRow, SessionsRepo } from '../store/sessions.repo.ts';
import type { AccessService } from './access.ts';
import type { PlacementService } from './placement.ts';

export interface RuntimeSession {
  row: SessionRow;
  operator: OperatorRow;
  game: Game;
  variant: string;
  model: GameModel;
  /** The ladder the session offers: the game's, less what its jurisdiction leaves out. */
  ladder: BetLadder;
  /** The game's whole ladder in the session currency (a bet is read against it, then checked). */
  gameLadder: BetLadder;
  jurisdiction: SessionJurisdiction;
  state: GameState;
  stateVersion: bigint;
  /** The token the request came with: the session_id the operator knows this session by. */
  token: string;
}

function stateOf(row: SessionRow, model: GameModel): GameState {
  const state = row.state as Partial<GameState> | null;
  if (!state || typeof state !== 'object' || typeof state.freeSpinsLeft !== 'number')
    return initialState(model);
  return state as GameState;
}

export type Resolved = { ok: true; session: RuntimeSession } | { ok: false; error: ApiError };

export interface SessionService {
  /** The live, still-allowed session of `token`, read from the store. */
  resolve(token: string | undefined): Promise<Resolved>;
  /** resolve() for the spin path: the session may come from this node's cache. */
  resolveForPlay(token: string | undefined): Promise<Resolved>;
  /** After a round: the cached row moves on with the session (state, version, expiry). */
  remember(
    session: RuntimeSession,
    state: unknown,
    expiresAt: Date,
    featureGrantId?: string | null,
    round?: { startedAt: Date; net: bigint },
  ): void;
  forget(token: string): void;
  /** The profile's version changed since launch (a release): the session row follows it. */
  syncJurisdictionVersion(session: RuntimeSession): Promise<void>;
  /** One game at a time: this session holds the player's play until `until` (false: another does). */
  claimPlay(session: RuntimeSession, now: Date, until: Date): Promise<boolean>;
  /** The player answered the reality check: continue (next one at `nextAt`) or leave (session ends). */
  answerRealityCheck(session: RuntimeSession, action: 'continue' | 'leave', nextAt: Date): Promise<void>;
  /** Pushes the session's expiry to now + `ttlSeconds` (sessions slide with play). */
  slide(session: RuntimeSession, ttlSeconds: number): Promise<Date>;
}

/** Sessions kept by the spin path between rounds; beyond this the cache starts over. */
const CACHE_LIMIT = 10_000;

export function createSessionService(deps: {
  sessions: SessionsRepo;
  access: AccessService;
  now(): Date;
  /** Where operators play: a round of an operator being moved (read-only) is refused. */
  placement?: PlacementService;
}): SessionService {
  const { access, now } = deps;
  /**
   * Session rows by token, for the spin path: the round's first statement re-checks the token,
   * expiry and state version in the store (rf_play_internal_round, rf_play_demo_round, and the
   * callback opening, functions/rf_open_callback_round.sql), so a stale copy costs a retry, never a wrong round.
   * Whatever changes the row in a way a round must see (a round, ending the session, answering a
   * reality check) moves its state version, so a copy cached on another node is caught too.
   */
  const cache = new Map<string, SessionRow>();

  function malformed(token: string | undefined): Resolved | undefined {
    if (token !== undefined && looksLikeSessionToken(token)) return undefined;
    return {
      ok: false,
      error: errors.sessionInvalid('missing or malformed session token: send Authorization: Bearer <token>'),
    };
  }

  /** A session of an operator `reelforge operator move` is moving takes no new round (from the cached map). */
  async function movable(resolved: Resolved): Promise<Resolved> {
    if (!resolved.ok || !deps.placement) return resolved;
    const operatorId = resolved.session.row.operator_id;
    const placed = deps.placement.cachedOf(operatorId) ?? (await deps.placement.of(operatorId));
    return placed.readOnly ? { ok: false, error: errors.operatorMoving() } : resolved;
  }

  async function resolve(token: string | undefined): Promise<Resolved> {
    const bad = malformed(token);
    if (bad || token === undefined) return bad as Resolved;
    const row = await deps.sessions.findByTokenHash(sha256(token));
    if (!row) return { ok: false, error: errors.sessionInvalid('unknown or revoked session token') };
    return build(row, token);
  }

  /**
   * The game's ladder in the session's currency, and that ladder fitted to the session's market and
   * age band: the same for every spin of a session, so made once per combination (read-only).
   */
  const fitted = new Map<string, Pick<RuntimeSession, 'gameLadder' | 'ladder' | 'jurisdiction'>>();
  function fittedTo(game: Game, row: SessionRow) {
    const key = `${game.symbol}\n${row.currency}\n${row.jurisdiction_code}\n${row.player_age_band ?? ''}`;
    let found = fitted.get(key);
    if (!found) {
      const profile = profileOf(row.jurisdiction_code);
      const rules = effectiveRules(profile);
      const maxStake = maxStakeMinor(rules, row.currency, row.player_age_band);
      const gameLadder = betLadder(game, row.currency);
      found = {
        gameLadder,
        ladder: restrictLadder(gameLadder, rules, maxStake),
        jurisdiction: { profile, rules, maxStake },
      };
      if (fitted.size >= 10_000) fitted.clear();
      fitted.set(key, found);
    }
    return found;
  }

  async function build(row: SessionRow, token: string): Promise<Resolved> {
    if (row.expires_at.getTime() <= now().getTime()) return { ok: false, error: errors.sessionExpired() };
    const operatorAccess = await access.operatorAccess(row.operator_id);
    if (!operatorAccess)
      return { ok: false, error: errors.sessionInvalid('the session operator no longer exists') };
    const { operator, allowlist } = operatorAccess;
    if (operator.status !== 'active')
      return { ok: false, error: errors.forbidden(`operator ${operator.id} is inactive`) };
    if (row.play_mode === 'demo' && !operator.demo_enabled)
      return { ok: false, error: errors.forbidden('demo play is turned off for this operator') };
    const game = getGame(row.game_symbol);
    const scope = {
      kind: 'operator' as const,
      operatorId: operator.id,
      allowlist,
      rtpVariant: operator.rtp_variant,
      off: await access.switchedOff(),
    };
    if (!game || !inScope(game, scope)) {
      return {
        ok: false,
        error: errors.forbidden(`game ${row.game_symbol} is not enabled for this operator`),
      };
    }
    const variant = variantFor(game, scope);
    const model = modelOf(game, variant);
    const { gameLadder, ladder, jurisdiction } = fittedTo(game, row);
    return {
      ok: true,
      session: {
        row,
        operator,
        game,
        variant: model.variant,
        model,
        ladder,
        gameLadder,
        jurisdiction,
        state: stateOf(row, model),
        stateVersion: row.state_version,
        token,
      },
    };
  }

  return {
    resolve,
    /** resolve() for the spin: a cached row when there is one (see `cache`). */
    async resolveForPlay(token: string | undefined): Promise<Resolved> {
      const cached = token === undefined ? undefined : cache.get(token);
      if (cached && token !== undefined) {
        const built = await movable(await build(cached, token));
        if (built.ok) return built;
        cache.delete(token);
      }
      const resolved = await movable(await resolve(token));
      if (resolved.ok) {
        if (cache.size >= CACHE_LIMIT) cache.clear();
        cache.set(resolved.session.token, resolved.session.row);
      }
      return resolved;
    },
    /** After a round: the cached row moves on with the session (state, version, expiry). */
    remember(session, state, expiresAt, featureGrantId, round): void {
      if (!cache.has(session.token)) return;
      cache.set(session.token, {
        ...session.row,
        state,
        state_version: session.stateVersion + 1n,
        expires_at: expiresAt,
        ...(featureGrantId !== undefined ? { feature_grant_id: featureGrantId } : {}),
        // As the rounds' insert trigger (migration 011) moved the row.
        ...(round ? { last_round_at: round.startedAt, net_position: round.net } : {}),
      });
    },
    forget(token: string): void {
      cache.delete(token);
    },
    async syncJurisdictionVersion(session) {
      await deps.sessions.setJurisdictionVersion(session.row.id, session.jurisdiction.profile.version);
      cache.delete(session.token);
    },
    claimPlay: (session, at, until) => deps.sessions.claimPlay(session.row, at, until),
    async answerRealityCheck(session, action, nextAt) {
      if (action === 'leave') {
        await deps.sessions.end(session.row.id, now());
        await deps.sessions.releasePlay(session.row);
      } else {
        await deps.sessions.answerRealityCheck(session.row.id, nextAt);
      }
      cache.delete(session.token);
    },
    /** Pushes the session's expiry to now + TTL (sessions slide with play). */
    async slide(session: RuntimeSession, ttlSeconds: number): Promise<Date> {
      const expiresAt = new Date(now().getTime() + ttlSeconds * 1000);
      await deps.sessions.slide(session.row.id, expiresAt);
      return expiresAt;
    },
  };
}
