// Playing a round for a runtime session: the engine decides the outcome, the session's wallet
// pays for it (whichever mode it is), and a repeated click gets the round it already made. Also
// what a session may read of its rounds: its history and one round with its replay data.

import { type ApiError, errors, PLAYER_TEXT } from '../domain/errors.ts';
import { claimError, FREE_ROUND_ACTION, FREE_ROUND_FEATURE_ACTION, roundBet } from '../domain/free-rounds.ts';
import { newId } from '../domain/ids.ts';
import { jurisdictionState, realityCheckView, stakeOf } from '../domain/jurisdiction.ts';
import {
  actionTypeOf,
  CLIENT_ROUND_ID,
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
import { type BetMode, outcomeToJson } from '../engine/index.ts';
import { certificateHashOf } from '../games/index.ts';
import type { PlayRngSource } from '../games/play-rng.ts';
import { type GrantTerms, playRound } from '../games/play-round.ts';
import { modeAllowed, type Refusal, roundRefusal, type SessionFacts } from '../jurisdictions/index.ts';
import { formatAmount } from '../money.ts';
import type { FreeRoundCampaignRow, FreeRoundGrantRow } from '../store/free-rounds.repo.ts';
import type { RoundRow, RoundsRepo } from '../store/rounds.repo.ts';
import type { PlayerWallet, SettleResult, Wallet } from '../wallet/wallet.ts';
import type { Wallets } from '../wallet/wallets.ts';
import type { CampaignService } from './campaigns.ts';
import type { FreeRoundOffer, FreeRoundService } from './free-rounds.ts';
import { type JackpotService, jackpotEligible } from './jackpots.ts';
import type { SessionRounds } from './session-rounds.ts';
import type { RuntimeSession, SessionService } from './sessions.ts';

/** A free-rounds grant after a round of it: what is left, and whether it can still be played. */
export type FreeRoundState = FreeRoundOffer & { status: string; end_reason: string | null };

export interface SpinAnswer {
  round: RoundView;
  balance: string | null;
  state: FeatureView;
  /** The grant the round was played on (a free round or a feature spin it started), else null. */
  free_round: FreeRoundState | null;
  /** The session under its jurisdiction after this round (issue 13). */
  jurisdiction_state: ReturnType<typeof jurisdictionState>;
  /** Jackpot tiers this round won, paid with it (issue 28); absent when none. */
  jackpot_wins?: Array<{ pool_id: string; tier: string; amount: string }>;
}

export interface RealityCheckAnswer {
  reality_check: ReturnType<typeof realityCheckView>;
  return_url: string | null;
}

/** How long one game at a time holds a player's play after a round of the session. */
export const PLAY_HOLD_MS = 30_000;

/** The grant a round is played on, and whether it takes one of the grant's rounds. */
interface GrantPlay {
  grant: FreeRoundGrantRow;
  campaign: FreeRoundCampaignRow;
  newRound: boolean;
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
  /** Demo sessions: the fun balance back to its start; answers it. */
  resetDemoBalance(session: RuntimeSession): Promise<bigint>;
  /** The player's answer to a due (or early) reality check. */
  answerRealityCheck(session: RuntimeSession, action: 'continue' | 'leave'): Promise<RealityCheckAnswer>;
}

/** Tries of a spin whose session state moved under it (another click of the same session won). */
const STALE_RETRIES = 5;
const WAIT_STEP_MS = 25;

export interface RoundServiceDeps {
  rounds: RoundsRepo;
  /** Demo rounds (demo_rounds): the same shape, kept apart from money rounds. */
  demoRounds: RoundsRepo;
  freeRounds: FreeRoundService;
  /** Where rounds draw from: the certified choice of src/games/play-rng.ts (`choosePlayRng`). */
  playRng: PlayRngSource;
  /** The signed details link of a money round. */
  detailsUrl(roundId: string, playedAt: Date): string;
  sessions: SessionService;
  wallets: Wallets;
  /** Which jackpot pools a round feeds and what it adds (issue 28). */
  jackpots: Pick<JackpotService, 'poolsFor' | 'feedsOf'>;
  /** Tournaments and drops score a settled paid round (issue 29), after the answer, never in its way. */
  campaigns: Pick<CampaignService, 'onRound'>;
  sessionTtlSeconds: number;
  walletTimeoutMs: number;
  now(): Date;
  /** A session's rounds read back (history, one round): from a replica when the rule allows. */
  sessionRounds: SessionRounds;
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
    case 'refused':
      return claimError(result.reason);
  }
}

