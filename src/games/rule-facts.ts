// A game's rules as facts: every pay, feature prize, trigger, price and certified figure, taken from the
// math model and its certificate, so the server's English rules and the client's rules in each language
// are worded from one source (`rule-text.ts`) and cannot leave out what the model pays.
// Pure and without Node imports: the client imports it beside the wording.
import type { GameModel, WeightedTable } from '../engine/model.ts';
import type { CertifiedVariant, MaxWinProbability } from './certificates.ts';

/** "n" or "n or more" of a symbol, and what that count gives. */
export interface ByCount {
  count: number;
  /** True for the last entry of a table: larger counts read it too (`byCount`). */
  orMore: boolean;
  value: number;
}

/** The chance of the maximum win in one round of a mode, as certified. */
export interface MaxWinChance {
  mode: 'base' | 'special' | 'buy';
  oneIn: string;
  kind: MaxWinProbability['kind'];
}

/**
 * Symbols are named by their code (the client's catalog names them in each language); prizes are
 * multiples of the base total bet (`times`), counts and factors plain numbers.
 */
export type RuleFact =
  | { id: 'lines'; lines: number }
  | { id: 'ways'; ways: number }
  | { id: 'anywhere'; count: number }
  | { id: 'bet'; coins: number }
  | { id: 'wild'; symbol: string }
  | { id: 'tumble' }
  | { id: 'multiplier'; symbol: string; values: number[] }
  | { id: 'unmultiplied'; symbol: string }
  | { id: 'scatter_pays'; symbol: string; pays: ByCount[] }
  | { id: 'free_spins'; symbol: string; awards: ByCount[] }
  | { id: 'retrigger'; symbol: string; awards: ByCount[] }
  | { id: 'free_spins_bet' }
  | { id: 'wild_multiplier'; factor: number }
  | { id: 'expanding'; symbols: string[] }
  | { id: 'money'; symbol: string; values: number[] }
  | { id: 'collect'; collector: string; money: string }
  | { id: 'hold'; count: number; money: string; respins: number }
  | { id: 'full_screen'; cells: number; times: number }
  | { id: 'pick'; count: number; symbol: string; cash: number[]; boosts: number[]; ends: boolean }
  | { id: 'pick_cash'; count: number }
  | { id: 'pick_limits'; guaranteed: number; max: number }
  | { id: 'buy_free_spins'; times: number; spins: number; rtp: string | null }
  | { id: 'buy_hold'; times: number; count: number; money: string; rtp: string | null }
  | { id: 'ante'; times: number; symbol: string | null; rtp: string | null }
  | { id: 'max_win'; times: number; cap: boolean }
  | ({ id: 'max_win_chance' } & MaxWinChance);

/** What the certificate adds to the model: null while the model is not the certified one. */
export type RuleFigures = Pick<CertifiedVariant, 'maxWin' | 'modes'> | null;

/** Coins as a multiple of the base bet, to the hundredth (5 of 10 → 0.5). */
function times(coins: number, lineCost: number): number {
  return Math.round((coins * 100) / lineCost) / 100;
}

/** Distinct values of a table that can be drawn, ascending. */
function drawable(table: WeightedTable): number[] {
  return [...new Set(table.values.filter((_, i) => (table.weights[i] as number) > 0))].sort((a, b) => a - b);
}

/** The non-zero entries of a scatter table; equal entries up to its end fold into "n or more". */
function byCounts(table: readonly number[], scale: (value: number) => number = (v) => v): ByCount[] {
  let last = table.length - 1;
  while (last > 0 && table[last - 1] === table[last]) last--;
  return table.flatMap((value, count) =>
    value > 0 && count <= last ? [{ count, orMore: count === last, value: scale(value) }] : [],
  );
}

/** The paid modes the game offers: a mode withheld (its figure short of precision) has no rule. */
export interface OfferedModes {
  special: boolean;
  buy: boolean;
}

