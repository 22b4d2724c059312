// The reels: a grid of drawn symbols that spins, lands reel by reel (slowly, with a glowing frame,
// on the reels that may still complete a feature), celebrates winning symbols (a bounce, a wiggle
// and a burst of light) with their paylines, tumbles winning cells away and morphs for expansions
// and respins.
import { type Application, Container, Graphics } from 'pixi.js';
import type { GameRules, Screen } from '../api/types.ts';
import { cellCentre, computeLayout, type Layout } from '../logic/layout.ts';
import { holdAnimation, invalidate } from './stage.ts';
import { hex, type Palette, SymbolArt } from './symbols.ts';
import { easeOutBack, motion, tween, wait } from './tween.ts';

interface SpinStrip {
  items: Container[];
  offset: number;
}

export class ReelsView {
  private slammed = false;
  readonly art: SymbolArt;
  private readonly app: Application;
  private readonly rules: GameRules;
  private readonly palette: Palette;
  private readonly device: 'desktop' | 'mobile';
  private readonly labelOf: (reel: number, row: number, screen: Screen) => string;
  private readonly root = new Container();
  private readonly frame = new Graphics();
  private readonly grid = new Container();
  private readonly mask = new Graphics();
  private readonly overlay = new Graphics();
  private readonly burst = new Graphics();
  private readonly suspense = new Graphics();
  private cells: Container[][] = [];
  private screen: Screen | null = null;
  private layoutNow: Layout;
  private spinning: Array<SpinStrip | null> = [];
  private spinTicker: (() => void) | null = null;
  private releaseSpin: (() => void) | null = null;

  constructor(options: {
    app: Application;
    rules: GameRules;
    palette: Palette;
    device: 'desktop' | 'mobile';
    labelOf: (reel: number, row: number, screen: Screen) => string;
    badgeOf?: (kind: string) => string;
  }) {
    this.app = options.app;
    this.rules = options.rules;
    this.palette = options.palette;
    this.device = options.device;
    this.labelOf = options.labelOf;
    this.art = new SymbolArt(options.rules.symbols, options.palette, options.app.renderer, options.badgeOf);
    this.root.addChild(this.frame, this.suspense, this.grid, this.overlay, this.burst, this.mask);
    this.grid.mask = this.mask;
    this.app.stage.addChild(this.root);
    this.layoutNow = this.measure();
    this.app.renderer.on('resize', () => this.relayout());
  }

  private measure(): Layout {
    const { width, height } = this.app.screen;
    return computeLayout({
      width,
      height,
      device: this.device,
      reels: this.rules.reels,
      rows: this.rules.rows,
    });
  }

  relayout(): void {
    this.layoutNow = this.measure();
    const l = this.layoutNow;
    const pad = l.frame;
    // Where the reels (and their frame's outer edge) sit in the stage, in CSS pixels: for layout tests.
    const host = this.app.canvas.parentElement;
    if (host) {
      host.dataset.grid = `${l.x},${l.y},${l.gridWidth},${l.gridHeight}`;
      const out = pad + l.stroke / 2;
      host.dataset.frame = [l.x - out, l.y - out, l.gridWidth + 2 * out, l.gridHeight + 2 * out]
        .map((n) => Math.round(n))
        .join(',');
    }
    this.frame
      .clear()
      .roundRect(l.x - pad, l.y - pad, l.gridWidth + pad * 2, l.gridHeight + pad * 2, l.cell * 0.16)
      .fill({ color: hex(this.palette.background), alpha: 0.85 })
      .stroke({ width: l.stroke, color: hex(this.palette.accent), alpha: 0.8 });
    this.art.warm(l.cell);
    this.mask
      .clear()
      .rect(l.x - l.gap / 2, l.y - l.gap / 2, l.gridWidth + l.gap, l.gridHeight + l.gap)
      .fill(0xffffff);
    if (this.screen) this.show(this.screen);
  }

  private place(cell: Container, reel: number, row: number): void {
    const c = cellCentre(this.layoutNow, reel, row);
    cell.position.set(c.x, c.y);
  }

  private drawCell(screen: Screen, reel: number, row: number): Container {
    const id = screen.symbols[reel]?.[row] ?? -1;
    const cell = this.art.draw(id, this.layoutNow.cell, this.labelOf(reel, row, screen));
    this.place(cell, reel, row);
    return cell;
  }

  /** Shows a picture at once. */
  show(screen: Screen): void {
    this.screen = screen;
    this.stopTicker();
    for (const child of this.grid.removeChildren()) child.destroy({ children: true });
    this.overlay.clear();
    this.cells = [];
    for (let reel = 0; reel < this.rules.reels; reel++) {
      const column: Container[] = [];
      for (let row = 0; row < this.rules.rows; row++) {
        const cell = this.drawCell(screen, reel, row);
        this.grid.addChild(cell);
        column.push(cell);
      }
      this.cells.push(column);
    }
    invalidate();
  }

