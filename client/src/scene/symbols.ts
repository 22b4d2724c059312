// Symbol art drawn in code: every symbol gets a themed icon from the registry in ./icons (picked
// by its name), on a tile in the game's palette. Wild, scatter, bonus and collector symbols glow and
// wear a banner (WILD, FREE SPINS, BONUS, COLLECT); money and multiplier symbols print their value.
//
// Drawing is cached twice over: each icon's vector drawing is built once per symbol as a shared
// GraphicsContext (in a 100-unit box, scaled to the cell), and with a renderer each finished cell
// is baked once per size in three layers (tile, icon, banner and value), so a spinning reel only
// moves sprites and a win animation can move the icon over its tile.
import {
  CanvasTextMetrics,
  Container,
  Graphics,
  GraphicsContext,
  Rectangle,
  type Renderer,
  Sprite,
  Text,
  TextStyle,
  type Texture,
} from 'pixi.js';
import type { PaytableSymbol } from '../api/types.ts';
import { BANNER_WIDTH, bannerLayout } from './banner-layout.ts';
import { ICONS } from './icons/index.ts';
import { darken, glowGrad, lighten, vgrad } from './icons/kit.ts';
import { badgeFor, iconNameFor } from './icons/resolve.ts';

export interface Palette {
  background: string;
  accent: string;
  text: string;
}

/** Colours for symbols the registry draws generically (the fallback gem), by rank. */
const RAMP = [
  0x5dade2, 0x58d68d, 0xaf7ac5, 0x48c9b0, 0xf5b041, 0xec7063, 0xe85d75, 0xf4d03f, 0x85c1e9, 0xeb984e,
];

export function hex(color: string): number {
  return Number.parseInt(color.replace('#', ''), 16);
}

const SPECIAL = new Set(['wild', 'scatter', 'bonus', 'collector', 'money', 'multiplier']);

type Part = 'tile' | 'icon' | 'top';
const PARTS: readonly Part[] = ['tile', 'icon', 'top'];

/** How many cell sizes keep their baked textures (a resize or rotation makes a new one). */
const SIZES_KEPT = 2;

export class SymbolArt {
  private readonly symbols: PaytableSymbol[];
  private readonly regularRank = new Map<number, number>();
  private readonly palette: Palette;
  private readonly renderer: Renderer | null;
  private readonly icons = new Map<number, GraphicsContext>();
  private readonly tiles = new Map<string, GraphicsContext>();
  private readonly baked = new Map<number, Map<string, Texture | null>>();
  private readonly urls = new Map<number, string>();
  private bakeFailed = false;
  private readonly badgeOf: (kind: string) => string;

  /** `badgeOf` words the banner of a special symbol in the player's language ('' for none). */
  constructor(
    symbols: PaytableSymbol[],
    palette: Palette,
    renderer: Renderer | null = null,
    badgeOf: (kind: string) => string = badgeFor,
  ) {
    this.symbols = symbols;
    this.badgeOf = badgeOf;
    this.palette = palette;
    this.renderer = renderer;
    symbols
      .filter((s) => s.kind === 'regular')
      .forEach((s, i) => {
        this.regularRank.set(s.id, i);
      });
  }

  /** A random paying symbol id, for the blur of spinning reels. */
  randomId(): number {
    const ids = this.symbols.map((s) => s.id);
    return ids[Math.floor(Math.random() * ids.length)] ?? 0;
  }

  colorOf(id: number): number {
    const def = this.symbols[id];
    if (!def) return 0x888888;
    if (def.kind === 'regular') return RAMP[(this.regularRank.get(id) ?? 0) % RAMP.length] as number;
    return this.glowOf(def.kind);
  }

  private glowOf(kind: string): number {
    if (kind === 'wild') return hex(this.palette.accent);
    if (kind === 'scatter' || kind === 'money') return 0xffd24a;
    if (kind === 'multiplier') return 0xb38cff;
    if (kind === 'bonus') return 0xff8fb1;
    if (kind === 'collector') return 0x7fd4ff;
    return hex(this.palette.accent);
  }

