// The play path's generator, chosen in this one place (in the signed manifest, so a change to it
// fails `reelforge verify` and start-up). Every round draws from the OS CSPRNG through the engine's
// bounded draw, and `reelforge rng-export` taps the same construction. The only other source a
// process takes is a test harness's, and only where APP_ENV is development or test.
import { createCsprng, type Rng } from '../engine/rng.ts';

/** Where the play path draws a session's rounds from. */
export interface PlayRngSource {
  /** csprng: the certified generator; test: a test harness's (seeded, reproducible). */
  readonly kind: 'csprng' | 'test';
  forSession(sessionId: string): Rng;
}

/** The play generator: the OS CSPRNG read in batches, bounded draws by Lemire's method. */
export function createPlayRng(): Rng {
  return createCsprng();
}

/** Every session of the process draws from one play generator. */
export function certifiedPlaySource(): PlayRngSource {
  const rng = createPlayRng();
  return { kind: 'csprng', forSession: () => rng };
}

export type PlayRngChoice =
  | { ok: true; source: PlayRngSource }
  | { ok: false; reason: 'test_rng_outside_test'; detail: string };

/**
 * The source the play path uses: the certified generator, or a test harness's where the
 * environment is development or test. Anywhere else a test source is refused, never used.
 */
export function choosePlayRng(appEnv: string, testSource?: PlayRngSource): PlayRngChoice {
  if (testSource === undefined) return { ok: true, source: certifiedPlaySource() };
  if (appEnv === 'development' || appEnv === 'test') return { ok: true, source: testSource };
  return {
    ok: false,
    reason: 'test_rng_outside_test',
    detail: `a test RNG was passed to a ${appEnv} node: only the certified CSPRNG plays outside development and test`,
  };
}
