// Lantern of the Dunes: a caravan's goods, the camel and the falcon, the Nomad Queen's cameo, the
// mirage wild and the lantern scatter.
import { cameo, PROFILE } from './ember.ts';
import { at, flame, glowGrad, hgrad, type IconDraw, ink, P, rgrad, shine, twinkle, vgrad } from './kit.ts';

const OUT = 0x2e1604;

export const jug: IconDraw = (g) => {
  g.path(P('M20 -12 C42 -14 42 16 22 18')).stroke({ width: 9, color: OUT, cap: 'round' });
  g.path(P('M20 -12 C42 -14 42 16 22 18')).stroke({ width: 5, color: 0xc06a3a, cap: 'round' });
  g.path(P('M-13 -34 L13 -34 L11 -22 C34 -14 38 24 18 40 L-18 40 C-38 24 -34 -14 -11 -22 Z'))
    .fill(hgrad(0xb8582a, 0xec9a62, 0xa2461e, 0x6e2a10))
    .stroke(ink(OUT, 2.6));
  g.ellipse(0, -34, 15, 4.5).fill(0x4a1c08).stroke(ink(OUT, 2.2));
  g.path(P('M-27 4 L-18 -4 L-9 4 L0 -4 L9 4 L18 -4 L27 4')).stroke({
    width: 3,
    color: 0x3a1606,
    join: 'round',
  });
  g.path(P('M-28 14 L28 14')).stroke({ width: 2, color: 0xf5d29a });
  g.path(P('M-25 22 L25 22')).stroke({ width: 2, color: 0x3a1606 });
  shine(g, -14, -6, 5, 12, 0.3);
};

export const rug: IconDraw = (g) => {
  at(g, 0, 0, -0.18, 1, () => {
    g.moveTo(-28, -40);
    for (let x = -28; x <= 28; x += 5) g.moveTo(x, -40).lineTo(x, -48).moveTo(x, 40).lineTo(x, 48);
    g.stroke({ width: 2, color: 0xf3e2b8, cap: 'round' });
    g.rect(-32, -40, 64, 80).fill(vgrad(0x2e5fb8, 0x17306e)).stroke(ink(OUT, 2.6));
    g.rect(-26, -34, 52, 68).stroke({ width: 3, color: 0xf2c14e });
    g.rect(-21, -29, 42, 58).stroke({ width: 1.5, color: 0x3fd0c8 });
    g.poly([0, -24, 16, 0, 0, 24, -16, 0]).fill(vgrad(0x3fd0c8, 0x16807a)).stroke(ink(0xf2c14e, 2.4));
    g.poly([0, -12, 8, 0, 0, 12, -8, 0]).fill(0xf2c14e);
    g.circle(0, 0, 2.6).fill(0x17306e);
    for (const [x, y] of [
      [-16, -22],
      [16, -22],
      [-16, 22],
      [16, 22],
    ] as const)
      g.poly([x, y - 5, x + 4, y, x, y + 5, x - 4, y]).fill(0xf3e2b8);
  });
};

/** A squat open sack brimming with saffron: wide and golden yellow (the jug is tall and terracotta). */
export const sack: IconDraw = (g) => {
  g.path(P('M-40 40 C-50 18 -40 -6 -30 -10 L30 -10 C40 -6 50 18 40 40 Z'))
    .fill(hgrad(0xb8902e, 0xf0cf6a, 0xd0a440, 0x8a6418))
    .stroke(ink(OUT, 2.6));
  for (let i = -4; i <= 4; i++) g.moveTo(i * 9 - 4, -4).lineTo(i * 9 + 4, 38);
  g.stroke({ width: 1, color: 0x6a4a10, alpha: 0.35 });
  g.path(P('M-36 -8 C-40 -16 -30 -20 -26 -14 L26 -14 C30 -20 40 -16 36 -8 C20 -2 -20 -2 -36 -8 Z'))
    .fill(vgrad(0xf5dc8a, 0xb08a30))
    .stroke(ink(OUT, 2.2));
  g.path(P('M-30 -12 C-26 -34 -8 -42 0 -42 C8 -42 26 -34 30 -12 Z'))
    .fill(rgrad(0xffe066, 0xe0780a, 0.45, 0.3))
    .stroke(ink(0x7a3a04, 2));
  for (const [x, y] of [
    [-14, -22],
    [-4, -32],
    [8, -26],
    [16, -18],
    [0, -18],
    [-20, -14],
  ] as const)
    g.circle(x, y, 1.8).fill(0xc0360e);
  g.roundRect(-30, 4, 60, 7, 3.5).fill(0x8a2a1a).stroke(ink(OUT, 1.6));
  g.star(0, 24, 8, 9, 4.5).fill(0x8a2a1a);
  shine(g, -26, 16, 4, 10, 0.3);
};

