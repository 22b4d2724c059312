// Low symbols must be told apart at a glance: every pair of a game's low symbols differs in
// silhouette (a coarse mask of the icon's filled shapes) and in colour (the mean colour of what
// shows on top). The icons are drawn into a real Pixi GraphicsContext and rasterised here on a
// coarse grid from the context's own shape primitives, so a redraw that makes two lows look alike
// again fails this test.
import { Color, DOMAdapter, type FillGradient, Graphics, Matrix, Point } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { allGames } from '../../../../src/games/index.ts';
import { ICONS } from './index.ts';
import { iconNameFor } from './resolve.ts';

// Gradients ask the DOM for a canvas; the test needs only their colour stops.
const fakeContext = new Proxy(
  {},
  {
    get: (_target, key) =>
      key === 'createLinearGradient' || key === 'createRadialGradient'
        ? () => ({ addColorStop() {} })
        : () => {},
    set: () => true,
  },
);
DOMAdapter.set({
  ...DOMAdapter.get(),
  createCanvas: () =>
    ({ width: 1, height: 1, getContext: () => fakeContext }) as unknown as HTMLCanvasElement,
});

const GRID = 24;

interface Raster {
  mask: boolean[];
  rgb: [number, number, number];
}

function colourOf(style: { color: number; alpha: number; fill: unknown }): { rgb: number[]; alpha: number } {
  const gradient = style.fill as FillGradient | null;
  if (gradient && 'colorStops' in gradient && gradient.colorStops.length > 0) {
    const stops = gradient.colorStops.map((s) => new Color(s.color));
    const rgb = [0, 1, 2].map(
      (i) => stops.reduce((sum, c) => sum + (c.toRgbArray()[i] as number), 0) / stops.length,
    );
    const alpha = stops.reduce((sum, c) => sum + c.alpha, 0) / stops.length;
    return { rgb, alpha: alpha * style.alpha };
  }
  return { rgb: new Color(style.color).toRgbArray().slice(0, 3), alpha: style.alpha };
}

function rasterise(name: keyof typeof ICONS): Raster {
  const g = new Graphics();
  ICONS[name](g, 0x888888);
  const mask: boolean[] = new Array(GRID * GRID).fill(false);
  const top: Array<number[] | null> = new Array(GRID * GRID).fill(null);
  const p = new Point();
  const inverse = new Matrix();
  for (const instruction of g.context.instructions) {
    if (instruction.action !== 'fill') continue;
    const { style, path } = instruction.data;
    const { rgb, alpha } = colourOf(style as never);
    if (alpha < 0.5) continue; // glows and sheens: not what the eye reads as the shape
    for (const primitive of path.shapePath.shapePrimitives) {
      if (primitive.transform) inverse.copyFrom(primitive.transform).invert();
      for (let j = 0; j < GRID; j++)
        for (let i = 0; i < GRID; i++) {
          p.set(-50 + (i + 0.5) * (100 / GRID), -50 + (j + 0.5) * (100 / GRID));
          if (primitive.transform) inverse.apply(p, p);
          if (!primitive.shape.contains(p.x, p.y)) continue;
          if (primitive.holes?.some((h) => h.shape.contains(p.x, p.y))) continue;
          mask[j * GRID + i] = true;
          top[j * GRID + i] = rgb;
        }
    }
  }
  const shown = top.filter((c): c is number[] => c !== null);
  const mean = [0, 1, 2].map(
    (k) => shown.reduce((sum, c) => sum + (c[k] as number), 0) / Math.max(1, shown.length),
  );
  return { mask, rgb: mean as [number, number, number] };
}

/** Intersection over union of two masks: 1 for the same silhouette. */
function overlap(a: boolean[], b: boolean[]): number {
  let both = 0;
  let either = 0;
  for (let k = 0; k < a.length; k++) {
    if (a[k] && b[k]) both++;
    if (a[k] || b[k]) either++;
  }
  return either === 0 ? 1 : both / either;
}

/** A perceptual colour distance (redmean), 0…~765 on 0…1 channels scaled to 255. */
function colourDistance(a: number[], b: number[]): number {
  const [r1, g1, b1] = a.map((v) => v * 255) as [number, number, number];
  const [r2, g2, b2] = b.map((v) => v * 255) as [number, number, number];
  const rm = (r1 + r2) / 2;
  const dr = r1 - r2;
  const dg = g1 - g2;
  const db = b1 - b2;
  return Math.sqrt((2 + rm / 256) * dr * dr + 4 * dg * dg + (2 + (255 - rm) / 256) * db * db);
}

const MAX_OVERLAP = 0.8;
const MIN_COLOUR = 90;

describe('low symbols are told apart at a glance', () => {
  it('the raster sees the drawing: an icon fills a fair part of its box and matches itself', () => {
    for (const name of ['cinder', 'jug', 'cherry'] as const) {
      const r = rasterise(name);
      expect(r.mask.filter(Boolean).length, name).toBeGreaterThan(GRID * GRID * 0.15);
      expect(overlap(r.mask, r.mask)).toBe(1);
      expect(colourDistance(r.rgb, r.rgb)).toBe(0);
    }
    // two round fruits overlap well: the silhouette measure is not low for everything
    expect(overlap(rasterise('lemon').mask, rasterise('plum').mask)).toBeGreaterThan(0.5);
  });

  for (const game of allGames()) {
    const model = Object.values(game.variants)[0];
    if (!model) continue;
    const regular = model.symbols.filter((s) => s.kind === 'regular');
    const lows = regular.slice(0, Math.floor(regular.length / 2)).map((s) => iconNameFor(s));
    it(`${game.title}: ${lows.join(', ')}`, () => {
      const rasters = lows.map((name) => rasterise(name));
      for (let a = 0; a < lows.length; a++)
        for (let b = a + 1; b < lows.length; b++) {
          const ra = rasters[a] as Raster;
          const rb = rasters[b] as Raster;
          const pair = `${lows[a]} / ${lows[b]}`;
          expect(overlap(ra.mask, rb.mask), `${pair} silhouettes`).toBeLessThan(MAX_OVERLAP);
          expect(colourDistance(ra.rgb, rb.rgb), `${pair} colours`).toBeGreaterThan(MIN_COLOUR);
        }
    });
  }
});
