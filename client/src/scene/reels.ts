// The reels: a grid of drawn symbols that spins as strips (a short wind-up, full speed streaked by
// motion, then a brake reel by reel from the left with a small overshoot, timed by
// logic/spin-plan.ts), holds the reels that may still complete a feature inside a glowing frame,
// celebrates winning symbols with their paylines, cycles the round's wins one by one with their
// amounts while idle, tumbles winning cells away and morphs for expansions and respins.
//
// Display tree, in drawing order (stable: other modules add to the named layers, never re-parent):
//   root
//   ├─ frame      the window's frame (Graphics)
//   ├─ suspense   the anticipation glow around a reel still running (Graphics)
//   ├─ grid       the symbols, masked to the window: landed cells (`cellAt`) and spinning strips
//   ├─ overlay    paylines and the boxes of winning cells (Graphics)
//   ├─ onReels    objects on the reels above the symbols (multiplier badges, counters, collected
//   │             values): place them with `cellCentre(reels.layout, reel, row)`; never cleared here
//   ├─ burst      rings of light from winning symbols (Graphics)
//   ├─ winLabel   the win being shown in the cycle ("Line 7: 3 × Crown pays €2.40"), near its line
//   └─ mask
// Each winning symbol's own animation comes from symbol-fx.ts (started by win-show.ts).
//
// For tests and tools the stage's host element carries data-reels (spinning | still), and after
// each spin data-spin-frames (frames drawn) and data-spin-cover (the least share of a reel's window
// covered by symbols in any frame: a blank reel would make it 0), and data-win-label.
import { type Application, Container, Graphics } from 'pixi.js';
import type { GameRules, Screen } from '../api/types.ts';
import { idleScreen } from '../logic/idle-stop.ts';
import { cellCentre, computeLayout, type Layout } from '../logic/layout.ts';
import {
  BRAKE_CELLS,
  brakeMs,
  delayStops,
  planStops,
  type ReelStop,
  runPosition,
  SPIN_TIMING,
  type SpinSpeed,
  speedOfFactor,
} from '../logic/spin-plan.ts';
import { MotionStreak } from './motion-streak.ts';
import { ReelStrip, type StripArt, type StripSymbol } from './reel-strip.ts';
import { holdAnimation, invalidate } from './stage.ts';
import { WinFxBoard } from './symbol-fx.ts';
import { hex, type Palette, SymbolArt } from './symbols.ts';
import { easeOutBack, motion, tween } from './tween.ts';
import { type WinEntry, WinShow, type WinShowView } from './win-show.ts';

export type { WinEntry };

/** Reduced motion: the picture fades in instead of spinning. */
const FADE_MS = 160;

interface Landing {
  stops: ReelStop[];
  onReel?: (reel: number) => void;
  onAnticipate?: (reel: number) => void;
  resolve: () => void;
}

