import { Container, DOMAdapter, Sprite, type Ticker } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { WIN_FX } from './icons/win-fx.ts';
import { playWinFx, type WinFxOptions } from './symbol-fx.ts';

// Gradients ask the DOM for a canvas; nothing here is rendered.
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

/** A cell as SymbolArt.draw makes it: a tile and an icon. */
function cell(): { cell: Container; icon: Sprite } {
  const c = new Container();
  const tile = new Sprite();
  tile.label = 'tile';
  const icon = new Sprite();
  icon.label = 'icon';
  c.addChild(tile, icon);
  return { cell: c, icon };
}

function harness(reduced: boolean) {
  const frames = new Set<(t: Ticker) => void>();
  const held = { count: 0 };
  const options: WinFxOptions = {
    size: 120,
    accent: 0xff8a3d,
    reduced,
    ticker: {
      add: (f: (t: Ticker) => void) => frames.add(f),
      remove: (f: (t: Ticker) => void) => frames.delete(f),
    } as never,
    hold: () => {
      held.count++;
      return () => held.count--;
    },
    invalidate: () => {},
    motionMs: 1000,
  };
  const advance = (ms: number) => {
    for (let t = 0; t < ms; t += 16) for (const f of [...frames]) f({ deltaMS: 16 } as Ticker);
  };
  return { options, frames, held, advance };
}

describe('playWinFx', () => {
  for (const fx of WIN_FX) {
    it(`${fx}: moves the icon over a still tile, settles into a glow, and stop puts the cell back`, () => {
      const { options, frames, held, advance } = harness(false);
      const { cell: c, icon } = cell();
      const stop = playWinFx(c, fx, options);
      expect(frames.size).toBe(1);
      expect(held.count).toBe(1);
      expect(c.children.length).toBe(4); // tile, light behind, icon, light in front
      expect(c.getChildIndex(icon)).toBe(2);
      let moved = false;
      for (let i = 0; i < 40; i++) {
        advance(16);
        const still =
          icon.x === 0 && icon.y === 0 && icon.rotation === 0 && icon.scale.x === 1 && icon.scale.y === 1;
        if (!still) moved = true;
      }
      expect(moved, `${fx} moves`).toBe(true);
      advance(1200);
      // settled: the loop is released, the icon at rest, the glow still there
      expect(frames.size).toBe(0);
      expect(held.count).toBe(0);
      expect([icon.x, icon.y, icon.rotation, icon.scale.x, icon.scale.y]).toEqual([0, 0, 0, 1, 1]);
      expect(c.children.length).toBe(4);
      stop();
      expect(c.children.length).toBe(2);
      stop(); // twice is harmless
    });
  }

  it('stopped early, it lets go of the render loop and the icon at once', () => {
    const { options, frames, held, advance } = harness(false);
    const { cell: c, icon } = cell();
    const stop = playWinFx(c, 'swing', options);
    advance(200);
    stop();
    expect(frames.size).toBe(0);
    expect(held.count).toBe(0);
    expect([icon.x, icon.y, icon.rotation]).toEqual([0, 0, 0]);
    expect(c.children.map((child) => child.label)).toEqual(['tile', 'icon']);
  });

  it('with reduced motion: a still glow only, no frames asked for', () => {
    const { options, frames, held } = harness(true);
    const { cell: c, icon } = cell();
    const stop = playWinFx(c, 'flare', options);
    expect(frames.size).toBe(0);
    expect(held.count).toBe(0);
    expect(icon.scale.x).toBe(1);
    expect(c.children.length).toBe(4);
    stop();
    expect(c.children.length).toBe(2);
  });
});