export const teapot: IconDraw = (g) => {
  const brass = vgrad(0xfff0a8, 0xe0a93a, 0x8a5a12);
  g.path(P('M-20 -2 C-32 -4 -38 -14 -46 -26 L-49 -22 C-42 -8 -34 12 -20 16 Z'))
    .fill(vgrad(0xfff0a8, 0xe0a93a, 0x8a5a12))
    .stroke(ink(OUT, 2.2));
  g.path(P('M20 -10 C40 -14 42 18 20 22')).stroke({ width: 9, color: OUT, cap: 'round' });
  g.path(P('M20 -10 C40 -14 42 18 20 22')).stroke({ width: 5, color: 0xc08a2a, cap: 'round' });
  g.poly([-14, 28, 14, 28, 20, 40, -20, 40]).fill(brass).stroke(ink(OUT, 2.2));
  g.path(P('M-24 8 C-28 -8 -14 -16 0 -16 C14 -16 28 -8 24 8 C22 24 10 30 0 30 C-10 30 -22 24 -24 8 Z'))
    .fill(hgrad(0xb0781a, 0xfff0a8, 0xe0a93a, 0x8a5a12))
    .stroke(ink(OUT, 2.6));
  g.path(P('M-14 -16 Q0 -38 14 -16 Z')).fill(brass).stroke(ink(OUT, 2.2));
  g.path(P('M0 -30 L-3 -38 L0 -48 L3 -38 Z')).fill(brass).stroke(ink(OUT, 1.6));
  g.path(P('M-22 4 Q0 12 22 4')).stroke({ width: 2, color: 0x6a3a06 });
  for (const x of [-14, -5, 5, 14]) g.circle(x, 14, 2).fill(0x6a3a06);
  shine(g, -10, -4, 5, 9, 0.45);
};

export const camel: IconDraw = (g) => {
  g.ellipse(0, 42, 46, 7).fill(vgrad(0xe8b060, 0xa06a2a));
  g.path(
    P(
      'M-44 -16 C-44 -22 -38 -27 -32 -27 C-28 -27 -25 -23 -24 -17 C-22 -10 -18 -6 -14 -8 C-10 -24 2 -28 5 -14 C10 -31 24 -27 28 -8 C30 -4 32 0 34 6 L38 18 L34 18 L30 8 C28 12 26 14 24 14 L26 40 L21 40 L18 18 L14 18 L14 40 L9 40 L8 16 L-6 16 L-6 40 L-11 40 L-12 18 L-16 18 L-17 40 L-22 40 L-20 12 C-22 6 -26 0 -30 -8 C-34 -12 -40 -10 -44 -12 Z',
    ),
  )
    .fill(vgrad(0xf0be78, 0xb07632))
    .stroke(ink(OUT, 2.4));
  g.path(P('M-6 -15 C-2 -20 4 -20 6 -14 L14 -18 C18 -20 22 -16 22 -10 L20 4 L-4 4 Z'))
    .fill(vgrad(0xd0282e, 0x8a141c))
    .stroke(ink(OUT, 1.8));
  g.path(P('M-4 4 L20 4')).stroke({ width: 3, color: 0xf2c14e });
  for (let x = -2; x <= 18; x += 4) g.moveTo(x, 5).lineTo(x, 10);
  g.stroke({ width: 1.4, color: 0xf2c14e });
  g.circle(-34, -21, 1.8).fill(OUT);
  shine(g, 14, -20, 4, 3, 0.35);
};

