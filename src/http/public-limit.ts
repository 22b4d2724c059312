// The limit per client address on the public endpoints (artwork, round details pages): they need
// no key, so the address is what is counted (the client's own behind TRUSTED_PROXIES). Shared
// across nodes through Redis when REDIS_URL is set, like the per-key limit.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../domain/errors.ts';
import type { Services } from '../services/index.ts';
import type { RateDecision } from '../services/rate-limit.ts';

/** The rate-limit headers of a counted answer. */
export function rateHeaders(decision: RateDecision): Record<string, number> {
  return { 'x-ratelimit-limit': decision.limit, 'x-ratelimit-remaining': decision.remaining };
}

/** The 429 of a spent minute, naming the limit and when to retry. */
export function publicLimitReached(decision: RateDecision): ApiError {
  return new ApiError(
    'rate_limited',
    `more than ${decision.limit} requests this minute from this address to the public endpoints; retry in ${decision.resetSeconds} s`,
  );
}

/** Counts the request against its client address; throws 429 when the minute's budget is spent. */
export async function limitPublic(
  services: Pick<Services, 'publicRateLimiter'>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const limiter = services.publicRateLimiter;
  if (!limiter) return;
  const decision = await limiter.hit(request.ip);
  reply.headers(rateHeaders(decision));
  if (!decision.allowed) {
    reply.header('retry-after', decision.resetSeconds);
    throw publicLimitReached(decision);
  }
}
