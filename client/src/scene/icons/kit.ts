// Drawing kit for the symbol icons. Every icon is drawn once into a 100 × 100 box centred on
// (0, 0) (so -50…50 on both axes); the symbol renderer scales it to the cell and bakes it into a
// texture. Gradients are Pixi FillGradients in the shape's local space (0…1 over its bounds), so
// one gradient object serves every shape it fills and is cached by its colours.
import { FillGradient, type Graphics, GraphicsPath, type StrokeStyle } from 'pixi.js';

/** Draws one icon into `g`. `tint` is the symbol's own colour (used by generic shapes). */
export type IconDraw = (g: Graphics, tint: number) => void;

export function mix(a: number, b: number, t: number): number {
  const ch = (shift: number) => {
    const x = (a >> shift) & 0xff;
    const y = (b >> shift) & 0xff;
    return Math.round(x + (y - x) * t) << shift;
  };
  return ch(16) | ch(8) | ch(0);
}

export const lighten = (c: number, t: number): number => mix(c, 0xffffff, t);
export const darken = (c: number, t: number): number => mix(c, 0x000000, t);

const gradients = new Map<string, FillGradient>();

/** A top-to-bottom gradient through the given colours, evenly spaced. */
export function vgrad(...colors: number[]): FillGradient {
  return linear(0, 0, 0, 1, colors);
}

/** A left-to-right gradient. */
export function hgrad(...colors: number[]): FillGradient {
  return linear(0, 0, 1, 0, colors);
}

/** A diagonal gradient from the top left to the bottom right. */
export function dgrad(...colors: number[]): FillGradient {
  return linear(0, 0, 1, 1, colors);
}

function linear(x0: number, y0: number, x1: number, y1: number, colors: number[]): FillGradient {
  const key = `l${x0}${y0}${x1}${y1}:${colors.join(',')}`;
  let gradient = gradients.get(key);
  if (!gradient) {
    gradient = new FillGradient({
      type: 'linear',
      start: { x: x0, y: y0 },
      end: { x: x1, y: y1 },
      colorStops: colors.map((color, i) => ({ offset: i / Math.max(1, colors.length - 1), color })),
      textureSpace: 'local',
    });
    gradients.set(key, gradient);
  }
  return gradient;
}

/** A radial gradient, lit from slightly above left (a ball or a gem), inner colour first. */
export function rgrad(inner: number, outer: number, cx = 0.38, cy = 0.32): FillGradient {
  const key = `r${cx},${cy}:${inner},${outer}`;
  let gradient = gradients.get(key);
  if (!gradient) {
    gradient = new FillGradient({
      type: 'radial',
      center: { x: cx, y: cy },
      innerRadius: 0,
      outerCenter: { x: 0.5, y: 0.5 },
      outerRadius: 0.62,
      colorStops: [
        { offset: 0, color: inner },
        { offset: 1, color: outer },
      ],
      textureSpace: 'local',
    });
    gradients.set(key, gradient);
  }
  return gradient;
}

/** A left-to-right fade of one colour from `a0` to `a1` opacity (a beam of light). */
export function hfade(color: number, a0: number, a1: number): FillGradient {
  const key = `f:${color}:${a0}:${a1}`;
  let gradient = gradients.get(key);
  if (!gradient) {
    const c = `#${color.toString(16).padStart(6, '0')}`;
    const alpha = (a: number) =>
      Math.round(a * 255)
        .toString(16)
        .padStart(2, '0');
    gradient = new FillGradient({
      type: 'linear',
      start: { x: 0, y: 0 },
      end: { x: 1, y: 0 },
      colorStops: [
        { offset: 0, color: `${c}${alpha(a0)}` },
        { offset: 1, color: `${c}${alpha(a1)}` },
      ],
      textureSpace: 'local',
    });
    gradients.set(key, gradient);
  }
  return gradient;
}

/** A soft round glow: colour in the middle fading to transparent. */
export function glowGrad(color: number): FillGradient {
  const key = `g:${color}`;
  let gradient = gradients.get(key);
  if (!gradient) {
    const c = `#${color.toString(16).padStart(6, '0')}`;
    gradient = new FillGradient({
      type: 'radial',
      center: { x: 0.5, y: 0.5 },
      innerRadius: 0,
      outerCenter: { x: 0.5, y: 0.5 },
      outerRadius: 0.5,
      colorStops: [
        { offset: 0, color: `${c}cc` },
        { offset: 0.45, color: `${c}55` },
        { offset: 1, color: `${c}00` },
      ],
      textureSpace: 'local',
    });
    gradients.set(key, gradient);
  }
  return gradient;
}

const paths = new Map<string, GraphicsPath>();

/** An SVG path (`d` attribute) in the icon's 100-unit box, parsed once. */
export function P(d: string): GraphicsPath {
  let p = paths.get(d);
  if (!p) {
    p = new GraphicsPath(d);
    paths.set(d, p);
  }
  return p;
}

/** The outline every icon shares: a dark, round-jointed line. */
export function ink(color: number, width = 2.4): StrokeStyle {
  return { width, color, join: 'round', cap: 'round' };
}

/** A white sheen ellipse (the glossy highlight of a sticker-like icon). */
export function shine(g: Graphics, x: number, y: number, rx: number, ry: number, alpha = 0.45): void {
  g.ellipse(x, y, rx, ry).fill({ color: 0xffffff, alpha });
}

/** A four-pointed twinkle. */
export function twinkle(g: Graphics, x: number, y: number, r: number, color = 0xffffff, alpha = 1): void {
  const k = r * 0.22;
  g.poly([
    x,
    y - r,
    x + k,
    y - k,
    x + r,
    y,
    x + k,
    y + k,
    x,
    y + r,
    x - k,
    y + k,
    x - r,
    y,
    x - k,
    y - k,
  ]).fill({
    color,
    alpha,
  });
}

/** A flame standing on (x, y): `w` wide, `h` tall, the tip leaning by `lean`; colours outside in. */
export function flame(
  g: Graphics,
  x: number,
  y: number,
  w: number,
  h: number,
  colors: number[],
  lean = 0,
): void {
  colors.forEach((color, i) => {
    const s = 1 - i * (0.62 / Math.max(1, colors.length - 1));
    const fw = w * s;
    const fh = h * s;
    const tx = x + lean * s;
    g.moveTo(x, y)
      .bezierCurveTo(x - fw * 0.62, y, x - fw * 0.58, y - fh * 0.5, x - fw * 0.12, y - fh * 0.72)
      .quadraticCurveTo(tx - fw * 0.02, y - fh * 0.82, tx, y - fh)
      .bezierCurveTo(x + fw * 0.14, y - fh * 0.72, x + fw * 0.6, y - fh * 0.55, x + fw * 0.52, y - fh * 0.24)
      .bezierCurveTo(x + fw * 0.46, y - fh * 0.02, x + fw * 0.22, y, x, y)
      .closePath()
      .fill(i === 0 ? vgrad(lighten(color, 0.25), color) : vgrad(lighten(color, 0.3), color));
  });
}

/** Runs `draw` with the drawing origin moved to (x, y), rotated by `angle` and scaled by `s` (not nestable). */
export function at(g: Graphics, x: number, y: number, angle: number, s: number, draw: () => void): void {
  g.save();
  // Pixi's context transforms apply on top of what is there: scale, then rotate, then move.
  g.scaleTransform(s, s).rotateTransform(angle).translateTransform(x, y);
  draw();
  g.restore();
}
