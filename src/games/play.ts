// Game-level facts other layers call: bet ladders, stakes, certified RTP and the paytable screen.

import type { BetMode, GameModel } from '../engine/model.ts';
import { certificationOf, certifiedFigure } from './certificates.ts';
import { type BetLadder, ladderForModel, stakeForModel } from './ladder.ts';
import { type Game, getGame, modelOf } from './registry.ts';
import { type RuleFact, ruleFactsOf } from './rule-facts.ts';
import type { GameInfo } from './types.ts';

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
  /** Rules, one sentence each, generated from the model: every prize, multiplier and feature. */
  rules: string[];
  /** The same rules as facts, for clients that word them in the player's language. */
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
}

/** Coins as a multiple of the base bet, without trailing zeros: 5 of 10 → "0.5". */
function times(coins: number, lineCost: number): string {
  const hundredths = Math.round((coins * 100) / lineCost);
  const whole = Math.floor(hundredths / 100);
  const part = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return part ? `${whole}.${part}` : String(whole);
}

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** Distinct values of a table that can be drawn, ascending. */
function drawable(values: number[], weights: number[]): number[] {
  return [...new Set(values.filter((_, i) => (weights[i] as number) > 0))].sort((a, b) => a - b);
}

function rulesOf(model: GameModel, maxWin: { coins: number; kind: 'exact' | 'cap' }): string[] {
  const name = (id: number) => model.symbols[id]?.name ?? String(id);
  const bet = (coins: number) => `${times(coins, model.lineCost)}×`;
  const rules: string[] = [];
  const ev = model.evaluation;
  if (ev.kind === 'lines') rules.push(`${ev.lines.length} paylines pay left to right from the first reel.`);
  if (ev.kind === 'ways')
    rules.push(
      `${model.rows ** model.reels} ways: matching symbols on adjacent reels from the left pay, once per way.`,
    );
  if (ev.kind === 'anywhere') rules.push(`${ev.minCount} or more of a symbol anywhere pay.`);
  rules.push(
    `Pays are in coins; one coin is the coin value times the bet level, and the bet is ${model.lineCost} coins.`,
  );
  const wild = model.symbols.find((s) => s.kind === 'wild');
  if (wild) rules.push(`${wild.name} substitutes for every paying symbol.`);
  if (model.tumble)
    rules.push('Winning symbols vanish and new ones fall in; wins repeat until none is left.');
  if (model.multiplier) {
    const m = model.multiplier;
    rules.push(
      `Each ${name(m.symbol)} lands with a multiplier of ${list(drawable(m.values.values, m.values.weights).map((v) => `${v}×`))}. When the tumbles of a spin have won, the multipliers of every ${name(m.symbol)} in view after the last tumble are added and the sum multiplies those tumble wins; ${model.scatter ? `${name(model.scatter.symbol)} pays are not multiplied` : 'other pays are not multiplied'}.`,
    );
  }
  const scatter = model.scatter;
  if (scatter) {
    const pays = scatter.pays.flatMap((coins, n) => (coins > 0 ? [`${n} pay ${bet(coins)} the bet`] : []));
    if (pays.length > 0) rules.push(`${name(scatter.symbol)} pays anywhere: ${list(pays)}.`);
    const awards = scatter.trigger.flatMap((spins, n) => (spins > 0 ? [`${n} award ${spins}`] : []));
    if (awards.length > 0) rules.push(`${name(scatter.symbol)} anywhere start free spins: ${list(awards)}.`);
    const again = scatter.retrigger.flatMap((spins, n) => (spins > 0 ? [`${n} add ${spins}`] : []));
    if (again.length > 0)
      rules.push(`During free spins, ${name(scatter.symbol)} anywhere: ${list(again)} spins.`);
  }
  const fs = model.freeSpins;
  if (fs) rules.push('Free spins are played at the bet that started them, on their own reels.');
  if (fs && fs.wildMultiplier > 1)
    rules.push(`During free spins each wild multiplies the line it completes by ${fs.wildMultiplier}.`);
  if (fs?.expandingSymbols)
    rules.push(
      `Before free spins one symbol is chosen (${list(drawable(fs.expandingSymbols.values, fs.expandingSymbols.weights).map(name))}); on every free spin it expands over each reel it lands on and pays on every line when it shows on enough reels, beside the usual line wins.`,
    );
  const collect = model.collect;
  if (collect) {
    const crate = name(collect.moneySymbol);
    rules.push(
      `Each ${crate} carries a cash value of ${list(drawable(collect.values.values, collect.values.weights).map(bet))} the bet.`,
    );
    rules.push(`${name(collect.collectorSymbol)} pays the value of every ${crate} in view.`);
    rules.push(
      `${collect.holdTrigger} or more ${crate}s start respins (not free spins): every ${crate} stays, the other cells respin; ${collect.respins} respins, back to ${collect.respins} whenever a new ${crate} lands. At the end every ${crate} in view pays its value.`,
    );
    rules.push(
      `Filling all ${model.reels * model.rows} cells adds the full-harbor bonus of ${bet(collect.fullScreenBonus)} the bet.`,
    );
  }
  const pick = model.pick;
  if (pick) {
    const prizes = drawable(pick.prizes.values, pick.prizes.weights);
    const cash = prizes.filter((v) => v > 0).map(bet);
    const boosts = prizes.filter((v) => v < 0).map((v) => `+${-v}`);
    rules.push(
      `${pick.trigger} or more ${name(pick.bonusSymbol)}s open the pick bonus. Each pick reveals cash (${list(cash)} the bet)${boosts.length > 0 ? ` or a multiplier boost (${list(boosts)})` : ''}${prizes.includes(0) ? ', or closes the bonus' : ''}.`,
    );
    rules.push(
      `The first ${pick.guaranteedPicks} picks always reveal a prize; there are at most ${pick.maxPicks} picks. The multiplier starts at 1× and the bonus pays its cash times its multiplier.`,
    );
  }
  const buy = model.modes.buy;
  if (buy)
    rules.push(
      buy.feature === 'free_spins'
        ? `Buy feature: ${fs?.buySpins ?? 0} free spins for ${bet(buy.costCoins)} the bet.`
        : `Buy feature: respins starting with ${collect?.holdStart ?? 0} ${collect ? name(collect.moneySymbol) : ''}s for ${bet(buy.costCoins)} the bet.`,
    );
  const special = model.modes.special;
  if (special)
    rules.push(
      `Ante bet: ${special.costCoins} coins instead of ${model.lineCost} a bet level; the reels show more ${scatter ? name(scatter.symbol) : 'feature symbol'}s.`,
    );
  rules.push(
    maxWin.kind === 'cap'
      ? `A round (a spin with its free spins) pays at most ${bet(maxWin.coins)} the bet; reaching it ends the round.`
      : `The most one round can pay is ${bet(maxWin.coins)} the bet.`,
  );
  return rules;
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
    rules: rulesOf(model, maxWin),
    ruleFacts: ruleFactsOf(model),
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
  };
}
