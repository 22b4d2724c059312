// One closed list of error codes, one code -> status mapping, one error body.

export const ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  session_invalid: 401,
  session_expired: 401,
  invalid_credentials: 401,
  totp_required: 401,
  insufficient_funds: 402,
  forbidden: 403,
  csrf_failed: 403,
  not_found: 404,
  conflict: 409,
  player_blocked: 409,
  round_in_progress: 409,
  free_round_unavailable: 409,
  /** Staff replay: the round's certificate hash is not the current model's (Admin API, CLI). */
  replay_model_mismatch: 409,
  cycle_too_fast: 409,
  reality_check_due: 409,
  session_limit_reached: 409,
  session_ended: 409,
  game_in_progress_elsewhere: 409,
  stake_above_limit: 400,
  mode_not_allowed: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  locked: 429,
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
  /** Fields the body carries besides success, error and detail (e.g. retry_after_ms, retry_after_seconds). */
  readonly extra: Readonly<Record<string, string | number>> | undefined;
  constructor(code: ErrorCode, detail: string, extra?: Record<string, string | number>) {
    super(detail);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.detail = detail;
    this.extra = extra;
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
  /** While `reelforge operator move` moves the operator's play to another cluster (a minute or two). */
  operatorMoving: () =>
    new ApiError(
      'service_unavailable',
      "this operator's games are being moved to another database cluster; retry in a minute",
      { retry_after_seconds: 60 },
    ),
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
  cycleTooFast: (retryAfterMs: number, minCycleMs: number) =>
    new ApiError(
      'cycle_too_fast',
      `a round may start at least ${minCycleMs} ms after the previous one: wait ${retryAfterMs} ms`,
      { retry_after_ms: retryAfterMs },
    ),
  realityCheckDue: () =>
    new ApiError(
      'reality_check_due',
      'a reality check is due: answer it (POST /api/runtime/v1/reality-check) first',
    ),
  sessionLimitReached: (limit: 'time' | 'loss') =>
    new ApiError(
      'session_limit_reached',
      limit === 'time'
        ? "the session's time limit is reached: play is over; return to the lobby"
        : "the session's loss limit is reached: play is over; return to the lobby",
      { limit },
    ),
  sessionEnded: () =>
    new ApiError('session_ended', 'the player left this session; launch the game again to play'),
  gameInProgressElsewhere: () =>
    new ApiError(
      'game_in_progress_elsewhere',
      'one game at a time: this player is playing another game; finish it (or wait 30 seconds) first',
    ),
  /** `field`: what carried the stake: the bet (coin) or a free-rounds grant's fixed bet. */
  stakeAboveLimit: (maxStake: string, field: 'coin' | 'free_round_grant_id' = 'coin') =>
    new ApiError(
      'stake_above_limit',
      field === 'coin'
        ? `the stake is above the limit of ${maxStake} per round for this player`
        : `free_round_grant_id: this free-rounds offer's bet is above the limit of ${maxStake} per round for this player`,
      { max_stake: maxStake, field },
    ),
  modeNotAllowed: (field: 'buy_feature' | 'special_bet') =>
    new ApiError('mode_not_allowed', `${field} is not allowed under this session's jurisdiction`, { field }),
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
  [extra: string]: unknown;
}

export function errorBody(error: ApiError): ErrorBody {
  // The three fields last: an extra can never overwrite them.
  return { ...error.extra, success: false, error: error.code, detail: error.detail };
}
