// What the player sees of one round, in order: reels land, wins of each picture (all together, then
// one by one, biggest first), tumbles and respins, multipliers, then the features the round started
// (free spins, the pick bonus) and the total counted up. Pure: the scene plays these steps.
import type { FeatureEvent, GameRules, Outcome, PickStep, Screen, Win } from '../api/types.ts';

export type Step =
  | { type: 'land'; screen: number }
  | { type: 'tumble'; screen: number; removed: Array<[number, number]> }
  | { type: 'expand'; screen: number }
  | { type: 'hold'; respins: number }
  | { type: 'respin'; screen: number }
  | { type: 'wins'; screen: number; wins: Win[]; amount: bigint }
  | { type: 'win'; screen: number; win: Win }
  | { type: 'multiplier'; screen: number; factor: number }
  | { type: 'free_spins'; awarded: number; retrigger: boolean; expandingSymbol: number | null }
  | { type: 'pick'; picks: PickStep[]; multiplier: number; coins: number; amount: bigint }
  | { type: 'max_win' }
  /** A free-rounds grant paid its campaign's max_win: what the round paid, and the grant is over. */
  | { type: 'grant_cap'; paid: bigint }
  | { type: 'total'; amount: bigint; tier: WinTier };

/**
 * Win tiers by the multiple of the stake. `small` (below 1×) and `win` (1× to below 10×) stay on the
 * reels: winning symbols animate, their lines are drawn and the meter counts up. `big` (from 10×),
 * `mega` (from 25×) and `epic` (from 50×) also take the screen with the celebration, which counts
 * the meter up with it. So in free spins and autoplay a win below 10× never covers the reels.
 */
export type WinTier = 'none' | 'small' | 'win' | 'big' | 'mega' | 'epic';

/** Where each tier starts, in multiples of the stake. */
export const TIER_FROM = { win: 1n, big: 10n, mega: 25n, epic: 50n } as const;

/** The tiers celebrated over the whole screen. */
export type ScreenTier = 'big' | 'mega' | 'epic';

export function takesScreen(tier: WinTier): tier is ScreenTier {
  return tier === 'big' || tier === 'mega' || tier === 'epic';
}

/** Wins drawn on the reels (a pick prize is shown in the pick screen instead). */
function onReels(win: Win): boolean {
  return win.kind !== 'pick';
}

/** Biggest first; equal amounts keep the engine's order (line order). */
export function byAmountDesc(wins: readonly Win[]): Win[] {
  return wins
    .map((win, index) => ({ win, index, amount: BigInt(win.amount) }))
    .sort((a, b) => (a.amount > b.amount ? -1 : a.amount < b.amount ? 1 : a.index - b.index))
    .map((entry) => entry.win);
}

/**
 * Win tier by the multiple of the stake: the base total bet (coin × level × line cost), also for free
 * spins (which cost nothing) and bought features (whose price is not the player's usual stake).
 */
export function winTier(amount: bigint, stake: bigint): WinTier {
  if (amount <= 0n) return 'none';
  if (stake <= 0n || amount < stake * TIER_FROM.win) return 'small';
  if (amount >= stake * TIER_FROM.epic) return 'epic';
  if (amount >= stake * TIER_FROM.mega) return 'mega';
  if (amount >= stake * TIER_FROM.big) return 'big';
  return 'win';
}

/**
 * The reels that land with anticipation: those still to stop while the reels already stopped show
 * exactly one trigger symbol too few (`trigger` of `symbols` start the feature). Empty when the
 * feature cannot be one symbol away.
 */
export function anticipationReels(screen: Screen, symbols: ReadonlySet<number>, trigger: number): number[] {
  if (trigger <= 0 || symbols.size === 0) return [];
  const reels: number[] = [];
  let seen = 0;
  screen.symbols.forEach((column, reel) => {
    if (seen === trigger - 1) reels.push(reel);
    seen += column.filter((id) => symbols.has(id)).length;
  });
  return reels;
}

function screenStep(outcome: Outcome, index: number): Step {
  const screen = outcome.screens[index] as Screen;
  if (index === 0) return { type: 'land', screen: 0 };
  if (screen.phase === 'tumble') {
    const removed = outcome.wins
      .filter((w) => w.screen === index - 1 && onReels(w))
      .flatMap((w) => w.positions);
    const unique = [...new Map(removed.map((p) => [`${p[0]}:${p[1]}`, p])).values()];
    return { type: 'tumble', screen: index, removed: unique };
  }
  if (screen.phase === 'expand') return { type: 'expand', screen: index };
  if (screen.phase === 'respin') return { type: 'respin', screen: index };
  return { type: 'land', screen: index };
}

/**
 * The steps of a round. `unit` is the minor units of one coin (coin × bet level) and `baseBet` the
 * base total bet, both for amounts the outcome gives in coins (pick prizes) and for the win tier.
 */
