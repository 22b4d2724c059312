// Jade Paths: bamboo, a lotus leaf, a koi, a jade bell, a crane, a tiger and a pagoda; the jade
// dragon coin wild and the gate that opens the lotus bonus.
import type { Graphics } from 'pixi.js';
import { at, glowGrad, hgrad, type IconDraw, ink, P, rgrad, shine, twinkle, vgrad } from './kit.ts';

const OUT = 0x04241a;
const JADE = [0xb8ffd8, 0x3ddc97, 0x0f6a44];

function bambooLeaf(g: Graphics, x: number, y: number, angle: number, len: number): void {
  at(g, x, y, angle, 1, () => {
    g.moveTo(0, 0)
      .quadraticCurveTo(len * 0.5, -len * 0.22, len, 0)
      .quadraticCurveTo(len * 0.5, len * 0.22, 0, 0)
      .closePath()
      .fill(vgrad(0x8af07a, 0x1a8a3a))
      .stroke(ink(OUT, 1.6));
    g.moveTo(2, 0)
      .lineTo(len * 0.85, 0)
      .stroke({ width: 1, color: 0x0a5a2a, alpha: 0.6 });
  });
}

export const bamboo: IconDraw = (g) => {
  for (const [x, top, w] of [
    [-20, -34, 11],
    [2, -46, 13],
    [22, -24, 10],
  ] as const) {
    g.roundRect(x - w / 2, top, w, 46 - top, 4)
      .fill(hgrad(0x4aa83a, 0xb8f08a, 0x3a8a2a))
      .stroke(ink(OUT, 2.2));
    for (let y = top + 18; y < 44; y += 20) {
      g.roundRect(x - w / 2 - 1.5, y, w + 3, 3.4, 1.7).fill(0x2a6a1a);
    }
  }
  bambooLeaf(g, 2, -20, -2.6, 30);
  bambooLeaf(g, 2, -20, -2.1, 22);
  bambooLeaf(g, -20, 0, -0.5, 26);
  bambooLeaf(g, 22, -6, -0.3, 26);
  bambooLeaf(g, 22, -6, 0.3, 20);
};

/** A pink lotus in bloom on a small teal pad: pink and wide where the bamboo is green and tall. */
export const lotusLeaf: IconDraw = (g) => {
  g.ellipse(0, 26, 44, 16)
    .fill(rgrad(0x7ae8d0, 0x0e6a6a, 0.5, 0.4))
    .stroke(ink(OUT, 2.4));
  g.moveTo(0, 26).lineTo(-30, 34).moveTo(0, 26).lineTo(30, 34).moveTo(0, 26).lineTo(0, 40);
  g.stroke({ width: 1.2, color: 0xd8fff4, alpha: 0.5 });
  const petal = (angle: number, length: number, width: number, colors: [number, number]) =>
    at(g, 0, 16, angle, 1, () => {
      g.path(
        P(
          `M0 0 C${-width} ${-length * 0.4} ${-width * 0.6} ${-length * 0.85} 0 ${-length} C${width * 0.6} ${-length * 0.85} ${width} ${-length * 0.4} 0 0 Z`,
        ),
      )
        .fill(vgrad(...colors))
        .stroke(ink(0x6a1a3a, 1.8));
    });
  for (const a of [-1.25, 1.25]) petal(a, 40, 16, [0xffe0ee, 0xe0508a]);
  for (const a of [-0.7, 0.7]) petal(a, 46, 17, [0xfff0f6, 0xf0609a]);
  petal(0, 50, 18, [0xffffff, 0xff7ab0]);
  g.ellipse(0, 14, 8, 4).fill(vgrad(0xfff27a, 0xe0a020));
  for (const x of [-5, 0, 5]) g.circle(x, 10, 1.6).fill(0xfff6c0);
  shine(g, -4, -16, 3, 9, 0.5);
};

