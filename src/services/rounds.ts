// Playing a round for a runtime session: the engine decides the outcome, the ledger and the
// session's wallet pay for it, and a repeated click gets the round it already made.
import type { Kysely } from 'kysely';
import { errors } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import {
  actionTypeOf,
  type FeatureView,
  featureView,
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
  type GameState,
  outcomeToJson,
  type Rng,
  spin,
} from '../engine/index.ts';
import { formatAmount } from '../money.ts';
import { type RoundRow, roundsRepo } from '../store/rounds.repo.ts';
import type { Database } from '../store/schema.ts';
import type { PreparedRound } from '../wallet/rounds.ts';
import type { Wallets } from '../wallet/wallets.ts';
import type { RuntimeSession, RuntimeSessions } from './sessions.ts';

export interface SpinAnswer {
  round: RoundView;
  balance: string | null;
  state: FeatureView;
}

/** Tries of a spin whose session state moved under it (another click of the same session won). */
const STALE_RETRIES = 5;
const WAIT_STEP_MS = 25;

export interface RoundPlayerDeps {
  db: Kysely<Database>;
  sessions: RuntimeSessions;
  wallets: Wallets;
  sessionTtlSeconds: number;
  walletTimeoutMs: number;
  now(): Date;
}

/** The error a cancelled round answers with, again on every repeat of its click. */
function cancelledError(reason: string | null) {
  if (reason === 'insufficient_funds') return errors.insufficientFunds();
  if (reason === 'wallet_unavailable' || reason === null) {
    return errors.walletUnavailable(
      "the operator's wallet did not answer the stake; it has been rolled back",
    );
  }
  return errors.walletRejected(`the operator's wallet refused the stake (${reason})`);
}

