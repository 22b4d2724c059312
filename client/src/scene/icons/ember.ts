// Ember Crown: fire and coals, a phoenix feather, a fire opal, a salamander, the Ember Queen's
// cameo, the flame wild and the crown scatter.
import type { Graphics } from 'pixi.js';
import {
  at,
  darken,
  flame,
  glowGrad,
  hgrad,
  type IconDraw,
  ink,
  lighten,
  P,
  rgrad,
  shine,
  twinkle,
  vgrad,
} from './kit.ts';

const OUT = 0x3a0c06;
const FIRE = [0xc81d0a, 0xff6a12, 0xffb02e, 0xfff0b5];

/** A wide, low heap of charcoal lumps glowing red from within (unlike the tall blue-grey flint). */
export const cinder: IconDraw = (g) => {
  g.ellipse(0, 28, 48, 14).fill({ fill: glowGrad(0xff3a10), alpha: 0.95 });
  const lump = (points: number[]) => {
    g.poly(points)
      .fill(rgrad(0x6a3a34, 0x1a0806, 0.4, 0.2))
      .stroke(ink(0xff5a1a, 2.4));
  };
  lump([-44, 30, -40, 14, -28, 6, -14, 10, -8, 24, -16, 36, -36, 38]);
  lump([8, 26, 14, 8, 28, 4, 42, 12, 46, 28, 36, 38, 16, 38]);
  lump([-16, 34, -12, 18, 0, 12, 14, 16, 18, 32, 8, 42, -8, 42]);
  lump([-26, 10, -22, -8, -8, -16, 6, -12, 10, 4, -4, 14, -20, 16]);
  lump([2, 4, 6, -14, 20, -20, 32, -10, 30, 6, 16, 10]);
  // the fire inside: glowing seams and a hot core
  const seam = P(
    'M-30 22 Q-22 18 -18 26 M24 14 Q30 20 36 18 M-4 26 Q2 32 10 28 M-16 0 Q-10 4 -6 -2 M14 -8 Q20 -4 26 -8',
  );
  g.path(seam).stroke({ width: 5, color: 0xff4a10, alpha: 0.6, cap: 'round', join: 'round' });
  g.path(seam).stroke({ width: 2, color: 0xffd070, cap: 'round', join: 'round' });
  for (const [x, y, r] of [
    [-20, -28, 3],
    [8, -34, 2.4],
    [26, -26, 2.8],
    [-4, -44, 1.8],
    [18, -46, 1.6],
  ] as const)
    g.circle(x, y, r).fill(0xffc04a);
};

/** A tall knapped flint blade beside a steel striker, cold blue-grey, throwing sparks. */
export const flint: IconDraw = (g) => {
  at(g, -8, 2, -0.22, 1, () => {
    g.path(P('M0 -46 C14 -30 20 -4 16 20 C12 36 6 44 0 46 C-6 44 -12 36 -16 20 C-20 -4 -14 -30 0 -46 Z'))
      .fill(hgrad(0xd8e4f2, 0x8aa2bf, 0x4c6482))
      .stroke(ink(0x141c28, 2.8));
    for (const [x0, y0, x1, y1] of [
      [0, -40, -8, -22],
      [0, -40, 8, -22],
      [-8, -22, 0, -4],
      [8, -22, 0, -4],
      [0, -4, -10, 16],
      [0, -4, 10, 16],
      [-10, 16, 0, 36],
      [10, 16, 0, 36],
    ] as const)
      g.moveTo(x0, y0).lineTo(x1, y1);
    g.stroke({ width: 1.3, color: 0x24344a, alpha: 0.55 });
    g.poly([0, -40, -8, -22, 0, -4, -10, 16, -13, 4, -10, -22]).fill({ color: 0xffffff, alpha: 0.35 });
  });
  g.path(P('M16 18 C16 4 38 4 38 18 C38 30 16 32 14 26')).stroke({ width: 9, color: 0x141c28, cap: 'round' });
  g.path(P('M16 18 C16 4 38 4 38 18 C38 30 16 32 14 26')).stroke({ width: 5, color: 0x9aa6b4, cap: 'round' });
  for (const [x, y, r, c] of [
    [26, -22, 13, 0xffe27a],
    [38, -8, 7, 0xffa030],
    [14, -36, 6, 0xfff4c0],
  ] as const)
    twinkle(g, x, y, r, c);
  g.circle(26, -22, 3).fill(0xffffff);
};

export const torch: IconDraw = (g) => {
  g.poly([-6, -4, 6, -4, 4, 46, -4, 46]).fill(vgrad(0xc98a4b, 0x6b3f1a)).stroke(ink(OUT, 2.4));
  g.rect(-5.5, 10, 11, 3).fill(0x3a2414);
  g.rect(-5, 22, 10, 3).fill(0x3a2414);
  flame(g, 0, -8, 38, 44, FIRE, 4);
  g.poly([-15, -14, 15, -14, 9, 4, -9, 4]).fill(vgrad(0x6a4a30, 0x2a1a10)).stroke(ink(OUT, 2.4));
  g.path(P('M-13 -8 L13 -8 M-11 -2 L11 -2')).stroke({ width: 1.4, color: 0xd9a441, alpha: 0.8 });
};

