// Request limits: per key on the provider API, per client address on the public endpoints. A fixed
// one-minute window, counted in this process, or in Redis when REDIS_URL is set so that every node
// shares one count.
import { Redis } from 'ioredis';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface RateLimiter {
  hit(key: string): Promise<RateDecision>;
  close(): Promise<void>;
}

const WINDOW_MS = 60_000;

function decide(count: number, limit: number, windowStart: number, now: number): RateDecision {
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000)),
  };
}

export function memoryRateLimiter(limit: number, now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    async hit(key) {
      const at = now();
      const start = at - (at % WINDOW_MS);
      let window = windows.get(key);
      if (!window || window.start !== start) {
        if (windows.size > 50_000) windows.clear();
        window = { start, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      return decide(window.count, limit, start, at);
    },
    async close() {},
  };
}

/**
 * Counts in Redis (INCR + PEXPIRE on the window's own key). When Redis does not answer, requests
 * pass: an outage of the limiter must not become an outage of the catalog.
 */
export function redisRateLimiter(
  url: string,
  limit: number,
  /** Names the limit in its Redis keys, so two limits never share a count. */
  name: string,
  onError: (error: Error) => void,
  now: () => number = Date.now,
): RateLimiter {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
  });
  redis.on('error', onError);
  return {
    async hit(key) {
      const at = now();
      const start = at - (at % WINDOW_MS);
      const redisKey = `reelforge:${name}:${key}:${start}`;
      try {
        const result = await redis
          .multi()
          .incr(redisKey)
          .pexpire(redisKey, WINDOW_MS * 2)
          .exec();
        const count = Number(result?.[0]?.[1] ?? 0);
        return decide(count, limit, start, at);
      } catch (error) {
        onError(error as Error);
        return decide(0, limit, start, at);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
