// launch-url: validation of the operator's request and the create-or-refresh of a game session.
import { betStake } from '../games/stake.ts';
import type { GameInfo } from '../games/types.ts';
import { AGE_BANDS, type AgeBand, findProfile, JURISDICTION_CODES } from '../jurisdictions/index.ts';
import { isDecimalText, isSupportedCurrency, parseAmount } from '../money.ts';
import { ApiError, errors } from './errors.ts';
import { canonicalTag } from './languages.ts';

export type Device = 'desktop' | 'mobile';

export interface LaunchRequest {
  symbol?: unknown;
  slug?: unknown;
  operator_id?: unknown;
  external_player_id?: unknown;
  coin?: unknown;
  /** Issue 26 (additive): the total bet the session starts at, a decimal in the session currency. */
  default_bet?: unknown;
  currency?: unknown;
  return_url?: unknown;
  device?: unknown;
  play_mode?: unknown;
  language?: unknown;
  /** Issue 13 (additive): the market and the player's terms for this session. */
  jurisdiction?: unknown;
  reality_check_interval?: unknown;
  player_age_band?: unknown;
  session_time_limit?: unknown;
  session_loss_limit?: unknown;
  history_url?: unknown;
}

export type PlayMode = 'real' | 'demo';

export interface LaunchInput {
  gameKey: { symbol: string | undefined; slug: string | undefined };
  playerId: string;
  coinText: string | undefined;
  /** As sent: parsed in the session currency and checked against the game's ladder once both are known. */
  defaultBetText: string | undefined;
  currency: string | undefined;
  returnUrl: string | undefined;
  device: Device;
  playMode: PlayMode;
  /** The player's BCP 47 tag as sent (canonical), if any; sessionLanguage picks the catalog. */
  language: string | undefined;
  terms: LaunchTerms;
}

/** The jurisdiction fields of a launch, of the right shape (the profile checks them further). */
export interface LaunchTerms {
  jurisdiction: string | undefined;
  realityCheckInterval: number | null;
  ageBand: AgeBand | null;
  timeLimitSeconds: number | null;
  /** As sent: parsed in the session currency once that is known. */
  lossLimitText: string | null;
  historyUrl: string | null;
}

/** Bounds of the launch's time fields, in seconds: a minute to a day. */
export const TERM_SECONDS = { min: 60, max: 86_400 } as const;

function secondsField(body: LaunchRequest, field: 'reality_check_interval' | 'session_time_limit') {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < TERM_SECONDS.min ||
    value > TERM_SECONDS.max
  ) {
    return errors.invalidRequest(
      `${field} must be a whole number of seconds from ${TERM_SECONDS.min} to ${TERM_SECONDS.max}`,
    );
  }
  return value;
}

/** The jurisdiction fields: the first problem names its field. */
export function checkLaunchTerms(
  body: LaunchRequest,
): { ok: true; terms: LaunchTerms } | { ok: false; error: ApiError } {
  const fail = (detail: string) => ({ ok: false as const, error: errors.invalidRequest(detail) });
  const fields: Record<string, string | undefined> = {};
  for (const field of ['jurisdiction', 'player_age_band', 'session_loss_limit', 'history_url'] as const) {
    const value = optionalString(body, field);
    if (typeof value === 'object') return { ok: false, error: value };
    fields[field] = value;
  }
  const jurisdiction = fields.jurisdiction;
  if (jurisdiction !== undefined && !findProfile(jurisdiction)) {
    return fail(
      `jurisdiction ${JSON.stringify(jurisdiction).slice(0, 40)} is not a known market: one of ${JURISDICTION_CODES.join(', ')}`,
    );
  }
  const interval = secondsField(body, 'reality_check_interval');
  if (interval instanceof ApiError) return { ok: false, error: interval };
  const timeLimit = secondsField(body, 'session_time_limit');
  if (timeLimit instanceof ApiError) return { ok: false, error: timeLimit };
  const band = fields.player_age_band;
  if (band !== undefined && !(AGE_BANDS as readonly string[]).includes(band)) {
    return fail('player_age_band must be 18-24 or 25+');
  }
  const loss = fields.session_loss_limit;
  if (loss !== undefined && !isDecimalText(loss)) {
    return fail('session_loss_limit must be a positive decimal string such as "50.00"');
  }
  const historyUrl = fields.history_url;
  if (historyUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(historyUrl);
    } catch {}
    if (url?.protocol !== 'https:' || historyUrl.length > 2048) {
      return fail('history_url must be an absolute https URL of at most 2048 characters');
    }
  }
  return {
    ok: true,
    terms: {
      jurisdiction,
      realityCheckInterval: interval,
      ageBand: (band as AgeBand | undefined) ?? null,
      timeLimitSeconds: timeLimit,
      lossLimitText: loss ?? null,
      historyUrl: historyUrl ?? null,
    },
  };
}

const PRINTABLE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

function optionalString(body: LaunchRequest, field: keyof LaunchRequest): string | undefined | ApiError {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return errors.invalidRequest(`${field} must be a string`);
  return value;
}

