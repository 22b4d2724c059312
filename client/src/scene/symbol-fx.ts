// Win animations of a single symbol: the icon moves over its still tile (see SymbolArt.draw) with
// light behind it and small particles of light in front, each kind drawn for what the symbol is
// (./icons/win-fx.ts picks the kind). Everything is plain Graphics redrawn each frame, no filters,
// so Pixi's canvas renderer keeps its frame rate. The motion plays for a few seconds and then
// settles into a still glow that stays until `stop` (the next spin); with reduced motion there is
// only the glow.
import { Container, Graphics, type Ticker } from 'pixi.js';
import { glowGrad, lighten, twinkle } from './icons/kit.ts';
import { type WinFx, winFxFor } from './icons/win-fx.ts';

export interface WinFxOptions {
  /** The cell's side in pixels. */
  size: number;
  /** The game's accent colour: the glow of the shared pulse. */
  accent: number;
  reduced: boolean;
  ticker: Ticker;
  /** Keeps the render loop running while the motion plays; returns its release. */
  hold: () => () => void;
  /** Draws one more frame (after a still change). */
  invalidate: () => void;
  /** How long the motion plays before it settles (ms). */
  motionMs?: number;
}

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  age: number;
  life: number;
  r: number;
  color: number;
  shape: 'dot' | 'star' | 'ring';
}

interface Pose {
  x: number;
  y: number;
  rotation: number;
  sx: number;
  sy: number;
}

interface Recipe {
  glow: number;
  /** Where the icon is at `t` seconds (offsets in cell sides). */
  pose(t: number): Partial<Pose>;
  /** Particles to start this frame. */
  emit?(t: number, dt: number, out: Particle[]): void;
  /** Light behind the icon (rays, beams, rings), drawn in cell sides around (0, 0). */
  back?(g: Graphics, t: number): void;
  /** Light over the icon (a sheen, a flash), clipped to the tile. */
  front?(g: Graphics, t: number): void;
  /** The glow's strength at `t` (0…1). */
  glowAt?(t: number): number;
}

const GOLD = [0xfff3b0, 0xffd24a, 0xffa82e];
const FIRE = [0xfff0b5, 0xffb02e, 0xff6a12];
const AQUA = [0xe8fbff, 0x9ae8ff, 0x7fd4ff];
const JADE = [0xe8fff2, 0x9af0c0, 0x4ad08a];
const COPPER = [0xffe2c4, 0xf0a46a, 0xc8703a];
const WHITE = [0xffffff, 0xfff8e0];

/** Light and particles are drawn in a 100-unit cell (Pixi rounds small circles to few sides). */
const U = 100;
const u = (points: number[]) => points.map((v) => v * U);

const pick = (colors: number[]) => colors[Math.floor(Math.random() * colors.length)] as number;
const rand = (a: number, b: number) => a + Math.random() * (b - a);

/** Emits about `rate` particles a second from `spawn`. */
function stream(rate: number, spawn: () => Particle): (t: number, dt: number, out: Particle[]) => void {
  let owed = 0;
  return (_t, dt, out) => {
    owed += rate * dt;
    while (owed >= 1) {
      owed -= 1;
      out.push(spawn());
    }
  };
}

function particle(p: Partial<Particle> & { x: number; y: number }): Particle {
  return { vx: 0, vy: 0, age: 0, life: 1, r: 0.02, color: 0xffffff, shape: 'dot', ...p };
}

/** Rises from the lower half with a sideways drift (embers, motes, bubbles). */
function riser(colors: number[], shape: Particle['shape'], speed: number, r: number, life: number) {
  return () =>
    particle({
      x: rand(-0.3, 0.3),
      y: rand(0, 0.3),
      vx: rand(-0.08, 0.08),
      vy: -rand(speed * 0.6, speed),
      life: rand(life * 0.6, life),
      r: rand(r * 0.6, r),
      color: pick(colors),
      shape,
    });
}

