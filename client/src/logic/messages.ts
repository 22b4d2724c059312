// What the player is told when a call fails, by the runtime API's error code.

export type Failure = { kind: 'api'; status: number; code: string; detail: string } | { kind: 'network' };

export interface PlayerMessage {
  title: string;
  text: string;
  /** The session cannot go on: play stops, only the lobby (if any) is left. */
  fatal: boolean;
  /** The same request may be sent again (same client_round_id). */
  retry: boolean;
}

export function messageFor(failure: Failure): PlayerMessage {
  if (failure.kind === 'network') {
    return {
      title: 'Connection lost',
      text: 'We could not reach the game server. Your spin is kept: retry when you are back online.',
      fatal: false,
      retry: true,
    };
  }
  switch (failure.code) {
    case 'insufficient_funds':
      return {
        title: 'Insufficient funds',
        text: 'Your balance is too low for this bet. Lower the bet or add funds at the casino.',
        fatal: false,
        retry: false,
      };
    case 'session_expired':
      return {
        title: 'Session expired',
        text: 'This game session has expired. Open the game again from the casino lobby.',
        fatal: true,
        retry: false,
      };
    case 'session_invalid':
      return {
        title: 'Session ended',
        text: 'This game was opened again elsewhere or the link is no longer valid. Open it again from the lobby.',
        fatal: true,
        retry: false,
      };
    case 'wallet_unavailable':
      return {
        title: 'Wallet not answering',
        text: 'The casino wallet did not confirm your bet, so it was not played. Any amount taken is being returned to your balance. Please try again in a moment.',
        fatal: false,
        retry: false,
      };
    case 'wallet_rejected':
      return {
        title: 'Bet refused',
        text: 'The casino wallet refused this bet. Contact the casino if this keeps happening.',
        fatal: false,
        retry: false,
      };
    case 'player_blocked':
      return {
        title: 'Play paused',
        text: 'A payment of yours in this game is being checked by staff. Play resumes once it is settled.',
        fatal: true,
        retry: false,
      };
    case 'round_in_progress':
      return {
        title: 'Spin in progress',
        text: 'Your previous spin is still being processed.',
        fatal: false,
        retry: true,
      };
    case 'forbidden':
      return {
        title: 'Game unavailable',
        text: 'This game is no longer available at this casino.',
        fatal: true,
        retry: false,
      };
    default:
      if (failure.status >= 500)
        return {
          title: 'Server problem',
          text: 'The game server had a problem. Your spin is kept: try again.',
          fatal: false,
          retry: true,
        };
      return {
        title: 'Something went wrong',
        text: failure.detail || failure.code,
        fatal: false,
        retry: false,
      };
  }
}