/** Checks the request body; the first problem is answered as a 400 naming its field. */
export function checkLaunchRequest(
  body: LaunchRequest,
): { ok: true; input: LaunchInput } | { ok: false; error: ApiError } {
  const fail = (detail: string) => ({ ok: false as const, error: errors.invalidRequest(detail) });
  const fields: Record<string, string | undefined> = {};
  for (const field of [
    'symbol',
    'slug',
    'external_player_id',
    'coin',
    'default_bet',
    'currency',
    'return_url',
    'device',
    'play_mode',
    'language',
  ] as const) {
    const value = optionalString(body, field);
    if (typeof value === 'object') return { ok: false, error: value };
    fields[field] = value;
  }
  const symbol = fields.symbol || undefined;
  const slug = fields.slug || undefined;
  if (symbol === undefined && slug === undefined) return fail('symbol or slug is required');

  const playerId = fields.external_player_id;
  if (playerId === undefined) return fail('external_player_id is required');
  if (playerId.length < 1 || playerId.length > 128 || !PRINTABLE.test(playerId)) {
    return fail('external_player_id must be 1 to 128 printable characters');
  }

  let currency = fields.currency;
  if (currency !== undefined) {
    if (!/^[A-Za-z]{3}$/.test(currency)) return fail('currency must be exactly 3 letters');
    currency = currency.toUpperCase();
    if (!isSupportedCurrency(currency)) return fail(`currency ${currency} is not supported`);
  }

  const coinText = fields.coin;
  if (coinText !== undefined && !isDecimalText(coinText)) {
    return fail('coin must be a positive decimal string such as "0.10"');
  }

  const defaultBetText = fields.default_bet;
  if (defaultBetText !== undefined && !isDecimalText(defaultBetText)) {
    return fail('default_bet must be a positive decimal string such as "1.00"');
  }

  const returnUrl = fields.return_url;
  if (returnUrl !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(returnUrl);
    } catch {}
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || returnUrl.length > 2048) {
      return fail('return_url must be an absolute http(s) URL of at most 2048 characters');
    }
  }

  const deviceText = fields.device ?? 'desktop';
  if (deviceText !== 'desktop' && deviceText !== 'mobile' && deviceText !== 'tablet') {
    return fail('device must be one of desktop, mobile, tablet');
  }
  const device: Device = deviceText === 'desktop' ? 'desktop' : 'mobile';

  const playMode = fields.play_mode ?? 'real';
  if (playMode !== 'real' && playMode !== 'demo') return fail('play_mode must be real or demo');

  let language: string | undefined;
  if (fields.language !== undefined) {
    language = canonicalTag(fields.language);
    if (language === undefined) return fail('language must be a BCP 47 language tag such as "de" or "pt-BR"');
  }

  const checkedTerms = checkLaunchTerms(body);
  if (!checkedTerms.ok) return checkedTerms;

  return {
    ok: true,
    input: {
      gameKey: { symbol, slug },
      playerId,
      coinText,
      defaultBetText,
      currency,
      returnUrl,
      device,
      playMode,
      language,
      terms: checkedTerms.terms,
    },
  };
}

/** The game a launch names: symbol first; a slug that names another game is a conflict. */
export function resolveLaunchGame(
  key: LaunchInput['gameKey'],
  find: (symbolOrSlug: string) => GameInfo | undefined,
): { ok: true; game: GameInfo } | { ok: false; error: ApiError } {
  const bySymbol = key.symbol !== undefined ? find(key.symbol) : undefined;
  const bySlug = key.slug !== undefined ? find(key.slug) : undefined;
  if (bySymbol && bySlug && bySymbol !== bySlug) {
    return { ok: false, error: errors.invalidRequest('symbol and slug name different games') };
  }
  const game = bySymbol ?? bySlug;
  if (!game) return { ok: false, error: errors.notFound(`game ${key.symbol ?? key.slug} not found`) };
  return { ok: true, game };
}

/** The session's default coin in minor units: must be one of the game's coin values in that currency. */
export function checkCoin(
  coinText: string | undefined,
  currency: string,
  coinValues: readonly bigint[],
): { ok: true; coin: bigint | null } | { ok: false; error: ApiError } {
  if (coinText === undefined) return { ok: true, coin: null };
  const parsed = parseAmount(coinText, currency);
  if (!parsed.ok || parsed.minor <= 0n || !coinValues.includes(parsed.minor)) {
    return {
      ok: false,
      error: errors.invalidRequest(`coin ${coinText} is not one of the game's coin values in ${currency}`),
    };
  }
  return { ok: true, coin: parsed.minor };
}

/**
 * The session's default total bet in minor units: a base-mode total the game's ladder can make
 * (some coin value × bet level × line cost) in the session currency.
 */
export function checkDefaultBet(
  text: string | undefined,
  currency: string,
  ladder: { coinValues: readonly bigint[]; betLevels: readonly number[]; lineCost: number },
): { ok: true; total: bigint | null } | { ok: false; error: ApiError } {
  if (text === undefined) return { ok: true, total: null };
  const parsed = parseAmount(text, currency);
  const onLadder =
    parsed.ok &&
    parsed.minor > 0n &&
    ladder.coinValues.some((coin) =>
      ladder.betLevels.some((level) => betStake(coin, level, ladder.lineCost) === parsed.minor),
    );
  if (!parsed.ok || !onLadder) {
    return {
      ok: false,
      error: errors.invalidRequest(
        `default_bet ${text} is not a total bet this game offers in ${currency} (coin value × bet level × ${ladder.lineCost} coins)`,
      ),
    };
  }
  return { ok: true, total: parsed.minor };
}

export function launchUrl(
  gameBaseUrl: string,
  symbol: string,
  token: string,
  device: Device,
  language: string,
): string {
  const query = new URLSearchParams({ token, device, lang: language });
  return `${gameBaseUrl}/gs2c/play/${encodeURIComponent(symbol)}?${query}`;
}
