// When credits and rollbacks are tried again: the one place the backoff schedule is defined.
import { randomInt } from 'node:crypto';

export interface RetryPolicy {
  /** Delay before the second attempt. */
  baseDelayMs: number;
  /** Each further delay is the previous one times this. */
  factor: number;
  /** Longest delay between two attempts. */
  maxDelayMs: number;
  /** Share of each delay drawn at random (0..1), so that many nodes do not retry in step. */
  jitter: number;
  /** After this long without an acknowledgement a transaction is parked for staff. */
  giveUpAfterMs: number;
  /** How often the worker looks for due work. */
  pollIntervalMs: number;
  /** Extra time beyond one attempt's timeout before another node may take the work over. */
  leaseGraceMs: number;
}

export const PRODUCTION_RETRY: RetryPolicy = {
  baseDelayMs: 1000,
  factor: 2,
  maxDelayMs: 5 * 60_000,
  jitter: 0.2,
  giveUpAfterMs: 24 * 3600_000,
  pollIntervalMs: 1000,
  leaseGraceMs: 2000,
};

/** APP_ENV=test: the same shape, fast enough for a test suite to watch several retries. */
export const TEST_RETRY: RetryPolicy = {
  baseDelayMs: 30,
  factor: 2,
  maxDelayMs: 300,
  jitter: 0.2,
  giveUpAfterMs: 24 * 3600_000,
  pollIntervalMs: 50,
  leaseGraceMs: 500,
};

export function retryPolicyFor(appEnv: string, overrides: Partial<RetryPolicy> = {}): RetryPolicy {
  return { ...(appEnv === 'test' ? TEST_RETRY : PRODUCTION_RETRY), ...overrides };
}

/** Delay after the `attempts`-th failed attempt (1-based): exponential, capped, with jitter. */
export function backoffDelayMs(policy: RetryPolicy, attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  const raw = Math.min(policy.maxDelayMs, policy.baseDelayMs * policy.factor ** Math.min(exponent, 40));
  const spread = Math.floor(raw * policy.jitter);
  return raw - spread + (spread > 0 ? randomInt(0, 2 * spread + 1) : 0);
}
