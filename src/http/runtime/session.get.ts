// GET /api/runtime/v1/session: the game, its bet ladder, the balance and the feature state.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { jurisdictionView } from '../../domain/jurisdiction.ts';
import { costMultiplier, featureView, roundView } from '../../domain/rounds.ts';
import { betStake, describeGame } from '../../games/index.ts';
import { formatAmount } from '../../money.ts';
import type { Services } from '../../services/index.ts';
import { jackpotEligible } from '../../services/jackpots.ts';
import { SessionJackpotSchema } from '../jackpot-figures-schemas.ts';
import { runtimeSession } from './auth.ts';
import {
  FeatureState,
  FreeRoundOffer,
  FreeRoundState,
  Round,
  runtimeErrors,
  SessionJurisdiction,
} from './schemas.ts';

const Mode = Type.Union([
  Type.Null(),
  Type.Object({ cost_multiplier: Type.String(), cost_coins: Type.Integer() }),
]);

export function registerSessionGet(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/runtime/v1/session',
    {
      schema: {
        summary: 'The session: game, bet ladder, balance and feature state',
        tags: ['runtime'],
        hide: true, // documented in docs/runtime-api.md; outside the operator contract
        response: {
          200: Type.Object({
            session: Type.Object({
              expires_at: Type.String({ format: 'date-time' }),
              device: Type.String(),
              currency: Type.String(),
              player_id: Type.String(),
              return_url: Type.Optional(Type.String()),
              play_mode: Type.Union([Type.Literal('real'), Type.Literal('demo')]),
            }),
            game: Type.Object({
              symbol: Type.String(),
              slug: Type.String(),
              title: Type.String(),
              family: Type.String(),
              features: Type.Ref('FeatureFlags'),
              rtp: Type.String(),
              rules: Type.Unknown(),
            }),
            bet: Type.Object({
              coin_values: Type.Array(Type.String()),
              bet_levels: Type.Array(Type.Integer()),
              default_coin: Type.String(),
              default_bet_level: Type.Integer(),
              default_total: Type.Union([Type.String(), Type.Null()]),
              line_cost: Type.Integer(),
              modes: Type.Object({ base: Mode, special: Mode, buy: Mode }),
            }),
            balance: Type.String(),
            state: FeatureState,
            last_round: Type.Union([Round, Type.Null()]),
            free_rounds: Type.Array(FreeRoundOffer),
            free_round: FreeRoundState,
            jurisdiction: SessionJurisdiction,
            // Added with jackpots (issue 28): the rules screen's RTP split; null when the game feeds no pool.
            jackpot: Type.Optional(SessionJackpotSchema),
          }),
          ...runtimeErrors(502, 503),
        },
      },
    },
    async (request) => {
      const session = await runtimeSession(services, request);
      const { row, game, ladder, variant } = session;
      const featureGrant = session.state.freeSpinsLeft > 0 ? session.row.feature_grant_id : null;
      const rules = describeGame(game, variant);
      const [expiresAt, balance, last, offers, freeRound, jackpot] = await Promise.all([
        services.sessions.slide(session, services.config.sessionTtlSeconds),
        services.rounds.balanceOf(session),
        services.rounds.history(session, 1),
        services.freeRounds.offersFor(session),
        featureGrant ? services.freeRounds.offerOf(featureGrant, session) : null,
        services.jackpotFigures.forSession({
          operatorId: row.operator_id,
          gameSymbol: row.game_symbol,
          currency: row.currency,
          eligible: jackpotEligible(session),
          baseRtp: rules.rtp,
          ladder,
        }),
      ]);
      const mode = (
        cost: { coins: number; ofBase: { numerator: number; denominator: number } } | undefined,
      ) => (cost ? { cost_multiplier: costMultiplier(cost.ofBase), cost_coins: cost.coins } : null);
      const format = (minor: bigint) => formatAmount(minor, row.currency);
      const defaultCoin =
        row.coin !== null && ladder.coinValues.includes(row.coin) ? row.coin : ladder.defaultCoin;
      // The operator's starting total: launch default_bet, else its coin at the default level; null: the game's own.
      const operatorTotal =
        row.default_bet ??
        (row.coin !== null && ladder.coinValues.includes(row.coin)
          ? betStake(row.coin, ladder.defaultBetLevel, ladder.lineCost)
          : null);
      return {
        session: {
          expires_at: expiresAt.toISOString(),
          device: row.device,
          currency: row.currency,
          player_id: row.player_id,
          ...(row.return_url ? { return_url: row.return_url } : {}),
          play_mode: row.play_mode,
        },
        game: {
          symbol: game.symbol,
          slug: game.slug,
          title: game.title,
          family: game.family,
          features: game.features,
          rtp: rules.rtp,
          rules,
        },
        bet: {
          coin_values: ladder.coinValues.map(format),
          bet_levels: ladder.betLevels,
          default_coin: format(defaultCoin),
          default_bet_level: ladder.defaultBetLevel,
          default_total: operatorTotal === null ? null : format(operatorTotal),
          line_cost: ladder.lineCost,
          modes: {
            base: mode(ladder.modes.base),
            special: mode(ladder.modes.special),
            buy: mode(ladder.modes.buy),
          },
        },
        balance: format(balance),
        state: featureView(session.state, row.currency),
        last_round: last[0] ? roundView(last[0]) : null,
        free_rounds: offers,
        free_round: freeRound,
        jurisdiction: jurisdictionView(session.jurisdiction, row, services.clock.now()),
        jackpot,
      };
    },
  );
}