export const koi: IconDraw = (g) => {
  g.ellipse(0, 4, 44, 40).stroke({ width: 1.6, color: 0x9af0d0, alpha: 0.35 });
  at(g, 0, 0, -0.35, 1, () => {
    g.path(P('M26 0 C34 -14 44 -20 48 -18 C44 -8 44 8 48 18 C44 20 34 14 26 0 Z'))
      .fill(vgrad(0xffb070, 0xff5a1a))
      .stroke(ink(OUT, 2));
    g.path(P('M-8 -14 C-2 -28 10 -26 14 -14 Z')).fill(0xff6a2a).stroke(ink(OUT, 1.6));
    g.path(P('M-10 14 C-14 26 -4 28 0 16 Z')).fill(0xfff0e0).stroke(ink(OUT, 1.6));
    g.path(P('M-40 0 C-36 -14 -18 -18 0 -16 C16 -14 26 -6 30 0 C26 6 16 14 0 16 C-18 18 -36 14 -40 0 Z'))
      .fill(vgrad(0xffffff, 0xf0e4d8))
      .stroke(ink(OUT, 2.4));
    g.path(P('M-30 -8 C-26 -14 -14 -16 -8 -12 C-10 -2 -22 2 -30 -8 Z')).fill(0xff5a1a);
    g.path(P('M-2 -16 C8 -14 16 -10 20 -4 C12 2 2 0 -2 -16 Z')).fill(0xff5a1a);
    g.path(P('M4 6 C10 10 16 10 22 4 C16 12 8 14 0 14 Z')).fill(0x1a1a1a);
    g.circle(-30, -3, 2.8).fill(0x1a1a1a);
    g.circle(-30.8, -3.8, 0.9).fill(0xffffff);
    g.path(P('M-38 3 C-44 6 -46 12 -44 16 M-36 5 C-40 10 -38 14 -36 16')).stroke({ width: 1.2, color: OUT });
    shine(g, -14, -8, 10, 3, 0.5);
  });
  for (const [x, y, r] of [
    [-30, -34, 3],
    [-22, -42, 2],
    [36, 34, 2.4],
  ] as const)
    g.circle(x, y, r).stroke({ width: 1.2, color: 0xd8fff0, alpha: 0.8 });
};

export const jadeBell: IconDraw = (g) => {
  g.moveTo(0, -34).lineTo(0, -28).stroke({ width: 4, color: OUT });
  g.path(P('M-10 -36 C-10 -48 10 -48 10 -36')).stroke({ width: 5, color: 0xc89a2a, cap: 'round' });
  g.path(P('M-20 -30 L20 -30 C24 -10 28 14 34 32 Q0 22 -34 32 C-28 14 -24 -10 -20 -30 Z'))
    .fill(hgrad(0x0f6a44, 0x8af0c0, 0x3ddc97, 0x0a4a30))
    .stroke(ink(OUT, 2.6));
  g.roundRect(-22, -33, 44, 6, 3).fill(vgrad(0xffe48a, 0xc8901a)).stroke(ink(0x4a3004, 1.4));
  g.path(P('M-33 28 Q0 18 33 28')).stroke({ width: 3, color: 0xffd060 });
  for (let row = 0; row < 3; row++)
    for (let col = -1; col <= 1; col++) {
      const y = -18 + row * 10;
      const spread = 1 + row * 0.12;
      g.circle(col * 11 * spread, y, 3)
        .fill(rgrad(0xfff0b0, 0xc8901a))
        .stroke(ink(0x4a3004, 0.8));
    }
  g.moveTo(-19, 14).lineTo(19, 14).stroke({ width: 1.6, color: 0xffd060 });
  shine(g, -12, -8, 3, 14, 0.35);
};

export const crane: IconDraw = (g) => {
  g.moveTo(6, 24).lineTo(0, 48).moveTo(14, 24).lineTo(16, 48).stroke({ width: 2.2, color: 0x2a2a2a });
  g.path(P('M-4 18 C-6 4 10 -4 28 4 C40 10 46 22 44 30 C34 22 26 30 12 28 C2 28 -2 24 -4 18 Z'))
    .fill(vgrad(0xffffff, 0xd8dde2))
    .stroke(ink(OUT, 2.2));
  g.path(P('M30 8 C40 14 48 26 46 36 C40 30 34 26 26 24 Z')).fill(0x1a1a1a);
  const neck = P('M0 14 C-10 -2 -2 -16 -8 -30');
  g.path(neck).stroke({ width: 10, color: OUT, cap: 'round' });
  g.path(neck).stroke({ width: 7, color: 0x1a1a1a, cap: 'round' });
  g.path(P('M1 14 C-4 4 -2 -2 -2 -8')).stroke({ width: 5, color: 0xffffff, cap: 'round' });
  g.poly([-16, -34, -46, -28, -16, -28]).fill(vgrad(0xe8d8a0, 0x8a7a4a)).stroke(ink(OUT, 1.4));
  g.ellipse(-10, -32, 9, 7).fill(0x1a1a1a).stroke(ink(OUT, 1.6));
  g.ellipse(-6, -37, 5, 3.4).fill(0xe0202a);
  g.circle(-12, -33, 1.6).fill(0xffffff);
  for (const [x, y] of [
    [-32, 8],
    [-40, 18],
  ] as const)
    g.path(P(`M${x} ${y} q6 -6 12 0 q6 -6 12 0`)).stroke({ width: 1.6, color: 0xd8fff0, alpha: 0.7 });
};

