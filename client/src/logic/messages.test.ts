// What a player reads when the game cannot load: only the session and its balance query have run,
// so no message at load may speak of a bet being refused or taken (a wallet that did not know the
// player made the game say "Bet refused" before any bet).
import { describe, expect, it } from 'vitest';
import { type Failure, loadMessageFor, messageFor } from './messages.ts';

/** Every failure GET session can answer with (docs/runtime-api.md), and a dropped connection. */
const AT_LOAD: Failure[] = [
  ...[
    [502, 'wallet_rejected'],
    [503, 'wallet_unavailable'],
    [401, 'session_expired'],
    [401, 'session_invalid'],
    [403, 'player_blocked'],
    [403, 'forbidden'],
    [409, 'session_ended'],
    [503, 'service_unavailable'],
    [500, 'internal'],
  ].map(([status, code]) => ({
    kind: 'api' as const,
    status: status as number,
    code: code as string,
    detail: '',
  })),
  { kind: 'network' },
];

describe('messages while the game loads', () => {
  it.each(AT_LOAD.map((failure) => [failure.kind === 'api' ? failure.code : 'network', failure] as const))(
    '%s speaks of no bet',
    (_name, failure) => {
      const message = loadMessageFor(failure);
      expect(message.title).not.toMatch(/bet|stake/i);
      expect(message.text).not.toMatch(/refused this bet|confirm your bet|amount taken/i);
    },
  );

  it('a wallet that cannot give the balance says the balance is unavailable, plainly', () => {
    const unknownPlayer: Failure = { kind: 'api', status: 502, code: 'wallet_rejected', detail: '' };
    expect(loadMessageFor(unknownPlayer)).toMatchObject({ title: 'Balance unavailable', fatal: true });
    expect(loadMessageFor(unknownPlayer).text).toMatch(/No bet was placed/);
    // During play the same code is about the bet just refused.
    expect(messageFor(unknownPlayer).title).toBe('Bet refused');
  });
});