/** Flies out from the centre in every direction (a burst of sparks). */
function burst(
  colors: number[],
  count: number,
  speed: number,
): (t: number, dt: number, out: Particle[]) => void {
  let fired = false;
  return (_t, _dt, out) => {
    if (fired) return;
    fired = true;
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2 + rand(-0.2, 0.2);
      const v = rand(speed * 0.5, speed);
      out.push(
        particle({
          x: Math.cos(a) * 0.1,
          y: Math.sin(a) * 0.1,
          vx: Math.cos(a) * v,
          vy: Math.sin(a) * v,
          life: rand(0.5, 0.9),
          r: rand(0.015, 0.03),
          color: pick(colors),
          shape: i % 3 === 0 ? 'star' : 'dot',
        }),
      );
    }
  };
}

function both(
  ...emitters: Array<(t: number, dt: number, out: Particle[]) => void>
): (t: number, dt: number, out: Particle[]) => void {
  return (t, dt, out) => {
    for (const emit of emitters) emit(t, dt, out);
  };
}

const beat = (t: number, period: number) => Math.sin((t / period) * Math.PI) ** 2;

/** A pop at the start (0 → 1 → settles), for the first half second. */
const pop = (t: number, amount: number) => (t < 0.5 ? Math.sin((t / 0.5) * Math.PI) * amount : 0);

/**
 * A slanted quad from the top edge to the bottom edge of the tile, cut to the tile's sides (a mask
 * would cost the canvas renderer far more): top from x0 to x1, bottom from x0 - slant to x1 - slant.
 */
function band(g: Graphics, x0: number, x1: number, slant: number, color: number, alpha: number): void {
  const quad: Array<[number, number]> = [
    [x0, -0.47],
    [x1, -0.47],
    [x1 - slant, 0.47],
    [x0 - slant, 0.47],
  ];
  const clipped = clipX(clipX(quad, -0.47, 1), 0.47, -1);
  if (clipped.length >= 3) g.poly(u(clipped.flat())).fill({ color, alpha });
}

/** The part of a polygon on one side of a vertical line (`side` 1 keeps x ≥ edge, -1 keeps x ≤ edge). */
function clipX(points: Array<[number, number]>, edge: number, side: 1 | -1): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length] as [number, number];
    const pin = (p[0] - edge) * side >= 0;
    const qin = (q[0] - edge) * side >= 0;
    if (pin) out.push(p);
    if (pin !== qin) {
      const k = (edge - p[0]) / (q[0] - p[0]);
      out.push([edge, p[1] + (q[1] - p[1]) * k]);
    }
  });
  return out;
}

/** A band of light crossing the tile every `period` seconds. */
function sheen(g: Graphics, t: number, period: number, alpha: number): void {
  const phase = (t % period) / period;
  const x = -0.6 + phase * 1.8;
  band(g, x - 0.12, x + 0.04, 0.4, 0xffffff, alpha);
  band(g, x + 0.08, x + 0.12, 0.4, 0xffffff, alpha * 0.7);
}

function rays(g: Graphics, t: number, color: number, count: number, speed: number, alpha: number): void {
  const turn = t * speed;
  for (let i = 0; i < count; i++) {
    const a = turn + (i / count) * Math.PI * 2;
    const w = Math.PI / count / 2;
    g.poly(
      u([0, 0, Math.cos(a - w) * 0.5, Math.sin(a - w) * 0.5, Math.cos(a + w) * 0.5, Math.sin(a + w) * 0.5]),
    ).fill({ color, alpha });
  }
}

/** Rotating about a point above the centre (`d` cell sides up): the icon swings from its top. */
function hang(rotation: number, d: number): Partial<Pose> {
  return { rotation, x: -d * Math.sin(rotation), y: -d + d * Math.cos(rotation) };
}

