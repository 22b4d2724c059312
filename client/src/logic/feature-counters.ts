// The counters a feature shows on the reels, derived from the round and the game's rule facts (never
// from numbers written here): free spins left and played, Harbor's respins left after each respin
// picture (reset by every new value that lands), the wild multiplier of a free spin, and the pick
// bonus's running total. Pure, so each is tested without a browser.
import type { GameRules, PickStep, Screen } from '../api/types.ts';

type RuleFact = GameRules['ruleFacts'][number];

/** The game's rule fact of kind `id`, or undefined when the game has no such rule. */
export function ruleFact<Id extends RuleFact['id']>(
  rules: Pick<GameRules, 'ruleFacts'>,
  id: Id,
): Extract<RuleFact, { id: Id }> | undefined {
  return rules.ruleFacts.find((fact): fact is Extract<RuleFact, { id: Id }> => fact.id === id);
}

/** The factor every wild carries in free spins (null when wilds are not multiplied). */
export function wildMultiplier(rules: Pick<GameRules, 'ruleFacts'>): number | null {
  const fact = ruleFact(rules, 'wild_multiplier');
  return fact && fact.factor > 1 ? fact.factor : null;
}

/** Respins a hold-and-collect starts with (and returns to when a new value lands), from its rule. */
export function holdRespins(rules: Pick<GameRules, 'ruleFacts'>): number | null {
  return ruleFact(rules, 'hold')?.respins ?? null;
}

function countOf(screen: Screen, symbols: ReadonlySet<number>): number {
  let count = 0;
  for (const column of screen.symbols) for (const id of column) if (symbols.has(id)) count++;
  return count;
}

/**
 * Respins left as each picture of a hold-and-collect is shown, keyed by screen index: `respins` on
 * the first held picture, then one fewer after each respin, back to `respins` when a new value landed.
 */
export function holdCountdown(
  screens: readonly Screen[],
  firstScreen: number,
  respins: number,
  money: ReadonlySet<number>,
): Map<number, number> {
  const left = new Map<number, number>();
  const first = screens[firstScreen];
  if (!first) return left;
  let lives = respins;
  let held = countOf(first, money);
  left.set(firstScreen, lives);
  for (let index = firstScreen + 1; index < screens.length; index++) {
    const screen = screens[index] as Screen;
    if (screen.phase !== 'respin') break;
    const now = countOf(screen, money);
    lives = now > held ? respins : Math.max(0, lives - 1);
    held = now;
    left.set(index, lives);
  }
  return left;
}

/** The sum of the values held on a picture (coins of the money symbols in view). */
export function heldCoins(screen: Screen, money: ReadonlySet<number>): number {
  let coins = 0;
  for (const [reel, row] of cellsShowing(screen, money)) coins += screen.values[reel]?.[row] ?? 0;
  return coins;
}

/** [reel, row] of every cell showing one of `symbols`. */
export function cellsShowing(screen: Screen, symbols: ReadonlySet<number>): Array<[number, number]> {
  const cells: Array<[number, number]> = [];
  for (const [reel, column] of screen.symbols.entries())
    for (const [row, id] of column.entries()) if (symbols.has(id)) cells.push([reel, row]);
  return cells;
}

/** The free-spins counter: spins left, spins played, and the feature's total so far. */
export interface FreeSpinsCount {
  left: number;
  played: number;
  total: number;
}

export function freeSpinsCount(left: number, played: number): FreeSpinsCount {
  return { left, played, total: left + played };
}

/** Where the pick bonus stands after each pick: cash in coins, the multiplier, and their product. */
export interface PickTally {
  coins: number;
  multiplier: number;
  total: number;
}

/** The running tally after each pick, as the engine adds them (cash adds, a boost adds to ×1). */
export function pickTallies(picks: readonly PickStep[]): PickTally[] {
  let coins = 0;
  let multiplier = 1;
  return picks.map((pick) => {
    if (pick.prize === 'coins') coins += pick.value;
    if (pick.prize === 'multiplier') multiplier += pick.value;
    return { coins, multiplier, total: coins * multiplier };
  });
}
