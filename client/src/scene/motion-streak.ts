// Symbols streaked by motion for reels running at full speed: each symbol's cell drawn several
// times along the reel, averaged into one texture (baked once per symbol and cell size), so a
// spinning reel reads as fast without a blur filter, which the software renderer could not afford.
import { Container, Rectangle, type Renderer, Sprite, type Texture } from 'pixi.js';
import type { SymbolArt } from './symbols.ts';

/** Copies drawn along the reel, and how far they spread either side (in cells). */
const COPIES = 9;
const SPREAD = 0.16;

export class MotionStreak {
  private readonly art: SymbolArt;
  private readonly renderer: Renderer;
  private readonly baked = new Map<string, Texture>();
  private size = 0;
  private failed = false;

  constructor(art: SymbolArt, renderer: Renderer) {
    this.art = art;
    this.renderer = renderer;
  }

  /** A streaked cell of side `size` centred on (0, 0), or null where it cannot be baked. */
  draw(id: number, size: number): Container | null {
    const texture = this.texture(id, size);
    if (!texture) return null;
    const sprite = new Sprite(texture);
    sprite.anchor.set(0.5);
    sprite.setSize(size, size * (1 + 2 * SPREAD));
    const cell = new Container();
    cell.addChild(sprite);
    return cell;
  }

  /** Bakes every symbol at a size ahead of the first spin. */
  warm(ids: readonly number[], size: number): void {
    for (const id of ids) this.texture(id, size);
  }

  private texture(id: number, size: number): Texture | null {
    if (this.failed) return null;
    if (size !== this.size) {
      for (const texture of this.baked.values()) texture.destroy(true);
      this.baked.clear();
      this.size = size;
    }
    const key = String(id);
    const known = this.baked.get(key);
    if (known) return known;
    const group = new Container();
    for (let i = 0; i < COPIES; i++) {
      const copy = this.art.draw(id, size);
      copy.y = (i / (COPIES - 1) - 0.5) * 2 * SPREAD * size;
      // Each copy over the ones before at 1/(n+1): an even average of all of them.
      copy.alpha = 1 / (i + 1);
      group.addChild(copy);
    }
    const height = size * (1 + 2 * SPREAD);
    try {
      const texture = this.renderer.generateTexture({
        target: group,
        frame: new Rectangle(-size / 2, -height / 2, size, height),
        resolution: 1,
        antialias: true,
      });
      this.baked.set(key, texture);
      return texture;
    } catch {
      this.failed = true;
      return null;
    } finally {
      group.destroy({ children: true });
    }
  }
}
