// TypeBox schemas of a campaign as the launched game reads it (issue 29): GET campaigns and the
// opt-in's answer. Checked against the service's views at type-check time.
import { type Static, Type } from 'typebox';
import type { PrizeView, SessionCampaignView } from '../../services/campaigns.ts';

const Prize = Type.Record(Type.String(), Type.Unknown());

export const CampaignSchema = Type.Object({
  campaign_id: Type.String(),
  kind: Type.Union([Type.Literal('tournament'), Type.Literal('drop')]),
  name: Type.String(),
  scope: Type.Union([Type.Literal('operator'), Type.Literal('network')]),
  owner_operator_id: Type.Union([Type.String(), Type.Null()]),
  currency: Type.String(),
  games: Type.Array(Type.String()),
  starts_at: Type.String({ format: 'date-time' }),
  ends_at: Type.String({ format: 'date-time' }),
  min_bet: Type.String(),
  scoring: Type.Union([
    Type.Literal('max_multiplier'),
    Type.Literal('best_n_ratio'),
    Type.Literal('total_bet'),
    Type.Literal('qualifying_rounds'),
    Type.Null(),
  ]),
  best_n: Type.Union([Type.Integer(), Type.Null()]),
  opt_in_required: Type.Boolean(),
  places: Type.Union([
    Type.Array(Type.Object({ from: Type.Integer(), to: Type.Integer(), prize: Prize })),
    Type.Null(),
  ]),
  drops: Type.Union([Type.Array(Type.Object({ count: Type.Integer(), prize: Prize })), Type.Null()]),
  pool_amount: Type.Union([Type.String(), Type.Null()]),
  budget: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('scheduled'),
    Type.Literal('running'),
    Type.Literal('ended'),
    Type.Literal('frozen'),
    Type.Literal('cancelled'),
  ]),
  drop_commit: Type.Union([Type.String(), Type.Null()]),
  drop_salt: Type.Union([Type.String(), Type.Null()]),
  drop_points: Type.Union([
    Type.Array(
      Type.Object({
        seq: Type.Integer(),
        at: Type.String({ format: 'date-time' }),
        prize: Type.Record(Type.String(), Type.Unknown()),
      }),
    ),
    Type.Null(),
  ]),
  rates: Type.Array(Type.Object({ currency: Type.String(), rate: Type.String() })),
  created_at: Type.String({ format: 'date-time' }),
});

export const StandingSchema = Type.Object({
  place: Type.Integer(),
  player: Type.String(),
  player_id: Type.Optional(Type.String()),
  operator_id: Type.Optional(Type.String()),
  score: Type.Number(),
  score_text: Type.String(),
  rounds: Type.Integer(),
  score_at: Type.String({ format: 'date-time' }),
});

export const StandingsSchema = Type.Object({
  campaign_id: Type.String(),
  status: CampaignSchema.properties.status,
  final: Type.Boolean(),
  players: Type.Integer(),
  top: Type.Array(StandingSchema),
  updated_at: Type.String({ format: 'date-time' }),
});

export const PrizeSchema = Type.Object({
  prize_id: Type.String(),
  campaign_id: Type.String(),
  campaign_type: Type.Union([Type.Literal('tournament'), Type.Literal('drop')]),
  source: Type.Union([Type.Literal('place'), Type.Literal('drop')]),
  place: Type.Union([Type.Integer(), Type.Null()]),
  player_id: Type.String(),
  operator_id: Type.String(),
  kind: Type.Union([Type.Literal('cash'), Type.Literal('free_rounds')]),
  amount: Type.String(),
  currency: Type.String(),
  free_rounds: Type.Union([Prize, Type.Null()]),
  free_round_grant_id: Type.Union([Type.String(), Type.Null()]),
  transaction_id: Type.String(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('acknowledged'),
    Type.Literal('failed'),
    Type.Literal('resolved'),
  ]),
  created_at: Type.String({ format: 'date-time' }),
  paid_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const SessionCampaignSchema = Type.Object({
  campaign: CampaignSchema,
  entered: Type.Boolean(),
  can_enter: Type.Boolean(),
  standings: Type.Union([StandingsSchema, Type.Null()]),
  me: Type.Union([StandingSchema, Type.Null()]),
  prizes: Type.Array(PrizeSchema),
});

/** The schema and the service's view have the same fields: one added to either fails type-checking. */
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
const viewsAgree: SameKeys<Static<typeof SessionCampaignSchema>, SessionCampaignView> = true;
const prizesAgree: SameKeys<Static<typeof PrizeSchema>, PrizeView> = true;
void viewsAgree;
void prizesAgree;
