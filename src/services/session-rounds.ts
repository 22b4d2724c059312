// A session's own rounds as the player reads them back: its history and one round by id. Read from
// a streaming replica when one is configured and the rule of src/store/replica.ts allows it: the
// history only once the replica has replayed past the session's last round, a round by id only when
// the replica has it settled; anything else from the primary.
import { RECENT, type ReadRouter, readRouter, replicaAnswerStands, upTo } from '../store/replica.ts';
import type { RoundRow, RoundsRepo } from '../store/rounds.repo.ts';
import type { RuntimeSession } from './sessions.ts';

export interface SessionRounds {
  /** The session's rounds, newest first, before the round `beforeId` when given. */
  history(session: RuntimeSession, limit: number, beforeId?: string): Promise<RoundRow[]>;
  /** One round of this session (never another session's), or undefined. */
  roundOf(session: RuntimeSession, roundId: string): Promise<RoundRow | undefined>;
}

/** Money rounds and demo rounds (demo_rounds), on the primary or a replica. */
export interface SessionRoundReads {
  rounds: RoundsRepo;
  demoRounds: RoundsRepo;
}

export function createSessionRounds(
  deps: SessionRoundReads & { reads?: ReadRouter<SessionRoundReads> },
): SessionRounds {
  const reads = deps.reads ?? readRouter<SessionRoundReads>(deps);
  const tableOf = (session: RuntimeSession, repos: SessionRoundReads) =>
    session.row.play_mode === 'demo' ? repos.demoRounds : repos.rounds;
  return {
    history: (session, limit, beforeId) =>
      reads.read(
        // Every round up to the session's last one: a player reads back the spin just made.
        upTo(session.row.last_round_at),
        (repos) => tableOf(session, repos).history(session.row.id, limit, beforeId),
        (rows) => replicaAnswerStands({ rounds: rows }, false),
      ),
    async roundOf(session, roundId) {
      const [row] = await reads.read(
        RECENT,
        async (repos) => {
          const row = await tableOf(session, repos).find(roundId);
          // Only this session's rounds: same operator, player, game and currency (one session row each).
          return row && row.session_id === session.row.id ? [row] : [];
        },
        (rows) => replicaAnswerStands({ rounds: rows }, true),
      );
      return row;
    },
  };
}