  /** A random picture for the first paint, before any round is known. */
  randomScreen(): Screen {
    const symbols = Array.from({ length: this.rules.reels }, () =>
      Array.from({ length: this.rules.rows }, () => this.art.randomId()),
    );
    const values = symbols.map((col) => col.map(() => 0));
    return { phase: 'spin', reelSet: null, stops: null, symbols, values };
  }

  /** Quick-stop: the reels still to land drop at once, without suspense (where the market allows it). */
  slam(): void {
    this.slammed = true;
  }

  /** Starts every reel scrolling until `land` stops them. */
  startSpin(): void {
    this.slammed = false;
    this.clearHighlight();
    if (motion.reduced) {
      for (const column of this.cells) for (const cell of column) cell.alpha = 0.4;
      invalidate();
      return;
    }
    const l = this.layoutNow;
    const pitch = l.cell + l.gap;
    this.spinning = this.cells.map((column, reel) => {
      for (const cell of column) cell.visible = false;
      const items: Container[] = [];
      for (let i = 0; i < this.rules.rows + 2; i++) {
        const cell = this.art.draw(this.art.randomId(), l.cell);
        cell.alpha = 0.85;
        this.place(cell, reel, 0);
        this.grid.addChild(cell);
        items.push(cell);
      }
      return { items, offset: 0 };
    });
    const speed = pitch * 0.045;
    this.spinTicker = () => {
      const dt = this.app.ticker.deltaMS;
      this.spinning.forEach((strip, reel) => {
        if (!strip) return;
        strip.offset = (strip.offset + speed * dt) % (strip.items.length * pitch);
        strip.items.forEach((item, i) => {
          const y = ((i * pitch + strip.offset) % (strip.items.length * pitch)) - pitch;
          item.y = l.y + y + l.cell / 2;
          item.x = cellCentre(l, reel, 0).x;
        });
      });
    };
    this.app.ticker.add(this.spinTicker);
    this.releaseSpin = holdAnimation();
  }

  private stopTicker(): void {
    if (this.spinTicker) this.app.ticker.remove(this.spinTicker);
    this.spinTicker = null;
    this.releaseSpin?.();
    this.releaseSpin = null;
    for (const strip of this.spinning)
      for (const item of strip?.items ?? []) item.destroy({ children: true });
    this.spinning = [];
  }

  /**
   * Lands the reels on a picture one by one; `onReel` fires as each one stops (for sound). Reels in
   * `anticipate` keep spinning longer inside a pulsing frame before they stop (`onAnticipate` first).
   */
  async land(
    screen: Screen,
    onReel?: (reel: number) => void,
    quick = false,
    anticipate: readonly number[] = [],
    onAnticipate?: (reel: number) => void,
  ): Promise<void> {
    const l = this.layoutNow;
    if (motion.reduced || this.spinning.length === 0) {
      for (const reel of anticipate) onAnticipate?.(reel);
      this.show(screen);
      onReel?.(0);
      return;
    }
    this.screen = screen;
    const drops: Promise<void>[] = [];
    for (let reel = 0; reel < this.rules.reels; reel++) {
      const fast = quick || this.slammed;
      if (!fast && anticipate.includes(reel)) {
        onAnticipate?.(reel);
        await this.suspenseOn(reel);
      }
      const strip = this.spinning[reel];
      this.spinning[reel] = null;
      for (const item of strip?.items ?? []) item.destroy({ children: true });
      const column: Container[] = [];
      for (let row = 0; row < this.rules.rows; row++) {
        const cell = this.drawCell(screen, reel, row);
        const target = cell.y;
        cell.y = target - l.gridHeight;
        this.grid.addChild(cell);
        column.push(cell);
        drops.push(tween(fast ? 120 : 260, (t) => (cell.y = target - l.gridHeight * (1 - t)), easeOutBack));
      }
      for (const old of this.cells[reel] ?? []) old.destroy({ children: true });
      this.cells[reel] = column;
      onReel?.(reel);
      if (!this.slammed) await wait(quick ? 40 : 110);
    }
    await Promise.all(drops);
    this.suspense.clear();
    this.stopTicker();
  }

  /** A glowing, pulsing frame around a reel that is still spinning, held for a moment. */
  private async suspenseOn(reel: number): Promise<void> {
    const l = this.layoutNow;
    const x = l.x + reel * (l.cell + l.gap) - l.gap / 2;
    const accent = hex(this.palette.accent);
    await tween(
      950,
      (t) => {
        const pulse = 0.55 + 0.45 * Math.sin(t * Math.PI * 6);
        this.suspense
          .clear()
          .roundRect(x - l.gap, l.y - l.gap * 2, l.cell + l.gap * 3, l.gridHeight + l.gap * 4, l.cell * 0.12)
          .fill({ color: accent, alpha: 0.16 * pulse })
          .stroke({ width: Math.max(3, l.cell * 0.06), color: 0xfff3c4, alpha: 0.5 + 0.5 * pulse });
      },
      (t) => t,
    );
  }