export const tiger: IconDraw = (g) => {
  for (const s of [-1, 1]) {
    g.circle(s * 26, -28, 10)
      .fill(vgrad(0xffa040, 0xd86a10))
      .stroke(ink(OUT, 2.2));
    g.circle(s * 26, -27, 5).fill(0xffe0c0);
  }
  g.path(
    P(
      'M0 -38 C26 -38 40 -22 40 0 C40 16 32 26 22 32 C14 40 6 42 0 42 C-6 42 -14 40 -22 32 C-32 26 -40 16 -40 0 C-40 -22 -26 -38 0 -38 Z',
    ),
  )
    .fill(rgrad(0xffc070, 0xe06a10, 0.5, 0.35))
    .stroke(ink(OUT, 2.6));
  for (const s of [-1, 1]) {
    g.path(P(`M${s * 40} -6 L${s * 26} -2 L${s * 40} 2 Z M${s * 39} 8 L${s * 24} 10 L${s * 37} 16 Z`)).fill(
      0x1a1006,
    );
    g.path(
      P(`M${s * 30} 24 C${s * 18} 30 ${s * 10} 26 ${s * 4} 20 C${s * 6} 32 ${s * 16} 38 ${s * 22} 32 Z`),
    ).fill(0xfff6ec);
  }
  g.path(P('M-4 -38 L0 -26 L4 -38 Z M-14 -36 L-8 -26 L-6 -37 Z M14 -36 L8 -26 L6 -37 Z')).fill(0x1a1006);
  g.path(P('M-20 12 C-20 2 -8 0 0 6 C8 0 20 2 20 12 C20 24 8 30 0 30 C-8 30 -20 24 -20 12 Z')).fill(
    vgrad(0xffffff, 0xf0e0d0),
  );
  for (const s of [-1, 1]) {
    g.path(
      P(`M${s * 22} -12 C${s * 16} -20 ${s * 6} -18 ${s * 4} -10 C${s * 10} -6 ${s * 18} -6 ${s * 22} -12 Z`),
    )
      .fill(vgrad(0xd8f07a, 0x8ac020))
      .stroke(ink(OUT, 1.6));
    g.ellipse(s * 12, -11, 2, 4).fill(0x0a0a0a);
  }
  g.path(P('M-7 4 L7 4 L0 12 Z')).fill(0xe06a7a).stroke(ink(OUT, 1.4));
  g.path(P('M0 12 L0 17 M-8 20 C-4 22 -1 20 0 17 C1 20 4 22 8 20')).stroke({
    width: 1.8,
    color: OUT,
    cap: 'round',
  });
};

export const pagoda: IconDraw = (g) => {
  const roof = (y: number, w: number, h: number) =>
    g
      .path(
        P(
          `M${-w} ${y} Q${-w * 0.7} ${y - 3} ${-w * 0.55} ${y - h} L${w * 0.55} ${y - h} Q${w * 0.7} ${y - 3} ${w} ${y} Q${w * 0.8} ${y - 1} ${w * 0.6} ${y + 2} L${-w * 0.6} ${y + 2} Q${-w * 0.8} ${y - 1} ${-w} ${y} Z`,
        ),
      )
      .fill(vgrad(0x3ddc97, 0x0f6a44))
      .stroke(ink(OUT, 2));
  const wall = (y: number, w: number, h: number) =>
    g
      .rect(-w, y, w * 2, h)
      .fill(hgrad(0x8a0a0a, 0xe0302a, 0x8a0a0a))
      .stroke(ink(OUT, 1.8));
  g.rect(-30, 40, 60, 6).fill(vgrad(0xd8d0c0, 0x8a8070)).stroke(ink(OUT, 1.8));
  wall(22, 24, 18);
  g.roundRect(-6, 26, 12, 14, 5).fill(0x3a1a06);
  wall(0, 18, 14);
  wall(-20, 13, 12);
  roof(24, 42, 10);
  roof(2, 34, 9);
  roof(-18, 26, 8);
  for (const [x, y] of [
    [-10, 4],
    [10, 4],
    [0, -16],
  ] as const)
    g.rect(x - 3, y, 6, 7).fill(0xffd060);
  g.moveTo(0, -26).lineTo(0, -48).stroke({ width: 3, color: 0xc8901a, cap: 'round' });
  for (const y of [-32, -37, -42]) g.ellipse(0, y, 4, 1.8).fill(0xffd060);
  twinkle(g, -30, -30, 5);
};

