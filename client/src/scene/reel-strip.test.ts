// One reel's strip followed frame by frame through a spin: the result written above the window
// arrives with the strip and settles exactly in place; no frame shows a blank reel; a quick-stop
// brings the stop nearer without ever showing the result swapped in on screen.
import { Container } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { brakeMs, runPosition, SPIN_TIMING } from '../logic/spin-plan.ts';
import { ReelStrip, type StripArt } from './reel-strip.ts';

const ROWS = 3;
const CELL = 100;
const PITCH = 108;
const HEIGHT = ROWS * CELL + (ROWS - 1) * (PITCH - CELL);
const geometry = { x: 50, top: 0, cell: CELL, pitch: PITCH, height: HEIGHT };

/** Cells labelled with their symbol id, so a test can read what the window shows. */
function art(): StripArt {
  let next = 100;
  return {
    sharp: (symbol) => Object.assign(new Container(), { label: String(symbol.id) }),
    streaked: (id) => Object.assign(new Container(), { label: `~${id}` }),
    randomId: () => next++,
  };
}

/** Symbols drawn inside the window, top to bottom. */
function inView(layer: Container): string[] {
  return layer.children
    .filter((c) => c.y + CELL / 2 > 0 && c.y - CELL / 2 < HEIGHT)
    .sort((a, b) => a.y - b.y)
    .map((c) => c.label.replace('~', ''));
}

function spin(slamAt: number | null): {
  layer: Container;
  strip: ReelStrip;
  covers: number[];
  sawResult: boolean;
} {
  const layer = new Container();
  const timing = SPIN_TIMING.normal;
  const strip = new ReelStrip(
    layer,
    art(),
    ROWS,
    [1, 2, 3].map((id) => ({ id, label: '' })),
  );
  const result = [7, 8, 9].map((id) => ({ id, label: '' }));
  const covers: number[] = [];
  let sawResult = false;
  for (let t = 0; t < 5000; t += 16) {
    if (t === 48) strip.landAt(Math.ceil(runPosition(timing, 0, 1000) + 1), result);
    if (slamAt !== null && t === slamAt) strip.landAt(0, result);
    const before = inView(layer);
    const rested = strip.advance(t, runPosition(timing, 0, t), timing.cellsPerMs, brakeMs(timing));
    covers.push(strip.render(geometry, strip.state === 'run' && t > 200));
    // A result symbol may only come into view from above, never appear in the middle of the window.
    const now = inView(layer);
    for (const id of ['7', '8', '9'])
      if (now.includes(id) && !before.includes(id)) {
        sawResult = true;
        const cell = layer.children.find((c) => c.label.replace('~', '') === id);
        expect(cell?.y ?? 0).toBeLessThan(CELL / 2 + 0.4 * PITCH);
      }
    if (rested) break;
  }
  return { layer, strip, covers, sawResult };
}

describe('ReelStrip', () => {
  it('runs, brakes and settles the result exactly on the rows, never blank on the way', () => {
    const { strip, covers, sawResult } = spin(null);
    expect(strip.state).toBe('rest');
    expect(sawResult).toBe(true);
    expect(Math.min(...covers)).toBeGreaterThan(0.85);
    const cells = strip.settle();
    expect(cells.map((c) => c.label)).toEqual(['7', '8', '9']);
    expect(cells.map((c) => c.y)).toEqual([CELL / 2, PITCH + CELL / 2, 2 * PITCH + CELL / 2]);
  });

  it('stops sooner after a quick-stop, still bringing the result in from above', () => {
    const normal = spin(null);
    const slammed = spin(320);
    expect(slammed.strip.target).toBeLessThan(normal.strip.target ?? 0);
    expect(slammed.sawResult).toBe(true);
    expect(slammed.strip.settle().map((c) => c.label)).toEqual(['7', '8', '9']);
  });
});
