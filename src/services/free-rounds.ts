// Free-round campaigns for operators (create idempotently by their campaign_id, add players,
// cancel, read, a player's grants) and the offers a launched game shows its player. Playing a
// grant's round is the round use case's (rounds.ts); the grant's share is taken in the round's
// own statement.
import type { CatalogScope } from '../domain/catalog.ts';
import { errors } from '../domain/errors.ts';
import {
  type CampaignRequest,
  type CampaignView,
  campaignView,
  checkCampaignRequest,
  checkCampaignStakeCap,
  checkPlayers,
  type GrantView,
  grantEndReason,
  grantState,
  grantView,
  roundBet,
  roundsLeft,
  sameTerms,
} from '../domain/free-rounds.ts';
import { newId } from '../domain/ids.ts';
import { formatAmount } from '../money.ts';
import type { FreeRoundCampaignRow, FreeRoundGrantRow, FreeRoundsRepo } from '../store/free-rounds.repo.ts';
import type { RuntimeSession } from './sessions.ts';

/** What a launched game offers its player: a live grant for this game and currency. */
export interface FreeRoundOffer {
  grant_id: string;
  campaign_id: string;
  rounds_left: number;
  rounds_total: number;
  coin: string;
  bet_level: number;
  /** The bet of one round in this game. */
  bet: string;
  win: string;
  max_win: string | null;
  expires_at: string;
}

export interface CampaignDetails extends CampaignView {
  grants: GrantView[];
}

export interface FreeRoundService {
  /** 201 when new, 200 when the same campaign_id was created before with the same terms; 409 otherwise. */
  create(
    operatorId: string,
    scope: CatalogScope,
    body: CampaignRequest,
    /** The operator's default jurisdiction: whose stake cap the bet meets unless the body names one. */
    defaultJurisdiction?: string,
  ): Promise<{ created: boolean; campaign: CampaignView }>;
  addPlayers(
    operatorId: string,
    campaignId: string,
    players: unknown,
  ): Promise<{ added: number; campaign: CampaignView }>;
  cancel(operatorId: string, campaignId: string): Promise<CampaignView>;
  /** The campaign with its grants (404 for another operator's campaign). */
  read(operatorId: string, campaignId: string): Promise<CampaignDetails>;
  grantsOf(operatorId: string, playerId: string): Promise<GrantView[]>;
  /** Staff: an operator's campaigns, newest first. */
  listForStaff(operatorId: string, limit: number): Promise<CampaignView[]>;
  /** The player's live grants for the session's game and currency. */
  offersFor(session: RuntimeSession): Promise<FreeRoundOffer[]>;
  /** A grant of the session's player, usable in the session's game and currency, or undefined. */
  grantFor(
    session: RuntimeSession,
    grantId: string,
  ): Promise<{ grant: FreeRoundGrantRow; campaign: FreeRoundCampaignRow } | undefined>;
  /** One grant as its offer in the session's game (after a round, for the client). */
  offerOf(
    grantId: string,
    session: RuntimeSession,
  ): Promise<(FreeRoundOffer & { status: string; end_reason: string | null }) | null>;
}

