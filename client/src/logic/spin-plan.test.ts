import { describe, expect, it } from 'vitest';
import {
  BRAKE_CELLS,
  brakeCurve,
  brakeMs,
  delayStops,
  planStops,
  runPosition,
  SPEED_FACTOR,
  SPIN_TIMING,
  speedOfFactor,
  spinDuration,
} from './spin-plan.ts';

describe('planStops', () => {
  it('lands a normal spin of five reels in about 2 s, left to right', () => {
    const stops = planStops('normal', 5);
    expect(spinDuration(stops)).toBeGreaterThanOrEqual(1800);
    expect(spinDuration(stops)).toBeLessThanOrEqual(2200);
    for (let reel = 1; reel < stops.length; reel++)
      expect(stops[reel]?.brakeAt).toBeGreaterThan(stops[reel - 1]?.brakeAt ?? Number.POSITIVE_INFINITY);
  });

  it('takes about 1 s in turbo and about 0.4 s in super turbo, where all reels stop together', () => {
    const turbo = spinDuration(planStops('turbo', 5));
    expect(turbo).toBeGreaterThanOrEqual(850);
    expect(turbo).toBeLessThanOrEqual(1150);
    const fast = planStops('super', 5);
    expect(spinDuration(fast)).toBeGreaterThanOrEqual(300);
    expect(spinDuration(fast)).toBeLessThanOrEqual(500);
    expect(new Set(fast.map((s) => s.restAt)).size).toBe(1);
  });

  it('holds an anticipated reel longer and the reels after it wait for it', () => {
    const plain = planStops('normal', 5);
    const held = planStops('normal', 5, [3, 4]);
    expect(held.slice(0, 3)).toEqual(plain.slice(0, 3));
    expect(held[3]?.anticipated).toBe(true);
    expect(held[3]?.brakeAt).toBe((plain[3]?.brakeAt ?? 0) + SPIN_TIMING.normal.anticipationMs);
    expect(held[4]?.brakeAt).toBe((plain[4]?.brakeAt ?? 0) + 2 * SPIN_TIMING.normal.anticipationMs);
  });

  it('stops everything together, without anticipation, after a quick-stop or in super turbo', () => {
    for (const stops of [planStops('normal', 5, [2], true), planStops('super', 5, [2])]) {
      expect(stops.some((s) => s.anticipated)).toBe(false);
      expect(new Set(stops.map((s) => s.brakeAt)).size).toBe(1);
    }
  });

  it('brakes from full speed over the same distance at every speed', () => {
    for (const timing of Object.values(SPIN_TIMING)) {
      expect(brakeMs(timing)).toBeGreaterThan(100);
      expect(brakeMs(timing)).toBeLessThan(300);
    }
  });
});

describe('delayStops', () => {
  it('keeps the plan when the result is in time, and moves it all later when it is not', () => {
    const stops = planStops('normal', 3);
    expect(delayStops(stops, 100, 200)).toEqual(stops);
    const late = delayStops(stops, 1500, 200);
    expect(late[0]?.brakeAt).toBe(1700);
    expect((late[2]?.brakeAt ?? 0) - (late[0]?.brakeAt ?? 0)).toBe(
      (stops[2]?.brakeAt ?? 0) - (stops[0]?.brakeAt ?? 0),
    );
  });
});

describe('speedOfFactor', () => {
  it('reads the speed back from the factor the turbo button sets', () => {
    for (const [speed, factor] of Object.entries(SPEED_FACTOR)) expect(speedOfFactor(factor)).toBe(speed);
  });
});

describe('runPosition and brakeCurve', () => {
  it('winds back a little, then runs down ever faster up to full speed, without a jump', () => {
    for (const timing of Object.values(SPIN_TIMING)) {
      let last = runPosition(timing, 1, 0);
      let lowest = 0;
      for (let t = 1; t < 1500; t++) {
        const p = runPosition(timing, 1, t);
        expect(Math.abs(p - last)).toBeLessThanOrEqual(timing.cellsPerMs * 1.01 + 0.01);
        if (t > timing.startStaggerMs + timing.windupMs) expect(p).toBeGreaterThanOrEqual(last);
        lowest = Math.min(lowest, p);
        last = p;
      }
      expect(lowest).toBeGreaterThanOrEqual(-0.2);
      const a = runPosition(timing, 0, 1400);
      expect(runPosition(timing, 0, 1500) - a).toBeCloseTo(timing.cellsPerMs * 100, 6);
    }
  });

  it('brakes from full speed, overshoots by about a tenth of a cell and settles on the stop', () => {
    expect(brakeCurve(0)).toBeCloseTo(0, 9);
    expect(brakeCurve(1)).toBeCloseTo(1, 9);
    const peak = Math.max(...Array.from({ length: 101 }, (_, i) => brakeCurve(i / 100)));
    expect(peak).toBeGreaterThan(1.05);
    expect(peak).toBeLessThan(1.15);
    // Leaving at the running speed: the slope at the start times the brake's distance over its time.
    const timing = SPIN_TIMING.normal;
    const slope = (brakeCurve(0.001) - brakeCurve(0)) / 0.001;
    expect((slope * BRAKE_CELLS) / brakeMs(timing)).toBeCloseTo(timing.cellsPerMs, 3);
  });
});