export const brazier: IconDraw = (g) => {
  g.moveTo(-18, 10).lineTo(-30, 44).moveTo(18, 10).lineTo(30, 44).moveTo(0, 12).lineTo(0, 46);
  g.stroke({ width: 6, color: OUT, cap: 'round' });
  g.moveTo(-18, 10).lineTo(-30, 44).moveTo(18, 10).lineTo(30, 44).moveTo(0, 12).lineTo(0, 46);
  g.stroke({ width: 3, color: 0x8a6a4a, cap: 'round' });
  flame(g, -14, 2, 26, 34, FIRE, -5);
  flame(g, 14, 2, 26, 32, FIRE, 5);
  flame(g, 0, 4, 34, 50, FIRE, 1);
  g.moveTo(-36, -2)
    .lineTo(36, -2)
    .bezierCurveTo(34, 22, -34, 22, -36, -2)
    .closePath()
    .fill(vgrad(0xe8b44e, 0x8a5a14))
    .stroke(ink(OUT, 2.6));
  g.roundRect(-39, -7, 78, 8, 4).fill(vgrad(0xffe38f, 0xb57a1c)).stroke(ink(OUT, 2.2));
  for (const x of [-22, -8, 8, 22]) g.circle(x, 7, 2.4).fill(0xffe9a8).stroke(ink(0x8a5a14, 1));
};

export const feather: IconDraw = (g) => {
  at(g, 0, 0, 0.55, 1, () => {
    // vane, gold at the tip to crimson at the quill
    g.moveTo(0, 34)
      .bezierCurveTo(-26, 20, -24, -22, 2, -50)
      .bezierCurveTo(22, -20, 24, 18, 0, 34)
      .closePath()
      .fill(vgrad(0xffe27a, 0xff8a1f, 0xd0240c))
      .stroke(ink(OUT, 2.6));
    // notches and barbs
    for (let i = 0; i < 7; i++) {
      const y = 24 - i * 10;
      g.moveTo(0, y)
        .lineTo(-16 + i * 1.2, y - 9)
        .moveTo(0, y)
        .lineTo(15 - i * 1.2, y - 9);
    }
    g.stroke({ width: 1.2, color: 0x8a1a06, alpha: 0.55 });
    g.ellipse(1, -18, 7, 10).fill(0xfff3c4).stroke(ink(0xc0500e, 1.6));
    g.ellipse(1, -17, 3.5, 5).fill(0xd0240c);
    g.moveTo(0, 46).lineTo(0, -40).stroke({ width: 2.4, color: 0xfff2d0, cap: 'round' });
    shine(g, -8, -4, 4, 14, 0.3);
  });
  for (const [x, y, r] of [
    [-30, 26, 2.6],
    [34, -30, 2.2],
    [-36, 6, 1.6],
  ] as const)
    g.circle(x, y, r).fill(0xffc04a);
};

export const opal: IconDraw = (g) => {
  g.ellipse(0, 0, 38, 46)
    .fill(vgrad(0xffe79a, 0xd99a2a, 0x8a5a10))
    .stroke(ink(OUT, 2.6));
  for (const [x, y] of [
    [0, -42],
    [0, 42],
    [-34, 0],
    [34, 0],
  ] as const)
    g.circle(x, y, 4).fill(0xfff0b8).stroke(ink(0x8a5a10, 1.2));
  g.ellipse(0, 0, 30, 38).fill(rgrad(0xffd86b, 0xb81a0c)).stroke(ink(0x6a1004, 1.6));
  for (const [x, y, rx, ry, c] of [
    [-10, 10, 8, 5, 0x6cf0c2],
    [8, -8, 6, 4, 0x8ad8ff],
    [12, 16, 7, 4, 0xff5fa8],
    [-6, -18, 5, 3, 0xa8ff6a],
  ] as const)
    g.ellipse(x, y, rx, ry).fill({ color: c, alpha: 0.5 });
  shine(g, -10, -18, 9, 13, 0.55);
  twinkle(g, 14, -24, 7);
};

export const salamander: IconDraw = (g) => {
  const body = P('M-2 -30 C2 -18 -6 -8 -4 4 C-2 14 8 18 10 28 C12 38 2 44 -8 40 C-14 37 -14 30 -8 30');
  const legs = P(
    'M-2 -14 L-18 -22 L-22 -16 M-2 -14 L14 -22 L18 -16 M-3 10 L-18 14 L-20 22 M2 12 L18 8 L24 14',
  );
  g.path(legs).stroke({ width: 9, color: OUT, cap: 'round', join: 'round' });
  g.path(body).stroke({ width: 17, color: OUT, cap: 'round', join: 'round' });
  g.path(legs).stroke({ width: 5, color: 0xff7a1f, cap: 'round', join: 'round' });
  g.path(body).stroke({ width: 12, color: 0xff6a12, cap: 'round', join: 'round' });
  g.path(body).stroke({ width: 4, color: 0xffb347, cap: 'round', join: 'round' });
  g.ellipse(-2, -34, 11, 13).fill(vgrad(0xffa040, 0xe04a10)).stroke(ink(OUT, 2.4));
  g.circle(-8, -38, 3.4).fill(0x1a0a04);
  g.circle(4, -38, 3.4).fill(0x1a0a04);
  g.circle(-9, -39, 1.1).fill(0xffffff);
  g.circle(3, -39, 1.1).fill(0xffffff);
  for (const [x, y, r] of [
    [-3, -20, 2.6],
    [-5, -4, 2.8],
    [2, 12, 2.6],
    [9, 26, 2.2],
  ] as const)
    g.circle(x, y, r).fill(0xffe07a);
  flame(g, 22, -26, 12, 18, [0xff6a12, 0xffd060]);
  flame(g, -26, -4, 10, 14, [0xff6a12, 0xffd060]);
};

