// One closed list of error codes, one code -> status mapping, one error body.

export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  session_invalid: 401,
  session_expired: 401,
  insufficient_funds: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  player_blocked: 409,
  round_in_progress: 409,
  free_round_unavailable: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  server_misconfigured: 500,
  wallet_rejected: 502,
  service_unavailable: 503,
  wallet_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An API error: a stable code, its status, and a detail that names what was wrong. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string;
  constructor(code: ErrorCode, detail: string) {
    super(detail);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.detail = detail;
  }
}

export const errors = {
  invalidRequest: (detail: string) => new ApiError('invalid_request', detail),
  unauthorized: (detail = 'missing or invalid API key') => new ApiError('unauthorized', detail),
  forbidden: (detail: string) => new ApiError('forbidden', detail),
  notFound: (detail: string) => new ApiError('not_found', detail),
  conflict: (detail: string) => new ApiError('conflict', detail),
  serverMisconfigured: (detail: string) => new ApiError('server_misconfigured', detail),
  internal: (detail = 'internal error') => new ApiError('internal', detail),
  sessionInvalid: (detail = 'unknown or revoked session token') => new ApiError('session_invalid', detail),
  sessionExpired: (detail = 'the session has expired; relaunch the game') =>
    new ApiError('session_expired', detail),
  insufficientFunds: (detail = 'the balance does not cover the stake') =>
    new ApiError('insufficient_funds', detail),
  playerBlocked: (detail: string) => new ApiError('player_blocked', detail),
  roundInProgress: (detail = 'this round is still being processed; retry shortly') =>
    new ApiError('round_in_progress', detail),
  freeRoundUnavailable: (detail: string) => new ApiError('free_round_unavailable', detail),
  walletRejected: (detail: string) => new ApiError('wallet_rejected', detail),
  walletUnavailable: (detail: string) => new ApiError('wallet_unavailable', detail),
};

/**
 * What a player is told when the operator's wallet gets in the way: plain words, the same for every
 * operator. The wallet's own answer (error codes, addresses, signatures) goes to the logs, the
 * metrics and the Admin API, never to the player.
 */
export const PLAYER_TEXT = {
  stakeRefused: "the casino's wallet did not accept this bet; your balance is unchanged",
  stakeReturning:
    "the casino's wallet did not confirm this bet in time; any amount taken is being returned to your balance",
  stakeReturned:
    "the casino's wallet did not confirm this bet in time; the amount taken has been returned to your balance",
  balanceRefused: "the casino's wallet did not give the balance",
  balanceUnanswered: "the casino's wallet did not answer in time with the balance",
} as const;

/** An expected outcome: the value, or the API error that says why not. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export interface ErrorBody {
  success: false;
  error: ErrorCode;
  detail: string;
}

export function errorBody(error: ApiError): ErrorBody {
  return { success: false, error: error.code, detail: error.detail };
}