export function createRoundPlayer(deps: RoundPlayerDeps) {
  const rounds = roundsRepo(deps.db);
  const csprng = createCsprng();
  /** Test-only seeded RNGs by session id (POST /api/runtime/v1/test/rng, APP_ENV=test). */
  const seeded = new Map<string, Rng>();

  function rngFor(sessionId: string): Rng {
    return seeded.get(sessionId) ?? csprng;
  }

  async function callbackBalance(session: RuntimeSession, round: RoundRow): Promise<bigint | null> {
    const known = await deps.db
      .selectFrom('wallet_transactions')
      .select('balance_after')
      .where('round_id', '=', round.id)
      .where('status', '=', 'acknowledged')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (known?.balance_after != null) return known.balance_after;
    return balanceOf(session).catch(() => null);
  }

  function balanceOf(session: RuntimeSession): Promise<bigint> {
    return deps.wallets.balance({
      operator: session.operator,
      playerId: session.row.player_id,
      currency: session.row.currency,
      gameSymbol: session.row.game_symbol,
      sessionToken: session.token,
    });
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
    if (round.status === 'cancelled' || round.stage === 'rollback') throw cancelledError(round.cancel_reason);
    const fresh = await deps.sessions.resolve(session.token);
    const state = fresh.ok ? fresh.session.state : session.state;
    const balance =
      round.wallet_mode === 'internal'
        ? await deps.wallets.internal.balance(
            session.operator.id,
            session.row.player_id,
            session.row.currency,
          )
        : await callbackBalance(session, round);
    return answer(round, balance, state, session.row.currency);
  }

  function answer(
    round: RoundRecord,
    balance: bigint | null,
    state: GameState,
    currency: string,
  ): SpinAnswer {
    return {
      round: roundView(round),
      balance: balance === null ? null : formatAmount(balance, currency),
      state: featureView(state, currency),
    };
  }

  function prepare(
    session: RuntimeSession,
    clientRoundId: string,
    bet: { coin: bigint; betLevel: number; mode: BetMode },
  ) {
    const { outcome, nextState } = spin(session.model, session.state, bet, rngFor(session.row.id));
    const kind = roundKind(outcome);
    const prepared: PreparedRound = {
      id: newId('rnd'),
      sessionId: session.row.id,
      operatorId: session.row.operator_id,
      playerId: session.row.player_id,
      gameSymbol: session.row.game_symbol,
      currency: session.row.currency,
      variant: session.variant,
      clientRoundId,
      kind,
      mode: outcome.bet.mode,
      coin: outcome.bet.coin,
      betLevel: outcome.bet.betLevel,
      stake: outcome.stake,
      win: outcome.totalWin,
      actionType: actionTypeOf(kind, outcome.bet.mode),
      stateBefore: session.state,
      stateAfter: nextState,
      outcome: outcomeToJson(outcome),
      createdAt: deps.now(),
    };
    return { prepared, nextState };
  }

  async function playCallback(session: RuntimeSession, prepared: PreparedRound, nextState: GameState) {
    const expiresAt = new Date(deps.now().getTime() + deps.sessionTtlSeconds * 1000);
    const { settlement } = deps.wallets;
    const opened = await settlement.openRound(prepared, session.stateVersion, session.token, expiresAt);
    if (opened.kind !== 'opened') return opened;
    let credit = opened.first;
    let balance: bigint | null = null;
    if (credit.type === 'debit') {
      const debited = await settlement.debit(credit, prepared);
      if (debited.kind === 'rejected') {
        throw debited.error === 'insufficient_funds'
          ? errors.insufficientFunds(debited.message ?? undefined)
          : errors.walletRejected(`the operator's wallet refused the stake (${debited.error})`);
      }
      if (debited.kind === 'rolled_back') {
        if (debited.rollback) await settlement.deliver(debited.rollback);
        throw errors.walletUnavailable(
          `the operator's wallet did not answer the stake (${debited.error}); it has been rolled back`,
        );
      }
      credit = debited.credit;
      balance = debited.balance;
    }
    const delivered = await settlement.deliver(credit);
    const row = await rounds.find(prepared.id);
    if (!row) throw errors.internal(`round ${prepared.id} vanished`);
    return {
      kind: 'played' as const,
      answer: answer(row, delivered.balance ?? balance, nextState, prepared.currency),
    };
  }

  /** Plays the click in `body` for the session of `token`. */
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
      const { prepared, nextState } = prepare(session, clientRoundId, bet);

      if (session.operator.wallet_mode === 'internal') {
        const expiresAt = new Date(deps.now().getTime() + deps.sessionTtlSeconds * 1000);
        const ids = { debit: newId('tx'), credit: newId('tx') };
        const played = await deps.wallets.internal.play(prepared, ids, {
          tokenHash: session.row.token_hash,
          stateVersion: session.stateVersion,
          expiresAt,
        });
        if (played.result === 'insufficient_funds') throw errors.insufficientFunds();
        if (played.result === 'stale' || played.result === 'revalidate') continue;
        if (played.result === 'duplicate') return answerExisting(session, clientRoundId);
        deps.sessions.remember(session, nextState, expiresAt);
        const record: RoundRecord = {
          id: prepared.id,
          client_round_id: clientRoundId,
          status: 'settled',
          kind: prepared.kind,
          mode: prepared.mode,
          currency: prepared.currency,
          coin: prepared.coin,
          bet_level: prepared.betLevel,
          stake: prepared.stake,
          win: prepared.win,
          outcome: prepared.outcome,
          created_at: prepared.createdAt,
          finished_at: prepared.createdAt,
        };
        return answer(record, played.balance, nextState, prepared.currency);
      }

      const outcome = await playCallback(session, prepared, nextState);
      if (outcome.kind === 'played') return outcome.answer;
      if (outcome.kind === 'existing') return answerExisting(session, clientRoundId);
      if (outcome.kind === 'busy') {
        throw errors.roundInProgress('the previous round of this session is still waiting for the wallet');
      }
      if (outcome.kind === 'blocked') {
        throw errors.playerBlocked(
          'a wallet transaction of this player in this game is waiting for staff; play resumes once it is resolved',
        );
      }
    }
    throw errors.roundInProgress('the session changed during the spin; try again');
  }

  return {
    play,
    balanceOf,
    /** Test only: `seed` makes the session's next spins reproducible; null goes back to the CSPRNG. */
    seedSession(sessionId: string, seed: number | null) {
      if (seed === null) seeded.delete(sessionId);
      else seeded.set(sessionId, createSeededRng(seed, 0));
    },
  };
}

export type RoundPlayer = ReturnType<typeof createRoundPlayer>;
