// Exact certification of every line and ways game: the whole round's win law, not only its mean.
// The reels' full cycle is walked once per reel set (enumerate.ts); on each screen class the
// features are laid exactly: money values and hold-and-collect, the pick bonus (features.ts) and
// free spins as a branching process (sequence.ts), with the cap applied to the round as the game
// applies it. RTP, σ, hit rate, trigger frequencies, pay-combination frequencies, the maximum win
// and its probability are read off that law. Pay-anywhere games with tumbles cannot be walked;
// they are estimated (estimate.ts).
import type { CompiledChoice, Machine } from '../engine/machine.ts';
import { type BetMode, byCount, type GameModel } from '../engine/model.ts';
import { machineFor, modeCostCoins } from '../engine/spin.ts';
import { classOf, type SetWalk, walkReelSet } from './enumerate.ts';
import { moneyLaw, pickLaw } from './features.ts';
import { addInto, convolve, type Law, mean, pointLaw as pointLawOf, secondMoment, topOf } from './law.ts';
import { type SpinLaw, sequenceLaw } from './sequence.ts';

export function isEnumerable(model: GameModel): boolean {
  return model.evaluation.kind !== 'anywhere';
}

/** One pay combination of the PAR sheet: how often it pays in a spin of its phase, and its share of RTP. */
export interface PayCombination {
  phase: 'spin' | 'free_spin';
  kind: 'line' | 'ways' | 'scatter' | 'expanding';
  symbol: string;
  count: number;
  /** Expected wins of this combination per paid round (free spins: over the round's free spins). */
  perSpin: number;
  /** What it pays per paid round, as a fraction of the mode's stake: its share of the RTP. */
  rtp: number;
}

export interface TriggerFrequency {
  scatters: number;
  probability: number;
  freeSpins: number;
}

export interface ExactMode {
  mode: BetMode;
  costCoins: number;
  cap: number;
  /** The round's win law in coins, capped (law[cap] = P(the round pays the cap)). */
  law: Law;
  rtp: number;
  /** Standard deviation of a round's win in stakes. */
  sd: number;
  hitFrequency: number;
  /** Screen pays of the paid spin (lines or ways, scatters, collector pays), as RTP. */
  baseRtp: number;
  /** Free spins, hold-and-collect and picks, as RTP (the rest of `rtp`). */
  featureRtp: number;
  featureFrequency: number;
  triggers: TriggerFrequency[];
  combinations: PayCombination[];
  /** Expected free spins a paid round (or a buy) plays, retriggers included. */
  freeSpinsPerRound: number;
  maxCoins: number;
  maxKind: 'exact' | 'cap';
  maxProbability: number;
  /**
   * exact: read off the law; bound: a proven upper bound (Chernoff, below), used where the law's
   * own figure is under the FFT's rounding floor.
   */
  maxProbabilityKind: 'exact' | 'bound';
  /** Stop combinations walked (every reel set of the mode and of its free spins). */
  combinationsWalked: number;
  seconds: number;
}

interface WalkKey {
  wildMultiplier: number;
  expanding: number;
}

// Walks are the expensive part; variants and tuning trials share reel sets (the same objects).
const walks = new WeakMap<object, Map<string, SetWalk>>();

function walkOf(m: Machine, setIndex: number, choice: CompiledChoice, key: WalkKey): SetWalk {
  const set = choice.sets[setIndex];
  if (!set) throw new Error('no such reel set');
  const source = m.model.reelSets.find((s) => s.id === set.id);
  if (!source) throw new Error(`unknown reel set ${set.id}`);
  let known = walks.get(source);
  if (!known) {
    known = new Map();
    walks.set(source, known);
  }
  const id = `${m.model.slug}/${key.wildMultiplier}/${key.expanding}`;
  let walk = known.get(id);
  if (!walk) {
    walk = walkReelSet(m, set, { ...key, onProgress: progress.current ?? undefined });
    known.set(id, walk);
  }
  return walk;
}

/** Where long walks report progress (the certify command's bars); null: nowhere. */
export const progress: { current: ((done: number, of: number) => void) | null } = { current: null };

/** Chance of each reel set of a choice. */
function setChances(choice: CompiledChoice): number[] {
  return choice.sets.map(
    (_, i) =>
      ((choice.table.cumulative[i] as number) - (i === 0 ? 0 : (choice.table.cumulative[i - 1] as number))) /
      choice.table.total,
  );
}

