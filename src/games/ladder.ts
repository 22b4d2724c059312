// Bet ladders: coin values per currency and bet levels, all in exact minor units. A base spin
// costs coin × bet level × lineCost; other modes cost a fixed number of coins per bet level.

import type { BetMode, GameModel } from '../engine/model.ts';
import { modeCostCoins } from '../engine/spin.ts';
import { minorUnits } from '../money.ts';
import { betStake } from './stake.ts';

export interface ModeCost {
  /** Coins per bet level this mode costs. */
  coins: number;
  /** Cost as an exact fraction of the base total bet, reduced (e.g. 25/20 → 5/4; buy 100/1). */
  ofBase: { numerator: number; denominator: number };
}

export interface BetLadder {
  currency: string;
  /** Coin values in minor units, ascending. */
  coinValues: bigint[];
  betLevels: number[];
  defaultCoin: bigint;
  defaultBetLevel: number;
  /** Coins per bet level of a base spin (e.g. 20 on a 20-line game). */
  lineCost: number;
  modes: { base: ModeCost; special?: ModeCost; buy?: ModeCost };
}

/** Bet levels every game offers. */
export const BET_LEVELS = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

/** Steps of the coin ladder in units of the currency's smallest coin. */
const COIN_STEPS = [1n, 2n, 5n, 10n, 20n, 50n, 100n];
const DEFAULT_STEP = 2;

/**
 * Smallest coin in minor units, chosen so the smallest coin is worth roughly one US cent or a
 * round local amount; currencies not listed use one minor unit (two decimals) or the row for
 * their number of decimals.
 */
const SMALLEST_COIN: Readonly<Record<string, bigint>> = Object.freeze({
  JPY: 1n,
  ISK: 1n,
  KRW: 10n,
  CLP: 10n,
  VND: 200n,
  IDR: 10000n,
  HUF: 100n,
  COP: 1000n,
  ARS: 1000n,
  NGN: 1000n,
  KZT: 500n,
  INR: 100n,
  PHP: 50n,
  THB: 50n,
  TWD: 50n,
  UAH: 50n,
  EGP: 50n,
  KES: 100n,
  CZK: 20n,
  MXN: 20n,
  ZAR: 20n,
  TRY: 50n,
  SEK: 10n,
  NOK: 10n,
  DKK: 10n,
  CNY: 10n,
  HKD: 10n,
  BTC: 20n,
  ETH: 500n,
  LTC: 10000n,
  BCH: 2000n,
  DOGE: 10000000n,
  USDT: 1000000n,
  USDC: 1000000n,
});

function smallestCoin(currency: string): bigint {
  const units = minorUnits(currency);
  const listed = SMALLEST_COIN[currency];
  if (listed !== undefined) return listed;
  if (units === 3) return 5n;
  if (units === 8) return 1000000n;
  return 1n;
}

function reduce(numerator: number, denominator: number): ModeCost['ofBase'] {
  let a = numerator;
  let b = denominator;
  while (b !== 0) [a, b] = [b, a % b];
  return { numerator: numerator / a, denominator: denominator / a };
}

function modeCost(model: GameModel, mode: BetMode): ModeCost {
  const coins = modeCostCoins(model, mode);
  return { coins, ofBase: reduce(coins, model.lineCost) };
}

/** The coin values, bet levels and mode costs a game offers in `currency` (throws on an unsupported currency). */
export function ladderForModel(model: GameModel, currency: string): BetLadder {
  const unit = smallestCoin(currency);
  const coinValues = COIN_STEPS.map((step) => step * unit);
  const modes: BetLadder['modes'] = { base: modeCost(model, 'base') };
  if (model.modes.special) modes.special = modeCost(model, 'special');
  if (model.modes.buy) modes.buy = modeCost(model, 'buy');
  return {
    currency,
    coinValues,
    betLevels: [...BET_LEVELS],
    defaultCoin: coinValues[DEFAULT_STEP] as bigint,
    defaultBetLevel: 1,
    lineCost: model.lineCost,
    modes,
  };
}

export type BetCheck =
  | { ok: true; stake: bigint }
  | { ok: false; reason: 'coin_not_offered' | 'bet_level_not_offered' | 'mode_not_offered' };

/** Checks a bet against a ladder and prices it. */
export function checkBet(
  ladder: BetLadder,
  bet: { coin: bigint; betLevel: number; mode: BetMode },
): BetCheck {
  if (!ladder.coinValues.includes(bet.coin)) return { ok: false, reason: 'coin_not_offered' };
  if (!ladder.betLevels.includes(bet.betLevel)) return { ok: false, reason: 'bet_level_not_offered' };
  const cost = ladder.modes[bet.mode];
  if (!cost) return { ok: false, reason: 'mode_not_offered' };
  return { ok: true, stake: betStake(bet.coin, bet.betLevel, cost.coins) };
}

/** Minor units a paid call costs: coin × bet level × the mode's coins. */
export function stakeForModel(
  model: GameModel,
  bet: { coin: bigint; betLevel: number; mode: BetMode },
): bigint {
  return betStake(bet.coin, bet.betLevel, modeCostCoins(model, bet.mode));
}
