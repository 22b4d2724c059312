// Helpers the game folders use to write their models as readable tables.
import { type GameModel, type ReelSet, type SymbolDef, spreadStrip } from '../engine/model.ts';

export type SymbolTable = ReadonlyArray<
  readonly [code: string, name: string, kind: SymbolDef['kind'], pays: number[]]
>;

export function symbolsFrom(table: SymbolTable): SymbolDef[] {
  return table.map(([code, name, kind, pays], id) => ({ id, code, name, kind, pays }));
}

/** Builds a reel set from per-reel symbol counts keyed by symbol code ("CR*2": stacks of two). */
export function reelSet(
  symbols: SymbolDef[],
  id: string,
  reels: ReadonlyArray<Record<string, number>>,
): ReelSet {
  const idOf = (code: string): number => {
    const symbol = symbols.find((s) => s.code === code);
    if (!symbol) throw new Error(`unknown symbol code ${code}`);
    return symbol.id;
  };
  return {
    id,
    strips: reels.map((counts) =>
      spreadStrip(
        Object.entries(counts).map(([key, n]) => {
          const [code = key, stack = '1'] = key.split('*');
          return [idOf(code), n, Number(stack)] as const;
        }),
      ),
    ),
  };
}

/** Looks a symbol id up by code (for scatter, wild and feature references). */
export function symbolId(symbols: SymbolDef[], code: string): number {
  const symbol = symbols.find((s) => s.code === code);
  if (!symbol) throw new Error(`unknown symbol code ${code}`);
  return symbol.id;
}

/** The per-variant RTP levers: integer weights of the reel sets (and tables) a phase draws from. */
export type VariantWeights = Record<string, number[]>;

export function deepFreeze<T extends GameModel>(model: T): T {
  const freeze = (value: unknown): void => {
    if (value && typeof value === 'object' && !Object.isFrozen(value)) {
      Object.freeze(value);
      for (const v of Object.values(value)) freeze(v);
    }
  };
  freeze(model);
  return model;
}

/** A lever's two weights, checked. */
export function lever(levers: Record<string, number[]>, name: string): number[] {
  const weights = levers[name];
  if (!weights || weights.length === 0) throw new Error(`lever ${name} missing`);
  return weights;
}

/** Builds every variant from the tuned weights file (variant id → levers). */
export function variantsFrom(
  build: (variant: string, levers: Record<string, number[]>) => GameModel,
  weights: Record<string, Record<string, number[]>>,
): Record<string, GameModel> {
  return Object.fromEntries(
    Object.entries(weights).map(([variant, levers]) => [variant, build(variant, levers)]),
  );
}
