// Game-level facts other layers call: bet ladders, stakes, certified RTP and the paytable screen.

import type { BetMode, GameModel } from '../engine/model.ts';
import { certificationOf, certifiedFigure } from './certificates.ts';
import { type BetLadder, ladderForModel, stakeForModel } from './ladder.ts';
import { type Game, getGame, modelOf } from './registry.ts';
import { type RuleFact, ruleFactsOf } from './rule-facts.ts';
import { englishRules } from './rule-text.ts';
import type { GameInfo } from './types.ts';
import { type Volatility, volatilityOf } from './volatility.ts';

/** Coin values, bet levels and mode costs of a game in a currency (identical for all its variants). */
export function betLadder(game: Game, currency: string): BetLadder {
  const ladder = ladderForModel(modelOf(game), currency);
  // A mode withheld from the game (its certified figure misses precision) cannot be bet on.
  if (!game.features.buy_feature) delete ladder.modes.buy;
  if (!game.features.special_bet) delete ladder.modes.special;
  return ladder;
}

/** Minor units a paid call costs (a free spin costs nothing and is never priced). */
export function stakeFor(game: Game, bet: { coin: bigint; betLevel: number; mode: BetMode }): bigint {
  return stakeForModel(modelOf(game), bet);
}

const coins = new Map<string, bigint[]>();

/** The game's coin values in a currency, exact minor units (looked up once per game and currency). */
export function coinValuesFor(game: GameInfo, currency: string): bigint[] {
  const key = `${game.symbol}\n${currency}`;
  let values = coins.get(key);
  if (!values) {
    const playable = getGame(game.symbol);
    values = playable ? betLadder(playable, currency).coinValues : [];
    coins.set(key, values);
  }
  return values;
}

/** The certified base-mode RTP of a variant in percent ("96.48"), or null when it is not certified. */
export function certifiedRtp(symbol: string, variant: string): string | null {
  const game = getGame(symbol);
  const model = game?.variants[variant];
  return model ? (certifiedFigure(model, 'base')?.rtp ?? null) : null;
}

/** What a lobby shows of a variant: its certified maximum win and how widely a round's win spreads. */
export interface CertifiedHooks {
  /** × the base total bet, two decimals ("5000.00"). */
  maxWinMultiplier: string;
  maxWinKind: 'exact' | 'cap';
  /** Standard deviation of a base round's win, in stakes ("7.469"). */
  sd: string;
}

/** The certified hooks of a variant, or null while it is not certified (a lobby then shows none). */
export function certifiedHooks(symbol: string, variant: string): CertifiedHooks | null {
  const model = getGame(symbol)?.variants[variant];
  if (!model) return null;
  const certification = certificationOf(model);
  const base = certification.ok ? certification.certified.modes.base : undefined;
  if (!certification.ok || !base) return null;
  const { maxWin } = certification.certified;
  return { maxWinMultiplier: maxWin.multiplier, maxWinKind: maxWin.kind, sd: base.sd };
}

export interface PaytableSymbol {
  id: number;
  code: string;
  name: string;
  kind: string;
  /** Pays in coins (× coin value × bet level) by count; only counts that pay. */
  pays: Array<{ count: number; coins: number }>;
}

export interface GameDescription {
  symbol: string;
  slug: string;
  title: string;
  variant: string;
  reels: number;
  rows: number;
  evaluation: 'lines' | 'ways' | 'anywhere';
  /** Row per reel of every payline (lines games), else null. */
  lines: number[][] | null;
  /** Number of ways (ways games), else null. */
  ways: number | null;
  /** Smallest count that pays anywhere (pay-anywhere games), else null. */
  minCount: number | null;
  lineCost: number;
  symbols: PaytableSymbol[];
  /** The rules in English, one sentence each, worded from `ruleFacts` (the maximum win's chance included). */
  rules: string[];
  /** The rules as facts from the model and its certificate: the client words them in the player's language. */
  ruleFacts: RuleFact[];
  features: Game['features'];
  /** The most a round can pay, × the base total bet (may have decimals, e.g. 1104.36). */
  maxWinMultiplier: number;
  /** The same in coins (× coin value × bet level): exact in minor units. */
  maxWinCoins: number;
  /** exact: the largest outcome, the cap never reached; cap: the cap, which the math can reach. */
  maxWinKind: 'exact' | 'cap';
  /** Certified RTP in percent (the exact figure where there is one), else the design target. */
  rtp: string;
  /** How `rtp` was certified, or `target` while the variant is not certified. */
  rtpMethod: 'exact' | 'simulated' | 'target';
  /** Half-width of the 99% interval in pp where `rtp` is simulated (e.g. "0.087"), else null. */
  rtpHalfWidth: string | null;
  /** False where a simulated figure could not reach ±0.1 pp (the paytable says so). */
  rtpMeetsPrecision: boolean;
  modes: { base: number; special: number | null; buy: number | null };
  /** The paid spin's volatility band from its certified standard deviation; null while not certified. */
  volatility: Volatility | null;
}

/** The maximum win as certified, or the cap while the variant is not certified. */
function maxWinOf(model: GameModel): { coins: number; kind: 'exact' | 'cap' } {
  const certification = certificationOf(model);
  if (!certification.ok) return { coins: model.maxWinMultiplier * model.lineCost, kind: 'cap' };
  const max = certification.certified.maxWin;
  return { coins: Math.round(Number(max.multiplier) * model.lineCost), kind: max.kind };
}

/** JSON-friendly paytable and rules of a variant, for the client's paytable screen. */
export function describeGame(game: Game, variant?: string): GameDescription {
  const model = modelOf(game, variant);
  const ev = model.evaluation;
  const maxWin = maxWinOf(model);
  const figure = certifiedFigure(model, 'base');
  const certification = certificationOf(model);
  const ruleFacts = ruleFactsOf(model, certification.ok ? certification.certified : null, {
    special: game.features.special_bet,
    buy: game.features.buy_feature,
  });
  const nameOf = (code: string) => model.symbols.find((s) => s.code === code)?.name ?? code;
  return {
    symbol: game.symbol,
    slug: game.slug,
    title: game.title,
    variant: model.variant,
    reels: model.reels,
    rows: model.rows,
    evaluation: ev.kind,
    lines: ev.kind === 'lines' ? ev.lines.map((l) => [...l]) : null,
    ways: ev.kind === 'ways' ? model.rows ** model.reels : null,
    minCount: ev.kind === 'anywhere' ? ev.minCount : null,
    lineCost: model.lineCost,
    symbols: model.symbols.map((s) => ({
      id: s.id,
      code: s.code,
      name: s.name,
      kind: s.kind,
      pays: s.pays.flatMap((coins, count) => (coins > 0 ? [{ count, coins }] : [])),
    })),
    rules: englishRules(ruleFacts, nameOf),
    ruleFacts,
    features: game.features,
    maxWinMultiplier: Math.round((maxWin.coins * 100) / model.lineCost) / 100,
    maxWinCoins: maxWin.coins,
    maxWinKind: maxWin.kind,
    rtp: figure?.rtp ?? game.rtpVariants.find((v) => v.id === model.variant)?.target ?? '',
    rtpMethod: figure?.method ?? 'target',
    rtpHalfWidth: figure && figure.method === 'simulated' ? figure.halfWidth99 : null,
    rtpMeetsPrecision: figure?.meetsPrecision ?? false,
    modes: {
      base: model.modes.base.costCoins,
      special: model.modes.special?.costCoins ?? null,
      buy: model.modes.buy?.costCoins ?? null,
    },
    volatility: figure ? volatilityOf(figure.sd) : null,
  };
}
