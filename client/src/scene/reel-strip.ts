// One spinning reel: a strip of symbols moving down through the window. Strip index k is drawn with
// its top edge (k + p) cell pitches below the window's top, p being how far the reel has run; at rest
// on stop P, row r shows index r − P. The result is written into the strip above the window before it
// comes into view, so it arrives with the rest of the strip and is never swapped in on screen.
import type { Container } from 'pixi.js';
import { BRAKE_CELLS, brakeCurve } from '../logic/spin-plan.ts';

export interface StripSymbol {
  id: number;
  /** Value printed on the symbol (money, multiplier), '' for none. */
  label: string;
}

/** How the strip's cells are drawn: sharp, or streaked by motion while the reel runs at full speed. */
export interface StripArt {
  sharp(symbol: StripSymbol): Container;
  /** Null where no streaked drawing can be made (then the sharp one is used). */
  streaked(id: number): Container | null;
  randomId(): number;
}

interface Drawn {
  view: Container;
  streaked: boolean;
}

export interface StripGeometry {
  /** Centre x of the reel, top y of the window, the cell side and the pitch (cell + gap). */
  x: number;
  top: number;
  cell: number;
  pitch: number;
  /** Height of the window. */
  height: number;
}

export class ReelStrip {
  /** How far the reel has run, in cells. */
  p = 0;
  state: 'run' | 'brake' | 'rest' = 'run';
  /** The scroll position the reel stops at, once the result is known. */
  target: number | null = null;
  private brakeStart = 0;
  private readonly drawn = new Map<number, Drawn>();
  private readonly symbols = new Map<number, StripSymbol>();
  private readonly layer: Container;
  private readonly art: StripArt;
  private readonly rows: number;

  /** Starts from the picture on screen (`showing`, top row first), so nothing jumps as it starts. */
  constructor(layer: Container, art: StripArt, rows: number, showing: readonly StripSymbol[]) {
    this.layer = layer;
    this.art = art;
    this.rows = rows;
    for (const [row, symbol] of showing.entries()) this.symbols.set(row, symbol);
  }

  /** The nearest stop whose cells are all still above the window (so none appears in view). */
  earliestTarget(): number {
    return Math.ceil(this.p) + this.rows + 1 + BRAKE_CELLS;
  }

  /** Writes the result into the strip to stop at `target`; a later call moves it (quick-stop). */
  landAt(target: number, column: readonly StripSymbol[]): void {
    if (this.state !== 'run') return;
    const previous = this.target;
    if (previous !== null) for (let row = 0; row < this.rows; row++) this.symbols.delete(row - previous);
    this.target = Math.max(target, this.earliestTarget());
    const at = this.target;
    for (const [row, symbol] of column.entries()) this.symbols.set(row - at, symbol);
  }

  /**
   * Moves the strip to where it is at `now`: `run` is where the running reel would be, `speed` its
   * full speed in cells per ms, `brakeMs` how long the brake lasts. Answers true when it comes to rest.
   */
  advance(now: number, run: number, speed: number, brakeMs: number): boolean {
    if (this.state === 'rest') return false;
    if (this.state === 'run') {
      const from = this.target === null ? null : this.target - BRAKE_CELLS;
      if (from === null || run < from) {
        this.p = run;
        return false;
      }
      // Past the brake point already: the brake starts as far back in time as the reel ran past it.
      this.state = 'brake';
      this.brakeStart = now - (run - from) / speed;
    }
    const target = this.target as number;
    const u = (now - this.brakeStart) / brakeMs;
    if (u >= 1) {
      this.p = target;
      this.state = 'rest';
      return true;
    }
    this.p = target - BRAKE_CELLS + BRAKE_CELLS * brakeCurve(u);
    return false;
  }

  /**
   * Draws the cells in view at `g`, streaked while `fast`; answers the share of the window's height
   * the symbols cover (about cell ÷ pitch while running: never 0, no blank reel).
   */
  render(g: StripGeometry, fast: boolean): number {
    const first = Math.floor(-this.p) - 1;
    const last = Math.ceil(this.rows - this.p);
    for (const [k, cell] of this.drawn) {
      if (k < first || k > last) {
        cell.view.destroy({ children: true });
        this.drawn.delete(k);
        if (this.target === null || k > this.rows - 1 - this.target) this.symbols.delete(k);
      }
    }
    let covered = 0;
    for (let k = first; k <= last; k++) {
      let symbol = this.symbols.get(k);
      if (!symbol) {
        symbol = { id: this.art.randomId(), label: '' };
        this.symbols.set(k, symbol);
      }
      let cell = this.drawn.get(k);
      if (cell && cell.streaked !== fast) {
        cell.view.destroy({ children: true });
        cell = undefined;
      }
      if (!cell) {
        const streak = fast ? this.art.streaked(symbol.id) : null;
        cell = { view: streak ?? this.art.sharp(symbol), streaked: fast };
        this.layer.addChild(cell.view);
        this.drawn.set(k, cell);
      }
      const top = (k + this.p) * g.pitch;
      cell.view.position.set(g.x, g.top + top + g.cell / 2);
      covered += Math.max(0, Math.min(top + g.cell, g.height) - Math.max(top, 0));
    }
    return covered / g.height;
  }

  /** At rest: hands over the result's cells (top row first) and drops the rest of the strip. */
  settle(): Container[] {
    const target = this.target ?? 0;
    const cells: Container[] = [];
    for (let row = 0; row < this.rows; row++) {
      const k = row - target;
      const cell = this.drawn.get(k);
      this.drawn.delete(k);
      if (cell && !cell.streaked) cells.push(cell.view);
      else {
        // Not drawn sharp yet (a frame came late): drawn now, where the strip left it.
        cell?.view.destroy({ children: true });
        const view = this.art.sharp(this.symbols.get(k) ?? { id: -1, label: '' });
        this.layer.addChild(view);
        cells.push(view);
      }
    }
    this.destroy();
    return cells;
  }

  destroy(): void {
    for (const cell of this.drawn.values()) cell.view.destroy({ children: true });
    this.drawn.clear();
    this.symbols.clear();
  }
}