  /**
   * A cell of side `size`, centred on (0, 0). `label` is drawn on money and multiplier symbols. The
   * cell holds up to three layers, each baked on its own so a win animation can move the icon over
   * a still tile: the tile (`label` 'tile'), the icon ('icon') and the banner and value ('top').
   */
  draw(id: number, size: number, label = ''): Container {
    const cell = new Container();
    for (const part of PARTS) {
      const texture = this.texture(id, size, label, part);
      if (texture === null) continue;
      let view: Container | null;
      if (texture === 'live') view = this.compose(id, size, label, part);
      else {
        const sprite = new Sprite(texture);
        sprite.anchor.set(0.5);
        sprite.setSize(size, size);
        view = sprite;
      }
      if (!view) continue;
      view.label = part;
      cell.addChild(view);
    }
    return cell;
  }

  /** Bakes every symbol at a cell size ahead of the first spin. */
  warm(size: number): void {
    for (const s of this.symbols) for (const part of PARTS) this.texture(s.id, size, '', part);
    this.texture(-1, size, '', 'tile');
  }

  /** A PNG data URL of a symbol's icon (no tile), for the paytable; '' without a renderer. */
  iconUrl(id: number, px = 48): string {
    const cached = this.urls.get(id);
    if (cached !== undefined) return cached;
    let url = '';
    if (this.renderer && !this.bakeFailed) {
      const art = this.bare(id, px);
      try {
        const canvas = this.renderer.extract.canvas({
          target: art,
          frame: new Rectangle(-px / 2, -px / 2, px, px),
          resolution: 3,
          antialias: true,
        }) as HTMLCanvasElement;
        url = canvas.toDataURL('image/png');
      } catch {
        url = '';
      }
      art.destroy({ children: true });
    }
    this.urls.set(id, url);
    return url;
  }

  /** A layer's baked texture; null when the symbol has no such layer, 'live' when baking failed. */
  private texture(id: number, size: number, label: string, part: Part): Texture | 'live' | null {
    if (!this.renderer || this.bakeFailed) return 'live';
    let bySize = this.baked.get(size);
    if (!bySize) {
      bySize = new Map();
      this.baked.set(size, bySize);
      this.evictOldSizes();
    }
    const kind = this.symbols[id]?.kind ?? '';
    const key = part === 'tile' ? `tile|${kind}` : part === 'icon' ? `icon|${id}` : `top|${id}|${label}`;
    const known = bySize.get(key);
    if (known !== undefined) return known;
    const art = this.compose(id, size, label, part);
    if (!art) {
      bySize.set(key, null);
      return null;
    }
    try {
      const texture = this.renderer.generateTexture({
        target: art,
        frame: new Rectangle(-size / 2, -size / 2, size, size),
        resolution: this.renderer.resolution,
        antialias: true,
      });
      bySize.set(key, texture);
      return texture;
    } catch {
      this.bakeFailed = true; // draw live from the shared contexts instead
      return 'live';
    } finally {
      art.destroy({ children: true });
    }
  }

  private evictOldSizes(): void {
    while (this.baked.size > SIZES_KEPT) {
      const oldest = this.baked.keys().next().value as number;
      const textures = this.baked.get(oldest);
      this.baked.delete(oldest);
      // Cells of the old size are replaced on relayout; give any still on screen a moment.
      setTimeout(() => {
        for (const texture of textures?.values() ?? []) texture?.destroy(true);
      }, 2000);
    }
  }

  /** Where the icon sits in a cell: smaller and higher when a banner runs under it. */
  private iconPlace(kind: string, size: number): { scale: number; y: number; badge: string } {
    const badge = size >= 44 ? this.badgeOf(kind) : '';
    const scale = ((SPECIAL.has(kind) ? 0.92 : 0.88) * size) / 100;
    return badge ? { scale: scale * 0.9, y: -size * 0.07, badge } : { scale, y: 0, badge };
  }

