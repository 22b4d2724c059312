// Reelforge game engine: pure math (no HTTP, database, clock or ambient randomness: every draw comes
// from the Rng it is given).
//
// Interfaces for the rest of the server:
//
//   getGame(symbolOrSlug): Game | undefined          Game = GameInfo & { variants: Record<variantId, GameModel> }
//   modelOf(game, variant?): GameModel               the operator's variant, else the default
//   betLadder(game, currency): BetLadder             coinValues (bigint minor units), betLevels, defaultCoin,
//                                                    defaultBetLevel, lineCost, modes.{base,special?,buy?}: ModeCost
//   checkBet(ladder, bet): BetCheck                  { ok: true, stake } | { ok: false, reason }
//   stakeFor(game, bet): bigint                      coin × betLevel × mode coins (base = lineCost)
//   initialState(model): GameState                   fresh, JSON-serializable feature state
//   spin(model, state, bet, rng): { outcome, nextState }
//       bet = { coin: bigint, betLevel, mode: 'base' | 'special' | 'buy' }.
//       With state.freeSpinsLeft > 0 the call is a free spin at the triggering bet: outcome.stake = 0n,
//       the caller must not debit. Picks and hold-and-collect resolve inside one call, so a round is
//       always one debit (outcome.stake) and one credit (outcome.totalWin, capped, bigint minor units).
//   outcomeToJson(outcome)                           bigints as decimal strings, for storage
//   replay(model, stateBefore, bet, draws)           { ok: true, outcome, nextState } | { ok: false, reason, detail }
//   createCsprng(), createSeededRng(seed, stream), createReplayRng(draws): Rng
//   certifiedRtp(symbol, variant): string | null     e.g. "96.48", from certification/<slug>.json
//   describeGame(game, variant?): GameDescription    paytable, rules, lines/ways, max win ×bet
//
// Outcome screens: `outcome.screens[i].symbols[reel][row]` are symbol ids (row 0 at the top,
// -1 an empty hold-and-collect cell) and `values[reel][row]` the coin value or multiplier a symbol
// carries; screens come in play order (spin, each tumble, expansion, each respin).

export type { BetMode, GameModel } from './model.ts';
export type { Bet, FeatureEvent, Outcome, OutcomeKind, Screen, Win } from './outcome.ts';
export { outcomeToJson } from './outcome.ts';
export { createCsprng, createReplayRng, createSeededRng, type Rng } from './rng.ts';
export type { GameState } from './round.ts';
export { initialState, modeCostCoins, type ReplayResult, replay, type SpinResult, spin } from './spin.ts';
