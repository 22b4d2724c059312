// The certified figures of games that feed jackpots (issue 28; rules: domain/jackpot-figures.ts): for
// staff, a pool's figures for each game that feeds it (Admin API, CLI); for a session's rules
// screen, the split between the game's own RTP and the pools' it feeds.
import { variantFor } from '../domain/catalog.ts';
import { errors, type Outcome } from '../domain/errors.ts';
import {
  type FedPoolParams,
  JACKPOT_RTP_NOTE,
  type JackpotFigures,
  jackpotFigures,
  ladderStakes,
} from '../domain/jackpot-figures.ts';
import { conversionOf, SAME_CURRENCY, type TierParams } from '../domain/jackpots.ts';
import { type BetLadder, betLadder, describeGame, getGame } from '../games/index.ts';
import type { JackpotFiguresRepo } from '../store/jackpot-figures.repo.ts';
import type { FedPool } from '../store/jackpots.repo.ts';

/** One game that feeds a pool, under the RTP variant its operator plays. */
export interface GameFigures {
  operator_id: string;
  game_symbol: string;
  variant: string;
  /** How the base RTP was certified; `target` while the variant is not certified (a design figure). */
  base_rtp_method: 'exact' | 'simulated' | 'target';
  figures: JackpotFigures;
}

export interface PoolFigures {
  pool_id: string;
  name: string;
  /** The stakes and frequencies are given in the pool's currency. */
  currency: string;
  status: 'active' | 'closed';
  note: string;
  games: GameFigures[];
}

/** What a session's rules screen shows: null when its game feeds no pool in its currency. */
export type SessionJackpotFigures = ({ eligible: boolean } & JackpotFigures) | null;

const tierParamsOf = (tier: FedPool['tiers'][number]): TierParams => ({
  name: tier.name,
  kind: tier.kind,
  seed: tier.seed,
  contributionPpm: tier.contribution_ppm,
  reservePpm: tier.reserve_ppm,
  ceiling: tier.ceiling,
  oddsStake: tier.odds_stake,
  deadlineMinute: tier.deadline_minute,
});

export function createJackpotFiguresService(deps: {
  repo: JackpotFiguresRepo;
  /** The pools a game of an operator feeds in a currency (the spin path's cached view). */
  poolsFor?: (operatorId: string, gameSymbol: string, currency: string) => Promise<FedPool[]>;
}) {
  return {
    /** A pool's figures for every game that feeds it, stakes in the pool's currency; 404 for an unknown pool. */
    async ofPool(poolId: string): Promise<Outcome<PoolFigures>> {
      const pool = await deps.repo.pool(poolId);
      if (!pool) return { ok: false, error: errors.notFound(`jackpot pool ${poolId}: no such pool`) };
      const games: GameFigures[] = [];
      for (const member of pool.members) {
        const game = getGame(member.game_symbol);
        if (!game) continue;
        const variant = variantFor(game, {
          kind: 'operator',
          operatorId: member.operator_id,
          allowlist: new Set(),
          rtpVariant: member.rtp_variant,
        });
        const described = describeGame(game, variant);
        games.push({
          operator_id: member.operator_id,
          game_symbol: member.game_symbol,
          variant: described.variant,
          base_rtp_method: described.rtpMethod,
          figures: jackpotFigures({
            baseRtp: described.rtp,
            pools: [{ id: pool.id, tiers: pool.tiers }],
            stakes: ladderStakes(betLadder(game, pool.currency)),
            currency: pool.currency,
          }),
        });
      }
      return {
        ok: true,
        value: {
          pool_id: pool.id,
          name: pool.name,
          currency: pool.currency,
          status: pool.status,
          note: JACKPOT_RTP_NOTE,
          games,
        },
      };
    },

    /**
     * A session's split: the game's own RTP (`baseRtp`, as its rules show it), the pools' and the
     * total, tiers at each stake of its ladder in its currency. An ineligible session (demo, or a
     * market without jackpots) neither feeds nor wins them: its RTP stays the game's own.
     */
    async forSession(session: {
      operatorId: string;
      gameSymbol: string;
      currency: string;
      eligible: boolean;
      baseRtp: string;
      ladder: Pick<BetLadder, 'coinValues' | 'betLevels' | 'lineCost'>;
    }): Promise<SessionJackpotFigures> {
      const fed = deps.poolsFor
        ? await deps.poolsFor(session.operatorId, session.gameSymbol, session.currency)
        : [];
      if (fed.length === 0) return null;
      const pools: FedPoolParams[] = session.eligible
        ? fed.map((pool) => {
            const rate = pool.rates.get(session.currency);
            return {
              id: pool.pool.id,
              tiers: pool.tiers.map(tierParamsOf),
              conversion:
                session.currency === pool.pool.currency || rate === undefined
                  ? SAME_CURRENCY
                  : conversionOf(rate, session.currency, pool.pool.currency),
            };
          })
        : [];
      return {
        eligible: session.eligible,
        ...jackpotFigures({
          baseRtp: session.baseRtp,
          pools,
          stakes: ladderStakes(session.ladder),
          currency: session.currency,
        }),
      };
    },
  };
}

export type JackpotFiguresService = ReturnType<typeof createJackpotFiguresService>;