function recipeOf(fx: WinFx, accent: number): Recipe {
  switch (fx) {
    case 'flare':
      return {
        glow: 0xffd24a,
        pose: (t) => ({
          sx: 1 + pop(t, 0.16) + 0.04 * beat(t, 0.9),
          sy: 1 + pop(t, 0.16) + 0.04 * beat(t, 0.9),
        }),
        back: (g, t) => rays(g, t, 0xfff0a0, 12, 0.7, 0.22),
        emit: both(
          burst(GOLD, 14, 0.9),
          stream(9, () =>
            particle({
              x: rand(-0.35, 0.35),
              y: rand(-0.2, -0.05),
              vy: -rand(0.25, 0.5),
              vx: rand(-0.1, 0.1),
              life: rand(0.6, 1.1),
              r: rand(0.012, 0.025),
              color: pick(GOLD),
              shape: 'star',
            }),
          ),
        ),
      };
    case 'blaze':
      return {
        glow: 0xff7a1f,
        pose: (t) => {
          const s = 0.07 * Math.sin(t * 9) + 0.035 * Math.sin(t * 23);
          // stretched up from the base: the bottom stays put
          return { sy: 1 + s + pop(t, 0.1), sx: 1 - s * 0.4, y: -0.45 * (s + pop(t, 0.1)) };
        },
        glowAt: (t) => 0.75 + 0.25 * Math.sin(t * 11) * Math.sin(t * 5.3),
        emit: stream(22, riser(FIRE, 'dot', 0.6, 0.026, 1)),
      };
    case 'flicker':
      return {
        glow: 0xffc040,
        pose: (t) => ({ sx: 1 + 0.025 * Math.sin(t * 13), sy: 1 + 0.025 * Math.sin(t * 13) }),
        glowAt: (t) => 0.6 + 0.4 * Math.abs(Math.sin(t * 13) * Math.sin(t * 7.3)),
        back: (g, t) => {
          g.circle(0, -0.02 * U, (0.3 + 0.03 * Math.sin(t * 17)) * U).fill({
            fill: glowGrad(0xfff0a0),
            alpha: 0.8,
          });
        },
        emit: stream(8, riser(GOLD, 'dot', 0.25, 0.018, 1.6)),
      };
    case 'swim':
      return {
        glow: 0x7fd4ff,
        pose: (t) => ({
          rotation: 0.13 * Math.sin(t * 4.2),
          x: 0.05 * Math.sin(t * 2.1),
          y: 0.02 * Math.sin(t * 4.2),
        }),
        emit: stream(5, riser(AQUA, 'ring', 0.3, 0.03, 1.4)),
      };
    case 'slither':
      return {
        glow: 0xff7a1f,
        pose: (t) => ({
          rotation: 0.1 * Math.sin(t * 7),
          x: 0.03 * Math.sin(t * 3.5),
          sx: 1 + 0.04 * Math.sin(t * 7 + 1),
          sy: 1 - 0.04 * Math.sin(t * 7 + 1),
        }),
        emit: stream(12, riser(FIRE, 'dot', 0.45, 0.022, 1)),
      };
    case 'swing':
      return {
        glow: accent,
        pose: (t) => hang(0.32 * Math.sin(t * 5.5) * Math.max(0.35, Math.exp(-t / 1.6)), 0.42),
        back: (g, t) => {
          // sound rings on both sides, in time with the swing
          const phase = (t * 5.5) / (Math.PI * 2);
          const k = phase % 1;
          for (const side of [-1, 1]) {
            const from = side < 0 ? Math.PI * 0.75 : -Math.PI * 0.25;
            g.arc(side * 0.1 * U, 0, (0.3 + k * 0.25) * U, from, from + Math.PI * 0.5);
            g.stroke({ width: 2.5, color: 0xfff3c4, alpha: 0.7 * (1 - k) });
          }
        },
      };
    case 'flash':
      return {
        glow: 0xffb070,
        pose: (t) => ({
          sx: 1 + pop(t, 0.2) + 0.03 * beat(t, 0.7),
          sy: 1 + pop(t, 0.2) + 0.03 * beat(t, 0.7),
        }),
        front: (g, t) => {
          if (t < 0.3)
            g.roundRect(-0.47 * U, -0.47 * U, 0.94 * U, 0.94 * U, 0.12 * U).fill({
              color: 0xffffff,
              alpha: 0.55 * (1 - t / 0.3),
            });
          sheen(g, t, 1.3, 0.4);
        },
        emit: burst(COPPER, 16, 1),
      };
    case 'sweep':
      return {
        glow: 0xf0a46a,
        pose: (t) => ({ sx: 1 + 0.06 * beat(t, 0.6), sy: 1 + 0.06 * beat(t, 0.6) }),
        front: (g, t) => sheen(g, t, 1, 0.38),
      };
    case 'orbit':
      return {
        glow: 0xb38cff,
        pose: (t) => ({
          rotation: 0.06 * Math.sin(t * 2),
          sx: 1 + 0.03 * beat(t, 0.8),
          sy: 1 + 0.03 * beat(t, 0.8),
        }),
        back: (g, t) => orbiters(g, t, false),
        front: (g, t) => orbiters(g, t, true),
      };
    case 'streak':
      return {
        glow: 0x9ae8ff,
        pose: (t) => {
          const dash = Math.sin(t * 3) * 0.05;
          return { x: dash, y: -dash, rotation: 0.03 * Math.sin(t * 6) };
        },
        emit: stream(26, () =>
          particle({
            x: rand(-0.05, 0.1),
            y: rand(-0.1, 0.05),
            vx: -rand(0.3, 0.6),
            vy: rand(0.3, 0.6),
            life: rand(0.4, 0.8),
            r: rand(0.012, 0.028),
            color: pick(AQUA),
            shape: Math.random() < 0.3 ? 'star' : 'dot',
          }),
        ),
      };
    case 'wave':
      return {
        glow: 0x7fd4ff,
        pose: (t) => ({
          rotation: 0.09 * Math.sin(t * 3),
          y: 0.035 * Math.sin(t * 3 + 1),
          x: 0.03 * Math.sin(t * 3),
        }),
        emit: stream(18, () =>
          particle({
            x: rand(0.05, 0.3),
            y: rand(-0.35, -0.2),
            vx: rand(-0.2, 0.35),
            vy: -rand(0.3, 0.6),
            life: rand(0.6, 1),
            r: rand(0.012, 0.024),
            color: pick(AQUA),
          }),
        ),
      };
    case 'beam':
      return {
        glow: 0xfff0a0,
        pose: (t) => ({ sx: 1 + 0.03 * beat(t, 0.9), sy: 1 + 0.03 * beat(t, 0.9) }),
        back: (g, t) => {
          const a = t * 1.8;
          for (const turn of [a, a + Math.PI]) {
            const w = 0.16;
            g.poly(
              u([
                0,
                -0.24,
                Math.cos(turn - w) * 0.5,
                -0.24 + Math.sin(turn - w) * 0.3,
                Math.cos(turn + w) * 0.5,
                -0.24 + Math.sin(turn + w) * 0.3,
              ]),
            ).fill({ color: 0xfff6c0, alpha: 0.35 * (0.5 + 0.5 * Math.abs(Math.cos(turn))) });
          }
        },
      };
    case 'shimmer':
      return {
        glow: 0xffe08a,
        pose: (t) => ({ sx: 1 + 0.04 * beat(t, 1.1), sy: 1 + 0.04 * beat(t, 1.1) }),
        front: (g, t) => sheen(g, t, 1.6, 0.3),
        emit: stream(6, () =>
          particle({
            x: rand(-0.42, 0.42),
            y: rand(-0.42, 0.3),
            life: rand(0.5, 0.8),
            r: rand(0.03, 0.05),
            color: pick(WHITE),
            shape: 'star',
          }),
        ),
      };
    case 'spin':
      return {
        glow: accent,
        // a whole turn every 1.4 s; never quite edge-on, and back to the face at each turn's end
        pose: (t) => ({ sx: Math.max(0.12, Math.abs(Math.cos((t / 1.4) * Math.PI))) }),
        emit: stream(8, () => {
          const a = rand(0, Math.PI * 2);
          return particle({
            x: Math.cos(a) * 0.38,
            y: Math.sin(a) * 0.38,
            life: rand(0.4, 0.7),
            r: rand(0.025, 0.04),
            color: pick(accent === 0xffffff ? GOLD : [lighten(accent, 0.5), 0xffffff]),
            shape: 'star',
          });
        }),
      };
    case 'soar':
      return {
        glow: 0xfff0c8,
        pose: (t) => ({ y: -0.05 * Math.sin(t * 2.6) - pop(t, 0.05), rotation: 0.07 * Math.sin(t * 1.3) }),
        emit: stream(7, () =>
          particle({
            x: rand(-0.4, 0.4),
            y: rand(-0.3, 0.2),
            vx: rand(-0.1, 0.1),
            vy: rand(0.05, 0.18),
            life: rand(0.8, 1.4),
            r: rand(0.015, 0.03),
            color: pick([...WHITE, 0xffd24a]),
          }),
        ),
      };
    case 'haze':
      return {
        glow: 0xff8fb1,
        pose: (t) => ({
          sx: 1 + 0.04 * Math.sin(t * 3.1),
          sy: 1 - 0.04 * Math.sin(t * 3.1),
          y: 0.01 * Math.sin(t * 6),
        }),
        glowAt: (t) => 0.7 + 0.3 * Math.sin(t * 3.1),
        emit: stream(8, riser([0xffe0f0, 0xffd28a, 0xfff6c0], 'dot', 0.2, 0.02, 1.5)),
      };
    case 'burst':
      return {
        glow: 0xff8fb1,
        pose: (t) => ({
          sx: 1 + pop(t, 0.12) + 0.03 * beat(t, 0.8),
          sy: 1 + pop(t, 0.12) + 0.03 * beat(t, 0.8),
        }),
        back: (g, t) => {
          const k = (t % 1.2) / 1.2;
          g.circle(0, 0, (0.15 + k * 0.45) * U).stroke({ width: 4 * (1 - k), color: 0xffe0ee, alpha: 1 - k });
          rays(g, t, 0xffe0ee, 8, -0.4, 0.16);
        },
        emit: both(
          burst([0xffe0ee, 0xffd24a, 0xffffff], 18, 0.9),
          stream(4, riser(JADE, 'star', 0.3, 0.025, 1)),
        ),
      };
    case 'bob':
      return {
        glow: 0x7fd4ff,
        pose: (t) => ({ rotation: 0.07 * Math.sin(t * 2.6), y: 0.03 * Math.sin(t * 5.2) }),
        emit: stream(4, () =>
          particle({
            x: rand(-0.12, -0.02),
            y: -0.25,
            vx: rand(-0.1, 0.05),
            vy: -rand(0.15, 0.3),
            life: rand(0.9, 1.4),
            r: rand(0.035, 0.06),
            color: 0xf0f4f8,
          }),
        ),
      };
    case 'pounce':
      return {
        glow: 0xffa040,
        pose: (t) => {
          const leap = t < 0.6 ? Math.sin((t / 0.6) * Math.PI) : 0;
          const shake = t >= 0.6 && t < 1.1 ? Math.sin(t * 60) * 0.04 * (1.1 - t) * 2 : 0;
          const breathe = 0.03 * beat(t, 0.9);
          return {
            sx: 1 + 0.2 * leap + breathe,
            sy: 1 + 0.2 * leap + breathe,
            x: shake,
            rotation: shake * 2,
          };
        },
        back: (g, t) => {
          const k = Math.min(1, t / 0.8);
          if (k < 1)
            g.circle(0, 0, (0.2 + k * 0.4) * U).stroke({ width: 6 * (1 - k), color: 0xffd070, alpha: 1 - k });
        },
      };
    case 'sparkle':
      return {
        glow: accent,
        pose: (t) => ({
          sx: 1 + 0.05 * beat(t, 0.8),
          sy: 1 + 0.05 * beat(t, 0.8),
          rotation: 0.04 * Math.sin(t * 2),
        }),
        front: (g, t) => sheen(g, t, 1.4, 0.25),
        emit: stream(10, () =>
          particle({
            x: rand(-0.3, 0.3),
            y: rand(-0.35, 0.3),
            life: rand(0.35, 0.6),
            r: rand(0.03, 0.055),
            color: pick([...WHITE, ...JADE.slice(0, 1)]),
            shape: 'star',
          }),
        ),
      };
    default:
      return {
        glow: accent,
        pose: (t) => ({ sx: 1 + 0.08 * beat(t, 0.55), sy: 1 + 0.08 * beat(t, 0.55) }),
        glowAt: (t) => 0.55 + 0.45 * beat(t, 0.55),
        back: (g, t) => {
          const k = (t % 1.1) / 1.1;
          g.circle(0, 0, (0.3 + k * 0.22) * U).stroke({
            width: 3 * (1 - k),
            color: lighten(accent, 0.5),
            alpha: 0.8 * (1 - k),
          });
        },
      };
  }
}