export class ReelsView implements WinShowView {
  readonly art: SymbolArt;
  /** Objects on the reels above the symbols (see the display tree at the top). */
  readonly onReels = new Container();
  private readonly app: Application;
  private readonly rules: GameRules;
  private readonly palette: Palette;
  private readonly device: 'desktop' | 'mobile';
  private readonly labelOf: (reel: number, row: number, screen: Screen) => string;
  private readonly streak: MotionStreak;
  private readonly root = new Container();
  private readonly frame = new Graphics();
  private readonly grid = new Container();
  private readonly mask = new Graphics();
  private readonly overlay = new Graphics();
  private readonly burst = new Graphics();
  private readonly suspense = new Graphics();
  private readonly winLabel = new Container();
  private cells: Container[][] = [];
  private screen: Screen | null = null;
  private layoutNow: Layout;
  private slammed = false;
  private strips: ReelStrip[] = [];
  private speed: SpinSpeed = 'normal';
  private spinStart = 0;
  private spinCell = 0;
  private landing: Landing | null = null;
  private suspenseReel = -1;
  private releaseSpin: (() => void) | null = null;
  private spinFrames = 0;
  private spinCover = 1;
  private readonly wins: WinShow;

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
    this.streak = new MotionStreak(this.art, options.app.renderer);
    this.root.addChild(
      this.frame,
      this.suspense,
      this.grid,
      this.overlay,
      this.onReels,
      this.burst,
      this.winLabel,
      this.mask,
    );
    this.grid.mask = this.mask;
    this.app.stage.addChild(this.root);
    const fx = new WinFxBoard(
      options.rules.symbols,
      { accent: hex(options.palette.accent), ticker: this.app.ticker, hold: holdAnimation, invalidate },
      () => this.app.canvas.parentElement,
    );
    this.wins = new WinShow(
      this,
      options.rules,
      options.palette,
      { overlay: this.overlay, burst: this.burst, label: this.winLabel },
      fx,
    );
    this.layoutNow = this.measure();
    this.app.renderer.on('resize', () => this.relayout());
  }

  /** Where the grid and its cells are now (for objects placed on the reels). */
  get layout(): Layout {
    return this.layoutNow;
  }

  /** The stage's element, which carries the data- attributes for tests and tools. */
  get host(): HTMLElement | null {
    return this.app.canvas.parentElement;
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
    const host = this.host;
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
    // A spinning reel follows the new size frame by frame; the picture is redrawn once it lands.
    if (this.screen && this.strips.length === 0) this.show(this.screen);
  }

  private place(cell: Container, reel: number, row: number): void {
    const c = cellCentre(this.layoutNow, reel, row);
    cell.position.set(c.x, c.y);
  }

  private stripSymbol(screen: Screen, reel: number, row: number): StripSymbol {
    return { id: screen.symbols[reel]?.[row] ?? -1, label: this.labelOf(reel, row, screen) };
  }

  private drawCell(screen: Screen, reel: number, row: number): Container {
    const { id, label } = this.stripSymbol(screen, reel, row);
    const cell = this.art.draw(id, this.layoutNow.cell, label);
    this.place(cell, reel, row);
    return cell;
  }

  /** The landed cell at a reel and row (undefined while that reel spins). */
  cellAt(reel: number, row: number): Container | undefined {
    return this.cells[reel]?.[row];
  }

  /** The symbol id landed at a reel and row (-1 for none). */
  symbolAt(reel: number, row: number): number {
    return this.screen?.symbols[reel]?.[row] ?? -1;
  }

  eachCell(visit: (cell: Container, reel: number, row: number) => void): void {
    for (const [reel, column] of this.cells.entries())
      for (const [row, cell] of column.entries()) visit(cell, reel, row);
  }

  /** Shows a picture at once. */
  show(screen: Screen): void {
    this.screen = screen;
    this.wins.stopCycle();
    this.stopSpin();
    this.wins.clear();
    this.cells = [];
    for (const child of this.grid.removeChildren()) child.destroy({ children: true });
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

  /** The picture before any round: a stop that pays nothing and starts no feature. */
  restingScreen(): Screen {
    return idleScreen(this.rules);
  }

  /** Quick-stop: the reels still running stop together at once, without suspense (where allowed). */
  slam(): void {
    this.slammed = true;
    this.suspenseReel = -1;
    this.suspense.clear();
    const landing = this.landing;
    const screen = this.screen;
    if (!landing || !screen) return;
    this.strips.forEach((strip, reel) => {
      const stop = landing.stops[reel];
      if (stop) stop.anticipated = false;
      if (strip.state === 'run' && (strip.target === null || strip.earliestTarget() < strip.target))
        strip.landAt(0, this.column(screen, reel));
    });
  }

  private column(screen: Screen, reel: number): StripSymbol[] {
    return Array.from({ length: this.rules.rows }, (_, row) => this.stripSymbol(screen, reel, row));
  }

  /** Starts every reel running until `land` stops them. */
  startSpin(): void {
    this.slammed = false;
    this.wins.stopCycle();
    this.wins.clear();
    this.stopSpin();
    if (motion.reduced) {
      for (const column of this.cells) for (const cell of column) cell.alpha = 0.4;
      invalidate();
      return;
    }
    const screen = this.screen ?? this.restingScreen();
    this.speed = speedOfFactor(motion.speed);
    this.spinStart = performance.now();
    this.spinCell = this.layoutNow.cell;
    const art: StripArt = {
      sharp: (symbol) => this.art.draw(symbol.id, this.layoutNow.cell, symbol.label),
      streaked: (id) => this.streak.draw(id, this.layoutNow.cell),
      randomId: () => this.art.randomId(),
    };
    for (const column of this.cells) for (const cell of column) cell.destroy({ children: true });
    this.cells = this.cells.map(() => []);
    this.strips = Array.from(
      { length: this.rules.reels },
      (_, reel) => new ReelStrip(this.grid, art, this.rules.rows, this.column(screen, reel)),
    );
    this.spinFrames = 0;
    this.spinCover = 1;
    const host = this.host;
    if (host) {
      host.dataset.reels = 'spinning';
      delete host.dataset.spinFrames;
      delete host.dataset.spinCover;
    }
    this.app.ticker.add(this.tick);
    this.releaseSpin = holdAnimation();
  }

  private readonly tick = (): void => {
    const now = performance.now();
    const t = now - this.spinStart;
    const timing = SPIN_TIMING[this.speed];
    const brake = brakeMs(timing);
    const l = this.layoutNow;
    const pitch = l.cell + l.gap;
    let cover = 1;
    this.strips.forEach((strip, reel) => {
      if (strip.state === 'rest') return;
      const rested = strip.advance(now, runPosition(timing, reel, t), timing.cellsPerMs, brake);
      const started = reel * timing.startStaggerMs + timing.windupMs + timing.rampMs / 2;
      const fast = strip.state === 'run' && t > started;
      const x = cellCentre(l, reel, 0).x;
      cover = Math.min(cover, strip.render({ x, top: l.y, cell: l.cell, pitch, height: l.gridHeight }, fast));
      if (rested) this.settle(reel);
    });
    this.spinFrames++;
    this.spinCover = Math.min(this.spinCover, cover);
    this.drawSuspense(now);
    if (this.strips.length > 0 && this.strips.every((strip) => strip.state === 'rest')) this.finishSpin();
  };

  /** A reel came to rest: its cells take their places, and a held reel next to it starts to glow. */
  private settle(reel: number): void {
    const strip = this.strips[reel];
    if (!strip) return;
    const column = strip.settle();
    column.forEach((cell, row) => {
      this.place(cell, reel, row);
    });
    this.cells[reel] = column;
    const landing = this.landing;
    landing?.onReel?.(reel);
    if (this.suspenseReel === reel) {
      this.suspenseReel = -1;
      this.suspense.clear();
    }
    if (landing && !this.slammed && landing.stops[reel + 1]?.anticipated) this.anticipate(reel + 1);
  }

  private anticipate(reel: number): void {
    this.suspenseReel = reel;
    this.landing?.onAnticipate?.(reel);
  }

  private finishSpin(): void {
    const host = this.host;
    if (host) {
      host.dataset.reels = 'still';
      host.dataset.spinFrames = String(this.spinFrames);
      host.dataset.spinCover = this.spinCover.toFixed(2);
    }
    const landing = this.landing;
    const resized = this.spinCell !== this.layoutNow.cell;
    this.stopSpin();
    if (resized && this.screen) this.show(this.screen);
    landing?.resolve();
  }

  /** Drops any spin in progress (a picture shown at once replaces it); a pending `land` resolves. */
  private stopSpin(): void {
    this.app.ticker.remove(this.tick);
    this.releaseSpin?.();
    this.releaseSpin = null;
    for (const strip of this.strips) strip.destroy();
    this.strips = [];
    this.suspenseReel = -1;
    this.suspense.clear();
    const landing = this.landing;
    this.landing = null;
    landing?.resolve();
  }

  /**
   * Lands the reels on a picture, left to right by the spin plan of the current speed; `onReel`
   * fires as each one comes to rest (for sound). Reels in `anticipate` run on longer inside a
   * pulsing frame (`onAnticipate` as it starts). `quick` stops everything together at once.
   */
  land(
    screen: Screen,
    onReel?: (reel: number) => void,
    quick = false,
    anticipate: readonly number[] = [],
    onAnticipate?: (reel: number) => void,
  ): Promise<void> {
    if (motion.reduced || this.strips.length === 0) {
      for (const reel of anticipate) onAnticipate?.(reel);
      this.show(screen);
      onReel?.(0);
      return this.fadeIn();
    }
    this.screen = screen;
    if (quick) this.slammed = true;
    const timing = SPIN_TIMING[this.speed];
    const now = performance.now() - this.spinStart;
    const planned = planStops(this.speed, this.rules.reels, anticipate, this.slammed);
    const stops = delayStops(planned, now, (this.rules.rows + 2) / timing.cellsPerMs);
    return new Promise<void>((resolve) => {
      this.landing?.resolve();
      this.landing = { stops, onReel, onAnticipate, resolve };
      this.strips.forEach((strip, reel) => {
        const stop = stops[reel] as ReelStop;
        const target = this.slammed ? 0 : Math.ceil(runPosition(timing, reel, stop.brakeAt) + BRAKE_CELLS);
        strip.landAt(target, this.column(screen, reel));
      });
      if (stops[0]?.anticipated && !this.slammed) this.anticipate(0);
    });
  }

  /** Reduced motion: the landed picture fades in over a moment instead of moving. */
  private fadeIn(): Promise<void> {
    const cells = this.cells.flat();
    for (const cell of cells) cell.alpha = 0.4;
    invalidate();
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        for (const cell of cells) if (!cell.destroyed) cell.alpha = 1;
        invalidate();
        resolve();
      }, FADE_MS);
    });
  }

  /** The pulsing frame around the reel held for a feature. */
  private drawSuspense(now: number): void {
    const reel = this.suspenseReel;
    if (reel < 0) return;
    const l = this.layoutNow;
    const x = l.x + reel * (l.cell + l.gap) - l.gap / 2;
    const pulse = 0.55 + 0.45 * Math.sin(now / 53);
    this.suspense
      .clear()
      .roundRect(x - l.gap, l.y - l.gap * 2, l.cell + l.gap * 3, l.gridHeight + l.gap * 4, l.cell * 0.12)
      .fill({ color: hex(this.palette.accent), alpha: 0.16 * pulse })
      .stroke({ width: Math.max(3, l.cell * 0.06), color: 0xfff3c4, alpha: 0.5 + 0.5 * pulse });
  }

  /** Lights `positions`, draws the paylines `lines` and plays the win of those symbols. */
  highlight(positions: Array<[number, number]>, lines: number | readonly number[] | null): Promise<void> {
    return this.wins.highlight(positions, lines);
  }

  clearHighlight(): void {
    this.wins.clear();
  }

  /** Cycles the round's wins one by one with their amounts until the next spin (returns at once). */
  cycleWins(entries: readonly WinEntry[]): void {
    this.wins.cycle(entries);
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
