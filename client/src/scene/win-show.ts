// Wins shown on the reels: winning symbols lit and played (each symbol's own animation where one is
// set, else a bounce), boxes and paylines drawn, and the idle cycle that shows the round's wins one
// by one with their amounts ("Line 7: 3 × Crown pays €2.40") until the next spin. Draws into the
// layers the reels view gives it (see the display tree at the top of reels.ts).
import { type Container, Graphics, Text } from 'pixi.js';
import type { GameRules } from '../api/types.ts';
import { cellCentre, type Layout } from '../logic/layout.ts';
import { invalidate } from './stage.ts';
import { hex, type Palette } from './symbols.ts';
import { tween } from './tween.ts';

/** A symbol's own win animation on its cell (size: the cell's side); the reels wait for it. */
export type WinCellFx = (cell: Container, symbol: number, size: number) => Promise<void>;

/** One win of the round as the idle cycle shows it. */
export interface WinEntry {
  positions: Array<[number, number]>;
  /** The payline (lines games), else null. */
  line: number | null;
  /** What the label says, e.g. "Line 7: 3 × Crown pays €2.40". */
  text: string;
}

/** What the reels view tells about its landed picture. */
export interface WinShowView {
  readonly layout: Layout;
  readonly host: HTMLElement | null;
  cellAt(reel: number, row: number): Container | undefined;
  symbolAt(reel: number, row: number): number;
  eachCell(visit: (cell: Container, reel: number, row: number) => void): void;
}

/** How long each win stays in the cycle, and all of them together between rounds of the cycle. */
const CYCLE_EACH_MS = 1600;
const CYCLE_ALL_MS = 1000;

export class WinShow {
  /** A symbol's own win animation, played on each winning cell in place of the default bounce. */
  winCellFx: WinCellFx | null = null;
  private readonly view: WinShowView;
  private readonly rules: Pick<GameRules, 'lines' | 'reels' | 'rows'>;
  private readonly palette: Palette;
  private readonly overlay: Graphics;
  private readonly burst: Graphics;
  private readonly label: Container;
  /** The running cycle: set live false to stop it. */
  private running: { live: boolean; wake: () => void } | null = null;

  constructor(
    view: WinShowView,
    rules: Pick<GameRules, 'lines' | 'reels' | 'rows'>,
    palette: Palette,
    layers: { overlay: Graphics; burst: Graphics; label: Container },
  ) {
    this.view = view;
    this.rules = rules;
    this.palette = palette;
    this.overlay = layers.overlay;
    this.burst = layers.burst;
    this.label = layers.label;
  }

