// Orbit Orchard: cosmic fruit (star berry, moon grapes, nebula plum, sun pear, ringed apple, orbit
// peach, crystal melon, golden pod), the multiplying planet and the comet scatter.
import type { Graphics } from 'pixi.js';
import { glowGrad, type IconDraw, ink, lighten, P, rgrad, shine, twinkle, vgrad } from './kit.ts';

const OUT = 0x1a0a2e;

/** Points of an ellipse arc (tilted by `rot`) from angle a0 to a1, for open strokes. */
function arcPoints(rx: number, ry: number, rot: number, a0: number, a1: number, cx = 0, cy = 0): number[] {
  const points: number[] = [];
  const steps = 28;
  for (let i = 0; i <= steps; i++) {
    const a = a0 + ((a1 - a0) * i) / steps;
    const x = Math.cos(a) * rx;
    const y = Math.sin(a) * ry;
    points.push(cx + x * Math.cos(rot) - y * Math.sin(rot), cy + x * Math.sin(rot) + y * Math.cos(rot));
  }
  return points;
}

function ring(g: Graphics, rx: number, ry: number, rot: number, front: boolean, colors: number[]): void {
  const [a0, a1] = front ? [0, Math.PI] : [Math.PI, Math.PI * 2];
  const pts = arcPoints(rx, ry, rot, a0, a1);
  g.poly(pts, false).stroke({ width: 9, color: OUT, cap: 'round' });
  g.poly(pts, false).stroke({ width: 6, color: colors[0] as number, cap: 'round' });
  g.poly(pts, false).stroke({ width: 2, color: colors[1] as number, cap: 'round' });
}

function leaf(g: Graphics, x: number, y: number, dir: number): void {
  g.moveTo(x, y)
    .quadraticCurveTo(x + 8 * dir, y - 14, x + 22 * dir, y - 10)
    .quadraticCurveTo(x + 12 * dir, y + 2, x, y)
    .closePath()
    .fill(vgrad(0x9af07a, 0x2a9a4a))
    .stroke(ink(OUT, 1.8));
}

/** A star-shaped berry (five round points): the only low of the orchard that is not round. */
export const starBerry: IconDraw = (g) => {
  const points: number[] = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const r = i % 2 === 0 ? 46 : 22;
    points.push(Math.cos(a) * r, 4 + Math.sin(a) * r);
  }
  g.poly(points).fill(rgrad(0xff8ab8, 0xc0104a)).stroke(ink(OUT, 2.8));
  for (let i = 0; i < 5; i++) {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
    g.moveTo(0, 4).lineTo(Math.cos(a) * 34, 4 + Math.sin(a) * 34);
  }
  g.stroke({ width: 2, color: 0x7a0a30, alpha: 0.5 });
  for (const [x, y] of [
    [-14, -2],
    [12, -4],
    [-8, 18],
    [10, 16],
    [0, -18],
  ] as const)
    g.star(x, y, 5, 3, 1.3).fill(0xfff27a);
  g.circle(0, 4, 5).fill(0xffe0ec).stroke(ink(OUT, 1.4));
  shine(g, -10, -10, 5, 8, 0.45);
  twinkle(g, 34, -34, 7);
};

export const moonGrape: IconDraw = (g) => {
  g.moveTo(2, -28).quadraticCurveTo(6, -40, 14, -44).stroke({ width: 3.5, color: 0x4a7a3a, cap: 'round' });
  const grapes: Array<[number, number]> = [
    [-22, -16],
    [-6, -18],
    [10, -16],
    [24, -12],
    [-16, 0],
    [0, -2],
    [16, 2],
    [-8, 16],
    [8, 16],
    [0, 32],
  ];
  for (const [x, y] of grapes) g.circle(x, y, 11.5).fill(rgrad(0xe8d8ff, 0x6a48c0)).stroke(ink(OUT, 2));
  for (const [x, y] of grapes) {
    g.moveTo(x - 5, y - 7)
      .arc(x - 1, y - 1, 7, -2.3, -0.9)
      .arc(x + 1, y - 3, 5, -0.9, -2.3, true)
      .fill({ color: 0xffffff, alpha: 0.55 });
  }
  g.path(P('M-38 -30 A18 18 0 1 0 -10 -44 A14 14 0 1 1 -38 -30 Z'))
    .fill(vgrad(0xfff6c0, 0xf2c84e))
    .stroke(ink(OUT, 1.8));
  twinkle(g, 34, 22, 6);
};

