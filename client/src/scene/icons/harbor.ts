// Harbor Haul: dockside gear (rope coil, fishing net, buoy, compass), the lighthouse and the
// steamer, the tide wild, the cargo crate that carries cash and the harbormaster who collects it.
import type { Graphics } from 'pixi.js';
import { at, hfade, hgrad, type IconDraw, ink, P, rgrad, shine, twinkle, vgrad } from './kit.ts';

const OUT = 0x06202c;

/** The part of a circle between two heights, as a polygon. */
function band(cx: number, cy: number, r: number, y0: number, y1: number): number[] {
  const pts: number[] = [];
  const steps = 12;
  const side = (y: number) => Math.sqrt(Math.max(0, r * r - (y - cy) ** 2));
  for (let i = 0; i <= steps; i++) {
    const y = y0 + ((y1 - y0) * i) / steps;
    pts.push(cx + side(y), y);
  }
  for (let i = steps; i >= 0; i--) {
    const y = y0 + ((y1 - y0) * i) / steps;
    pts.push(cx - side(y), y);
  }
  return pts;
}

function waves(g: Graphics, y: number, color = 0x2a9ac0): void {
  g.path(P(`M-46 ${y} Q-38 ${y - 6} -30 ${y} T-14 ${y} T2 ${y} T18 ${y} T34 ${y} T50 ${y} L50 50 L-46 50 Z`))
    .fill(vgrad(color, 0x0a4a6a))
    .stroke(ink(OUT, 2));
  g.path(P(`M-40 ${y + 8} Q-34 ${y + 4} -28 ${y + 8} M6 ${y + 10} Q12 ${y + 6} 18 ${y + 10}`)).stroke({
    width: 2,
    color: 0xffffff,
    alpha: 0.6,
    cap: 'round',
  });
}

export const rope: IconDraw = (g) => {
  const pts: number[] = [];
  for (let a = 0; a <= Math.PI * 2 * 3.2; a += 0.12) {
    const r = 6 + a * 1.75;
    pts.push(Math.cos(a) * r, Math.sin(a) * r * 0.9 + 2);
  }
  const line = [...pts, 46, 30, 44, 44];
  g.poly(line, false).stroke({ width: 12, color: 0x3a2410, join: 'round', cap: 'round' });
  g.poly(line, false).stroke({ width: 8, color: 0xd8b070, join: 'round', cap: 'round' });
  for (let i = 0; i < pts.length - 2; i += 2) {
    const x = pts[i] as number;
    const y = pts[i + 1] as number;
    const nx = (pts[i + 2] as number) - x;
    const ny = (pts[i + 3] as number) - y;
    const len = Math.hypot(nx, ny) || 1;
    const [px, py] = [-ny / len, nx / len];
    g.moveTo(x + px * 3.6 - nx * 0.3, y + py * 3.6 - ny * 0.3).lineTo(
      x - px * 3.6 + nx * 0.3,
      y - py * 3.6 + ny * 0.3,
    );
  }
  g.stroke({ width: 1.3, color: 0x7a5424, alpha: 0.8 });
  g.circle(0, 2, 5).fill(0x2a1a0a);
};