export function createFreeRoundService(deps: { freeRounds: FreeRoundsRepo; now(): Date }): FreeRoundService {
  const repo = deps.freeRounds;
  const grantId = () => newId('frg');

  async function view(row: FreeRoundCampaignRow): Promise<CampaignView> {
    return campaignView(row, await repo.counts(row.id));
  }

  async function owned(operatorId: string, campaignId: string): Promise<FreeRoundCampaignRow> {
    const row = await repo.find(operatorId, campaignId);
    if (!row) throw errors.notFound(`campaign ${campaignId} not found`);
    return row;
  }

  function offer(
    session: RuntimeSession,
    grant: FreeRoundGrantRow,
    campaign: FreeRoundCampaignRow,
  ): FreeRoundOffer {
    const money = (minor: bigint) => formatAmount(minor, campaign.currency);
    return {
      grant_id: grant.id,
      campaign_id: campaign.campaign_id,
      rounds_left: roundsLeft(grant, campaign),
      rounds_total: grant.rounds_total,
      coin: money(campaign.coin),
      bet_level: campaign.bet_level,
      bet: money(roundBet(session.game, campaign)),
      win: money(grant.win),
      max_win: campaign.max_win === null ? null : money(campaign.max_win),
      expires_at: campaign.expires_at.toISOString(),
    };
  }

  /** A grant whose bet is above the session's stake cap is not offered there (the round would be refused). */
  function withinStakeCap(session: RuntimeSession, campaign: FreeRoundCampaignRow): boolean {
    const cap = session.jurisdiction.maxStake;
    return cap === null || roundBet(session.game, campaign) <= cap;
  }

  function usableIn(session: RuntimeSession, campaign: FreeRoundCampaignRow): boolean {
    return campaign.games.includes(session.game.symbol) && campaign.currency === session.row.currency;
  }

  return {
    async create(operatorId, scope, body, defaultJurisdiction = 'default') {
      const checked = checkCampaignRequest(body, scope, deps.now());
      if (!checked.ok) throw checked.error;
      const { terms, players } = checked.value;
      const aboveCap = checkCampaignStakeCap(terms, body.jurisdiction, defaultJurisdiction);
      if (aboveCap) throw aboveCap;
      const { row, created } = await repo.create(
        {
          id: newId('frc'),
          operator_id: operatorId,
          campaign_id: terms.campaignId,
          games: terms.games,
          currency: terms.currency,
          rounds: terms.rounds,
          coin: terms.coin,
          bet_level: terms.betLevel,
          valid_from: terms.validFrom,
          expires_at: terms.expiresAt,
          max_win: terms.maxWin,
        },
        players,
        grantId,
      );
      if (!created) {
        if (!sameTerms(row, terms)) {
          throw errors.conflict(`campaign ${terms.campaignId} exists with different terms`);
        }
        if (row.status === 'cancelled') throw errors.conflict(`campaign ${terms.campaignId} is cancelled`);
        await repo.addPlayers(row, players, grantId);
      }
      return { created, campaign: await view(row) };
    },

    async addPlayers(operatorId, campaignId, players) {
      const checked = checkPlayers(players);
      if (!checked.ok) throw checked.error;
      if (checked.value.length === 0) throw errors.invalidRequest('players must name at least one player');
      const row = await owned(operatorId, campaignId);
      if (row.status === 'cancelled') throw errors.conflict(`campaign ${campaignId} is cancelled`);
      if (row.expires_at.getTime() <= deps.now().getTime()) {
        throw errors.conflict(`campaign ${campaignId} has expired`);
      }
      const added = await repo.addPlayers(row, checked.value, grantId);
      return { added, campaign: await view(row) };
    },

    async cancel(operatorId, campaignId) {
      const row = await owned(operatorId, campaignId);
      return view(await repo.cancel(row.id, deps.now()));
    },

    async read(operatorId, campaignId) {
      const row = await owned(operatorId, campaignId);
      const grants = await repo.grantsOfCampaign(row.id, 1000);
      const now = deps.now();
      return { ...(await view(row)), grants: grants.map((grant) => grantView(grant, row, now)) };
    },

    async grantsOf(operatorId, playerId) {
      const now = deps.now();
      return (await repo.grantsOf(operatorId, playerId)).map(({ grant, campaign }) =>
        grantView(grant, campaign, now),
      );
    },

    async listForStaff(operatorId, limit) {
      return Promise.all((await repo.listByOperator(operatorId, limit)).map(view));
    },

    async offersFor(session) {
      if (session.row.play_mode === 'demo') return [];
      const now = deps.now();
      const grants = await repo.grantsOf(session.row.operator_id, session.row.player_id);
      return grants
        .filter(
          ({ grant, campaign }) =>
            usableIn(session, campaign) &&
            grantState(grant, campaign, now) === 'active' &&
            withinStakeCap(session, campaign),
        )
        .sort((a, b) => a.campaign.expires_at.getTime() - b.campaign.expires_at.getTime())
        .map(({ grant, campaign }) => offer(session, grant, campaign));
    },

    async grantFor(session, id) {
      const found = await repo.grant(id);
      if (!found) return undefined;
      const { grant, campaign } = found;
      if (grant.operator_id !== session.row.operator_id || grant.player_id !== session.row.player_id)
        return undefined;
      return usableIn(session, campaign) ? found : undefined;
    },

    async offerOf(id, session) {
      const found = await repo.grant(id);
      if (!found) return null;
      return {
        ...offer(session, found.grant, found.campaign),
        status: grantState(found.grant, found.campaign, deps.now()),
        end_reason: grantEndReason(found.grant, found.campaign, deps.now()),
      };
    },
  };
}
