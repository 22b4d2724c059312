// The play of one spin call: a base, special or bought spin, or one free spin. One function serves
// both the simulator (trace null: no allocation) and play (a Trace records everything shown).
import {
  type CompiledChoice,
  type CompiledTable,
  countKind,
  drawFrom,
  drawScreen,
  drawValues,
  evaluateAnywhere,
  evaluateLines,
  evaluateWays,
  KIND_COLLECTOR,
  KIND_MONEY,
  KIND_MULTIPLIER,
  KIND_WILD,
  landValue,
  type Machine,
  tumble,
} from './machine.ts';
import { type BetMode, byCount } from './model.ts';
import type { FeatureEvent, PickStep, Screen, Win, WinKind } from './outcome.ts';
import type { Rng } from './rng.ts';

/** Feature progress carried between spin calls: plain JSON data. */
export interface GameState {
  freeSpinsLeft: number;
  freeSpinsPlayed: number;
  /** Coins won so far in the current sequence (trigger spin plus its free spins); the cap applies to it. */
  sequenceCoins: number;
  /** Symbol that expands during the current free spins, or -1. */
  expandingSymbol: number;
  /** The bet that started the free spins, which they are played at (coin as a decimal string). */
  triggerBet: { coin: string; betLevel: number; mode: BetMode } | null;
}

export function freshState(): GameState {
  return { freeSpinsLeft: 0, freeSpinsPlayed: 0, sequenceCoins: 0, expandingSymbol: -1, triggerBet: null };
}

export class Trace {
  screens: Screen[] = [];
  wins: Win[] = [];
  features: FeatureEvent[] = [];

  snapshot(m: Machine, phase: Screen['phase'], withStops: boolean): number {
    const symbols: number[][] = [];
    const values: number[][] = [];
    for (let r = 0; r < m.reels; r++) {
      symbols.push(Array.from(m.screen.subarray(r * m.rows, (r + 1) * m.rows)));
      values.push(Array.from(m.values.subarray(r * m.rows, (r + 1) * m.rows)));
    }
    this.screens.push({
      phase,
      reelSet: withStops ? m.set.id : null,
      stops: withStops ? Array.from(m.stops) : null,
      symbols,
      values,
    });
    return this.screens.length - 1;
  }

  win(kind: WinKind, symbol: number, count: number, cells: number[], coins: number, rows: number): Win {
    const win: Win = {
      screen: this.screens.length - 1,
      kind,
      symbol,
      count,
      line: null,
      ways: null,
      positions: cells.map((c) => [Math.floor(c / rows), c % rows]),
      multiplier: 1,
      coins,
      amount: 0n,
    };
    this.wins.push(win);
    return win;
  }
}

/**
 * Plays one call and returns the coins it credits (after the cap). Mutates `st` and the machine's
 * scratch; `m.capped` tells whether the cap cut the win.
 */
export function playCall(m: Machine, st: GameState, mode: BetMode, rng: Rng, tr: Trace | null): number {
  let coins: number;
  m.featureCoins = 0;
  if (st.freeSpinsLeft > 0) {
    st.freeSpinsLeft--;
    st.freeSpinsPlayed++;
    coins = spinOnce(m, st, m.free as CompiledChoice, true, rng, tr);
  } else {
    st.sequenceCoins = 0;
    st.freeSpinsPlayed = 0;
    st.expandingSymbol = -1;
    if (mode === 'buy') coins = startBoughtFeature(m, st, rng, tr);
    else coins = spinOnce(m, st, mode === 'special' ? (m.special as CompiledChoice) : m.base, false, rng, tr);
  }
  const room = m.capCoins - st.sequenceCoins;
  m.capped = coins >= room;
  if (m.capped) {
    coins = room;
    st.freeSpinsLeft = 0;
    if (tr) tr.features.push({ type: 'max_win' });
  }
  st.sequenceCoins += coins;
  return coins;
}

