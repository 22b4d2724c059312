// What the player is told when a call fails, by the runtime API's error code (words from the catalog).
import { t } from '../i18n/i18n.ts';

export type Failure = { kind: 'api'; status: number; code: string; detail: string } | { kind: 'network' };

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
  | 'forbidden';

const KNOWN: Record<Known, { fatal: boolean; retry: boolean }> = {
  insufficient_funds: { fatal: false, retry: false },
  session_expired: { fatal: true, retry: false },
  session_invalid: { fatal: true, retry: false },
  wallet_unavailable: { fatal: false, retry: false },
  wallet_rejected: { fatal: false, retry: false },
  player_blocked: { fatal: true, retry: false },
  round_in_progress: { fatal: false, retry: true },
  forbidden: { fatal: true, retry: false },
};

export function messageFor(failure: Failure): PlayerMessage {
  if (failure.kind === 'network') {
    return { title: t('error.network.title'), text: t('error.network.text'), fatal: false, retry: true };
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
