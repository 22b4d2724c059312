// Playing a round for a runtime session: the engine decides the outcome, the session's wallet
// pays for it (whichever mode it is), and a repeated click gets the round it already made. Also
// what a session may read of its rounds: its history and one round with its replay data.

import { type ApiError, errors, PLAYER_TEXT } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import {
  actionTypeOf,
  type FeatureView,
  featureView,
  type NewRound,
  type RoundRecord,
  type RoundView,
  readSpinRequest,
  roundKind,
  roundView,
  type SpinRequest,
} from '../domain/rounds.ts';
import {
  type BetMode,
  createCsprng,
  createSeededRng,
  outcomeToJson,
  type Rng,
  spin,
} from '../engine/index.ts';
import { formatAmount } from '../money.ts';
import type { RoundRow, RoundsRepo } from '../store/rounds.repo.ts';
import type { PlayerWallet, SettleResult } from '../wallet/wallet.ts';
import type { Wallets } from '../wallet/wallets.ts';
import type { RuntimeSession, SessionService } from './sessions.ts';

export interface SpinAnswer {
  round: RoundView;
  balance: string | null;
  state: FeatureView;
}

export interface RoundService {
  /** Plays the click in `body` for the session of `token`. */
  play(token: string | undefined, body: SpinRequest): Promise<SpinAnswer>;
  /** The player's balance in the session's wallet. */
  balanceOf(session: RuntimeSession): Promise<bigint>;
  /** The session's rounds, newest first, before the round `beforeId` when given. */
  history(session: RuntimeSession, limit: number, beforeId?: string): Promise<RoundRow[]>;
  /** One round of this session (never another session's), or undefined. */
  roundOf(session: RuntimeSession, roundId: string): Promise<RoundRow | undefined>;
  /** Test only: `seed` makes the session's next spins reproducible; null goes back to the CSPRNG. */
  seedSession(sessionId: string, seed: number | null): void;
}

/** Tries of a spin whose session state moved under it (another click of the same session won). */
const STALE_RETRIES = 5;
const WAIT_STEP_MS = 25;

export interface RoundServiceDeps {
  rounds: RoundsRepo;
  sessions: SessionService;
  wallets: Wallets;
  sessionTtlSeconds: number;
  walletTimeoutMs: number;
  now(): Date;
}

/**
 * The error a round that did not go ahead answers with, again on every repeat of its click: the
 * stake is "being returned" until its rollback is acknowledged (stage rollback), then "returned".
 */
function cancelledError(round: Pick<RoundRow, 'stage' | 'cancel_reason'>): ApiError {
  if (round.stage === 'rollback') return errors.walletUnavailable(PLAYER_TEXT.stakeReturning);
  if (round.cancel_reason === 'insufficient_funds') return errors.insufficientFunds();
  if (round.cancel_reason === 'wallet_unavailable' || round.cancel_reason === null) {
    return errors.walletUnavailable(PLAYER_TEXT.stakeReturned);
  }
  return errors.walletRejected(PLAYER_TEXT.stakeRefused);
}

/** The error of a settle result that did not pay for the round. */
function settleError(result: Exclude<SettleResult, { kind: 'settled' | 'duplicate' | 'stale' }>): ApiError {
  switch (result.kind) {
    case 'insufficient_funds':
      return errors.insufficientFunds();
    case 'rejected':
      return errors.walletRejected(PLAYER_TEXT.stakeRefused);
    case 'unavailable':
      return errors.walletUnavailable(PLAYER_TEXT.stakeReturning);
    case 'busy':
      return errors.roundInProgress('the previous round of this session is still waiting for the wallet');
    case 'blocked':
      return errors.playerBlocked(
        'a wallet transaction of this player in this game is waiting for staff; play resumes once it is resolved',
      );
  }
}

function playerOf(session: RuntimeSession): PlayerWallet {
  return {
    operator: session.operator,
    playerId: session.row.player_id,
    currency: session.row.currency,
    gameSymbol: session.row.game_symbol,
    sessionToken: session.token,
  };
}