function spinOnce(
  m: Machine,
  st: GameState,
  choice: CompiledChoice,
  free: boolean,
  rng: Rng,
  tr: Trace | null,
): number {
  const model = m.model;
  drawScreen(m, choice, rng);
  if (m.hasValues) drawValues(m, rng);
  if (tr) tr.snapshot(m, 'spin', true);
  let win = 0;
  const evaluation = model.evaluation;
  if (evaluation.kind === 'lines') {
    const wildMultiplier = free && model.freeSpins ? model.freeSpins.wildMultiplier : 1;
    win += evaluateLines(m, wildMultiplier, tr ? lineRecorder(m, tr) : null);
    if (free && st.expandingSymbol >= 0) win += expand(m, st.expandingSymbol, tr);
  } else if (evaluation.kind === 'ways') {
    win += evaluateWays(m, tr ? waysRecorder(m, tr) : null);
  } else {
    win += tumbleSequence(m, evaluation.minCount, rng, tr);
  }
  const scatter = model.scatter;
  if (scatter) {
    const n = countKind(m, scatter.symbol);
    const pay = byCount(scatter.pays, n);
    if (pay > 0) {
      win += pay;
      if (tr) tr.win('scatter', scatter.symbol, n, cellsOf(m, scatter.symbol), pay, m.rows);
    }
    const awarded = byCount(free ? scatter.retrigger : scatter.trigger, n);
    if (awarded > 0) awardFreeSpins(m, st, awarded, free, rng, tr);
  }
  const collect = model.collect;
  if (collect) {
    const money = countKind(m, collect.moneySymbol);
    if (money > 0 && countKind(m, collect.collectorSymbol) > 0) win += collectInView(m, tr);
    if (!free && money >= collect.holdTrigger) {
      const held = holdAndCollect(m, rng, tr);
      m.featureCoins += held;
      win += held;
    }
  }
  const pick = model.pick;
  if (pick && countKind(m, pick.bonusSymbol) >= pick.trigger) {
    const picked = pickBonus(m, rng, tr);
    m.featureCoins += picked;
    win += picked;
  }
  return win;
}

function awardFreeSpins(
  m: Machine,
  st: GameState,
  awarded: number,
  retrigger: boolean,
  rng: Rng,
  tr: Trace | null,
) {
  st.freeSpinsLeft += awarded;
  if (!retrigger && m.tables.expanding) st.expandingSymbol = drawFrom(m.tables.expanding, rng);
  if (tr) {
    tr.features.push({
      type: 'free_spins',
      awarded,
      retrigger,
      expandingSymbol: st.expandingSymbol >= 0 ? st.expandingSymbol : null,
    });
  }
}

function startBoughtFeature(m: Machine, st: GameState, rng: Rng, tr: Trace | null): number {
  const model = m.model;
  const buy = model.modes.buy;
  if (!buy) throw new Error(`${model.slug} has no buy feature`);
  if (buy.feature === 'free_spins') {
    awardFreeSpins(m, st, (model.freeSpins as { buySpins: number }).buySpins, false, rng, tr);
    return 0;
  }
  const collect = model.collect;
  if (!collect) throw new Error(`${model.slug}: hold-and-collect needs a collect definition`);
  m.screen.fill(-1);
  m.values.fill(0);
  for (let k = 0; k < collect.holdStart; k++) {
    // The k-th draw picks one of the cells still empty.
    let pickIndex = rng.int(m.cells - k);
    for (let c = 0; c < m.cells; c++) {
      if (m.screen[c] !== -1) continue;
      if (pickIndex-- === 0) {
        m.screen[c] = collect.moneySymbol;
        m.values[c] = landValue(m, KIND_MONEY, rng);
        break;
      }
    }
  }
  if (tr) tr.snapshot(m, 'spin', false);
  const held = holdAndCollect(m, rng, tr);
  m.featureCoins += held;
  return held;
}