  /** One layer of a cell as live display objects; null when the symbol has no such layer. */
  private compose(id: number, size: number, label: string, part: Part): Container | null {
    const def = this.symbols[id];
    const kind = def?.kind ?? '';
    const layer = new Container();
    if (part === 'tile') {
      layer.addChild(new Graphics(this.tile(size, kind)));
      if (SPECIAL.has(kind)) {
        const glow = new Graphics().circle(0, 0, size * 0.5).fill(glowGrad(this.glowOf(kind)));
        glow.alpha = 0.75;
        layer.addChild(glow);
      }
      return layer;
    }
    if (!def) return null; // an empty hold-and-collect cell is a tile only
    const place = this.iconPlace(kind, size);
    if (part === 'icon') {
      layer.addChild(...this.depth(this.icon(id), size, place.scale, place.y));
      const icon = new Graphics(this.icon(id));
      icon.scale.set(place.scale);
      icon.y = place.y;
      layer.addChild(icon);
      return layer;
    }
    if (!place.badge && !label) return null;
    if (place.badge) layer.addChild(this.banner(place.badge, size, this.glowOf(kind)));
    if (label && kind === 'money') layer.addChild(this.plateText(label, place.scale));
    else if (label) layer.addChild(this.bigText(label, size));
    return layer;
  }

  /** The icon alone with a soft glow for special symbols (the paytable's pictures). */
  private bare(id: number, size: number): Container {
    const art = new Container();
    const def = this.symbols[id];
    if (!def) return art;
    if (SPECIAL.has(def.kind)) {
      const glow = new Graphics().circle(0, 0, size * 0.5).fill(glowGrad(this.glowOf(def.kind)));
      glow.alpha = 0.5;
      art.addChild(glow);
    }
    const icon = new Graphics(this.icon(id));
    icon.scale.set((0.92 * size) / 100);
    art.addChild(icon);
    return art;
  }

  /**
   * What lifts an icon off its tile, drawn from the icon's own shape (so baked once, free at run
   * time): a soft drop shadow below right in two passes, and a rim of the game's light above left.
   */
  private depth(context: GraphicsContext, size: number, scale: number, y: number): Graphics[] {
    const copy = (tint: number, alpha: number, dx: number, dy: number, grow: number) => {
      const g = new Graphics(context);
      g.tint = tint;
      g.alpha = alpha;
      g.scale.set(scale * grow);
      g.position.set(dx * size, y + dy * size);
      return g;
    };
    const rim = lighten(hex(this.palette.accent), 0.55);
    return [
      copy(0x000000, 0.22, 0.03, 0.06, 1.03),
      copy(0x000000, 0.4, 0.018, 0.035, 1),
      copy(rim, 0.7, -0.011, -0.013, 1),
    ];
  }

  private icon(id: number): GraphicsContext {
    let context = this.icons.get(id);
    if (!context) {
      const def = this.symbols[id];
      const g = new Graphics();
      if (def) ICONS[iconNameFor(def)](g, this.colorOf(id));
      context = g.context;
      this.icons.set(id, context);
    }
    return context;
  }

