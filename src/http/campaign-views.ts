// Tournaments and prize drops (issue 29) as the Admin API and the provider API answer them: one
// campaign's terms, its standings. Staff see every field; operators see a campaign without the staff
// who made it and without the other operators of a network (services/campaigns.ts, CampaignView).
import { type TSchema, Type } from 'typebox';
import type { CampaignView } from '../services/campaigns.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const time = (description?: string) => Type.String({ format: 'date-time', description });

const Prize = Type.Object(
  {
    kind: Type.String({
      description: 'cash, free_rounds or pool_share (places); cash, bet_multiple or free_rounds (drops).',
    }),
  },
  {
    additionalProperties: true,
    description:
      'cash: amount; free_rounds: free_rounds {game, rounds, coin, bet_level}; pool_share: share_percent of pool_amount; bet_multiple: multiplier × the winning bet, the bet counted up to bet_cap. Amounts are decimal strings in the campaign currency.',
  },
);

/** The fields staff and operators both read. */
export const campaignTerms = {
  campaign_id: Type.String(),
  kind: Type.Union([Type.Literal('tournament'), Type.Literal('drop')]),
  name: Type.String(),
  scope: Type.Union([Type.Literal('operator'), Type.Literal('network')]),
  owner_operator_id: Nullable(Type.String({ description: 'The operator of an operator campaign.' })),
  currency: Type.String({ description: "The campaign's currency: its amounts, and scores of total_bet." }),
  games: Type.Array(Type.String()),
  starts_at: time(),
  ends_at: time(),
  min_bet: Type.String({ description: 'The least bet that qualifies, in the campaign currency.' }),
  scoring: Nullable(
    Type.Union(
      ['max_multiplier', 'best_n_ratio', 'total_bet', 'qualifying_rounds'].map((s) => Type.Literal(s)),
      {
        description:
          'Tournaments: max_multiplier (highest single win ÷ bet), best_n_ratio (total win ÷ total bet over the best best_n rounds), total_bet, qualifying_rounds. Equal scores: the earlier one places first.',
      },
    ),
  ),
  best_n: Nullable(Type.Integer()),
  opt_in_required: Type.Boolean({
    description: 'Players opt in before their rounds score (a market may require it whatever this says).',
  }),
  places: Nullable(
    Type.Array(Type.Object({ from: Type.Integer(), to: Type.Integer(), prize: Prize }), {
      description: "A tournament's prize table by place.",
    }),
  ),
  drops: Nullable(
    Type.Array(Type.Object({ count: Type.Integer(), prize: Prize }), { description: "A drop's prizes." }),
  ),
  pool_amount: Nullable(Type.String({ description: 'What the pool_share places share.' })),
  budget: Type.String({ description: 'The most the campaign pays in cash, in its currency.' }),
  status: Type.Union(
    ['pending', 'scheduled', 'running', 'ended', 'frozen', 'cancelled'].map((s) => Type.Literal(s)),
    {
      description:
        'pending: waits for a second admin; scheduled: approved, not started; running; ended: final standings being frozen; frozen: final, prizes awarded; cancelled.',
    },
  ),
  drop_commit: Nullable(
    Type.String({ description: 'SHA-256 of the drop schedule, committed before the campaign starts.' }),
  ),
  drop_salt: Nullable(
    Type.String({ description: 'Revealed once the campaign has ended: the schedule can be hashed again.' }),
  ),
  drop_points: Nullable(
    Type.Array(
      Type.Object({
        seq: Type.Integer(),
        at: Type.String({ format: 'date-time' }),
        prize: Type.Record(Type.String(), Type.Unknown()),
      }),
      {
        description:
          'Added in 1.5.0. A drop\'s schedule, published with drop_salt once it has ended: sha256("reelforge-drop-schedule:v1|<campaign_id>|<salt>\\n" + one line per point "<seq>|<at>|<prize as JSON, keys sorted>") is drop_commit.',
      },
    ),
  ),
  rates: Type.Array(
    Type.Object(
      { currency: Type.String(), rate: Type.String() },
      {
        description: '1 unit of currency = rate units of the campaign currency.',
      },
    ),
  ),
  created_at: time(),
};

export const AdminCampaign = Type.Object(
  {
    ...campaignTerms,
    operators: Type.Array(
      Type.Object({
        operator_id: Type.String(),
        joined_at: Nullable(time('When the operator opted in (null: invited, not yet in).')),
      }),
    ),
    created_by: Type.String({ description: 'staff:<e-mail>, or token.' }),
    approved_by: Nullable(Type.String()),
  },
  { $id: 'AdminCampaign' },
);

export const OperatorCampaign = Type.Object({
  ...campaignTerms,
  opted_in: Type.Boolean({
    description:
      'The operator runs the campaign for its players (its own campaign, or a network one it joined).',
  }),
  joined_at: Nullable(time('When the operator opted in to a network campaign.')),
});

/** A campaign as an operator reads it: no staff names, no other operators of a network. */
export function operatorCampaign(campaign: CampaignView, operatorId: string) {
  const { operators, created_by: _by, approved_by: _approved, ...terms } = campaign;
  const own = operators.find((member) => member.operator_id === operatorId);
  return {
    ...terms,
    opted_in: campaign.owner_operator_id === operatorId || (own?.joined_at ?? null) !== null,
    joined_at: own?.joined_at ?? null,
  };
}

export const Standing = Type.Object({
  place: Type.Integer(),
  player: Type.String({ description: "What everyone may read: the player's masked name." }),
  player_id: Type.Optional(
    Type.String({ description: "The reader's own players only (staff: every player)." }),
  ),
  operator_id: Type.Optional(
    Type.String({ description: "The reader's own players only (staff: every player)." }),
  ),
  score: Type.Number(),
  score_text: Type.String({ description: 'The score as the game shows it, e.g. "152.40x".' }),
  rounds: Type.Integer({ description: 'Qualifying rounds that scored.' }),
  score_at: time('When the score was reached: the earlier of two equal scores places first.'),
});

export const Standings = Type.Object({
  campaign_id: Type.String(),
  status: campaignTerms.status,
  final: Type.Boolean({ description: 'The final standings, frozen: they never change again.' }),
  players: Type.Integer({ description: 'Players with a score.' }),
  top: Type.Array(Standing),
  updated_at: time(),
});

export const CampaignIdParams = Type.Object({ campaign_id: Type.String({ maxLength: 64 }) });

export const OperatorCampaignResponse = Type.Object({ success: Type.Boolean(), data: OperatorCampaign });