function expand(m: Machine, symbol: number, tr: Trace | null): number {
  const { rows, screen } = m;
  let reels = 0;
  for (let r = 0; r < m.reels; r++) {
    for (let row = 0; row < rows; row++) {
      if (screen[r * rows + row] === symbol) {
        reels++;
        break;
      }
    }
  }
  const pay = (m.pays[symbol * m.payStride + reels] as number) * m.lineCount;
  if (pay === 0) return 0;
  if (tr) {
    const cells: number[] = [];
    for (let r = 0; r < m.reels; r++) {
      let has = false;
      for (let row = 0; row < rows; row++) has ||= screen[r * rows + row] === symbol;
      if (has) for (let row = 0; row < rows; row++) cells.push(r * rows + row);
    }
    const saved = Int32Array.from(screen);
    for (const c of cells) screen[c] = symbol;
    tr.snapshot(m, 'expand', false);
    screen.set(saved);
    tr.win('expanding', symbol, reels, cells, pay, rows);
  }
  return pay;
}

function tumbleSequence(m: Machine, minCount: number, rng: Rng, tr: Trace | null): number {
  const firstWin = tr ? tr.wins.length : 0;
  let total = tumbleChain(m, minCount, {
    onLand: m.hasValues
      ? (cell) => (m.values[cell] = landValue(m, m.kinds[m.screen[cell] as number] as number, rng))
      : null,
    onWin: tr ? anywhereRecorder(m, tr) : null,
    onTumble: tr ? () => tr.snapshot(m, 'tumble', false) : null,
  });
  const multiplier = m.model.multiplier;
  if (total > 0 && multiplier) {
    let factor = 0;
    for (let c = 0; c < m.cells; c++)
      if (m.kinds[m.screen[c] as number] === KIND_MULTIPLIER) factor += m.values[c] as number;
    if (factor > 0) {
      total *= factor;
      if (tr) {
        tr.features.push({ type: 'multiplier', screen: tr.screens.length - 1, factor });
        for (let i = firstWin; i < tr.wins.length; i++) {
          const w = tr.wins[i] as Win;
          w.multiplier = factor;
          w.coins *= factor;
        }
      }
    }
  }
  return total;
}

/** What a tumble chain reports as it runs (the play path records it; the estimator counts it). */
export interface ChainHooks {
  /** Draws a value for a symbol that falls into `cell`. */
  onLand: ((cell: number) => void) | null;
  onWin: ((symbol: number, count: number, coins: number) => void) | null;
  /** After each refill. */
  onTumble: (() => void) | null;
}

/**
 * Pays the screen anywhere, then (tumbling games) removes the winners and refills from the strips
 * above until nothing pays, and returns the chain's coins before any multiplier. Every tumble adds
 * at least a coin, so the cap ends any chain: past it the round pays the cap whatever follows
 * (multipliers only raise the win). The certification's estimator draws no values (`onLand` null)
 * and integrates them instead.
 */
export function tumbleChain(m: Machine, minCount: number, hooks: ChainHooks): number {
  let total = 0;
  for (;;) {
    const win = evaluateAnywhere(m, minCount, hooks.onWin);
    total += win;
    if (win === 0 || !m.model.tumble || total >= m.capCoins) break;
    tumble(m, hooks.onLand);
    hooks.onTumble?.();
  }
  return total;
}

function collectInView(m: Machine, tr: Trace | null): number {
  let coins = 0;
  const cells: number[] = [];
  for (let c = 0; c < m.cells; c++) {
    const kind = m.kinds[m.screen[c] as number];
    if (kind === KIND_MONEY) coins += m.values[c] as number;
    if (tr && (kind === KIND_MONEY || kind === KIND_COLLECTOR)) cells.push(c);
  }
  if (tr)
    tr.win(
      'collect',
      (m.model.collect as { collectorSymbol: number }).collectorSymbol,
      cells.length,
      cells,
      coins,
      m.rows,
    );
  return coins;
}