export const nebulaPlum: IconDraw = (g) => {
  g.ellipse(0, 4, 36, 38)
    .fill(rgrad(0xff8ae0, 0x2a0e6a, 0.4, 0.35))
    .stroke(ink(OUT, 2.6));
  g.path(P('M-24 -10 C-10 -24 14 -20 12 -4 C10 10 -14 8 -10 -4 C-8 -10 2 -10 2 -4')).stroke({
    width: 4,
    color: 0xffb0f0,
    alpha: 0.45,
    cap: 'round',
  });
  g.path(P('M2 -32 C-4 -10 -2 20 4 40')).stroke({ width: 2, color: 0x1a0640, alpha: 0.5 });
  for (const [x, y, r] of [
    [-14, 14, 1.6],
    [16, 18, 1.3],
    [20, -8, 1.8],
    [-20, -4, 1.2],
    [6, 26, 1.4],
  ] as const)
    g.circle(x, y, r).fill(0xffffff);
  twinkle(g, 14, 6, 5);
  leaf(g, 2, -32, 1);
  g.moveTo(2, -32).lineTo(-2, -44).stroke({ width: 3, color: 0x4a3a2a, cap: 'round' });
  shine(g, -16, -12, 6, 10, 0.35);
};

export const sunPear: IconDraw = (g) => {
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    const c = Math.cos(a);
    const s = Math.sin(a);
    g.poly([c * 40 - s * 0, s * 40, c * 30 - s * 5, s * 30 + c * 5, c * 30 + s * 5, s * 30 - c * 5]).fill({
      color: 0xffa020,
      alpha: 0.85,
    });
  }
  g.path(P('M0 -30 C10 -30 12 -18 14 -8 C30 4 30 38 0 40 C-30 38 -30 4 -14 -8 C-12 -18 -10 -30 0 -30 Z'))
    .fill(rgrad(0xfff6a0, 0xe89a10))
    .stroke(ink(0x5a2a04, 2.6));
  g.moveTo(0, -30).quadraticCurveTo(2, -40, 8, -44).stroke({ width: 3.5, color: 0x6a4a2a, cap: 'round' });
  leaf(g, 4, -38, 1);
  shine(g, -12, 4, 5, 12, 0.45);
  g.circle(8, 24, 1.6).fill(0xc0700a);
  g.circle(-6, 30, 1.4).fill(0xc0700a);
};

export const ringedApple: IconDraw = (g) => {
  const rot = -0.32;
  ring(g, 46, 12, rot, false, [0x9ad8ff, 0xffffff]);
  g.path(P('M0 -22 C16 -36 40 -22 36 4 C34 30 16 42 0 36 C-16 42 -34 30 -36 4 C-40 -22 -16 -36 0 -22 Z'))
    .fill(rgrad(0xff8a7a, 0xb0101a))
    .stroke(ink(OUT, 2.6));
  g.moveTo(0, -22).quadraticCurveTo(-2, -34, 4, -42).stroke({ width: 3.5, color: 0x5a3a1a, cap: 'round' });
  leaf(g, 2, -34, 1);
  shine(g, -18, -8, 6, 10, 0.45);
  ring(g, 46, 12, rot, true, [0x9ad8ff, 0xffffff]);
  twinkle(g, -36, -30, 6);
};

export const orbitPeach: IconDraw = (g) => {
  const orbit = arcPoints(44, 16, 0.4, 0, Math.PI * 2);
  g.poly(orbit, true).stroke({ width: 1.6, color: 0xc8f0ff, alpha: 0.7 });
  g.circle(0, 4, 34)
    .fill(rgrad(0xffe0b0, 0xff5a5a, 0.35, 0.3))
    .stroke(ink(OUT, 2.6));
  g.path(P('M2 -28 C-10 -10 -8 20 2 38')).stroke({ width: 2.4, color: 0xc03040, alpha: 0.5 });
  g.moveTo(2, -28).lineTo(0, -40).stroke({ width: 3, color: 0x5a3a1a, cap: 'round' });
  leaf(g, 0, -36, -1);
  shine(g, -14, -10, 6, 10, 0.4);
  const [mx, my] = [orbit[18 * 2] as number, orbit[18 * 2 + 1] as number];
  g.circle(mx, my, 7).fill(rgrad(0xffffff, 0x9aa8c8)).stroke(ink(OUT, 1.6));
  twinkle(g, 34, -32, 5);
};