/** The screen law of each class over the sets of a choice (probabilities per spin), capped. */
function classLaws(
  m: Machine,
  choice: CompiledChoice,
  key: WalkKey,
  cap: number,
): { laws: Map<number, Law>; walks: Array<{ walk: SetWalk; chance: number }> } {
  const laws = new Map<number, Law>();
  const used: Array<{ walk: SetWalk; chance: number }> = [];
  setChances(choice).forEach((chance, i) => {
    if (chance === 0) return;
    const walk = walkOf(m, i, choice, key);
    used.push({ walk, chance });
    for (const [cls, counts] of walk.classes) {
      let law = laws.get(cls);
      if (!law) {
        law = new Float64Array(cap + 1);
        laws.set(cls, law);
      }
      addInto(law, counts, chance / walk.combinations);
    }
  });
  return { laws, walks: used };
}

function freeSpinLaws(
  m: Machine,
  cap: number,
): {
  byExpanding: Array<{ chance: number; spin: SpinLaw }>;
  walks: Array<{ walk: SetWalk; chance: number }>;
} {
  const model = m.model;
  const fs = model.freeSpins;
  const scatter = model.scatter;
  if (!fs || !scatter || !m.free) throw new Error(`${model.slug} has no free spins`);
  if (model.collect || model.pick)
    throw new Error(`${model.slug}: features inside free spins are not modelled`);
  const expanding = fs.expandingSymbols
    ? fs.expandingSymbols.values.map((symbol, i) => ({
        symbol,
        chance:
          (fs.expandingSymbols?.weights[i] as number) /
          (fs.expandingSymbols?.weights ?? []).reduce((s, w) => s + w, 0),
      }))
    : [{ symbol: -1, chance: 1 }];
  const walks: Array<{ walk: SetWalk; chance: number }> = [];
  const byExpanding = expanding
    .filter((e) => e.chance > 0)
    .map(({ symbol, chance }) => {
      const { laws, walks: used } = classLaws(
        m,
        m.free as CompiledChoice,
        { wildMultiplier: fs.wildMultiplier, expanding: symbol },
        cap,
      );
      walks.push(...used.map((u) => ({ walk: u.walk, chance: u.chance * chance })));
      const plain = new Float64Array(cap + 1);
      const retrigger = new Float64Array(cap + 1);
      let adds = 0;
      for (const [cls, law] of laws) {
        const spins = byCount(scatter.retrigger, classOf(m, cls).scatters);
        if (spins > 0) {
          if (adds !== 0 && adds !== spins) throw new Error(`${model.slug}: retriggers of different sizes`);
          adds = spins;
          addInto(retrigger, law, 1);
        } else addInto(plain, law, 1);
      }
      return { chance, spin: { plain, retrigger, adds: adds || 1 } };
    });
  return { byExpanding, walks };
}

const results = new WeakMap<GameModel, Partial<Record<BetMode, ExactMode>>>();

/** The exact law and figures of a mode of a line or ways game (memoised per model). */
export function exactMode(model: GameModel, mode: BetMode): ExactMode {
  const known = results.get(model) ?? {};
  const cached = known[mode];
  if (cached) return cached;
  const result = computeMode(model, mode);
  results.set(model, { ...known, [mode]: result });
  return result;
}

