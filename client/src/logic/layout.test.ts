import { describe, expect, it } from 'vitest';
import { cellCentre, computeLayout, heightForWidth } from './layout.ts';

describe('layout', () => {
  it('fits a 5×3 grid in a desktop landscape stage, centred', () => {
    const layout = computeLayout({ width: 1280, height: 560, device: 'desktop', reels: 5, rows: 3 });
    expect(layout.orientation).toBe('landscape');
    expect(layout.gridHeight).toBeLessThanOrEqual(560);
    expect(layout.gridWidth).toBeLessThanOrEqual(1280);
    expect(layout.x * 2 + layout.gridWidth).toBeGreaterThanOrEqual(1279);
    expect(layout.cell).toBeLessThanOrEqual(180);
  });

  it('is width-bound on a phone in portrait', () => {
    const layout = computeLayout({ width: 390, height: 520, device: 'mobile', reels: 5, rows: 3 });
    expect(layout.orientation).toBe('portrait');
    expect(layout.gridWidth).toBeLessThanOrEqual(390);
    expect(layout.gridWidth).toBeGreaterThan(330);
    expect(layout.y).toBeGreaterThan(layout.x);
  });

  it('is height-bound on a phone in landscape', () => {
    const layout = computeLayout({ width: 844, height: 250, device: 'mobile', reels: 6, rows: 5 });
    expect(layout.orientation).toBe('landscape');
    expect(layout.gridHeight).toBeLessThanOrEqual(250);
    expect(layout.x).toBeGreaterThan(layout.y);
  });

  it('leaves room for the frame around the grid on every side', () => {
    for (const [width, height, reels, rows] of [
      [390, 600, 5, 3],
      [844, 300, 5, 3],
      [844, 300, 6, 5],
      [1280, 600, 3, 3],
    ] as const) {
      for (const device of ['mobile', 'desktop'] as const) {
        const l = computeLayout({ width, height, device, reels, rows });
        const frame = l.frame + l.stroke / 2;
        expect(l.x - frame).toBeGreaterThanOrEqual(0);
        expect(l.y - frame).toBeGreaterThanOrEqual(0);
        expect(l.x + l.gridWidth + frame).toBeLessThanOrEqual(width);
        expect(l.y + l.gridHeight + frame).toBeLessThanOrEqual(height);
      }
    }
  });

  it('runs the reels and their frame across a phone in portrait, edge to edge but for a thin margin', () => {
    for (const width of [320, 360, 390, 412, 430]) {
      for (const [reels, rows] of [
        [5, 3],
        [3, 3],
        [6, 5],
      ] as const) {
        const height = heightForWidth({ width, device: 'mobile', reels, rows });
        const l = computeLayout({ width, height, device: 'mobile', reels, rows });
        const outer = l.gridWidth + 2 * (l.frame + l.stroke / 2);
        expect(outer / width, `${width} px, ${reels}×${rows}`).toBeGreaterThanOrEqual(0.95);
        expect(outer).toBeLessThanOrEqual(width);
        // The rest is the game's frame, a fifth of a cell on each side (a larger share of three reels).
        expect(l.gridWidth / width, `${width} px, ${reels}×${rows}`).toBeGreaterThanOrEqual(0.84);
      }
    }
  });

  it('makes a portrait stage just tall enough for reels as wide as the stage', () => {
    for (const width of [360, 390, 430, 768]) {
      for (const device of ['mobile', 'desktop'] as const) {
        const input = { width, device, reels: 5, rows: 3 };
        const height = heightForWidth(input);
        const fitted = computeLayout({ ...input, height });
        const unbounded = computeLayout({ ...input, height: width * 4 });
        // As large as with all the height in the world, and a pixel less would shrink it.
        expect(fitted.cell).toBeGreaterThanOrEqual(unbounded.cell);
        expect(computeLayout({ ...input, height: height - 1 }).cell).toBeLessThan(fitted.cell);
        expect(height).toBeLessThan(width);
      }
    }
  });

  it('never collapses below a readable cell', () => {
    expect(computeLayout({ width: 40, height: 40, device: 'mobile', reels: 5, rows: 3 }).cell).toBe(16);
  });

  it('places cell centres on the grid', () => {
    const layout = computeLayout({ width: 1000, height: 600, device: 'desktop', reels: 3, rows: 3 });
    const first = cellCentre(layout, 0, 0);
    const last = cellCentre(layout, 2, 2);
    expect(first.x).toBe(layout.x + layout.cell / 2);
    expect(last.y).toBe(layout.y + layout.gridHeight - layout.cell / 2);
  });
});