  /**
   * Dims everything but `positions`, boxes them, draws the paylines through them (`lines`), and
   * plays their win: each symbol's own animation where one is set, else a bounce with a wiggle, and
   * a ring of light bursting out of every winning symbol.
   */
  async highlight(
    positions: Array<[number, number]>,
    lines: number | readonly number[] | null,
  ): Promise<void> {
    const l = this.view.layout;
    const lit = new Set(positions.map(([reel, row]) => `${reel}:${row}`));
    this.view.eachCell((cell, reel, row) => {
      cell.alpha = lit.has(`${reel}:${row}`) ? 1 : 0.35;
      cell.scale.set(1);
    });
    this.overlay.clear();
    const accent = hex(this.palette.accent);
    for (const [reel, row] of positions) {
      const c = cellCentre(l, reel, row);
      this.overlay
        .roundRect(c.x - l.cell / 2, c.y - l.cell / 2, l.cell, l.cell, l.cell * 0.14)
        .stroke({ width: Math.max(2, l.cell * 0.05), color: accent });
    }
    const drawn = lines === null ? [] : typeof lines === 'number' ? [lines] : lines;
    const width = Math.max(3, l.cell * 0.06);
    for (const line of drawn) {
      const rows = this.rules.lines?.[line];
      if (!rows) continue;
      const trace = () =>
        rows.forEach((row, reel) => {
          const c = cellCentre(l, reel, row);
          if (reel === 0) this.overlay.moveTo(c.x - l.cell / 2, c.y);
          this.overlay.lineTo(c.x, c.y);
          if (reel === rows.length - 1) this.overlay.lineTo(c.x + l.cell / 2, c.y);
        });
      // A glow in the game's accent under a bright core: the line reads on any symbol.
      trace();
      this.overlay.stroke({ width: width * 2.4, color: accent, alpha: 0.45, join: 'round', cap: 'round' });
      trace();
      this.overlay.stroke({ width, color: 0xfffaf0, alpha: 0.95, join: 'round', cap: 'round' });
    }
    const winning = positions.flatMap(([reel, row]) => {
      const cell = this.view.cellAt(reel, row);
      const symbol = this.view.symbolAt(reel, row);
      return cell ? [{ cell, symbol }] : [];
    });
    const fx = this.winCellFx;
    const own = fx ? winning.map(({ cell, symbol }) => fx(cell, symbol, l.cell)) : [];
    const bouncing = fx ? [] : winning.map((w) => w.cell);
    const centres = positions.map(([reel, row]) => cellCentre(l, reel, row));
    const bounce = tween(
      620,
      (t) => {
        const s = 1 + Math.abs(Math.sin(t * Math.PI * 2)) * 0.13;
        const turn = Math.sin(t * Math.PI * 4) * 0.07 * (1 - t);
        for (const cell of bouncing) {
          if (cell.destroyed) continue;
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
    await Promise.all([bounce, ...own]);
    this.burst.clear();
    for (const cell of bouncing) {
      if (cell.destroyed) continue;
      cell.rotation = 0;
      cell.scale.set(1);
    }
  }

  clear(): void {
    this.overlay.clear();
    this.clearLabel();
    this.view.eachCell((cell) => {
      cell.alpha = 1;
      cell.scale.set(1);
    });
    invalidate();
  }

  /**
   * Cycles the round's wins until the next spin: each one by one with its label near its line, then
   * all of them together, and round again. Returns at once; a single win simply stays shown.
   */
  cycle(entries: readonly WinEntry[]): void {
    this.stopCycle();
    if (entries.length === 0) return;
    const cycle = { live: true, wake: () => {} };
    this.running = cycle;
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        cycle.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    const all = entries.flatMap((e) => e.positions);
    const lines = entries.flatMap((e) => (e.line === null ? [] : [e.line]));
    void (async () => {
      while (cycle.live) {
        for (const entry of entries) {
          if (!cycle.live) return;
          this.clearLabel();
          await this.highlight(entry.positions, entry.line);
          if (!cycle.live) return;
          this.showLabel(entry);
          if (entries.length === 1) return;
          await pause(CYCLE_EACH_MS);
        }
        if (!cycle.live) return;
        this.clearLabel();
        await this.highlight(all, lines);
        await pause(CYCLE_ALL_MS);
      }
    })();
  }

  stopCycle(): void {
    if (!this.running) return;
    this.running.live = false;
    this.running.wake();
    this.running = null;
    this.clearLabel();
  }

  /** The win's label on a plate, between the rows next to the middle of its winning symbols. */
  private showLabel(entry: WinEntry): void {
    this.clearLabel();
    const l = this.view.layout;
    const sorted = [...entry.positions].sort((a, b) => a[0] - b[0]);
    const [reel, row] = sorted[Math.floor(sorted.length / 2)] ?? [Math.floor(this.rules.reels / 2), 0];
    const c = cellCentre(l, reel, row);
    const size = Math.max(12, Math.round(l.cell * 0.15));
    const text = new Text({
      text: entry.text,
      style: {
        fontFamily: 'system-ui, "Segoe UI", Roboto, sans-serif',
        fontSize: size,
        fontWeight: '700',
        fill: 0xffffff,
        align: 'center',
        wordWrap: true,
        wordWrapWidth: l.gridWidth - size * 2,
      },
    });
    text.anchor.set(0.5);
    const w = text.width + size * 1.4;
    const h = text.height + size * 0.7;
    const below = row < this.rules.rows - 1;
    const y = below ? c.y + l.cell / 2 + l.gap / 2 : c.y - l.cell / 2 - l.gap / 2;
    const x = Math.min(Math.max(c.x, l.x + w / 2), l.x + l.gridWidth - w / 2);
    const plate = new Graphics()
      .roundRect(-w / 2, -h / 2, w, h, h / 2)
      .fill({ color: 0x000000, alpha: 0.78 })
      .stroke({ width: Math.max(2, size * 0.14), color: hex(this.palette.accent) });
    this.label.addChild(plate, text);
    this.label.position.set(x, y);
    const host = this.view.host;
    if (host) host.dataset.winLabel = entry.text;
    invalidate();
  }

  private clearLabel(): void {
    for (const child of this.label.removeChildren()) child.destroy();
    const host = this.view.host;
    if (host) delete host.dataset.winLabel;
  }
}
