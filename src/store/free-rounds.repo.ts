// Free-round campaigns and grants. Playing a grant's round is not here: it is part of the round's
// own statement (ledger.repo.ts, functions/rf_claim_free_round.sql).
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, FreeRoundCampaignsTable, FreeRoundGrantsTable } from './schema.ts';

export type FreeRoundCampaignRow = Selectable<FreeRoundCampaignsTable>;
export type FreeRoundGrantRow = Selectable<FreeRoundGrantsTable>;

export type NewCampaign = Omit<FreeRoundCampaignRow, 'status' | 'created_at' | 'cancelled_at'>;

export function freeRoundsRepo(db: Kysely<Database>) {
  async function addGrants(
    executor: Kysely<Database>,
    campaign: FreeRoundCampaignRow,
    players: readonly string[],
    newId: () => string,
  ): Promise<number> {
    if (players.length === 0) return 0;
    const added = await executor
      .insertInto('free_round_grants')
      .values(
        players.map((player) => ({
          id: newId(),
          campaign_id: campaign.id,
          operator_id: campaign.operator_id,
          player_id: player,
          rounds_total: campaign.rounds,
        })),
      )
      .onConflict((oc) => oc.columns(['campaign_id', 'player_id']).doNothing())
      .returning('id')
      .execute();
    return added.length;
  }

  return {
    /**
     * Creates the campaign and its first grants, or finds the one the operator created before
     * with this campaign_id (created: false; the caller compares the terms).
     */
    async create(
      campaign: NewCampaign,
      players: readonly string[],
      newGrantId: () => string,
    ): Promise<{ row: FreeRoundCampaignRow; created: boolean }> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('free_round_campaigns')
          .values(campaign)
          .onConflict((oc) => oc.columns(['operator_id', 'campaign_id']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (inserted) {
          await addGrants(trx, inserted, players, newGrantId);
          return { row: inserted, created: true };
        }
        const existing = await trx
          .selectFrom('free_round_campaigns')
          .selectAll()
          .where('operator_id', '=', campaign.operator_id)
          .where('campaign_id', '=', campaign.campaign_id)
          .executeTakeFirstOrThrow();
        return { row: existing, created: false };
      });
    },

    /** Grants for players not yet in the campaign; answers how many were new. */
    addPlayers(campaign: FreeRoundCampaignRow, players: readonly string[], newGrantId: () => string) {
      return addGrants(db, campaign, players, newGrantId);
    },

    async find(operatorId: string, campaignId: string): Promise<FreeRoundCampaignRow | undefined> {
      return db
        .selectFrom('free_round_campaigns')
        .selectAll()
        .where('operator_id', '=', operatorId)
        .where('campaign_id', '=', campaignId)
        .executeTakeFirst();
    },

    async findById(id: string): Promise<FreeRoundCampaignRow | undefined> {
      return db.selectFrom('free_round_campaigns').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listByOperator(operatorId: string, limit: number): Promise<FreeRoundCampaignRow[]> {
      return db
        .selectFrom('free_round_campaigns')
        .selectAll()
        .where('operator_id', '=', operatorId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** How many players a campaign has and how many of their rounds were played. */
    async counts(campaignId: string): Promise<{ players: number; rounds_played: number }> {
      const row = await db
        .selectFrom('free_round_grants')
        .select([
          sql<number>`count(*)::int`.as('players'),
          sql<number>`coalesce(sum(rounds_played), 0)::int`.as('rounds_played'),
        ])
        .where('campaign_id', '=', campaignId)
        .executeTakeFirstOrThrow();
      return row;
    },

    /**
     * Cancels the campaign: grants with rounds left are cancelled (their unplayed rounds void); a
     * round already under way is untouched and finishes. Answers the campaign as it now stands.
     */
    async cancel(id: string, now: Date): Promise<FreeRoundCampaignRow> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('free_round_campaigns')
          .set({ status: 'cancelled', cancelled_at: sql`coalesce(cancelled_at, ${now})` })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('free_round_grants')
          .set({ status: 'cancelled', finished_at: now })
          .where('campaign_id', '=', id)
          .where('status', '=', 'active')
          .execute();
        return row;
      });
    },

    /** A player's grants with their campaigns, newest first. */
    async grantsOf(
      operatorId: string,
      playerId: string,
    ): Promise<Array<{ grant: FreeRoundGrantRow; campaign: FreeRoundCampaignRow }>> {
      const grants = await db
        .selectFrom('free_round_grants')
        .selectAll()
        .where('operator_id', '=', operatorId)
        .where('player_id', '=', playerId)
        .orderBy('created_at', 'desc')
        .limit(500)
        .execute();
      if (grants.length === 0) return [];
      const campaigns = await db
        .selectFrom('free_round_campaigns')
        .selectAll()
        .where('id', 'in', [...new Set(grants.map((grant) => grant.campaign_id))])
        .execute();
      const byId = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
      return grants.flatMap((grant) => {
        const campaign = byId.get(grant.campaign_id);
        return campaign ? [{ grant, campaign }] : [];
      });
    },

    async grant(
      id: string,
    ): Promise<{ grant: FreeRoundGrantRow; campaign: FreeRoundCampaignRow } | undefined> {
      const grant = await db
        .selectFrom('free_round_grants')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!grant) return undefined;
      const campaign = await db
        .selectFrom('free_round_campaigns')
        .selectAll()
        .where('id', '=', grant.campaign_id)
        .executeTakeFirstOrThrow();
      return { grant, campaign };
    },

    /** Grants of one campaign, for its read (at most `limit`). */
    async grantsOfCampaign(campaignId: string, limit: number): Promise<FreeRoundGrantRow[]> {
      return db
        .selectFrom('free_round_grants')
        .selectAll()
        .where('campaign_id', '=', campaignId)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },
  };
}

export type FreeRoundsRepo = ReturnType<typeof freeRoundsRepo>;