export function planPresentation(outcome: Outcome, baseBet: bigint, unit: bigint): Step[] {
  const steps: Step[] = [];
  const hold = outcome.features.find(
    (f): f is Extract<FeatureEvent, { type: 'hold_and_collect' }> => f.type === 'hold_and_collect',
  );
  outcome.screens.forEach((screen, index) => {
    if (hold && index === hold.firstScreen && screen.phase === 'respin') {
      steps.push({ type: 'hold', respins: hold.respins });
    }
    steps.push(screenStep(outcome, index));
    const wins = outcome.wins.filter((w) => w.screen === index && onReels(w));
    if (wins.length > 0) {
      const amount = wins.reduce((sum, w) => sum + BigInt(w.amount), 0n);
      steps.push({ type: 'wins', screen: index, wins: byAmountDesc(wins), amount });
      if (wins.length > 1)
        for (const win of byAmountDesc(wins)) steps.push({ type: 'win', screen: index, win });
    }
    for (const feature of outcome.features) {
      if (feature.type === 'multiplier' && feature.screen === index) {
        steps.push({ type: 'multiplier', screen: index, factor: feature.factor });
      }
    }
  });
  for (const feature of outcome.features) {
    if (feature.type === 'pick') {
      steps.push({
        type: 'pick',
        picks: feature.picks,
        multiplier: feature.multiplier,
        coins: feature.coins,
        amount: BigInt(feature.coins) * unit,
      });
    }
  }
  for (const feature of outcome.features) {
    if (feature.type === 'free_spins') {
      steps.push({
        type: 'free_spins',
        awarded: feature.awarded,
        retrigger: feature.retrigger,
        expandingSymbol: feature.expandingSymbol,
      });
    }
  }
  if (outcome.features.some((f) => f.type === 'max_win') || outcome.capped) steps.push({ type: 'max_win' });
  const total = BigInt(outcome.totalWin);
  steps.push({ type: 'total', amount: total, tier: winTier(total, baseBet) });
  return steps;
}

/**
 * The steps as they were paid (issue 24): a free round of a grant whose campaign caps its total win
 * pays `paid`, maybe less than the game's win. Amounts count up only to what was paid, each line's
 * own figure is not announced, the tier is the paid amount's, and where the cap cut the win or
 * ended the grant (`capReached`) the player is told, and a feature the cap ended is not announced.
 */
export function paidSteps(
  steps: readonly Step[],
  paid: bigint,
  capReached: boolean,
  baseBet: bigint,
): Step[] {
  const total = steps.find((step) => step.type === 'total');
  const cut = total !== undefined && paid < total.amount;
  if (!cut && !capReached) return [...steps];
  let left = paid;
  const take = (amount: bigint) => {
    const taken = amount < left ? amount : left;
    left -= taken;
    return taken;
  };
  const out: Step[] = [];
  for (const step of steps) {
    if (step.type === 'wins') out.push({ ...step, amount: take(step.amount) });
    else if (step.type === 'pick') out.push({ ...step, amount: take(step.amount) });
    else if (step.type === 'win' && cut) continue;
    else if (step.type === 'free_spins' && capReached) continue;
    else if (step.type === 'total') {
      out.push({ type: 'grant_cap', paid });
      out.push({ type: 'total', amount: paid, tier: winTier(paid, baseBet) });
    } else out.push(step);
  }
  return out;
}

/** The feature's total paid so far: the game's before this spin, plus what this spin paid. */
export function paidSequence(outcome: Pick<Outcome, 'sequenceWin' | 'totalWin'>, paid: bigint): bigint {
  // A grant's feature ends the spin its cap is reached, so before this spin all was paid in full.
  return BigInt(outcome.sequenceWin) - BigInt(outcome.totalWin) + paid;
}

/** The last picture of a round: what a reloaded page shows of the round it finds. */
export function finalScreen(outcome: Outcome): Screen | undefined {
  return outcome.screens[outcome.screens.length - 1];
}

export interface Cell {
  reel: number;
  row: number;
  /** Symbol id, or -1 for an empty cell. */
  symbol: number;
  kind: string;
  /** Text drawn on the symbol: a money value in the currency or a multiplier factor; else empty. */
  label: string;
}

/** The cells of one picture with what each shows, column by column (reel 0 first). */
export function screenCells(
  screen: Screen,
  rules: Pick<GameRules, 'symbols'>,
  formatCoins: (coins: number) => string,
): Cell[] {
  const cells: Cell[] = [];
  screen.symbols.forEach((column, reel) => {
    column.forEach((symbol, row) => {
      const def = rules.symbols[symbol];
      const kind = symbol < 0 ? 'empty' : (def?.kind ?? 'regular');
      const value = screen.values[reel]?.[row] ?? 0;
      let label = '';
      if (value > 0 && kind === 'money') label = formatCoins(value);
      else if (value > 0 && kind === 'multiplier') label = `×${value}`;
      cells.push({ reel, row, symbol, kind, label });
    });
  });
  return cells;
}
