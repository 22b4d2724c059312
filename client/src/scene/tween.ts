// Minimal time-based tweens on requestAnimationFrame; with reduced motion every tween is instant.
import { animating, invalidate } from './stage.ts';

export const motion = { reduced: false, speed: 1 };

export function easeOutBack(t: number): number {
  const c = 1.4;
  return 1 + (c + 1) * (t - 1) ** 3 + c * (t - 1) ** 2;
}

export function easeOutCubic(t: number): number {
  return 1 - (1 - t) ** 3;
}

export function tween(
  ms: number,
  update: (t: number) => void,
  ease: (t: number) => number = easeOutCubic,
): Promise<void> {
  const duration = motion.reduced ? 0 : ms / motion.speed;
  if (duration <= 0) {
    update(1);
    invalidate();
    return Promise.resolve();
  }
  return animating(
    () =>
      new Promise<void>((resolve) => {
        const start = performance.now();
        const frame = (now: number) => {
          const t = Math.min(1, (now - start) / duration);
          update(ease(t));
          if (t < 1) requestAnimationFrame(frame);
          else resolve();
        };
        requestAnimationFrame(frame);
      }),
  );
}

export function wait(ms: number): Promise<void> {
  const duration = motion.reduced ? Math.min(ms, 150) : ms / motion.speed;
  return new Promise((resolve) => setTimeout(resolve, duration));
}