export function createRoundService(deps: RoundServiceDeps): RoundService {
  const { rounds } = deps;
  const csprng = createCsprng();
  /** Test-only seeded RNGs by session id (POST /api/runtime/v1/test/rng, APP_ENV=test). */
  const seeded = new Map<string, Rng>();

  function answer(
    round: RoundRecord,
    balance: bigint | null,
    session: RuntimeSession,
    state = session.state,
  ) {
    const { currency } = session.row;
    return {
      round: roundView(round),
      balance: balance === null ? null : formatAmount(balance, currency),
      state: featureView(state, currency),
    };
  }

  /** The answer for a round that already exists (a repeated click), once its debit is decided. */
  async function answerExisting(session: RuntimeSession, clientRoundId: string): Promise<SpinAnswer> {
    const deadline = Date.now() + deps.walletTimeoutMs + deps.wallets.policy.leaseGraceMs + 1000;
    let round = await rounds.findByClientId(session.row.id, clientRoundId);
    while (round && round.stage === 'debit' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      round = await rounds.findByClientId(session.row.id, clientRoundId);
    }
    if (!round) throw errors.internal(`round ${clientRoundId} vanished`);
    if (round.stage === 'debit') throw errors.roundInProgress();
    if (round.status === 'cancelled' || round.stage === 'rollback') throw cancelledError(round);
    const fresh = await deps.sessions.resolve(session.token);
    const state = fresh.ok ? fresh.session.state : session.state;
    const balance = await deps.wallets.for(session.operator).balanceAfter(round, playerOf(session));
    return answer(round, balance, session, state);
  }

  /** The engine plays the click; the round is ready for the wallet. */
  function prepare(
    session: RuntimeSession,
    clientRoundId: string,
    bet: { coin: bigint; betLevel: number; mode: BetMode },
  ) {
    const { outcome, nextState } = spin(
      session.model,
      session.state,
      bet,
      seeded.get(session.row.id) ?? csprng,
    );
    const kind = roundKind(outcome);
    const round: NewRound = {
      id: newId('rnd'),
      session_id: session.row.id,
      operator_id: session.row.operator_id,
      player_id: session.row.player_id,
      game_symbol: session.row.game_symbol,
      currency: session.row.currency,
      variant: session.variant,
      client_round_id: clientRoundId,
      kind,
      mode: outcome.bet.mode,
      coin: outcome.bet.coin,
      bet_level: outcome.bet.betLevel,
      stake: outcome.stake,
      win: outcome.totalWin,
      action_type: actionTypeOf(kind, outcome.bet.mode),
      state_before: session.state,
      state_after: nextState,
      outcome: outcomeToJson(outcome),
      created_at: deps.now(),
    };
    return { round, nextState };
  }

  async function play(token: string | undefined, body: SpinRequest): Promise<SpinAnswer> {
    const first = await deps.sessions.resolveForPlay(token);
    if (!first.ok) throw first.error;
    let session = first.session;
    for (let attempt = 0; attempt < STALE_RETRIES; attempt++) {
      if (attempt > 0) {
        deps.sessions.forget(session.token);
        const again = await deps.sessions.resolve(session.token);
        if (!again.ok) throw again.error;
        session = again.session;
      }
      const read = readSpinRequest(body, session.ladder, session.state.freeSpinsLeft);
      if (!read.ok) throw read.error;
      const { clientRoundId, ...bet } = read.input;
      const { round, nextState } = prepare(session, clientRoundId, bet);
      const expiresAt = new Date(deps.now().getTime() + deps.sessionTtlSeconds * 1000);
      const result = await deps.wallets.for(session.operator).settle(round, playerOf(session), {
        tokenHash: session.row.token_hash,
        stateVersion: session.stateVersion,
        expiresAt,
      });
      switch (result.kind) {
        case 'settled':
          deps.sessions.remember(session, nextState, expiresAt);
          return answer(result.round, result.balance, session, nextState);
        case 'stale':
          continue;
        case 'duplicate':
          return answerExisting(session, clientRoundId);
        default:
          throw settleError(result);
      }
    }
    throw errors.roundInProgress('the session changed during the spin; try again');
  }

  return {
    play,
    balanceOf: (session) => deps.wallets.for(session.operator).balance(playerOf(session)),
    history: (session, limit, beforeId) => rounds.history(session.row.id, limit, beforeId),
    async roundOf(session, roundId) {
      const row = await rounds.find(roundId);
      // Only this session's rounds: same operator, player, game and currency (one session row each).
      return row && row.session_id === session.row.id ? row : undefined;
    },
    seedSession(sessionId, seed) {
      if (seed === null) seeded.delete(sessionId);
      else seeded.set(sessionId, createSeededRng(seed, 0));
    },
  };
}