function computeMode(model: GameModel, mode: BetMode): ExactMode {
  if (!isEnumerable(model)) throw new Error(`${model.slug}: pay-anywhere with tumbles is not enumerable`);
  const started = performance.now();
  const m = machineFor(model);
  const cap = m.capCoins;
  const costCoins = modeCostCoins(model, mode);
  const cells = m.cells;
  const law = new Float64Array(cap + 1);
  let baseCoins = 0;
  let freeSpinsPerRound = 0;
  let featureChance = 0;
  const triggerChance = new Map<number, number>();
  const combinations: PayCombination[] = [];
  let walked = 0;

  let free: ReturnType<typeof freeSpinLaws> | null = null;
  /** The paid spin's screen laws with the free spins each starts, for the cap's Chernoff bound. */
  const screens: Array<{ screen: Law; freeSpins: number }> = [];
  const sequences = new Map<number, { law: Law; expectedSpins: number }>();
  const freeSpinsOf = (n0: number) => {
    let seq = sequences.get(n0);
    if (!seq) {
      free ??= freeSpinLaws(m, cap);
      const mixed = new Float64Array(cap + 1);
      let expectedSpins = 0;
      for (const { chance, spin } of free.byExpanding) {
        const s = sequenceLaw(spin, n0);
        addInto(mixed, s.law, chance);
        expectedSpins += chance * s.expectedSpins;
      }
      seq = { law: mixed, expectedSpins };
      sequences.set(n0, seq);
    }
    return seq;
  };

  const buy = model.modes.buy;
  if (mode === 'buy') {
    if (!buy) throw new Error(`${model.slug} has no buy mode`);
    featureChance = 1;
    if (buy.feature === 'free_spins') {
      const sequence = freeSpinsOf(model.freeSpins?.buySpins ?? 0);
      screens.push({ screen: pointLawOf(0, cap), freeSpins: model.freeSpins?.buySpins ?? 0 });
      addInto(law, sequence.law, 1);
      freeSpinsPerRound = sequence.expectedSpins;
    } else {
      const collect = model.collect;
      if (!collect) throw new Error(`${model.slug}: a bought hold-and-collect needs money symbols`);
      addInto(law, moneyLaw(collect, cells, collect.holdStart, false, true, cap), 1);
    }
  } else {
    const choice = mode === 'special' ? m.special : m.base;
    if (!choice) throw new Error(`${model.slug} has no ${mode} mode`);
    const { laws, walks } = classLaws(m, choice, { wildMultiplier: 1, expanding: -1 }, cap);
    const moneyMean = model.collect
      ? model.collect.values.values.reduce(
          (s, v, i) => s + v * (model.collect?.values.weights[i] as number),
          0,
        ) / model.collect.values.weights.reduce((s, w) => s + w, 0)
      : 0;
    const pick = model.pick ? pickLaw(model.pick, cap) : null;
    for (const [cls, screen] of laws) {
      const c = classOf(m, cls);
      const chance = screen.reduce((s, p) => s + p, 0);
      const scatterSpins = model.scatter && model.freeSpins ? byCount(model.scatter.trigger, c.scatters) : 0;
      if (model.scatter) triggerChance.set(c.scatters, (triggerChance.get(c.scatters) ?? 0) + chance);
      baseCoins += mean(screen) + (c.collector ? chance * c.money * moneyMean : 0);
      let part: Law = screen;
      let feature = false;
      screens.push({ screen, freeSpins: scatterSpins });
      if (scatterSpins > 0) {
        const sequence = freeSpinsOf(scatterSpins);
        part = convolve(part, sequence.law);
        freeSpinsPerRound += chance * sequence.expectedSpins;
        feature = true;
      }
      const collect = model.collect;
      if (collect && c.money > 0) {
        const hold = c.money >= collect.holdTrigger;
        if (hold || c.collector)
          part = convolve(part, moneyLaw(collect, cells, c.money, c.collector, hold, cap));
        feature ||= hold;
      }
      if (pick && model.pick && c.bonus >= model.pick.trigger) {
        part = convolve(part, pick);
        feature = true;
      }
      if (feature) featureChance += chance;
      addInto(law, part, 1);
    }
    for (const { walk, chance } of walks) {
      walked += walk.combinations;
      combinations.push(...combinationsOf(m, walk, chance, costCoins, 'spin'));
    }
    if (model.scatter) {
      for (const [count, chance] of triggerChance) {
        const pay = byCount(model.scatter.pays, count);
        if (pay > 0)
          combinations.push({
            phase: 'spin',
            kind: 'scatter',
            symbol: model.symbols[model.scatter.symbol]?.code ?? '',
            count,
            perSpin: chance,
            rtp: (chance * pay) / costCoins,
          });
      }
    }
  }
  if (free) {
    for (const { walk, chance } of (free as ReturnType<typeof freeSpinLaws>).walks) {
      walked += walk.combinations;
      // Per free spin, then as a share of a paid round's return.
      combinations.push(...combinationsOf(m, walk, chance * freeSpinsPerRound, costCoins, 'free_spin'));
    }
  }
  const average = mean(law);
  const variance = Math.max(0, secondMoment(law) - average * average);
  const reachesCap = (law[cap] as number) > 0;
  const maxCoins = reachesCap ? cap : topOf(law);
  let maxProbability = law[maxCoins] as number;
  let maxProbabilityKind: ExactMode['maxProbabilityKind'] = 'exact';
  if (free && reachesCap) {
    // Free-spin laws pass through FFTs, whose entries carry about 1e-16 of rounding: below a
    // trillionth the law's own figure is not trusted and the proven bound is given instead.
    const bound = capChernoffBound(screens, (free as ReturnType<typeof freeSpinLaws>).byExpanding, cap);
    if (maxProbability < 1e-12 || maxProbability > bound) {
      maxProbability = bound;
      maxProbabilityKind = 'bound';
    }
  }
  const triggers = [...triggerChance.entries()]
    .sort(([a], [b]) => a - b)
    .map(([scatters, probability]) => ({
      scatters,
      probability,
      freeSpins: model.scatter ? byCount(model.scatter.trigger, scatters) : 0,
    }));
  return {
    mode,
    costCoins,
    cap,
    law,
    rtp: average / costCoins,
    sd: Math.sqrt(variance) / costCoins,
    hitFrequency: 1 - (law[0] as number),
    baseRtp: mode === 'buy' ? 0 : baseCoins / costCoins,
    featureRtp: (average - (mode === 'buy' ? 0 : baseCoins)) / costCoins,
    featureFrequency: featureChance,
    triggers,
    combinations,
    freeSpinsPerRound,
    maxCoins,
    maxKind: reachesCap ? 'cap' : 'exact',
    maxProbability,
    maxProbabilityKind,
    combinationsWalked: walked,
    seconds: (performance.now() - started) / 1000,
  };
}