export const net: IconDraw = (g) => {
  g.moveTo(14, 16).lineTo(44, 46).stroke({ width: 8, color: OUT, cap: 'round' });
  g.moveTo(14, 16).lineTo(44, 46).stroke({ width: 5, color: 0xb0783a, cap: 'round' });
  const cx = -8;
  const cy = -8;
  const r = 32;
  g.circle(cx, cy, r).fill({ color: 0x0a3a50, alpha: 0.55 });
  for (let d = -r + 7; d < r; d += 8) {
    const half = Math.sqrt(r * r - d * d);
    const k = Math.SQRT1_2;
    g.moveTo(cx + d * k - half * k, cy + d * k + half * k).lineTo(
      cx + d * k + half * k,
      cy + d * k - half * k,
    );
    g.moveTo(cx - d * k - half * k, cy + d * k - half * k).lineTo(
      cx - d * k + half * k,
      cy + d * k + half * k,
    );
  }
  g.stroke({ width: 1.8, color: 0xe8f4e0, alpha: 0.85 });
  at(g, -14, 0, 0.5, 1, () => {
    g.ellipse(0, 0, 12, 6).fill(vgrad(0xffb070, 0xe05a2a)).stroke(ink(OUT, 1.6));
    g.poly([10, 0, 18, -6, 18, 6]).fill(0xe05a2a).stroke(ink(OUT, 1.4));
    g.circle(-7, -1, 1.4).fill(OUT);
  });
  g.circle(cx, cy, r).stroke({ width: 7, color: OUT });
  g.circle(cx, cy, r).stroke({ width: 4.5, color: 0xc08a4a });
  for (const a of [-2.4, -1.6, -0.8]) {
    const x = cx + Math.cos(a) * r;
    const y = cy + Math.sin(a) * r;
    g.ellipse(x, y, 6, 4.5).fill(vgrad(0xffd060, 0xe08a1a)).stroke(ink(OUT, 1.6));
  }
};

export const buoy: IconDraw = (g) => {
  g.moveTo(0, -20).lineTo(0, -38).stroke({ width: 4, color: OUT, cap: 'round' });
  g.circle(0, -40, 6).fill(rgrad(0xffffff, 0xffd040)).stroke(ink(OUT, 1.6));
  g.poly([-6, -30, 6, -30, 4, -34, -4, -34]).fill(0x3a4a5a);
  const cy = 6;
  g.circle(0, cy, 28).fill(rgrad(0xff8a7a, 0xc01a1a)).stroke(ink(OUT, 2.6));
  g.poly(band(0, cy, 28, cy - 10, cy + 6)).fill(vgrad(0xffffff, 0xd8e0e8));
  g.poly(band(0, cy, 28, cy - 10, cy + 6)).stroke({ width: 1.2, color: OUT, alpha: 0.5 });
  g.circle(0, cy, 28).stroke(ink(OUT, 2.6));
  shine(g, -12, cy - 14, 5, 7, 0.5);
  waves(g, 26);
};

export const compass: IconDraw = (g) => {
  g.circle(0, -42, 6).stroke({ width: 4, color: 0xc08a2a });
  g.circle(0, 2, 42)
    .fill(vgrad(0xfff0a8, 0xd99a2a, 0x7a4a0a))
    .stroke(ink(OUT, 2.6));
  g.circle(0, 2, 34)
    .fill(rgrad(0xfffaf0, 0xe8dcc0, 0.5, 0.5))
    .stroke(ink(0x6a4a1a, 1.6));
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * Math.PI * 2;
    const r0 = i % 4 === 0 ? 25 : 29;
    g.moveTo(Math.cos(a) * r0, 2 + Math.sin(a) * r0).lineTo(Math.cos(a) * 32, 2 + Math.sin(a) * 32);
  }
  g.stroke({ width: 1.4, color: 0x3a2a1a });
  g.star(0, 2, 4, 22, 5, Math.PI / 4).fill({ color: 0x7aa8c8, alpha: 0.7 });
  g.poly([0, -26, 6, 2, -6, 2]).fill(vgrad(0xff5a4a, 0xb01010)).stroke(ink(OUT, 1.2));
  g.poly([0, 30, 6, 2, -6, 2]).fill(vgrad(0x2a4a6a, 0x0e1e30)).stroke(ink(OUT, 1.2));
  g.circle(0, 2, 3.6).fill(0xffd060).stroke(ink(OUT, 1));
  shine(g, -14, -14, 10, 5, 0.35);
};