function holdAndCollect(m: Machine, rng: Rng, tr: Trace | null): number {
  const collect = m.model.collect;
  if (!collect) return 0;
  const { screen, values, cells } = m;
  let filled = 0;
  for (let c = 0; c < cells; c++) {
    if (screen[c] === collect.moneySymbol) filled++;
    else {
      screen[c] = -1;
      values[c] = 0;
    }
  }
  const firstScreen = tr ? tr.snapshot(m, 'respin', false) : 0;
  let lives = collect.respins;
  let respins = 0;
  const { hit, of } = collect.respinHit;
  while (lives > 0 && filled < cells) {
    lives--;
    respins++;
    let landed = false;
    for (let c = 0; c < cells; c++) {
      if (screen[c] !== -1 || rng.int(of) >= hit) continue;
      screen[c] = collect.moneySymbol;
      values[c] = landValue(m, KIND_MONEY, rng);
      filled++;
      landed = true;
    }
    if (landed) lives = collect.respins;
    if (tr) tr.snapshot(m, 'respin', false);
  }
  let coins = 0;
  for (let c = 0; c < cells; c++) coins += values[c] as number;
  const full = filled === cells;
  if (full) coins += collect.fullScreenBonus;
  if (tr) {
    tr.features.push({ type: 'hold_and_collect', firstScreen, respins, full, coins });
    tr.win('hold_and_collect', collect.moneySymbol, filled, cellsOf(m, collect.moneySymbol), coins, m.rows);
  }
  return coins;
}

function pickBonus(m: Machine, rng: Rng, tr: Trace | null): number {
  const pick = m.model.pick;
  if (!pick) return 0;
  let coins = 0;
  let multiplier = 1;
  const steps: PickStep[] = [];
  for (let picks = 0; picks < pick.maxPicks; picks++) {
    const table = (
      picks < pick.cashPicks
        ? m.tables.picksCash
        : picks < pick.guaranteedPicks
          ? m.tables.picksNoEnd
          : m.tables.picks
    ) as CompiledTable;
    const value = drawFrom(table, rng);
    if (value === 0) {
      if (tr) steps.push({ prize: 'end', value: 0 });
      break;
    }
    if (value > 0) coins += value;
    else multiplier -= value;
    if (tr) steps.push(value > 0 ? { prize: 'coins', value } : { prize: 'multiplier', value: -value });
  }
  const win = coins * multiplier;
  if (tr) {
    tr.features.push({ type: 'pick', picks: steps, multiplier, coins: win });
    const w = tr.win(
      'pick',
      pick.bonusSymbol,
      countKind(m, pick.bonusSymbol),
      cellsOf(m, pick.bonusSymbol),
      win,
      m.rows,
    );
    w.multiplier = multiplier;
  }
  return win;
}

function cellsOf(m: Machine, symbol: number): number[] {
  const cells: number[] = [];
  for (let c = 0; c < m.cells; c++) if (m.screen[c] === symbol) cells.push(c);
  return cells;
}

function lineRecorder(m: Machine, tr: Trace) {
  return (line: number, symbol: number, count: number, multiplier: number, coins: number) => {
    const cells: number[] = [];
    for (let r = 0; r < count; r++) cells.push(m.lines[line * m.reels + r] as number);
    const w = tr.win('line', symbol, count, cells, coins, m.rows);
    w.line = line;
    w.multiplier = multiplier;
  };
}

function waysRecorder(m: Machine, tr: Trace) {
  return (symbol: number, count: number, ways: number, coins: number) => {
    const cells: number[] = [];
    for (let c = 0; c < count * m.rows; c++) {
      const s = m.screen[c] as number;
      if (s === symbol || m.kinds[s] === KIND_WILD) cells.push(c);
    }
    const w = tr.win('ways', symbol, count, cells, coins, m.rows);
    w.ways = ways;
  };
}

function anywhereRecorder(m: Machine, tr: Trace) {
  return (symbol: number, count: number, coins: number) => {
    tr.win('anywhere', symbol, count, cellsOf(m, symbol), coins, m.rows);
  };
}