export const crystalMelon: IconDraw = (g) => {
  const rim: number[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2 - Math.PI / 2;
    rim.push(Math.cos(a) * 38, Math.sin(a) * 38 + 2);
  }
  g.poly(rim).fill(rgrad(0xc0fff0, 0x108a78)).stroke(ink(OUT, 2.6));
  const inner: number[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2 - Math.PI / 2 + Math.PI / 10;
    inner.push(Math.cos(a) * 20 - 3, Math.sin(a) * 20 - 1);
  }
  for (let i = 0; i < 10; i++) {
    const j = (i + 1) % 10;
    const shade = [0xffffff, 0x000000][i % 2] as number;
    g.poly([
      rim[i * 2] as number,
      rim[i * 2 + 1] as number,
      rim[j * 2] as number,
      rim[j * 2 + 1] as number,
      inner[i * 2] as number,
      inner[i * 2 + 1] as number,
    ]).fill({ color: shade, alpha: i < 5 ? 0.16 : 0.1 });
  }
  g.poly(inner).fill({ color: 0xdffff8, alpha: 0.35 }).stroke({ width: 1.2, color: 0xffffff, alpha: 0.7 });
  for (const x of [-16, 0, 16]) g.moveTo(x, -34).quadraticCurveTo(x * 1.6, 2, x, 38);
  g.stroke({ width: 3, color: 0x0a6a4a, alpha: 0.45 });
  g.moveTo(0, -36).lineTo(2, -46).stroke({ width: 3, color: 0x2a7a3a, cap: 'round' });
  twinkle(g, -16, -18, 8);
  twinkle(g, 22, 16, 5);
};

export const goldenPod: IconDraw = (g) => {
  g.circle(0, 0, 46).fill(glowGrad(0xffd040));
  g.path(P('M-44 6 C-30 34 30 34 44 -14 C30 4 -20 14 -44 6 Z'))
    .fill(vgrad(0xfff0a0, 0xd99a1a))
    .stroke(ink(0x5a3a04, 2.6));
  for (const [x, y] of [
    [-22, 4],
    [0, 2],
    [21, -4],
  ] as const)
    g.circle(x, y, 11)
      .fill(rgrad(0xffffff, 0xf2b010, 0.4, 0.35))
      .stroke(ink(0x6a4a04, 2));
  g.path(P('M-44 6 C-30 -18 30 -30 44 -14 C30 -8 -20 0 -44 6 Z'))
    .fill({ color: 0xfff6c0, alpha: 0.0 })
    .stroke(ink(0x5a3a04, 2));
  g.path(P('M-44 6 C-34 20 -10 24 12 20')).stroke({ width: 2, color: 0xffffff, alpha: 0.55, cap: 'round' });
  g.path(P('M44 -14 C48 -22 46 -30 40 -34')).stroke({ width: 3, color: 0x6a8a2a, cap: 'round' });
  twinkle(g, -26, -20, 8);
  twinkle(g, 30, 22, 6);
  twinkle(g, 4, -26, 5);
};

export const planet: IconDraw = (g) => {
  g.circle(0, 0, 46).fill(glowGrad(0xb38cff));
  ring(g, 48, 13, -0.3, false, [0xffe08a, 0xfff6d0]);
  g.circle(0, 0, 32).fill(rgrad(0xd8b8ff, 0x4a1aa0)).stroke(ink(OUT, 2.6));
  g.path(P('M-30 -8 C-10 -14 14 -2 31 -8 M-32 6 C-12 0 12 12 32 4 M-26 18 C-8 14 10 24 26 18')).stroke({
    width: 3.4,
    color: 0xffffff,
    alpha: 0.25,
    cap: 'round',
  });
  shine(g, -12, -16, 8, 5, 0.35);
  ring(g, 48, 13, -0.3, true, [0xffe08a, 0xfff6d0]);
  twinkle(g, 34, -30, 6);
  twinkle(g, -36, 30, 4);
};

export const comet: IconDraw = (g) => {
  const [hx, hy] = [-16, 16];
  const tail = (r: number, color: number, alpha: number) => {
    const side = r * Math.SQRT1_2;
    g.moveTo(48, -48)
      .lineTo(hx + side, hy + side)
      .arc(hx, hy, r, Math.PI / 4, (Math.PI * 5) / 4)
      .lineTo(48, -48)
      .closePath()
      .fill({ color, alpha });
  };
  tail(26, 0x4fb8ff, 0.3);
  tail(19, 0x9ae8ff, 0.5);
  tail(11, 0xeafcff, 0.75);
  g.circle(hx, hy, 30).fill(glowGrad(0x9ae8ff));
  g.circle(hx, hy, 18)
    .fill(rgrad(0xffffff, 0x6ad0ff, 0.4, 0.4))
    .stroke(ink(lighten(OUT, 0.1), 2));
  twinkle(g, hx, hy, 13);
  twinkle(g, 20, 26, 6);
  twinkle(g, -36, -26, 5);
  twinkle(g, 28, -10, 3);
};