export const falcon: IconDraw = (g) => {
  g.path(
    P(
      'M30 46 C30 20 34 0 24 -18 C14 -36 -6 -38 -18 -28 C-26 -22 -30 -14 -32 -8 L-28 4 C-30 10 -28 14 -26 20 C-22 30 -10 40 -4 46 Z',
    ),
  )
    .fill(vgrad(0x9a7a5a, 0x5a3e26))
    .stroke(ink(OUT, 2.6));
  g.path(P('M-26 20 C-22 30 -10 40 -4 46 L16 46 C10 30 2 20 -8 12 C-14 10 -20 12 -26 20 Z')).fill(
    vgrad(0xfff3dc, 0xe0c8a0),
  );
  for (const [x, y] of [
    [-8, 30],
    [0, 36],
    [6, 42],
    [-4, 22],
  ] as const)
    g.ellipse(x, y, 2.4, 1.4).fill(0x6a4a2a);
  for (let i = 0; i < 4; i++) {
    const y = -10 + i * 12;
    g.moveTo(18 + 9 * Math.cos(0.3), y + 9 * Math.sin(0.3)).arc(18, y, 9, 0.3, 2.6);
  }
  g.stroke({ width: 1.6, color: 0x3a2412, alpha: 0.55 });
  g.path(P('M-12 -8 C-8 4 -10 12 -14 18 C-19 10 -19 0 -12 -8 Z')).fill(0x2a1a0e);
  g.path(P('M-30 -10 L-40 -8 C-48 -4 -47 6 -40 11 L-37 4 L-27 5 Z'))
    .fill(vgrad(0x5a6a7a, 0x1a2028))
    .stroke(ink(0x0e1014, 1.8));
  g.path(P('M-30 -11 C-28 -14 -24 -13 -24 -8 L-29 -4 Z')).fill(0xffc43a);
  g.circle(-15, -16, 6.5).fill(0xffc43a).stroke(ink(OUT, 1.4));
  g.circle(-15, -16, 4).fill(0x120a04);
  g.circle(-16.5, -17.5, 1.4).fill(0xffffff);
  shine(g, 8, -24, 8, 4, 0.2);
};

export const nomadQueen: IconDraw = (g) => {
  cameo(g, [0xffe79a, 0xd99a2a, 0x8a5a10], [0x2a8a8a, 0x0a2a30], () => {
    g.path(P('M4 -40 C30 -42 40 -10 36 16 C34 30 36 40 40 44 L10 44 C16 30 22 10 20 -6 Z')).fill(
      vgrad(0x3a5aa8, 0x1a2a6a),
    );
    g.path(PROFILE).fill(vgrad(0xf5d6a8, 0xc8905a)).stroke(ink(0x4a2a0a, 2));
    g.path(P('M-10 -8 Q-7 -11 -4 -8 Q-7 -6 -10 -8 Z')).fill(0x2a1404);
    g.path(
      P(
        'M-19 -16 C-16 -40 20 -46 30 -20 C36 -4 30 14 22 26 L12 22 C18 8 20 -8 14 -18 C8 -26 -6 -26 -19 -16 Z',
      ),
    )
      .fill(vgrad(0x4a6ac0, 0x1e2e78))
      .stroke(ink(0x0e1440, 1.8));
    g.path(P('M-18 -17 C-8 -24 8 -24 14 -18')).stroke({ width: 2.6, color: 0xf2c14e });
    for (const x of [-12, -4, 4, 11]) g.circle(x, -18.5, 1.8).fill(0xfff0b0);
    g.path(P('M-17 -16 C-20 -10 -22 -6 -20 -2')).stroke({ width: 1.2, color: 0xf2c14e });
    g.circle(-20, -1, 2).fill(0xd0282e);
  });
};

