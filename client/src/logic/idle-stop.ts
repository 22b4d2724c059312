// The picture an idle game shows before any round: a stop that pays nothing and starts nothing, so
// a first look never shows a winning or triggering combination that paid nothing. Built from the
// rules the client has (symbol kinds and pays, the evaluation, the trigger counts of the rule facts).
import type { GameRules, Screen } from '../api/types.ts';

/** Symbols that start a feature by count, and the count that starts it. */
function triggers(rules: Pick<GameRules, 'ruleFacts' | 'symbols'>): Map<number, number> {
  const byCode = new Map<string, number>();
  for (const fact of rules.ruleFacts) {
    if (fact.id === 'free_spins' || fact.id === 'retrigger') {
      for (const award of fact.awards) {
        const known = byCode.get(fact.symbol);
        if (known === undefined || award.count < known) byCode.set(fact.symbol, award.count);
      }
    } else if (fact.id === 'pick') byCode.set(fact.symbol, fact.count);
    else if (fact.id === 'hold') byCode.set(fact.money, fact.count);
  }
  const out = new Map<number, number>();
  for (const symbol of rules.symbols) {
    const count = byCode.get(symbol.code);
    if (count !== undefined) out.set(symbol.id, count);
  }
  return out;
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/**
 * A stop that pays nothing and shows fewer trigger symbols than start any feature. Lines and ways
 * pay from the leftmost reel, so the first two reels share no symbol (and no wild is shown);
 * pay-anywhere shows no symbol as often as the smallest paying count. One trigger symbol (a scatter
 * or bonus symbol that pays nothing alone) may appear on a middle reel, as on a real reel strip.
 */
export function idleScreen(
  rules: Pick<GameRules, 'reels' | 'rows' | 'symbols' | 'evaluation' | 'minCount' | 'ruleFacts'>,
  random: () => number = Math.random,
): Screen {
  const { reels, rows } = rules;
  const regular = rules.symbols.filter((s) => s.kind === 'regular').map((s) => s.id);
  const symbols: number[][] = Array.from({ length: reels }, () => Array.from({ length: rows }, () => -1));
  if (rules.evaluation === 'anywhere') {
    // Round robin over a shuffled order: each symbol shows at most ceil(cells / symbols) times.
    const order = shuffled(regular, random);
    const cells = shuffled(
      Array.from({ length: reels * rows }, (_, i) => i),
      random,
    );
    cells.forEach((cell, i) => {
      const column = symbols[Math.floor(cell / rows)] as number[];
      column[cell % rows] = order[i % order.length] as number;
    });
  } else {
    const order = shuffled(regular, random);
    const half = Math.max(1, Math.floor(order.length / 2));
    const first = order.slice(0, half);
    const second = order.slice(half);
    symbols.forEach((column, reel) => {
      const from = reel === 0 ? first : reel === 1 ? second : order;
      for (let row = 0; row < rows; row++) column[row] = pick(from, random);
    });
  }
  const trigger = triggers(rules);
  const teaser = rules.symbols.find(
    (s) =>
      (s.kind === 'scatter' || s.kind === 'bonus') &&
      (trigger.get(s.id) ?? 0) > 1 &&
      !s.pays.some((p) => p.count <= 1 && p.coins > 0),
  );
  if (teaser && reels >= 3) {
    const reel = 1 + Math.floor(random() * (reels - 2));
    const column = symbols[reel] as number[];
    column[Math.floor(random() * rows)] = teaser.id;
  }
  const values = symbols.map((column) => column.map(() => 0));
  return { phase: 'spin', reelSet: null, stops: null, symbols, values };
}