  /** Dims everything but `positions`, pulses them, and draws the payline through them when given. */
  async highlight(positions: Array<[number, number]>, line: number | null): Promise<void> {
    const l = this.layoutNow;
    const lit = new Set(positions.map(([reel, row]) => `${reel}:${row}`));
    for (const [reel, column] of this.cells.entries()) {
      for (const [row, cell] of column.entries()) {
        cell.alpha = lit.has(`${reel}:${row}`) ? 1 : 0.35;
        cell.scale.set(1);
      }
    }
    this.overlay.clear();
    const accent = hex(this.palette.accent);
    for (const [reel, row] of positions) {
      const c = cellCentre(l, reel, row);
      this.overlay
        .roundRect(c.x - l.cell / 2, c.y - l.cell / 2, l.cell, l.cell, l.cell * 0.14)
        .stroke({ width: Math.max(2, l.cell * 0.05), color: accent });
    }
    const rows = line !== null ? this.rules.lines?.[line] : undefined;
    if (rows) {
      rows.forEach((row, reel) => {
        const c = cellCentre(l, reel, row);
        if (reel === 0) this.overlay.moveTo(c.x - l.cell / 2, c.y);
        this.overlay.lineTo(c.x, c.y);
        if (reel === rows.length - 1) this.overlay.lineTo(c.x + l.cell / 2, c.y);
      });
      this.overlay.stroke({ width: Math.max(3, l.cell * 0.06), color: 0xffffff, alpha: 0.85 });
    }
    const pulsing = positions
      .map(([reel, row]) => this.cells[reel]?.[row])
      .filter((c): c is Container => !!c);
    const centres = positions.map(([reel, row]) => cellCentre(l, reel, row));
    // Two bounces with a wiggle, and a ring of light bursting out of every winning symbol.
    await tween(
      620,
      (t) => {
        const s = 1 + Math.abs(Math.sin(t * Math.PI * 2)) * 0.13;
        const turn = Math.sin(t * Math.PI * 4) * 0.07 * (1 - t);
        for (const cell of pulsing) {
          cell.scale.set(s);
          cell.rotation = turn;
        }
        this.burst.clear();
        for (const c of centres) {
          this.burst
            .circle(c.x, c.y, l.cell * (0.42 + 0.38 * t))
            .stroke({ width: Math.max(2, l.cell * 0.07 * (1 - t)), color: 0xfff3c4, alpha: 0.9 * (1 - t) });
          this.burst
            .circle(c.x, c.y, l.cell * 0.45 * (1 - t * 0.4))
            .fill({ color: accent, alpha: 0.22 * (1 - t) });
        }
      },
      (t) => t,
    );
    this.burst.clear();
    for (const cell of pulsing) {
      cell.rotation = 0;
      cell.scale.set(1);
    }
  }

  clearHighlight(): void {
    this.overlay.clear();
    for (const column of this.cells)
      for (const cell of column) {
        cell.alpha = 1;
        cell.scale.set(1);
      }
    invalidate();
  }

  /** Winning cells vanish, the rest fall and new symbols drop in: the next picture. */
  async tumble(removed: Array<[number, number]>, next: Screen): Promise<void> {
    this.clearHighlight();
    const gone = removed.map(([reel, row]) => this.cells[reel]?.[row]).filter((c): c is Container => !!c);
    await tween(220, (t) => {
      for (const cell of gone) {
        cell.alpha = 1 - t;
        cell.scale.set(1 - t * 0.5);
      }
    });
    await this.morph(next, true);
  }

  /** Swaps to a picture with the changed cells popping in (expansions, respins, tumble refills). */
  async morph(next: Screen, fall = false): Promise<void> {
    const before = this.screen;
    const l = this.layoutNow;
    this.show(next);
    const changed: Container[] = [];
    for (const [reel, column] of this.cells.entries()) {
      for (const [row, cell] of column.entries()) {
        const same =
          before?.symbols[reel]?.[row] === next.symbols[reel]?.[row] &&
          before?.values[reel]?.[row] === next.values[reel]?.[row];
        if (!same) changed.push(cell);
      }
    }
    const targets = changed.map((cell) => cell.y);
    await tween(
      260,
      (t) =>
        changed.forEach((cell, i) => {
          if (fall) cell.y = (targets[i] as number) - l.cell * (1 - t);
          else cell.scale.set(0.4 + 0.6 * t);
          cell.alpha = Math.min(1, 0.2 + t);
        }),
      easeOutBack,
    );
  }

  get current(): Screen | null {
    return this.screen;
  }
}