export function ruleFactsOf(
  model: GameModel,
  figures: RuleFigures,
  offered: OfferedModes = { special: true, buy: true },
): RuleFact[] {
  const code = (id: number) => model.symbols[id]?.code ?? String(id);
  const bet = (coins: number) => times(coins, model.lineCost);
  const facts: RuleFact[] = [];
  const ev = model.evaluation;
  if (ev.kind === 'lines') facts.push({ id: 'lines', lines: ev.lines.length });
  if (ev.kind === 'ways') facts.push({ id: 'ways', ways: model.rows ** model.reels });
  if (ev.kind === 'anywhere') facts.push({ id: 'anywhere', count: ev.minCount });
  facts.push({ id: 'bet', coins: model.lineCost });
  const wild = model.symbols.find((s) => s.kind === 'wild');
  if (wild) facts.push({ id: 'wild', symbol: wild.code });
  if (model.tumble) facts.push({ id: 'tumble' });
  const scatter = model.scatter;
  if (model.multiplier) {
    facts.push({
      id: 'multiplier',
      symbol: code(model.multiplier.symbol),
      values: drawable(model.multiplier.values),
    });
    if (scatter?.pays.some((p) => p > 0)) facts.push({ id: 'unmultiplied', symbol: code(scatter.symbol) });
  }
  if (scatter) {
    const symbol = code(scatter.symbol);
    const pays = byCounts(scatter.pays, bet);
    if (pays.length > 0) facts.push({ id: 'scatter_pays', symbol, pays });
    const awards = byCounts(scatter.trigger);
    if (awards.length > 0) facts.push({ id: 'free_spins', symbol, awards });
    const again = byCounts(scatter.retrigger);
    if (again.length > 0) facts.push({ id: 'retrigger', symbol, awards: again });
  }
  const fs = model.freeSpins;
  if (fs) facts.push({ id: 'free_spins_bet' });
  if (fs && fs.wildMultiplier > 1) facts.push({ id: 'wild_multiplier', factor: fs.wildMultiplier });
  if (fs?.expandingSymbols) facts.push({ id: 'expanding', symbols: drawable(fs.expandingSymbols).map(code) });
  const collect = model.collect;
  if (collect) {
    const money = code(collect.moneySymbol);
    facts.push({ id: 'money', symbol: money, values: drawable(collect.values).map(bet) });
    facts.push({ id: 'collect', collector: code(collect.collectorSymbol), money });
    facts.push({ id: 'hold', count: collect.holdTrigger, money, respins: collect.respins });
    if (collect.fullScreenBonus > 0)
      facts.push({ id: 'full_screen', cells: model.reels * model.rows, times: bet(collect.fullScreenBonus) });
  }
  const pick = model.pick;
  if (pick) {
    const prizes = drawable(pick.prizes);
    facts.push({
      id: 'pick',
      count: pick.trigger,
      symbol: code(pick.bonusSymbol),
      cash: prizes.filter((v) => v > 0).map(bet),
      boosts: prizes.filter((v) => v < 0).map((v) => -v),
      ends: prizes.includes(0),
    });
    if (pick.cashPicks > 0) facts.push({ id: 'pick_cash', count: pick.cashPicks });
    facts.push({ id: 'pick_limits', guaranteed: pick.guaranteedPicks, max: pick.maxPicks });
  }
  const rtp = (mode: 'special' | 'buy') => figures?.modes[mode]?.rtp ?? null;
  const buy = offered.buy ? model.modes.buy : null;
  if (buy?.feature === 'free_spins')
    facts.push({
      id: 'buy_free_spins',
      times: bet(buy.costCoins),
      spins: fs?.buySpins ?? 0,
      rtp: rtp('buy'),
    });
  if (buy?.feature === 'hold_and_collect' && collect)
    facts.push({
      id: 'buy_hold',
      times: bet(buy.costCoins),
      count: collect.holdStart,
      money: code(collect.moneySymbol),
      rtp: rtp('buy'),
    });
  const special = offered.special ? model.modes.special : null;
  if (special)
    facts.push({
      id: 'ante',
      times: bet(special.costCoins),
      symbol: scatter ? code(scatter.symbol) : null,
      rtp: rtp('special'),
    });
  // The certified maximum is the one figure shown; the model's cap only while there is no certificate.
  const maxWin = figures?.maxWin;
  facts.push(
    maxWin
      ? { id: 'max_win', times: Number(maxWin.multiplier), cap: maxWin.kind === 'cap' }
      : { id: 'max_win', times: model.maxWinMultiplier, cap: true },
  );
  const chances: MaxWinChance[] = [];
  const base = maxWin?.probability ?? figures?.modes.base?.maxWinProbability;
  // An estimate that never saw the maximum ("1 in 0") says nothing a player can read: left out.
  const known = (p: MaxWinProbability | null | undefined): p is MaxWinProbability =>
    !!p && Number(p.oneIn) > 0;
  if (known(base)) chances.push({ mode: 'base', oneIn: base.oneIn, kind: base.kind });
  for (const mode of ['special', 'buy'] as const) {
    const p = figures?.modes[mode]?.maxWinProbability;
    if (known(p) && offered[mode]) chances.push({ mode, oneIn: p.oneIn, kind: p.kind });
  }
  for (const chance of chances) facts.push({ id: 'max_win_chance', ...chance });
  return facts;
}