function playerOf(session: RuntimeSession): PlayerWallet {
  return {
    operator: session.operator,
    playerId: session.row.player_id,
    currency: session.row.currency,
    gameSymbol: session.row.game_symbol,
    sessionToken: session.token,
    sessionId: session.row.id,
  };
}

const isDemo = (session: RuntimeSession) => session.row.play_mode === 'demo';

export function createRoundService(deps: RoundServiceDeps): RoundService {
  const roundsOf = (session: RuntimeSession) => (isDemo(session) ? deps.demoRounds : deps.rounds);
  /** Demo sessions play on fun money whatever the operator's wallet; the rest on the operator's. */
  const walletOf = (session: RuntimeSession): Wallet =>
    isDemo(session) ? deps.wallets.demo : deps.wallets.for(session.operator);

  async function answer(
    round: RoundRecord,
    balance: bigint | null,
    session: RuntimeSession,
    state = session.state,
    netPosition = session.row.net_position,
  ): Promise<SpinAnswer> {
    const { currency } = session.row;
    const grantId = round.free_round_grant_id;
    return {
      round: roundView(round),
      balance: balance === null ? null : formatAmount(balance, currency),
      state: featureView(state, currency),
      free_round: grantId ? await deps.freeRounds.offerOf(grantId, session) : null,
      jurisdiction_state: jurisdictionState(
        session.jurisdiction.rules,
        {
          now: deps.now(),
          startedAt: session.row.session_started_at,
          lastRoundAt: round.created_at,
          netPosition,
          realityCheckAt: session.row.reality_check_at,
        },
        currency,
      ),
    };
  }

  /** The session's facts for the jurisdiction's round checks. */
  function factsOf(session: RuntimeSession, now: Date): SessionFacts {
    const { row } = session;
    return {
      now,
      startedAt: row.session_started_at,
      lastRoundAt: row.last_round_at,
      netPosition: row.net_position,
      realityCheckAt: row.reality_check_at,
      timeLimitSeconds: row.time_limit_seconds,
      lossLimit: row.loss_limit,
      ended: row.ended_at !== null,
      featureInProgress: session.state.freeSpinsLeft > 0,
      demo: isDemo(session),
    };
  }

  function refusalError(refusal: Refusal, session: RuntimeSession): ApiError {
    switch (refusal.code) {
      case 'session_ended':
        return errors.sessionEnded();
      case 'session_limit_reached':
        return errors.sessionLimitReached(refusal.limit);
      case 'reality_check_due':
        return errors.realityCheckDue();
      case 'cycle_too_fast':
        return errors.cycleTooFast(refusal.retryAfterMs, session.jurisdiction.rules.min_cycle_ms);
    }
  }

  /**
   * What the session's jurisdiction refuses before the round is played (issue 13): a banned mode,
   * an ended session, a limit reached, a due reality check, a round too soon after the last.
   */
  function jurisdictionRefusal(session: RuntimeSession, body: SpinRequest, now: Date): ApiError | null {
    const { rules } = session.jurisdiction;
    if (session.state.freeSpinsLeft === 0) {
      if (body.buy_feature === true && !modeAllowed(rules, 'buy'))
        return errors.modeNotAllowed('buy_feature');
      if (body.special_bet === true && !modeAllowed(rules, 'special'))
        return errors.modeNotAllowed('special_bet');
    }
    const refusal = roundRefusal(rules, factsOf(session, now));
    return refusal ? refusalError(refusal, session) : null;
  }

  /**
   * The grant this click plays on: the grant whose free round started the feature still running,
   * else the grant the click names (a new free round), else none (a paid spin). Throws 404 for a
   * grant that is not this player's in this game and currency.
   */
  async function grantPlay(session: RuntimeSession, named: unknown): Promise<GrantPlay | null> {
    if (session.state.freeSpinsLeft > 0) {
      const featureGrant = session.row.feature_grant_id;
      if (!featureGrant) return null;
      const found = await deps.freeRounds.grantFor(session, featureGrant);
      return found ? { ...found, newRound: false } : null;
    }
    if (named === undefined || named === null) return null;
    if (typeof named !== 'string' || !/^frg_[A-Za-z0-9]{1,40}$/.test(named)) {
      throw errors.invalidRequest('free_round_grant_id must be a grant id such as frg_…');
    }
    const found = isDemo(session) ? undefined : await deps.freeRounds.grantFor(session, named);
    if (!found) throw errors.notFound(`free-rounds grant ${named} not found for this player and game`);
    return { ...found, newRound: true };
  }

  /** The answer for a round that already exists (a repeated click), once its debit is decided. */
  async function answerExisting(session: RuntimeSession, clientRoundId: string): Promise<SpinAnswer> {
    const deadline = Date.now() + deps.walletTimeoutMs + deps.wallets.policy.leaseGraceMs + 1000;
    const rounds = roundsOf(session);
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
    const balance = await walletOf(session).balanceAfter(round, playerOf(session));
    return answer(round, balance, fresh.ok ? fresh.session : session, state);
  }

  /** The engine plays the click; the round is ready for the wallet. */
  function prepare(
    session: RuntimeSession,
    clientRoundId: string,
    requested: { coin: bigint; betLevel: number; mode: BetMode },
    grant: GrantPlay | null,
    pools: Awaited<ReturnType<JackpotService['poolsFor']>>,
  ) {
    // A new free round plays at the campaign's bet in the base mode; its feature spins at the bet
    // that triggered them, as any feature spin. What it takes and pays is decided by playRound.
    const terms: GrantTerms | null = grant
      ? {
          newRound: grant.newRound,
          campaignBet: { coin: grant.campaign.coin, betLevel: grant.campaign.bet_level },
          maxWin: grant.campaign.max_win,
          wonSoFar: grant.grant.win,
        }
      : null;
    const rng = deps.playRng.forSession(session.row.id);
    const { outcome, nextState, stake, win } = playRound(session.model, session.state, requested, terms, rng);
    const kind = roundKind(outcome);
    const id = newId('rnd');
    const createdAt = deps.now();
    const round: NewRound = {
      id,
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
      stake,
      win,
      action_type: grant
        ? grant.newRound
          ? FREE_ROUND_ACTION
          : FREE_ROUND_FEATURE_ACTION
        : actionTypeOf(kind, outcome.bet.mode),
      state_before: session.state,
      state_after: nextState,
      outcome: outcomeToJson(outcome),
      created_at: createdAt,
      jurisdiction_code: session.jurisdiction.profile.code,
      jurisdiction_version: session.jurisdiction.profile.version,
      free_round_grant_id: grant ? grant.grant.id : null,
      // The certificate this round is played under: replay later refuses any other model.
      certificate_hash: certificateHashOf(session.model),
      ...(grant
        ? {
            free_round: {
              campaign_id: grant.campaign.campaign_id,
              grant_id: grant.grant.id,
              new_round: grant.newRound,
            },
          }
        : {}),
      // The signed details link travels only in a callback credit (an HMAC per round otherwise spent).
      ...(walletOf(session).mode === 'callback' ? { details_url: deps.detailsUrl(id, createdAt) } : {}),
    };
    // A paid round feeds the jackpots of its game (feature spins and free rounds stake nothing).
    if (pools.length > 0 && stake > 0n) {
      round.jackpot = deps.jackpots.feedsOf(
        {
          roundId: id,
          operatorId: round.operator_id,
          gameSymbol: round.game_symbol,
          currency: round.currency,
          stake,
          at: createdAt,
        },
        pools,
        rng,
      );
    }
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
      const now = deps.now();
      const refused = jurisdictionRefusal(session, body, now);
      // The first try may be from this node's cached row, which another node's change (a reality
      // check answered there) can have left behind: a refusal is only ever given from a fresh read.
      if (refused && attempt === 0) continue;
      if (refused) {
        // A repeated click of a round already made gets that round, never a refusal.
        const click = body.client_round_id;
        if (typeof click === 'string' && CLIENT_ROUND_ID.test(click)) {
          const made = await roundsOf(session).findByClientId(session.row.id, click);
          if (made) return answerExisting(session, click);
        }
        throw refused;
      }
      const namesGrant = body.free_round_grant_id !== undefined && body.free_round_grant_id !== null;
      // A free round's bet comes from its campaign: the body's bet fields need only the right shape.
      // The bet is read against the game's whole ladder, so a bet the profile's cap leaves out is
      // answered as above the cap rather than as not offered.
      const read = readSpinRequest(
        body,
        session.gameLadder,
        namesGrant ? Math.max(1, session.state.freeSpinsLeft) : session.state.freeSpinsLeft,
      );
      if (!read.ok) throw read.error;
      const { clientRoundId, ...bet } = read.input;
      const { maxStake, rules, profile } = session.jurisdiction;
      if (maxStake !== null && !namesGrant && session.state.freeSpinsLeft === 0) {
        const stake = stakeOf(session.gameLadder, bet.coin, bet.betLevel, bet.mode);
        if (stake > maxStake) throw errors.stakeAboveLimit(formatAmount(maxStake, session.row.currency));
      }
      const grant = await grantPlay(session, body.free_round_grant_id);
      // A free round is a game cycle at its campaign's bet: the market's stake cap holds for it as
      // for a paid spin (docs/jurisdictions.md, "free rounds and stake caps"); its feature's spins
      // belong to that cycle and are not staked again.
      if (
        grant?.newRound === true &&
        maxStake !== null &&
        roundBet(session.game, grant.campaign) > maxStake
      ) {
        throw errors.stakeAboveLimit(formatAmount(maxStake, session.row.currency), 'free_round_grant_id');
      }
      if (session.row.jurisdiction_version !== profile.version) {
        await deps.sessions.syncJurisdictionVersion(session);
      }
      if (rules.one_game_at_a_time && !isDemo(session)) {
        const held = await deps.sessions.claimPlay(session, now, new Date(now.getTime() + PLAY_HOLD_MS));
        if (!held) throw errors.gameInProgressElsewhere();
      }
      // Jackpots: real money, a market that allows them, a paid round (docs/jackpots.md).
      const pools =
        jackpotEligible(session) && grant === null
          ? await deps.jackpots.poolsFor(
              session.row.operator_id,
              session.row.game_symbol,
              session.row.currency,
            )
          : [];
      const { round, nextState } = prepare(session, clientRoundId, bet, grant, pools);
      const expiresAt = new Date(deps.now().getTime() + deps.sessionTtlSeconds * 1000);
      const result = await walletOf(session).settle(round, playerOf(session), {
        tokenHash: session.row.token_hash,
        stateVersion: session.stateVersion,
        expiresAt,
      });
      switch (result.kind) {
        case 'settled': {
          const net = session.row.net_position + (round.win - round.stake);
          deps.sessions.remember(
            session,
            nextState,
            expiresAt,
            grant ? (nextState.freeSpinsLeft > 0 ? grant.grant.id : null) : undefined,
            { startedAt: round.created_at, net },
          );
          deps.campaigns.onRound(session, round);
          const answered = await answer(result.round, result.balance, session, nextState, net);
          if (result.jackpotWins && result.jackpotWins.length > 0) {
            answered.jackpot_wins = result.jackpotWins.map((jackpotWin) => ({
              pool_id: jackpotWin.pool_id,
              tier: jackpotWin.tier,
              amount: formatAmount(jackpotWin.amount, session.row.currency),
            }));
          }
          return answered;
        }
        case 'stale':
          continue;
        case 'duplicate':
          return answerExisting(session, clientRoundId);
        default:
          // A round that did not settle may still have moved the row (a callback round refused by
          // the wallet counts for the minimum cycle): the next spin reads it afresh.
          deps.sessions.forget(session.token);
          throw settleError(result);
      }
    }
    throw errors.roundInProgress('the session changed during the spin; try again');
  }

  return {
    play,
    balanceOf: (session) => walletOf(session).balance(playerOf(session)),
    history: deps.sessionRounds.history,
    roundOf: deps.sessionRounds.roundOf,
    async resetDemoBalance(session) {
      if (!isDemo(session)) throw errors.forbidden('only a demo session has a fun balance to reset');
      return deps.wallets.demo.reset(session.row.id, session.row.currency);
    },
    async answerRealityCheck(session, action) {
      const now = deps.now();
      const interval = session.row.reality_check_interval;
      const nextAt = interval === null ? now : new Date(now.getTime() + interval * 1000);
      if (action === 'continue' && interval === null) {
        throw errors.conflict('this session has no reality check to answer');
      }
      await deps.sessions.answerRealityCheck(session, action, nextAt);
      const row = {
        ...session.row,
        reality_check_at: action === 'continue' ? nextAt : session.row.reality_check_at,
      };
      return { reality_check: realityCheckView(row, now), return_url: session.row.return_url };
    },
  };
}
