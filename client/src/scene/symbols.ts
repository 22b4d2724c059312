// Symbol art drawn in code: a tile per cell with a shape chosen by the symbol's kind and rank,
// coloured from the game's palette. Original shapes only; no image files to load.
import { Container, Graphics, Text } from 'pixi.js';
import type { PaytableSymbol } from '../api/types.ts';

export interface Palette {
  background: string;
  accent: string;
  text: string;
}

const RAMP = [
  0x5dade2, 0x58d68d, 0xaf7ac5, 0x48c9b0, 0xf5b041, 0xec7063, 0xe85d75, 0xf4d03f, 0x85c1e9, 0xeb984e,
];

export function hex(color: string): number {
  return Number.parseInt(color.replace('#', ''), 16);
}

export class SymbolArt {
  private readonly symbols: PaytableSymbol[];
  private readonly regularRank = new Map<number, number>();
  private readonly palette: Palette;

  constructor(symbols: PaytableSymbol[], palette: Palette) {
    this.symbols = symbols;
    this.palette = palette;
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
    if (def.kind === 'wild') return hex(this.palette.accent);
    if (def.kind === 'scatter' || def.kind === 'money') return 0xf7c948;
    if (def.kind === 'multiplier') return 0xb38cff;
    if (def.kind === 'bonus') return 0xff8fb1;
    return 0x7fd4ff;
  }

  /** A cell of side `size`, centred on (0, 0). `label` is drawn on money and multiplier symbols. */
  draw(id: number, size: number, label = ''): Container {
    const cell = new Container();
    const half = size / 2;
    const tile = new Graphics()
      .roundRect(-half, -half, size, size, size * 0.14)
      .fill({ color: 0x000000, alpha: 0.28 })
      .stroke({ width: Math.max(1, size * 0.02), color: hex(this.palette.accent), alpha: 0.35 });
    cell.addChild(tile);
    const def = this.symbols[id];
    if (!def) return cell; // an empty hold-and-collect cell
    const color = this.colorOf(id);
    const r = size * 0.32;
    const g = new Graphics();
    switch (def.kind) {
      case 'wild':
        g.star(0, 0, 8, r * 1.15, r * 0.7)
          .fill(color)
          .stroke({ width: size * 0.03, color: 0xffffff, alpha: 0.8 });
        break;
      case 'scatter':
        g.circle(0, 0, r * 1.1).stroke({ width: size * 0.04, color });
        g.star(0, 0, 5, r * 0.95, r * 0.42).fill(color);
        break;
      case 'money':
        g.circle(0, 0, r * 1.05)
          .fill(color)
          .stroke({ width: size * 0.04, color: 0x8a5a00 });
        g.circle(0, 0, r * 0.78).stroke({ width: size * 0.02, color: 0x8a5a00, alpha: 0.7 });
        break;
      case 'collector':
        g.roundRect(-r, -r * 0.8, r * 2, r * 1.6, r * 0.3)
          .fill(color)
          .stroke({ width: size * 0.03, color: 0xffffff });
        g.moveTo(-r * 0.5, -r * 0.8)
          .lineTo(0, -r * 1.25)
          .lineTo(r * 0.5, -r * 0.8)
          .stroke({ width: size * 0.04, color });
        break;
      case 'multiplier':
        g.circle(0, 0, r * 1.05)
          .fill({ color, alpha: 0.9 })
          .stroke({ width: size * 0.03, color: 0xffffff });
        g.ellipse(0, 0, r * 1.5, r * 0.35).stroke({ width: size * 0.03, color: 0xffffff, alpha: 0.7 });
        break;
      case 'bonus':
        for (let i = 0; i < 6; i++) {
          const a = (i / 6) * Math.PI * 2;
          g.ellipse(Math.cos(a) * r * 0.55, Math.sin(a) * r * 0.55, r * 0.5, r * 0.5).fill({
            color,
            alpha: 0.85,
          });
        }
        g.circle(0, 0, r * 0.42).fill(0xfff3b0);
        break;
      default:
        this.drawRegular(g, this.regularRank.get(id) ?? 0, r, color);
    }
    cell.addChild(g);
    const text = label || (def.kind === 'regular' || def.kind === 'wild' ? initials(def) : '');
    if (text) {
      const onCoin = def.kind === 'money' || def.kind === 'multiplier';
      const glyph = new Text({
        text,
        style: {
          fontFamily: 'system-ui, sans-serif',
          fontSize: Math.max(9, size * (text.length > 4 ? 0.17 : 0.26)),
          fontWeight: '800',
          fill: onCoin || def.kind === 'wild' ? 0x2a1600 : 0xffffff,
          stroke: onCoin ? undefined : { color: 0x000000, width: Math.max(1, size * 0.03) },
        },
      });
      glyph.anchor.set(0.5);
      cell.addChild(glyph);
    }
    if (size >= 64 && def.kind !== 'regular') {
      const name = new Text({
        text: def.kind === 'wild' ? 'WILD' : def.name.toUpperCase().slice(0, 10),
        style: {
          fontFamily: 'system-ui, sans-serif',
          fontSize: size * 0.11,
          fontWeight: '700',
          fill: hex(this.palette.text),
        },
      });
      name.anchor.set(0.5, 1);
      name.y = half - size * 0.04;
      cell.addChild(name);
    }
    return cell;
  }

  private drawRegular(g: Graphics, rank: number, r: number, color: number): void {
    const stroke = { width: r * 0.1, color: 0xffffff, alpha: 0.55 };
    switch (rank % 8) {
      case 0:
        g.circle(0, 0, r).fill(color).stroke(stroke);
        break;
      case 1:
        g.poly([0, -r * 1.1, r * 0.85, 0, 0, r * 1.1, -r * 0.85, 0])
          .fill(color)
          .stroke(stroke);
        break;
      case 2:
        g.regularPoly(0, r * 0.12, r * 1.1, 3, 0)
          .fill(color)
          .stroke(stroke);
        break;
      case 3:
        g.roundRect(-r * 0.85, -r * 0.85, r * 1.7, r * 1.7, r * 0.3)
          .fill(color)
          .stroke(stroke);
        break;
      case 4:
        g.regularPoly(0, 0, r * 1.05, 6, 0)
          .fill(color)
          .stroke(stroke);
        break;
      case 5:
        g.star(0, 0, 6, r * 1.1, r * 0.65)
          .fill(color)
          .stroke(stroke);
        break;
      case 6:
        g.poly([-r, r * 0.7, -r, -r * 0.5, -r * 0.5, 0, 0, -r * 0.9, r * 0.5, 0, r, -r * 0.5, r, r * 0.7])
          .fill(color)
          .stroke(stroke);
        break;
      default:
        g.regularPoly(0, 0, r * 1.05, 8, Math.PI / 8)
          .fill(color)
          .stroke(stroke);
    }
  }
}

function initials(def: PaytableSymbol): string {
  const words = def.name.split(/\s+/).filter(Boolean);
  if (words.length > 1)
    return words
      .map((w) => w[0])
      .join('')
      .slice(0, 2)
      .toUpperCase();
  return (def.name[0] ?? def.code[0] ?? '?').toUpperCase();
}