/** A queen's profile facing left, in the 100-unit box (forehead at y≈-32, neck ending at y=40). */
export const PROFILE = P(
  'M6 -32 C-8 -32 -16 -24 -17 -14 L-18 -8 C-18 -5 -20 -2 -24 3 L-19 5 L-18 8 L-21 11 L-18 13 L-20 16 L-17 19 C-18 23 -16 26 -10 27 C-6 28 -4 30 -4 40 L22 40 C18 30 20 20 24 10 C32 -10 24 -32 6 -32 Z',
);

/** An oval cameo frame with a background, the figure drawn by `figure` scaled to fit inside. */
export function cameo(g: Graphics, rim: number[], inside: number[], figure: () => void): void {
  g.ellipse(0, 0, 40, 47)
    .fill(vgrad(...rim))
    .stroke(ink(darken(rim[rim.length - 1] as number, 0.5), 2.6));
  g.ellipse(0, 0, 33, 40).fill(rgrad(inside[0] as number, inside[1] as number, 0.5, 0.4));
  at(g, 2, 2, 0, 0.8, figure);
  g.ellipse(0, 0, 33, 40).stroke({ width: 3, color: lighten(rim[0] as number, 0.3) });
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    g.circle(Math.cos(a) * 36.5, Math.sin(a) * 43.5, 1.8).fill(lighten(rim[0] as number, 0.5));
  }
}

export const emberQueen: IconDraw = (g) => {
  cameo(g, [0xffe79a, 0xd99a2a, 0x8a5a10], [0x8a1a10, 0x2a0604], () => {
    flame(g, 18, -4, 34, 48, [0xd0240c, 0xff7a1f, 0xffd060], 14);
    flame(g, 26, 16, 26, 34, [0xd0240c, 0xff7a1f, 0xffd060], 16);
    g.path(PROFILE).fill(vgrad(0xffe3b0, 0xe8a060)).stroke(ink(0x5a1a06, 2));
    g.path(P('M-10 -8 Q-7 -11 -4 -8 Q-7 -6 -10 -8 Z')).fill(0x5a1a06);
    g.poly([-12, -28, -10, -44, -2, -34, 4, -48, 10, -34, 18, -42, 18, -26])
      .fill(vgrad(0xfff0a0, 0xd9a22a))
      .stroke(ink(0x6a3a06, 1.8));
    g.circle(4, -36, 2.6).fill(0xff3a1a);
  });
};

export const emberWild: IconDraw = (g) => {
  flame(g, -16, 40, 44, 62, FIRE, -8);
  flame(g, 16, 40, 44, 60, FIRE, 8);
  flame(g, 0, 42, 60, 92, FIRE, 2);
  twinkle(g, -30, -30, 7, 0xfff0b5);
  twinkle(g, 30, -20, 5, 0xfff0b5);
};

export const crown: IconDraw = (g) => {
  g.path(P('M-40 18 L-45 -24 L-22 -2 L0 -36 L22 -2 L45 -24 L40 18 Z'))
    .fill(vgrad(0xfff3a8, 0xf2b52a, 0xa86a0c))
    .stroke(ink(0x5a2a04, 3));
  g.path(P('M-22 -2 L0 -36 L0 14 Z')).fill({ color: 0xffffff, alpha: 0.18 });
  for (const [x, y] of [
    [-45, -24],
    [0, -36],
    [45, -24],
  ] as const)
    g.circle(x, y, 5.5).fill(rgrad(0xffffff, 0xe8d6b0)).stroke(ink(0x5a2a04, 1.8));
  g.roundRect(-43, 14, 86, 20, 6).fill(vgrad(0xffe17a, 0xb8780f)).stroke(ink(0x5a2a04, 2.6));
  g.ellipse(0, 24, 7, 8).fill(rgrad(0xff8a7a, 0xb00c18)).stroke(ink(0x5a0a06, 1.4));
  for (const x of [-24, 24]) g.circle(x, 24, 5).fill(rgrad(0x9ae8ff, 0x1a5ad0)).stroke(ink(0x0a2050, 1.2));
  g.circle(0, 0, 6).fill(rgrad(0x9effb8, 0x0c8a3a)).stroke(ink(0x063a18, 1.2));
  shine(g, -20, 18, 12, 2.4, 0.5);
  twinkle(g, 32, -4, 7);
};
