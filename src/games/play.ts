// Game-level facts other layers call: bet ladders, stakes, certified RTP and the paytable screen.

import type { BetMode, GameModel } from '../engine/model.ts';
import { certifiedFigure } from './certificates.ts';
import { type BetLadder, ladderForModel, stakeForModel } from './ladder.ts';
import { type Game, getGame, modelOf } from './registry.ts';
import type { GameInfo } from './types.ts';

/** Coin values, bet levels and mode costs of a game in a currency (identical for all its variants). */
export function betLadder(game: Game, currency: string): BetLadder {
  return ladderForModel(modelOf(game), currency);
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
  features: Game['features'];
  maxWinMultiplier: number;
  /** Certified RTP in percent, else the design target. */
  rtp: string;
  modes: { base: number; special: number | null; buy: number | null };
}

function rulesOf(model: GameModel): string[] {
  const name = (id: number) => model.symbols[id]?.name ?? String(id);
  const rules: string[] = [];
  const ev = model.evaluation;
  if (ev.kind === 'lines') rules.push(`${ev.lines.length} paylines pay left to right from the first reel.`);
  if (ev.kind === 'ways')
    rules.push(
      `${model.rows ** model.reels} ways: matching symbols on adjacent reels from the left pay, once per way.`,
    );
  if (ev.kind === 'anywhere') rules.push(`${ev.minCount} or more of a symbol anywhere pay.`);
  const wild = model.symbols.find((s) => s.kind === 'wild');
  if (wild) rules.push(`${wild.name} substitutes for every paying symbol.`);
  if (model.tumble)
    rules.push('Winning symbols vanish and new ones fall in; wins repeat until none is left.');
  if (model.multiplier)
    rules.push(
      `Every ${name(model.multiplier.symbol)} in view after the tumbles adds its factor; the sum multiplies the spin's wins.`,
    );
  const scatter = model.scatter;
  if (scatter) {
    const min = scatter.trigger.findIndex((n) => n > 0);
    if (min > 0)
      rules.push(
        `${min} or more ${name(scatter.symbol)} anywhere award ${scatter.trigger[min]} free spins; they pay anywhere too.`,
      );
    const again = scatter.retrigger.findIndex((n) => n > 0);
    if (again > 0) rules.push(`${again} or more during free spins add ${scatter.retrigger[again]} spins.`);
  }
  const fs = model.freeSpins;
  if (fs && fs.wildMultiplier > 1)
    rules.push(`During free spins each wild multiplies the line it completes by ${fs.wildMultiplier}.`);
  if (fs?.expandingSymbols)
    rules.push('Before free spins one symbol is chosen; it expands over whole reels and pays on every line.');
  const collect = model.collect;
  if (collect) {
    rules.push(
      `${name(collect.collectorSymbol)} collects the value of every ${name(collect.moneySymbol)} in view.`,
    );
    rules.push(
      `${collect.holdTrigger} or more ${name(collect.moneySymbol)} start hold-and-collect: ${collect.respins} respins, reset by every new one.`,
    );
  }
  if (model.pick)
    rules.push(`${model.pick.trigger} or more ${name(model.pick.bonusSymbol)} open the pick bonus.`);
  rules.push(`Wins of a spin and its feature are capped at ${model.maxWinMultiplier}× the base total bet.`);
  return rules;
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