function combinationsOf(
  m: Machine,
  walk: SetWalk,
  chance: number,
  costCoins: number,
  phase: PayCombination['phase'],
): PayCombination[] {
  const out: PayCombination[] = [];
  const stride = m.reels + 1;
  const weight = chance / walk.combinations;
  const kind = m.model.evaluation.kind === 'ways' ? 'ways' : 'line';
  for (let s = 0; s < m.symbolCount; s++) {
    for (let n = 1; n <= m.reels; n++) {
      const wins = walk.comboWins[s * stride + n] as number;
      if (wins === 0) continue;
      out.push({
        phase,
        kind,
        symbol: m.model.symbols[s]?.code ?? String(s),
        count: n,
        perSpin: wins * weight,
        rtp: ((walk.comboCoins[s * stride + n] as number) * weight) / costCoins,
      });
    }
  }
  for (let n = 1; n <= m.reels; n++) {
    const wins = walk.expandWins[n] as number;
    if (wins > 0)
      out.push({
        phase,
        kind: 'expanding',
        symbol: '*',
        count: n,
        perSpin: wins * weight,
        rtp: ((walk.expandCoins[n] as number) * weight) / costCoins,
      });
  }
  return out;
}

/** Merges PAR rows of the same phase, kind, symbol and count (reel sets and expanding symbols). */
export function mergeCombinations(rows: PayCombination[]): PayCombination[] {
  const merged = new Map<string, PayCombination>();
  for (const row of rows) {
    const key = `${row.phase}/${row.kind}/${row.symbol}/${row.count}`;
    const known = merged.get(key);
    if (known) {
      known.perSpin += row.perSpin;
      known.rtp += row.rtp;
    } else merged.set(key, { ...row });
  }
  return [...merged.values()].sort(
    (a, b) =>
      a.phase.localeCompare(b.phase) ||
      a.kind.localeCompare(b.kind) ||
      a.symbol.localeCompare(b.symbol) ||
      a.count - b.count,
  );
}

/**
 * An upper bound on P(round ≥ cap) that needs no FFT: P(X ≥ C) ≤ E[e^{θX}]·e^{−θC} for every θ > 0
 * (Chernoff). X counts each spin capped, which changes no round that stays under the cap. A free
 * spin's progeny pays S = c + Σ_{j ≤ r} S_j (r the spins its retrigger adds), so φ(θ) = E[e^{θS}] is
 * the least root of φ = E[e^{θc}; no retrigger] + E[e^{θc}; retrigger]·φ^k, reached by iterating
 * from 1; a sequence of n0 spins has E[e^{θF}] = φ^{n0}. The best θ of a grid is kept.
 */
export function capChernoffBound(
  screens: Array<{ screen: Law; freeSpins: number }>,
  byExpanding: Array<{ chance: number; spin: SpinLaw }>,
  cap: number,
): number {
  const mgf = (law: Law, theta: number) => {
    let sum = 0;
    for (let x = 0; x < law.length; x++) {
      const p = law[x] as number;
      if (p !== 0) sum += p * Math.exp(theta * x);
    }
    return sum;
  };
  let best = 1;
  for (let t = 1; t <= 80; t++) {
    const theta = t / cap;
    const phis: Array<{ chance: number; phi: number }> = [];
    let finite = true;
    for (const { chance, spin } of byExpanding) {
      const a = mgf(spin.plain, theta);
      const b = mgf(spin.retrigger, theta);
      let phi = 1;
      for (let i = 0; i < 100_000; i++) {
        const next = a + b * phi ** spin.adds;
        if (!(next < 1e200)) {
          finite = false;
          break;
        }
        if (Math.abs(next - phi) <= 1e-15 * next) {
          phi = next;
          break;
        }
        phi = next;
      }
      if (!finite) break;
      phis.push({ chance, phi });
    }
    if (!finite) break;
    let m = 0;
    for (const { screen, freeSpins } of screens) {
      const sequence =
        freeSpins > 0 ? phis.reduce((sum, { chance, phi }) => sum + chance * phi ** freeSpins, 0) : 1;
      m += mgf(screen, theta) * sequence;
    }
    best = Math.min(best, m * Math.exp(-theta * cap));
  }
  return best;
}
