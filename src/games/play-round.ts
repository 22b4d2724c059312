// What a round plays and pays: the engine's spin at the bet the round is owed (a new free round
// at its campaign's bet), the stake taken (none for a free round) and the win credited (a grant's
// win capped at what its campaign's maximum leaves, and a feature ended once the cap is paid). In the signed manifest, so a change to what
// a round pays fails `reelforge verify` and start-up; services/rounds.ts and the wallets only carry
// these amounts.
import type { BetMode, GameModel } from '../engine/model.ts';
import type { Bet, Outcome } from '../engine/outcome.ts';
import type { Rng } from '../engine/rng.ts';
import type { GameState } from '../engine/round.ts';
import { initialState, type SpinResult, spin } from '../engine/spin.ts';

/** The free-rounds grant a round is played on: its campaign's terms and what it has paid so far. */
export interface GrantTerms {
  /** True for a new free round of the grant (played at the campaign's bet); false for its feature spins. */
  newRound: boolean;
  campaignBet: { coin: bigint; betLevel: number };
  /** The most the whole grant pays, minor units; null: no cap. */
  maxWin: bigint | null;
  /** What the grant's rounds have paid so far, minor units. */
  wonSoFar: bigint;
}

export interface PlayedRound extends SpinResult {
  /** What the player is debited: the outcome's stake, or nothing for a free round. */
  stake: bigint;
  /** What the player is credited: the outcome's win, within the grant's cap. */
  win: bigint;
}

/** The win a grant still pays: `win`, at most what the campaign's cap leaves (never below 0). */
export function cappedGrantWin(win: bigint, grant: GrantTerms | null): bigint {
  if (grant === null || grant.maxWin === null) return win;
  const left = grant.maxWin - grant.wonSoFar;
  if (win <= left) return win;
  return left > 0n ? left : 0n;
}

/** The bet a round is played at: a new free round's is its campaign's, in the base mode. */
export function betOfRound(requested: Bet, grant: GrantTerms | null): Bet {
  if (grant?.newRound !== true) return requested;
  const base: BetMode = 'base';
  return { coin: grant.campaignBet.coin, betLevel: grant.campaignBet.betLevel, mode: base };
}

/** Plays one round of `model` from `state` with draws from `rng` and says what it takes and pays. */
export function playRound(
  model: GameModel,
  state: GameState,
  requested: Bet,
  grant: GrantTerms | null,
  rng: Rng,
): PlayedRound {
  const played = spin(model, state, betOfRound(requested, grant), rng);
  const { outcome } = played;
  const win = cappedGrantWin(outcome.totalWin, grant);
  // A grant that has paid its cap ends with this round: a feature it started ends here too, since
  // every further spin of it would pay nothing (the grant itself ends in the round's statement, 020).
  const capReached = grant !== null && grant.maxWin !== null && grant.wonSoFar + win >= grant.maxWin;
  const nextState = capReached ? initialState(model) : played.nextState;
  return { outcome, nextState, stake: stakeOf(outcome, grant), win };
}

// A free round costs the player nothing: its stake is never debited nor counted as a stake.
const stakeOf = (outcome: Outcome, grant: GrantTerms | null): bigint => (grant ? 0n : outcome.stake);