export const lighthouse: IconDraw = (g) => {
  g.poly([0, -25, -48, -42, -48, -10]).fill(hfade(0xfff6b0, 0, 0.9));
  g.poly([0, -25, 48, -42, 48, -10]).fill(hfade(0xfff6b0, 0.9, 0));
  g.path(P('M-30 50 C-30 36 -18 32 -8 36 C0 28 20 30 30 40 L34 50 Z'))
    .fill(vgrad(0x6a7a84, 0x2a3440))
    .stroke(ink(OUT, 2));
  const tower = [-12, -14, 12, -14, 18, 40, -18, 40];
  g.poly(tower)
    .fill(hgrad(0xe8eef2, 0xffffff, 0xb8c4cc))
    .stroke(ink(OUT, 2.6));
  for (const [y0, y1] of [
    [-14, -2],
    [10, 22],
  ] as const) {
    const w0 = 12 + ((y0 + 14) / 54) * 6;
    const w1 = 12 + ((y1 + 14) / 54) * 6;
    g.poly([-w0, y0, w0, y0, w1, y1, -w1, y1]).fill(hgrad(0xc01a1a, 0xff5a4a, 0x8a0a0a));
  }
  g.poly(tower).stroke(ink(OUT, 2.6));
  g.roundRect(-6, 28, 12, 12, 5).fill(0x3a2a1a);
  g.roundRect(-17, -18, 34, 5, 2).fill(0x2a3440).stroke(ink(OUT, 1.6));
  g.rect(-10, -32, 20, 14)
    .fill(rgrad(0xffffff, 0xffc030, 0.5, 0.5))
    .stroke(ink(OUT, 2));
  g.moveTo(0, -32).lineTo(0, -18).stroke({ width: 1.4, color: OUT });
  g.path(P('M-13 -32 Q0 -46 13 -32 Z')).fill(vgrad(0xff5a4a, 0x8a0a0a)).stroke(ink(OUT, 2));
  g.circle(0, -44, 2.6).fill(0x2a3440);
};

export const steamer: IconDraw = (g) => {
  for (const [x, y, r, a] of [
    [-6, -30, 7, 0.85],
    [-16, -38, 8.5, 0.7],
    [-30, -42, 9, 0.5],
  ] as const)
    g.circle(x, y, r).fill({ color: 0xe8eef2, alpha: a });
  g.poly([2, -26, 16, -26, 14, -2, 4, -2])
    .fill(hgrad(0xc01a1a, 0xff5a4a, 0x8a0a0a))
    .stroke(ink(OUT, 2));
  g.poly([2, -26, 16, -26, 15.6, -20, 2.4, -20]).fill(0x1a1a1a);
  g.roundRect(-24, -6, 42, 14, 3).fill(vgrad(0xffffff, 0xc8d4dc)).stroke(ink(OUT, 2));
  for (const x of [-17, -8, 1, 10]) g.circle(x, 1, 2.6).fill(0x2a6a8a).stroke(ink(OUT, 1));
  g.path(P('M-42 8 L44 8 L34 30 L-34 30 Z')).fill(vgrad(0x2a3a5a, 0x101a2e)).stroke(ink(OUT, 2.6));
  g.poly([-38, 20, 39, 20, 34, 30, -34, 30]).fill(0xb01a1a);
  g.moveTo(-40, 12).lineTo(42, 12).stroke({ width: 1.6, color: 0xffd060 });
  waves(g, 30);
};

export const tideWild: IconDraw = (g) => {
  g.path(
    P(
      'M-46 40 C-46 0 -24 -40 14 -40 C38 -40 48 -20 40 -6 C34 4 20 2 18 -8 C16 -18 28 -20 30 -14 C26 -28 0 -26 -10 -4 C-18 14 -10 32 8 40 Z',
    ),
  )
    .fill(vgrad(0x9af0ff, 0x2aa8d8, 0x0a4a8a))
    .stroke(ink(OUT, 3));
  g.path(P('M-36 20 C-34 -6 -16 -30 12 -34 C-8 -26 -22 -8 -26 18 Z')).fill({ color: 0xffffff, alpha: 0.3 });
  g.path(
    P('M14 -40 C38 -40 48 -20 40 -6 C34 4 20 2 18 -8 C26 -4 36 -10 34 -22 C30 -32 22 -36 14 -40 Z'),
  ).fill(0xffffff);
  for (const [x, y, r] of [
    [44, -28, 3.4],
    [46, -16, 2.4],
    [36, -44, 2.8],
    [24, -48, 2],
  ] as const)
    g.circle(x, y, r).fill(0xffffff);
  waves(g, 38, 0x4fd1e8);
};

