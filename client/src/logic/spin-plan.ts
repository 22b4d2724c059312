// When each reel stops, by spin speed: the reels run at full speed, then brake one after another
// from the left (all together in super turbo) and settle with a small overshoot. A reel that may
// still complete a feature (anticipation) keeps running longer, and the reels after it wait for it.
// Pure: the reels view follows the plan frame by frame, tests read it directly.

export type SpinSpeed = 'normal' | 'turbo' | 'super';

export interface SpinTiming {
  /** From the click until the first reel starts braking (ms). */
  firstBrakeMs: number;
  /** Between one reel braking and the next. */
  staggerMs: number;
  /** Full speed, in cells per millisecond. */
  cellsPerMs: number;
  /** Extra time a reel with anticipation keeps running. */
  anticipationMs: number;
  /** A reel first winds back a little, then gets up to speed over `rampMs`. */
  windupMs: number;
  rampMs: number;
  /** How much later each reel starts than the one on its left. */
  startStaggerMs: number;
}

/**
 * The brake eases a reel over the last `BRAKE_CELLS` cells with an overshoot of about a tenth of a
 * cell (easeOutBack with `OVERSHOOT`), starting at the speed it was running at.
 */
export const BRAKE_CELLS = 1;
export const OVERSHOOT = 1.70158;

/**
 * Normal lasts about 2 s from click to the last reel at rest, turbo about 1 s and super turbo about
 * 0.4 s with every reel stopping together.
 */
export const SPIN_TIMING: Record<SpinSpeed, SpinTiming> = {
  normal: {
    firstBrakeMs: 1000,
    staggerMs: 200,
    cellsPerMs: 0.02,
    anticipationMs: 1100,
    windupMs: 140,
    rampMs: 120,
    startStaggerMs: 40,
  },
  turbo: {
    firstBrakeMs: 480,
    staggerMs: 90,
    cellsPerMs: 0.026,
    anticipationMs: 550,
    windupMs: 80,
    rampMs: 80,
    startStaggerMs: 20,
  },
  super: {
    firstBrakeMs: 220,
    staggerMs: 0,
    cellsPerMs: 0.034,
    anticipationMs: 0,
    windupMs: 0,
    rampMs: 40,
    startStaggerMs: 0,
  },
};

/** The factor `motion.speed` takes at each speed (tweens and waits are divided by it). */
export const SPEED_FACTOR: Record<SpinSpeed, number> = { normal: 1, turbo: 2, super: 4 };

export function speedOfFactor(factor: number): SpinSpeed {
  if (factor >= SPEED_FACTOR.super) return 'super';
  if (factor >= SPEED_FACTOR.turbo) return 'turbo';
  return 'normal';
}

/** How long the brake lasts: easeOutBack starts at `OVERSHOOT + 3` times its mean speed. */
export function brakeMs(timing: SpinTiming): number {
  return ((OVERSHOOT + 3) * BRAKE_CELLS) / timing.cellsPerMs;
}

export interface ReelStop {
  /** When the reel starts braking, in ms from the click. */
  brakeAt: number;
  /** When it is at rest. */
  restAt: number;
  /** Whether it runs on with anticipation (a glowing frame) before braking. */
  anticipated: boolean;
}

/**
 * The stops of `reels` reels at `speed`. `anticipate` lists the reels held for a feature (ignored in
 * super turbo and after a quick-stop, which stop everything together).
 */
export function planStops(
  speed: SpinSpeed,
  reels: number,
  anticipate: readonly number[] = [],
  slammed = false,
): ReelStop[] {
  const timing = SPIN_TIMING[speed];
  const brake = brakeMs(timing);
  const together = slammed || timing.staggerMs === 0;
  const stops: ReelStop[] = [];
  let at = timing.firstBrakeMs;
  for (let reel = 0; reel < reels; reel++) {
    const anticipated = !together && anticipate.includes(reel);
    if (reel > 0 && !together) at += timing.staggerMs;
    if (anticipated) at += timing.anticipationMs;
    stops.push({ brakeAt: at, restAt: at + brake, anticipated });
  }
  return stops;
}

/** From the click until the last reel is at rest. */
export function spinDuration(stops: readonly ReelStop[]): number {
  return stops.reduce((last, stop) => Math.max(last, stop.restAt), 0);
}

/**
 * The plan moved later when the result arrived late: a reel needs `travelMs` at full speed to bring
 * the result in from above the window before it brakes, so no reel brakes before `now + travelMs`,
 * and the others keep their spacing.
 */
export function delayStops(stops: readonly ReelStop[], now: number, travelMs: number): ReelStop[] {
  const first = stops.reduce((min, stop) => Math.min(min, stop.brakeAt), Number.POSITIVE_INFINITY);
  const shift = Math.max(0, now + travelMs - first);
  return stops.map((stop) => ({ ...stop, brakeAt: stop.brakeAt + shift, restAt: stop.restAt + shift }));
}

/** How far back a reel winds (in cells) before it runs. */
export const WINDUP_CELLS = 0.12;

/**
 * How far (in cells, downwards) reel `reel` has run `t` ms after the click: a short wind-up back,
 * a ramp up to full speed, then full speed. Continuous, and increasing once the wind-up is over.
 */
export function runPosition(timing: SpinTiming, reel: number, t: number): number {
  const s = t - reel * timing.startStaggerMs;
  if (s <= 0) return 0;
  if (s < timing.windupMs) return -WINDUP_CELLS * Math.sin((Math.PI * s) / timing.windupMs);
  const r = s - timing.windupMs;
  const v = timing.cellsPerMs;
  if (r < timing.rampMs) return (v * r * r) / (2 * timing.rampMs);
  return (v * timing.rampMs) / 2 + v * (r - timing.rampMs);
}

/** The brake's curve: from 0 to 1 with an overshoot of about a tenth, leaving at `OVERSHOOT + 3` × its mean speed. */
export function brakeCurve(u: number): number {
  const c = OVERSHOOT;
  const x = Math.min(1, Math.max(0, u)) - 1;
  return 1 + (c + 1) * x ** 3 + c * x ** 2;
}