  private tile(size: number, kind: string): GraphicsContext {
    const special = SPECIAL.has(kind);
    const key = `${size}|${special}`;
    let context = this.tiles.get(key);
    if (!context) {
      const bg = hex(this.palette.background);
      const accent = hex(this.palette.accent);
      const half = size / 2;
      const inset = Math.max(1, size * 0.015);
      const r = size * 0.14;
      const side = size - inset * 2;
      const edge = Math.max(1, size * (special ? 0.03 : 0.018));
      // A lit, bevelled tile: light from above, a backlight of the game's accent behind the icon,
      // a gloss across the top and a darker lip at the bottom.
      context = new GraphicsContext()
        .roundRect(-half + inset, -half + inset, side, side, r)
        .fill(vgrad(lighten(bg, special ? 0.2 : 0.13), bg, darken(bg, 0.55)))
        .circle(0, -size * 0.02, size * 0.46)
        .fill({ fill: glowGrad(special ? lighten(accent, 0.2) : accent), alpha: special ? 0.5 : 0.26 })
        .roundRect(-half + inset * 3, -half + inset * 3, side - inset * 4, side * 0.42, r * 0.8)
        .fill({ fill: vgrad(0xffffff, bg), alpha: 0.08 })
        .roundRect(-half + inset + edge, -half + inset + edge, side - edge * 2, side - edge * 2, r * 0.9)
        .stroke({ width: edge, fill: vgrad(lighten(bg, 0.35), darken(bg, 0.6)), alpha: 0.7 })
        .roundRect(-half + inset, -half + inset, side, side, r)
        .stroke({
          width: edge,
          color: special ? lighten(accent, 0.25) : accent,
          alpha: special ? 0.9 : 0.45,
        });
      this.tiles.set(key, context);
    }
    return context;
  }

  /**
   * The word banner under a special symbol's icon (banner-layout.ts sets its words). On a phone's
   * cells it may be two lines tall and cover more of the icon's foot than one line does: the icon
   * is not moved for it, so every cell of a reel keeps one icon position.
   */
  private banner(text: string, size: number, color: number): Container {
    const box = new Container();
    const styleAt = (fontSize: number) =>
      new TextStyle({
        fontFamily: 'system-ui, sans-serif',
        fontSize,
        fontWeight: '900',
        fill: 0xffffff,
        align: 'center',
        lineHeight: fontSize * 1.08,
        letterSpacing: fontSize * 0.06,
        stroke: { color: darken(color, 0.7), width: Math.max(1.5, fontSize * 0.18), join: 'round' },
      });
    // Measured at a large size and scaled: the words as wide as this font really sets them.
    const probe = styleAt(100);
    const layout = bannerLayout(text, size, (line) => CanvasTextMetrics.measureText(line, probe).width / 100);
    const w = size * BANNER_WIDTH;
    const h = size * layout.height;
    const y = size * 0.5 - h - size * 0.05;
    box.addChild(
      new Graphics()
        .roundRect(-w / 2, y, w, h, Math.min(h / 2, size * 0.1))
        .fill(vgrad(lighten(color, 0.2), darken(color, 0.45)))
        .stroke({ width: Math.max(1, size * 0.02), color: 0xfff3c4 }),
    );
    const glyph = new Text({ text: layout.lines.join('\n'), style: styleAt(layout.fontSize) });
    glyph.anchor.set(0.5);
    glyph.y = y + h / 2;
    box.addChild(glyph);
    return box;
  }

  /** The cash value on a crate's plate (the plate is 60 × 26 units of the icon box). */
  private plateText(text: string, scale: number): Text {
    const width = 56 * scale;
    const fontSize = Math.min(20 * scale, width / (text.length * 0.58));
    const glyph = new Text({
      text,
      style: { fontFamily: 'system-ui, sans-serif', fontSize, fontWeight: '900', fill: 0x3a1a06 },
    });
    glyph.anchor.set(0.5);
    return glyph;
  }

  /** A multiplier (or any other value) printed large across the icon. */
  private bigText(text: string, size: number): Text {
    const fontSize = Math.min(size * 0.3, (size * 0.8) / (text.length * 0.6));
    const glyph = new Text({
      text,
      style: {
        fontFamily: 'system-ui, sans-serif',
        fontSize,
        fontWeight: '900',
        fill: 0xffffff,
        stroke: { color: 0x2a0a4a, width: Math.max(2, fontSize * 0.16), join: 'round' },
        dropShadow: {
          color: 0x000000,
          alpha: 0.5,
          blur: 2,
          distance: Math.max(1, fontSize * 0.05),
          angle: 1.2,
        },
      },
    });
    glyph.anchor.set(0.5);
    return glyph;
  }
}