export const crate: IconDraw = (g) => {
  g.roundRect(-40, -40, 80, 80, 4).fill(vgrad(0xd8a062, 0x8a5a2a)).stroke(ink(0x2a1606, 3));
  for (const y of [-20, 0, 20]) g.moveTo(-40, y).lineTo(40, y);
  g.stroke({ width: 1.6, color: 0x5a3414, alpha: 0.7 });
  g.roundRect(-40, -40, 80, 9, 2).fill(vgrad(0xe8b878, 0xa06a34)).stroke(ink(0x2a1606, 1.8));
  g.roundRect(-40, 31, 80, 9, 2).fill(vgrad(0xe8b878, 0xa06a34)).stroke(ink(0x2a1606, 1.8));
  g.poly([-32, 31, -24, 31, 32, -31, 24, -31]).fill(vgrad(0xe0ac6c, 0x9a6430)).stroke(ink(0x2a1606, 1.6));
  for (const [x, y] of [
    [-40, -40],
    [32, -40],
    [-40, 32],
    [32, 32],
  ] as const)
    g.rect(x, y, 8, 8).fill(vgrad(0xd8e0e8, 0x6a7a88)).stroke(ink(0x1a1a1a, 1.2));
  g.roundRect(-30, -13, 60, 26, 5).fill(vgrad(0xfff6d8, 0xe8d0a0)).stroke(ink(0x2a1606, 2.2));
};

export const harbormaster: IconDraw = (g) => {
  g.path(P('M-30 -2 C-34 22 -20 42 0 44 C20 42 34 22 30 -2 Z'))
    .fill(vgrad(0xf0f4f8, 0xb8c4cc))
    .stroke(ink(OUT, 2.4));
  g.ellipse(0, -4, 26, 24).fill(rgrad(0xffd8b8, 0xe0a078)).stroke(ink(OUT, 2.2));
  g.path(P('M-26 2 C-28 28 -14 40 0 40 C14 40 28 28 26 2 C20 14 12 18 0 18 C-12 18 -20 14 -26 2 Z'))
    .fill(vgrad(0xffffff, 0xc8d0d8))
    .stroke(ink(OUT, 2));
  g.path(P('M-16 10 C-8 4 -2 8 0 10 C2 8 8 4 16 10 C10 14 4 14 0 12 C-4 14 -10 14 -16 10 Z')).fill(
    vgrad(0xf0f4f8, 0xa8b4bc),
  );
  g.ellipse(0, 4, 5, 4).fill(0xe08a6a);
  g.circle(-10, -6, 3).fill(0x1a2a3a);
  g.circle(10, -6, 3).fill(0x1a2a3a);
  g.moveTo(-15, -13)
    .lineTo(-5, -12)
    .moveTo(15, -13)
    .lineTo(5, -12)
    .stroke({ width: 2.4, color: 0xd8dde2, cap: 'round' });
  g.path(P('M-34 -20 C-36 -40 -16 -48 0 -48 C16 -48 36 -40 34 -20 Z'))
    .fill(vgrad(0xffffff, 0xd0d8e0))
    .stroke(ink(OUT, 2.4));
  g.roundRect(-30, -24, 60, 10, 4).fill(vgrad(0x1e2e4e, 0x0a1020)).stroke(ink(OUT, 1.8));
  g.path(P('M-32 -14 Q0 -4 32 -14 L30 -10 Q0 0 -30 -10 Z')).fill(0x0a1020);
  g.circle(0, -34, 8).fill(vgrad(0xffe48a, 0xc8901a)).stroke(ink(0x5a3a04, 1.6));
  g.path(P('M0 -39 L0 -28 M-4 -36 L4 -36 M-5 -31 Q0 -26 5 -31')).stroke({
    width: 1.6,
    color: 0x5a3a04,
    cap: 'round',
  });
  g.moveTo(-30, -19).lineTo(30, -19).stroke({ width: 1.6, color: 0xffd060 });
  twinkle(g, 28, -40, 5);
};