export const mirage: IconDraw = (g) => {
  g.circle(0, 0, 44)
    .fill(vgrad(0x3a1a6a, 0xc0508a, 0xffb050))
    .stroke(ink(OUT, 3));
  g.circle(0, 6, 16).fill(rgrad(0xfff6c0, 0xffb040, 0.5, 0.5));
  g.path(P('M-44 10 C-20 0 -6 16 12 8 C26 2 36 8 44 10 L44 20 L-44 20 Z')).fill(vgrad(0xe8a050, 0xa0602a));
  g.rect(-42, 20, 84, 6).fill(0x6ad0e0);
  for (const y of [26, 32, 38]) g.moveTo(-38 + (y - 26), y).lineTo(38 - (y - 26), y);
  g.stroke({ width: 2, color: 0xbff4ff, alpha: 0.65 });
  const palm = (x: number, h: number, s: number) => {
    g.path(P(`M${x} 14 Q${x + 4 * s} ${14 - h / 2} ${x + 2 * s} ${14 - h}`)).stroke({
      width: 3,
      color: 0x2a1040,
      cap: 'round',
    });
    const tx = x + 2 * s;
    const ty = 14 - h;
    for (const a of [-2.6, -1.9, -1.2, -0.5, 0.2]) {
      g.moveTo(tx, ty).quadraticCurveTo(
        tx + Math.cos(a) * 10,
        ty + Math.sin(a) * 10 - 4,
        tx + Math.cos(a) * 16,
        ty + Math.sin(a) * 12 + 4,
      );
    }
    g.stroke({ width: 3, color: 0x2a1040, cap: 'round' });
  };
  palm(-22, 30, 1);
  palm(20, 24, -1);
  twinkle(g, -26, -28, 5);
  twinkle(g, 24, -30, 4);
  twinkle(g, 6, -36, 3);
  g.circle(0, 0, 44).stroke({ width: 3, color: 0xf2c14e });
};

export const lantern: IconDraw = (g) => {
  g.circle(0, 4, 40).fill(glowGrad(0xffc040));
  const brass = vgrad(0xfff0a8, 0xe0a93a, 0x8a5a12);
  g.circle(0, -44, 5).stroke({ width: 3, color: 0xe0a93a });
  g.path(P('M-16 -22 Q-14 -36 0 -40 Q14 -36 16 -22 Z')).fill(brass).stroke(ink(OUT, 2.2));
  g.path(P('M-20 -22 L20 -22 L26 20 L-26 20 Z'))
    .fill(rgrad(0xfffbe0, 0xffa010, 0.5, 0.45))
    .stroke(ink(OUT, 2.6));
  g.path(P('M-7 -22 L-9 20 M7 -22 L9 20')).stroke({ width: 3, color: 0xb0781a });
  for (const [x, y] of [
    [-16, -8],
    [0, -8],
    [16, -8],
    [-17, 8],
    [0, 8],
    [17, 8],
  ] as const)
    g.star(x, y, 4, 4, 1.8, Math.PI / 4).fill({ color: 0x8a4a06, alpha: 0.7 });
  flame(g, 0, 10, 10, 18, [0xff8a1a, 0xfff6c0]);
  g.roundRect(-24, -25, 48, 6, 3).fill(brass).stroke(ink(OUT, 1.8));
  g.roundRect(-29, 18, 58, 7, 3).fill(brass).stroke(ink(OUT, 1.8));
  g.path(P('M-18 25 L18 25 L8 36 L-8 36 Z')).fill(brass).stroke(ink(OUT, 2));
  g.path(P('M0 36 L-4 42 L0 48 L4 42 Z')).fill(brass).stroke(ink(OUT, 1.6));
  twinkle(g, 30, -30, 7);
  twinkle(g, -32, -14, 5);
};
