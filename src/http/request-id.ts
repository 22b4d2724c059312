// Request ids: the client's own x-request-id when it is safe to echo, else a random per-process
// prefix and a counter (unique without a syscall per request). Fastify and the read lane share them.
import { randomBase62 } from '../domain/ids.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const REQUEST_ID_PREFIX = `req_${randomBase62(6)}`;
let requestCounter = 0;

export function nextRequestId(): string {
  requestCounter = (requestCounter + 1) % Number.MAX_SAFE_INTEGER;
  return `${REQUEST_ID_PREFIX}${requestCounter.toString(36)}`;
}

/** The id of a request: its x-request-id header when well formed, a new one otherwise. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  if (typeof incoming === 'string' && REQUEST_ID.test(incoming)) return incoming;
  return nextRequestId();
}
