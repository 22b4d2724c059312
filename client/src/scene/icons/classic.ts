// Copper Sevens, a classic fruit machine: cherries, lemon, plum, bell, the copper bar, the seven
// and the copper coin wild. Plus the generic cut gem used for any symbol without its own icon.
import { darken, type IconDraw, ink, lighten, P, rgrad, shine, twinkle, vgrad } from './kit.ts';

const OUT = 0x2a1004;
const COPPER = [0xffd0a0, 0xd9823b, 0x8a3e10];

export const cherry: IconDraw = (g) => {
  g.path(P('M-16 12 C-14 -10 0 -30 10 -40 M16 18 C16 -6 12 -26 10 -40')).stroke({
    width: 6,
    color: OUT,
    cap: 'round',
  });
  g.path(P('M-16 12 C-14 -10 0 -30 10 -40 M16 18 C16 -6 12 -26 10 -40')).stroke({
    width: 3.4,
    color: 0x5a8a2a,
    cap: 'round',
  });
  g.path(P('M10 -40 C20 -50 38 -46 40 -34 C28 -30 16 -32 10 -40 Z'))
    .fill(vgrad(0x9af07a, 0x2a8a3a))
    .stroke(ink(OUT, 1.8));
  g.path(P('M12 -39 C22 -40 30 -38 38 -35')).stroke({ width: 1, color: 0x1a5a1a });
  for (const [x, y] of [
    [-18, 22],
    [16, 26],
  ] as const) {
    g.circle(x, y, 19).fill(rgrad(0xff8a8a, 0xb0001a)).stroke(ink(OUT, 2.6));
    shine(g, x - 7, y - 7, 4.5, 6.5, 0.6);
  }
};

export const lemon: IconDraw = (g) => {
  g.path(
    P(
      'M-42 4 C-40 0 -36 -2 -34 -4 C-28 -26 26 -30 36 -8 C40 -6 44 -4 46 0 C44 4 40 6 36 8 C28 30 -28 30 -34 12 C-38 10 -40 8 -42 4 Z',
    ),
  )
    .fill(rgrad(0xfffbb0, 0xf0c010))
    .stroke(ink(0x5a3a04, 2.6));
  for (const [x, y] of [
    [-10, -6],
    [6, -12],
    [16, 4],
    [-20, 8],
    [0, 12],
    [22, -6],
  ] as const)
    g.circle(x, y, 1.2).fill({ color: 0xc09008, alpha: 0.6 });
  shine(g, -10, -12, 14, 4, 0.5);
  g.path(P('M-6 -22 C-2 -38 14 -42 24 -36 C16 -28 4 -24 -6 -22 Z'))
    .fill(vgrad(0x9af07a, 0x2a8a3a))
    .stroke(ink(OUT, 1.8));
};

export const plum: IconDraw = (g) => {
  g.path(P('M0 -26 C24 -34 40 -14 38 8 C36 30 16 40 0 38 C-18 40 -38 28 -38 6 C-38 -18 -20 -32 0 -26 Z'))
    .fill(rgrad(0xd08aff, 0x4a0a7a))
    .stroke(ink(OUT, 2.6));
  g.path(P('M0 -26 C-8 -6 -6 20 0 38')).stroke({ width: 2.4, color: 0x2a0648, alpha: 0.55 });
  g.moveTo(0, -26).quadraticCurveTo(-2, -36, 4, -44).stroke({ width: 3.5, color: 0x5a3a1a, cap: 'round' });
  g.path(P('M2 -34 C10 -48 28 -46 34 -38 C24 -32 12 -30 2 -34 Z'))
    .fill(vgrad(0x9af07a, 0x2a8a3a))
    .stroke(ink(OUT, 1.8));
  shine(g, -18, -6, 6, 11, 0.4);
  g.ellipse(14, 20, 8, 4).fill({ color: 0xffffff, alpha: 0.12 });
};

export const bell: IconDraw = (g) => {
  g.circle(0, 32, 8).fill(rgrad(0xfff0b0, 0xc8901a)).stroke(ink(OUT, 2));
  g.path(
    P('M0 -36 C-20 -36 -24 -16 -26 4 C-28 18 -36 24 -40 28 L40 28 C36 24 28 18 26 4 C24 -16 20 -36 0 -36 Z'),
  )
    .fill(vgrad(0xfff3a8, 0xf2b52a, 0xa86a0c))
    .stroke(ink(0x5a2a04, 2.6));
  g.roundRect(-42, 24, 84, 8, 4).fill(vgrad(0xffe17a, 0xb8780f)).stroke(ink(0x5a2a04, 2));
  g.path(P('M-24 8 Q0 14 24 8')).stroke({ width: 2, color: 0xa86a0c });
  g.circle(0, -40, 5).fill(vgrad(0xffe17a, 0xb8780f)).stroke(ink(0x5a2a04, 1.8));
  shine(g, -12, -10, 4, 14, 0.5);
};