/** Six sparkles on a tilted ring around the icon: `front` draws the near half, else the far half. */
function orbiters(g: Graphics, t: number, front: boolean): void {
  for (let i = 0; i < 6; i++) {
    const a = t * 2.2 + (i / 6) * Math.PI * 2;
    const near = Math.sin(a) > 0;
    if (near !== front) continue;
    const x = Math.cos(a) * 0.44;
    const y = Math.sin(a) * 0.14 - x * 0.25;
    twinkle(g, x * U, y * U, near ? 6 : 4, near ? 0xffffff : 0xd8c8ff, near ? 1 : 0.6);
  }
}

const MOTION_MS = 3200;

/**
 * Plays a symbol's win animation on a cell made by SymbolArt.draw (its 'icon' child moves, the
 * tile stays). Returns `stop`, which puts the cell back as it was; call it before the cell goes.
 */
export function playWinFx(cell: Container, fx: WinFx, options: WinFxOptions): () => void {
  const { size } = options;
  const recipe = recipeOf(fx, options.accent);
  const icon = cell.getChildByLabel('icon') ?? cell.children[cell.children.length - 1];
  const back = new Graphics();
  const front = new Container();
  const light = new Graphics();
  const sparks = new Graphics();
  front.scale.set(size / U);
  back.scale.set(size / U);
  front.addChild(light, sparks);
  // Between the tile and the icon: the light shines on the tile, behind the icon.
  cell.addChildAt(back, icon ? cell.getChildIndex(icon) : 0);
  cell.addChild(front);
  const rest = icon
    ? { x: icon.x, y: icon.y, rotation: icon.rotation, sx: icon.scale.x, sy: icon.scale.y }
    : null;

  const drawGlow = (strength: number) => {
    back.circle(0, 0, 0.5 * U).fill({ fill: glowGrad(recipe.glow), alpha: 0.85 * strength });
  };

  let stopped = false;
  if (options.reduced) {
    drawGlow(0.9);
    options.invalidate();
    return () => {
      if (stopped) return;
      stopped = true;
      back.destroy();
      front.destroy({ children: true });
      options.invalidate();
    };
  }

  const particles: Particle[] = [];
  const limit = (options.motionMs ?? MOTION_MS) / 1000;
  let t = 0;
  let release: (() => void) | null = options.hold();
  const pose = (p: Partial<Pose>) => {
    if (!icon || !rest) return;
    icon.x = rest.x + (p.x ?? 0) * size;
    icon.y = rest.y + (p.y ?? 0) * size;
    icon.rotation = rest.rotation + (p.rotation ?? 0);
    icon.scale.set(rest.sx * (p.sx ?? 1), rest.sy * (p.sy ?? 1));
  };
  const settle = () => {
    options.ticker.remove(frame);
    pose({});
    back.clear();
    light.clear();
    sparks.clear();
    drawGlow(0.75);
    release?.();
    release = null;
    options.invalidate();
  };
  const frame = (ticker: Ticker) => {
    const dt = Math.min(0.05, ticker.deltaMS / 1000);
    t += dt;
    if (t >= limit) {
      settle();
      return;
    }
    pose(recipe.pose(t));
    back.clear();
    drawGlow(recipe.glowAt ? recipe.glowAt(t) : 0.8);
    recipe.back?.(back, t);
    light.clear();
    recipe.front?.(light, t);
    // Particles stop being made for the last second so the settle is clean.
    if (t < limit - 1) recipe.emit?.(t, dt, particles);
    sparks.clear();
    for (let i = particles.length - 1; i >= 0; i--) {
      const p = particles[i] as Particle;
      p.age += dt;
      if (p.age >= p.life) {
        particles.splice(i, 1);
        continue;
      }
      p.x += p.vx * dt;
      p.y += p.vy * dt;
      const fade = 1 - p.age / p.life;
      const [x, y, r] = [p.x * U, p.y * U, p.r * U];
      if (p.shape === 'star')
        twinkle(sparks, x, y, r * 2 * (0.4 + 0.6 * Math.sin(fade * Math.PI)), p.color, fade);
      else if (p.shape === 'ring') sparks.circle(x, y, r).stroke({ width: 0.8, color: p.color, alpha: fade });
      else sparks.circle(x, y, r * (0.5 + 0.5 * fade)).fill({ color: p.color, alpha: fade });
    }
  };
  options.ticker.add(frame);

  return () => {
    if (stopped) return;
    stopped = true;
    options.ticker.remove(frame);
    pose({});
    release?.();
    release = null;
    back.destroy();
    front.destroy({ children: true });
    options.invalidate();
  };
}

