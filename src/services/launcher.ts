// Launching a game session for an operator's player: the request checked field by field, the game
// in the operator's allowlist, the session created or refreshed (new token, old one revoked,
// feature state kept), and the launch URL that carries the token.
import type { Config } from '../config.ts';
import { type CatalogScope, inScope } from '../domain/catalog.ts';
import { sessionToken } from '../domain/clusters.ts';
import { errors } from '../domain/errors.ts';
import { newId, randomBase62, sha256 } from '../domain/ids.ts';
import { sessionLanguage } from '../domain/languages.ts';
import {
  checkCoin,
  checkDefaultBet,
  checkLaunchRequest,
  type LaunchRequest,
  launchUrl,
  resolveLaunchGame,
} from '../domain/launch.ts';
import { betLadder, coinValuesFor, findGameInfo, getGame } from '../games/index.ts';
import {
  checkSessionTerms,
  effectiveRules,
  profileOf,
  realityCheckInterval,
} from '../jurisdictions/index.ts';
import { parseAmount } from '../money.ts';
import type { OperatorRow } from '../store/operators.repo.ts';
import type { SessionsRepo } from '../store/sessions.repo.ts';
import type { PlacementService } from './placement.ts';

export interface Launched {
  symbol: string;
  slug: string;
  operator_id: string;
  currency: string;
  session_id: string;
  launch_url: string;
  expires_at: string;
  play_mode: 'real' | 'demo';
  /** The jurisdiction profile the session plays under (additive). */
  jurisdiction: string;
}

export interface LaunchService {
  /** Throws an ApiError naming the field for a request that cannot be launched. */
  launch(operator: OperatorRow | null, scope: CatalogScope, body: LaunchRequest): Promise<Launched>;
}

export function createLaunchService(deps: {
  sessions: SessionsRepo;
  /** Read at each launch: GAME_BASE_URL may be known only once the node listens (port 0). */
  config: Pick<Config, 'gameBaseUrl' | 'gameBaseUrlProblem' | 'sessionTtlSeconds'>;
  now(): Date;
  /**
   * The cluster these services play on and where operators play (DATABASE_CLUSTERS): the token
   * names the cluster, and an operator placed elsewhere or being moved is refused.
   */
  cluster?: { id: string; placement: PlacementService };
}): LaunchService {
  return {
    async launch(operator, scope, body) {
      const { gameBaseUrl, gameBaseUrlProblem, sessionTtlSeconds } = deps.config;
      if (gameBaseUrlProblem !== undefined || gameBaseUrl === undefined) {
        throw errors.serverMisconfigured(gameBaseUrlProblem ?? 'GAME_BASE_URL is missing');
      }
      if (!operator) throw errors.invalidRequest('operator_id is required with a master key');
      const checked = checkLaunchRequest(body);
      if (!checked.ok) throw checked.error;
      const input = checked.input;
      const resolved = resolveLaunchGame(input.gameKey, findGameInfo);
      if (!resolved.ok) throw resolved.error;
      const { game } = resolved;
      if (!inScope(game, scope))
        throw errors.forbidden(`game ${game.symbol} is not enabled for this operator`);

      if (input.playMode === 'demo' && !operator.demo_enabled) {
        throw errors.forbidden('demo play is turned off for this operator');
      }

      const currency = input.currency ?? operator.currency ?? 'USD';
      const coin = checkCoin(input.coinText, currency, coinValuesFor(game, currency));
      if (!coin.ok) throw coin.error;
      const playable = input.defaultBetText === undefined ? undefined : getGame(game.symbol);
      const defaultBet = checkDefaultBet(
        input.defaultBetText,
        currency,
        playable ? betLadder(playable, currency) : { coinValues: [], betLevels: [], lineCost: 1 },
      );
      if (!defaultBet.ok) throw defaultBet.error;

      const { terms } = input;
      // The launch's market, else the operator's default (a code since removed plays as default).
      const profile = profileOf(terms.jurisdiction || operator.default_jurisdiction);
      const rules = effectiveRules(profile);
      let lossLimit: bigint | null = null;
      if (terms.lossLimitText !== null) {
        const parsed = parseAmount(terms.lossLimitText, currency);
        if (!parsed.ok || parsed.minor <= 0n) {
          throw errors.invalidRequest(
            `session_loss_limit ${terms.lossLimitText} is not a positive ${currency} amount`,
          );
        }
        lossLimit = parsed.minor;
      }
      const problem = checkSessionTerms(rules, profile.code, currency, {
        ageBand: terms.ageBand,
        realityCheckSeconds: terms.realityCheckInterval,
        timeLimitSeconds: terms.timeLimitSeconds,
        lossLimit,
      });
      if (problem) throw errors.invalidRequest(problem.detail);
      const interval = realityCheckInterval(rules, terms.realityCheckInterval);

      const now = deps.now();
      const cluster = deps.cluster;
      if (cluster) {
        const placed = await cluster.placement.of(operator.id);
        // Another cluster's operator reaches here only from a map this node read before a move's flip.
        if (placed.readOnly || placed.cluster !== cluster.id) throw errors.operatorMoving();
      }
      const token = cluster
        ? sessionToken(cluster.id, cluster.placement.control, randomBase62(24))
        : `ses_${randomBase62(24)}`;
      const expiresAt = new Date(now.getTime() + sessionTtlSeconds * 1000);
      await deps.sessions.launch({
        id: newId('gs'),
        operator_id: operator.id,
        player_id: input.playerId,
        game_symbol: game.symbol,
        currency,
        token_hash: sha256(token),
        device: input.device,
        return_url: input.returnUrl ?? null,
        coin: coin.coin,
        default_bet: defaultBet.total,
        expires_at: expiresAt,
        play_mode: input.playMode,
        jurisdiction_code: profile.code,
        jurisdiction_version: profile.version,
        player_age_band: terms.ageBand,
        reality_check_interval: interval,
        reality_check_at: interval === null ? null : new Date(now.getTime() + interval * 1000),
        time_limit_seconds: terms.timeLimitSeconds,
        loss_limit: lossLimit,
        history_url: terms.historyUrl,
        session_started_at: now,
      });
      return {
        symbol: game.symbol,
        slug: game.slug,
        operator_id: operator.id,
        currency,
        session_id: token,
        launch_url: launchUrl(
          gameBaseUrl,
          game.symbol,
          token,
          input.device,
          sessionLanguage(input.language, operator.language),
        ),
        expires_at: expiresAt.toISOString(),
        play_mode: input.playMode,
        jurisdiction: profile.code,
      };
    },
  };
}