/** Block letters B, A and R on a bar, drawn as paths. */
const BAR_LETTERS = P(
  'M-29 -10 L-20 -10 C-14 -10 -13 -2 -17 0 C-12 2 -13 10 -20 10 L-29 10 Z M-25 -6 L-25 -2 L-21 -2 C-19 -2 -19 -6 -21 -6 Z M-25 2 L-25 6 L-20 6 C-18 6 -18 2 -20 2 Z ' +
    'M-10 10 L-4 -10 L4 -10 L10 10 L5 10 L4 6 L-4 6 L-5 10 Z M-3 2 L3 2 L0 -6 Z ' +
    'M14 -10 L23 -10 C30 -10 30 1 24 2 L30 10 L25 10 L20 3 L18 3 L18 10 L14 10 Z M18 -6 L18 -1 L23 -1 C25 -1 25 -6 23 -6 Z',
);

export const copperBar: IconDraw = (g) => {
  g.roundRect(-44, -22, 88, 44, 10)
    .fill(vgrad(...COPPER))
    .stroke(ink(OUT, 2.8));
  g.roundRect(-38, -16, 76, 32, 6).fill(vgrad(0x2a1006, 0x4a2010)).stroke(ink(0xffc890, 1.6));
  g.path(BAR_LETTERS).fill(vgrad(0xfff0d8, 0xffb070)).stroke(ink(0x1a0802, 1));
  shine(g, -20, -19, 18, 1.6, 0.6);
  for (const x of [-40, 40]) g.circle(x, 0, 2).fill(0xffe0c0);
};

const SEVEN = P(
  'M-26 -36 L28 -36 L28 -24 C12 -6 2 14 2 38 L-16 38 C-16 14 -4 -6 10 -22 L-12 -22 L-14 -16 L-26 -16 Z',
);

export const seven: IconDraw = (g) => {
  g.path(SEVEN).stroke({ width: 12, color: OUT, join: 'round' });
  g.path(SEVEN).stroke({ width: 7, color: 0xe8a060, join: 'round' });
  g.path(SEVEN).fill(vgrad(0xff7a6a, 0xe0101a, 0x8a0008));
  g.path(P('M-22 -32 L22 -32 L20 -29 L-20 -29 Z M6 -20 C-4 -6 -10 10 -10 30')).stroke({
    width: 2,
    color: 0xffffff,
    alpha: 0.45,
    cap: 'round',
  });
  twinkle(g, 30, -40, 7);
};

export const copperCoin: IconDraw = (g) => {
  g.star(0, 0, 36, 46, 43)
    .fill(vgrad(...COPPER))
    .stroke(ink(OUT, 2));
  g.circle(0, 0, 38)
    .fill(vgrad(0xffc890, 0xc06a2a, 0x7a3408))
    .stroke(ink(OUT, 1.8));
  g.circle(0, 0, 31).stroke({ width: 1.6, color: 0xffe0c0, alpha: 0.8 });
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI * 2;
    g.circle(Math.cos(a) * 34.5, Math.sin(a) * 34.5, 1.2).fill(0xffe0c0);
  }
  g.star(0, -2, 5, 22, 10).fill(vgrad(0xfff0d8, 0xe89050)).stroke(ink(OUT, 1.8));
  shine(g, -14, -18, 10, 5, 0.4);
  twinkle(g, 30, -30, 7);
};

/** The generic icon: a brilliant-cut gem in the symbol's colour. */
export const gem: IconDraw = (g, tint) => {
  const light = lighten(tint, 0.55);
  const dark = darken(tint, 0.45);
  g.poly([-26, -26, 26, -26, 42, -8, 0, 42, -42, -8])
    .fill(vgrad(light, tint, dark))
    .stroke(ink(darken(tint, 0.7), 2.6));
  g.poly([-26, -26, 26, -26, 16, -8, -16, -8]).fill({ color: 0xffffff, alpha: 0.35 });
  g.poly([-42, -8, -16, -8, 0, 42]).fill({ color: 0x000000, alpha: 0.12 });
  g.poly([42, -8, 16, -8, 0, 42]).fill({ color: 0x000000, alpha: 0.25 });
  g.path(P('M-42 -8 L42 -8 M-16 -8 L0 42 L16 -8 M-26 -26 L-16 -8 M26 -26 L16 -8')).stroke({
    width: 1.2,
    color: 0xffffff,
    alpha: 0.5,
  });
  twinkle(g, -18, -18, 8);
};
