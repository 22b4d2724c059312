// Game-level facts other layers call: bet ladders, stakes, certified RTP and the paytable screen.
import { certifiedFigure } from '../engine/certified.ts';
import { type BetLadder, ladderForModel, stakeForModel } from '../engine/ladder.ts';
import type { BetMode, GameModel } from '../engine/model.ts';
import { type Game, getGame, modelOf } from './index.ts';
import { englishRule, type RuleFact, ruleFactsOf } from './rule-facts.ts';

/** Coin values, bet levels and mode costs of a game in a currency (identical for all its variants). */
export function betLadder(game: Game, currency: string): BetLadder {
  return ladderForModel(modelOf(game), currency);
}

/** Minor units a paid call costs (a free spin costs nothing and is never priced). */
export function stakeFor(game: Game, bet: { coin: bigint; betLevel: number; mode: BetMode }): bigint {
  return stakeForModel(modelOf(game), bet);
}

/** The certified base-mode RTP of a variant in percent ("96.48"), or null when it is not certified. */
export function certifiedRtp(symbol: string, variant: string): string | null {
  const game = getGame(symbol);
  const model = game?.variants[variant];
  return model ? (certifiedFigure(model, 'base')?.rtp ?? null) : null;
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
  /** Rules, one sentence each, generated from the model. */
  rules: string[];
  /** The same rules as facts, for clients that word them in the player's language. */
  ruleFacts: RuleFact[];
  features: Game['features'];
  maxWinMultiplier: number;
  /** Certified RTP in percent, else the design target. */
  rtp: string;
  modes: { base: number; special: number | null; buy: number | null };
}

function rulesOf(model: GameModel): string[] {
  return ruleFactsOf(model).map((fact) => englishRule(fact, model));
}

/** JSON-friendly paytable and rules of a variant, for the client's paytable screen. */
export function describeGame(game: Game, variant?: string): GameDescription {
  const model = modelOf(game, variant);
  const ev = model.evaluation;
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
    rules: rulesOf(model),
    ruleFacts: ruleFactsOf(model),
    features: game.features,
    maxWinMultiplier: model.maxWinMultiplier,
    rtp:
      certifiedFigure(model, 'base')?.rtp ??
      game.rtpVariants.find((v) => v.id === model.variant)?.target ??
      '',
    modes: {
      base: model.modes.base.costCoins,
      special: model.modes.special?.costCoins ?? null,
      buy: model.modes.buy?.costCoins ?? null,
    },
  };
}