/**
 * The win animations on the reels at one time: `play` starts one on each winning cell (after
 * stopping the last ones), `stop` ends them all (the next spin, a new picture). The host element
 * lists what plays in `data-win-fx` ("reel:row:kind …"), for tests and tools.
 */
export class WinFxBoard {
  private running: Array<() => void> = [];
  private readonly symbols: ReadonlyArray<{ name: string; code: string }>;
  private readonly options: Omit<WinFxOptions, 'size' | 'reduced'>;
  private readonly host: () => HTMLElement | null;

  constructor(
    symbols: ReadonlyArray<{ name: string; code: string }>,
    options: Omit<WinFxOptions, 'size' | 'reduced'>,
    host: () => HTMLElement | null,
  ) {
    this.symbols = symbols;
    this.options = options;
    this.host = host;
  }

  play(
    cells: Array<{ cell: Container; reel: number; row: number; id: number }>,
    size: number,
    reduced: boolean,
  ): void {
    this.stop();
    const shown: string[] = [];
    for (const { cell, reel, row, id } of cells) {
      const symbol = this.symbols[id];
      if (!symbol || cell.destroyed) continue;
      const fx = winFxFor(symbol);
      this.running.push(playWinFx(cell, fx, { ...this.options, size, reduced }));
      shown.push(`${reel}:${row}:${fx}`);
    }
    const host = this.host();
    if (host) host.dataset.winFx = shown.join(' ');
  }

  stop(): void {
    for (const stop of this.running.splice(0)) stop();
    const host = this.host();
    if (host) host.dataset.winFx = '';
  }
}
