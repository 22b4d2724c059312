// What the player is told when a call fails, by the runtime API's error code (words from the catalog).
import { t } from '../i18n/i18n.ts';

export type Failure =
  | { kind: 'api'; status: number; code: string; detail: string; extra?: Record<string, unknown> }
  | { kind: 'network' };

export interface PlayerMessage {
  title: string;
  text: string;
  /** The session cannot go on: play stops, only the lobby (if any) is left. */
  fatal: boolean;
  /** The same request may be sent again (same client_round_id). */
  retry: boolean;
}

type Known =
  | 'insufficient_funds'
  | 'session_expired'
  | 'session_invalid'
  | 'wallet_unavailable'
  | 'wallet_rejected'
  | 'player_blocked'
  | 'round_in_progress'
  | 'forbidden'
  | 'game_in_progress_elsewhere'
  | 'stake_above_limit'
  | 'mode_not_allowed'
  | 'session_ended';

const KNOWN: Record<Known, { fatal: boolean; retry: boolean }> = {
  insufficient_funds: { fatal: false, retry: false },
  session_expired: { fatal: true, retry: false },
  session_invalid: { fatal: true, retry: false },
  wallet_unavailable: { fatal: false, retry: false },
  wallet_rejected: { fatal: false, retry: false },
  player_blocked: { fatal: true, retry: false },
  round_in_progress: { fatal: false, retry: true },
  forbidden: { fatal: true, retry: false },
  game_in_progress_elsewhere: { fatal: false, retry: false },
  stake_above_limit: { fatal: false, retry: false },
  mode_not_allowed: { fatal: false, retry: false },
  session_ended: { fatal: true, retry: false },
};

/** Wallet refusals a game load can get: only the balance query has run, so no bet is involved. */
const WALLET_CODES: ReadonlySet<string> = new Set(['wallet_rejected', 'wallet_unavailable']);

/**
 * The player's words for a failure while the game loads (GET session): a wallet that cannot give the
 * balance (an unknown player, a wallet down) says so plainly, never that a bet was refused.
 */
export function loadMessageFor(failure: Failure): PlayerMessage {
  if (failure.kind === 'api' && WALLET_CODES.has(failure.code)) {
    return {
      title: t('error.balance_unavailable.title'),
      text: t('error.balance_unavailable.text'),
      fatal: true,
      retry: false,
    };
  }
  return messageFor(failure);
}

/**
 * The player's words for a failure; `money` formats a decimal amount of the session's currency (the
 * stake cap of `stake_above_limit`).
 */
export function messageFor(failure: Failure, money: (decimal: string) => string = (d) => d): PlayerMessage {
  if (failure.kind === 'network') {
    return { title: t('error.network.title'), text: t('error.network.text'), fatal: false, retry: true };
  }
  if (failure.code === 'session_limit_reached') {
    // Play is over: the message names the limit the player set.
    const limit = failure.extra?.limit === 'loss' ? 'loss' : 'time';
    return {
      title: t('error.session_limit_reached.title'),
      text: t(`error.session_limit_reached.${limit}`),
      fatal: true,
      retry: false,
    };
  }
  if (failure.code === 'stake_above_limit' && typeof failure.extra?.max_stake === 'string') {
    let max = failure.extra.max_stake;
    try {
      max = money(max);
    } catch {
      // an amount the formatter cannot read is shown as sent
    }
    return {
      title: t('error.stake_above_limit.title'),
      text: t('error.stake_above_limit.max', { max }),
      fatal: false,
      retry: false,
    };
  }
  if (Object.hasOwn(KNOWN, failure.code)) {
    const code = failure.code as Known;
    return { title: t(`error.${code}.title`), text: t(`error.${code}.text`), ...KNOWN[code] };
  }
  if (failure.status >= 500)
    return { title: t('error.server.title'), text: t('error.server.text'), fatal: false, retry: true };
  // The server's detail is English and technical: the player gets our words and the code for support.
  return {
    title: t('error.other.title'),
    text: t('error.other.text', { code: failure.code }),
    fatal: false,
    retry: false,
  };
}