export const jadeCoin: IconDraw = (g) => {
  g.circle(0, 0, 46).fill(glowGrad(0x3ddc97));
  g.circle(0, 0, 42)
    .fill(vgrad(0xffe48a, 0xc8901a, 0x6a4a04))
    .stroke(ink(OUT, 2.6));
  g.circle(0, 0, 36)
    .fill(rgrad(JADE[0] as number, JADE[2] as number))
    .stroke(ink(OUT, 1.6));
  const pts: number[] = [];
  for (let a = -1.2; a <= 4.4; a += 0.05) {
    const r = 25 + Math.sin(a * 6) * 2.5;
    pts.push(Math.cos(a) * r, Math.sin(a) * r);
  }
  g.poly(pts, false).stroke({ width: 8, color: 0x4a3004, cap: 'round', join: 'round' });
  g.poly(pts, false).stroke({ width: 5, color: 0xffd060, cap: 'round', join: 'round' });
  for (let a = -0.9; a <= 4.2; a += 0.4) {
    const x = Math.cos(a) * 30;
    const y = Math.sin(a) * 30;
    g.poly([
      x,
      y,
      Math.cos(a + 0.12) * 28,
      Math.sin(a + 0.12) * 28,
      Math.cos(a - 0.1) * 34,
      Math.sin(a - 0.1) * 34,
    ]).fill(0xffd060);
  }
  const hx = Math.cos(4.45) * 25;
  const hy = Math.sin(4.45) * 25;
  g.ellipse(hx + 4, hy, 8, 6)
    .fill(vgrad(0xfff0a0, 0xd8a020))
    .stroke(ink(0x4a3004, 1.6));
  g.path(P(`M${hx + 2} ${hy - 5} l-4 -8 M${hx + 7} ${hy - 5} l2 -8`)).stroke({
    width: 2,
    color: 0xffd060,
    cap: 'round',
  });
  g.circle(hx + 6, hy - 1, 1.6).fill(0xd0202a);
  g.rect(-9, -9, 18, 18).fill(vgrad(0x0a3a26, 0x04241a)).stroke(ink(0xffd060, 2.4));
  shine(g, -16, -20, 10, 5, 0.35);
};

export const gate: IconDraw = (g) => {
  g.ellipse(0, 10, 26, 30).fill(glowGrad(0xffc0e0));
  g.path(
    P(
      'M-12 30 C-14 18 -8 10 0 6 C8 10 14 18 12 30 Z M-20 30 C-24 22 -18 14 -10 14 C-8 22 -10 28 -4 30 Z M20 30 C24 22 18 14 10 14 C8 22 10 28 4 30 Z',
    ),
  )
    .fill(vgrad(0xffe0f0, 0xff7ab0))
    .stroke(ink(0x6a1a3a, 1.4));
  for (const x of [-30, 22]) {
    g.rect(x, -22, 8, 66)
      .fill(hgrad(0x8a0a0a, 0xe0302a, 0x8a0a0a))
      .stroke(ink(OUT, 2));
    g.rect(x - 3, 40, 14, 6)
      .fill(0x3a2a1a)
      .stroke(ink(OUT, 1.4));
  }
  g.rect(-34, -16, 68, 7)
    .fill(hgrad(0x8a0a0a, 0xe0302a, 0x8a0a0a))
    .stroke(ink(OUT, 1.8));
  g.roundRect(-12, -20, 24, 14, 2).fill(vgrad(0xffe48a, 0xc8901a)).stroke(ink(0x4a3004, 1.6));
  g.path(P('M-6 -13 L6 -13 M0 -18 L0 -8')).stroke({ width: 1.6, color: 0x8a0a0a });
  g.path(P('M-46 -26 Q-36 -28 -30 -38 L30 -38 Q36 -28 46 -26 Q36 -24 30 -22 L-30 -22 Q-36 -24 -46 -26 Z'))
    .fill(vgrad(0x3ddc97, 0x0f6a44))
    .stroke(ink(OUT, 2.2));
  g.path(P('M-30 -38 Q0 -44 30 -38')).stroke({ width: 2, color: 0xb8ffd8 });
  twinkle(g, 0, 0, 6, 0xfff0f8);
};
