// TypeBox schemas of the operator contract (field names, types and required lists as it states).
import { Type } from 'typebox';
import { WALLET_ACTION_TYPES } from '../domain/wallet-actions.ts';

export const ErrorResponse = Type.Object(
  {
    success: Type.Optional(Type.Boolean()),
    detail: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
    retry_after_ms: Type.Optional(
      Type.Integer({ description: 'Runtime API, cycle_too_fast: milliseconds until a round may start.' }),
    ),
    limit: Type.Optional(
      Type.Union([Type.Literal('time'), Type.Literal('loss')], {
        description: 'Runtime API, session_limit_reached: which limit of the session was reached.',
      }),
    ),
    max_stake: Type.Optional(
      Type.String({ description: "Runtime API, stake_above_limit: the player's stake cap per round." }),
    ),
    field: Type.Optional(
      Type.String({
        description:
          'Runtime API, stake_above_limit and mode_not_allowed (issue 24): the request field refused (coin, buy_feature, special_bet, free_round_grant_id).',
      }),
    ),
    retry_after_seconds: Type.Optional(
      Type.Integer({
        description: 'On a 429 from the Admin API sign-in: seconds until it may be tried again.',
      }),
    ),
  },
  {
    $id: 'ErrorResponse',
    description: 'Provider API error: success=false, a stable error code and a detail.',
  },
);

export const FeatureFlags = Type.Object(
  {
    bonus: Type.Boolean(),
    collect: Type.Boolean(),
    free_spins: Type.Boolean(),
    buy_feature: Type.Boolean(),
    special_bet: Type.Boolean(),
    respins: Type.Optional(
      Type.Boolean({ description: 'Added in 1.2.0 (Reelforge extension): hold-and-collect respins.' }),
    ),
    tumbles: Type.Optional(
      Type.Boolean({
        description: 'Added in 1.2.0 (Reelforge extension): winning symbols vanish and refill.',
      }),
    ),
    multipliers: Type.Optional(
      Type.Boolean({
        description: 'Added in 1.2.0 (Reelforge extension): multipliers on symbols, wilds or the bonus.',
      }),
    ),
  },
  { $id: 'FeatureFlags' },
);

export const SpecialBetProfile = Type.Object(
  {
    symbol: Type.Optional(Type.String()),
    buttons: Type.Optional(Type.Integer()),
    bls: Type.Optional(Type.Array(Type.Integer())),
    default_bl: Type.Optional(Type.Integer()),
    service_version: Type.Optional(Type.String()),
    cver: Type.Optional(Type.String()),
  },
  { $id: 'SpecialBetProfile' },
);

export const Thumbnail = Type.Object(
  {
    symbol: Type.Optional(Type.String()),
    slug: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
    url: Type.Optional(Type.String({ format: 'uri' })),
  },
  { $id: 'Thumbnail' },
);

export const Game = Type.Object(
  {
    symbol: Type.String(),
    slug: Type.String(),
    title: Type.String(),
    family: Type.Optional(Type.String()),
    rtp: Type.Optional(Type.Union([Type.Number(), Type.String(), Type.Null()])),
    lines: Type.Optional(Type.Integer()),
    asset_version: Type.Optional(Type.String()),
    asset_symbol: Type.Optional(Type.String()),
    asset_source: Type.Optional(Type.String()),
    has_local_assets: Type.Optional(Type.Boolean()),
    game_service_version: Type.Optional(Type.String()),
    loader_mode: Type.Optional(Type.String()),
    provider_tagline: Type.Optional(Type.String()),
    shell_strategy: Type.Optional(Type.String()),
    launch_status: Type.Optional(Type.String()),
    live_catalog_enabled: Type.Optional(Type.Boolean()),
    certified_browsers: Type.Optional(Type.Array(Type.String())),
    features: Type.Ref('FeatureFlags'),
    max_win: Type.Optional(
      Type.Union(
        [
          Type.Object({
            multiplier: Type.String({
              description: 'The most one round pays, × the base total bet ("5000.00").',
            }),
            kind: Type.Union([Type.Literal('exact'), Type.Literal('cap')], {
              description: 'exact: the largest outcome of the math; cap: the cap, which the math can reach.',
            }),
          }),
          Type.Null(),
        ],
        {
          description:
            'Added in 1.2.0 (issue 26, additive): the certified maximum win of the operator\'s RTP variant, for a lobby\'s "win up to"; null while the variant is not certified.',
        },
      ),
    ),
    volatility: Type.Optional(
      Type.Union(
        [
          Type.Object({
            level: Type.Integer({ minimum: 1, maximum: 5 }),
            band: Type.Union(
              ['low', 'medium_low', 'medium', 'high', 'very_high'].map((band) => Type.Literal(band)),
            ),
            sd: Type.String({
              description: "Certified standard deviation of a base round's win, in stakes.",
            }),
          }),
          Type.Null(),
        ],
        {
          description:
            'Added in 1.2.0 (issue 26, additive): a five-step volatility meter from the certified standard deviation (below 3, 5, 8 and 12 stakes: levels 1 to 4; else 5); null while the variant is not certified.',
        },
      ),
    ),
    special_bet_profile: Type.Optional(Type.Union([Type.Ref('SpecialBetProfile'), Type.Null()])),
    thumbnail: Type.Optional(Type.Ref('Thumbnail')),
    thumbnail_url: Type.Optional(Type.String({ format: 'uri' })),
    launch_path: Type.String(),
  },
  { $id: 'Game' },
);

export const CatalogResponse = Type.Object(
  {
    success: Type.Boolean(),
    data: Type.Object({
      items: Type.Array(Type.Ref('Game')),
      total: Type.Integer(),
      operator_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    }),
  },
  { $id: 'CatalogResponse' },
);

export const GameResponse = Type.Object(
  { success: Type.Boolean(), data: Type.Ref('Game') },
  { $id: 'GameResponse' },
);

const launchUrlFields = {
  symbol: Type.String(),
  slug: Type.String(),
  operator_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  currency: Type.String(),
  session_id: Type.String({ description: 'Session token.' }),
  launch_url: Type.String({ format: 'uri', description: "Opened in the player's browser." }),
  expires_at: Type.String({ format: 'date-time', description: 'ISO 8601 with UTC offset.' }),
  play_mode: Type.Optional(
    Type.Union([Type.Literal('real'), Type.Literal('demo')], {
      description: 'Added in 1.2.0: the session plays for real money or in demo (fun money).',
    }),
  ),
  jurisdiction: Type.Optional(
    Type.String({ description: 'Added in 1.3.0: the jurisdiction profile code the session plays under.' }),
  ),
};

export const LaunchUrlData = Type.Object(launchUrlFields, { $id: 'LaunchUrlData' });

export const LaunchUrlResponse = Type.Object(
  {
    success: Type.Boolean(),
    data: Type.Ref('LaunchUrlData'),
    symbol: Type.Optional(Type.String()),
    slug: Type.Optional(Type.String()),
    operator_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    currency: Type.Optional(Type.String()),
    session_id: Type.Optional(Type.String()),
    launch_url: Type.Optional(Type.String({ format: 'uri' })),
    expires_at: Type.Optional(Type.String({ format: 'date-time' })),
    play_mode: Type.Optional(Type.Union([Type.Literal('real'), Type.Literal('demo')])),
    jurisdiction: Type.Optional(Type.String()),
  },
  { $id: 'LaunchUrlResponse' },
);

export const LaunchUrlRequest = Type.Object(
  {
    symbol: Type.Optional(Type.String({ description: 'At least one of symbol or slug must be present.' })),
    slug: Type.Optional(Type.String()),
    operator_id: Type.Optional(Type.String({ description: 'Only for provider master keys.' })),
    external_player_id: Type.String({ description: 'Stable player identifier from the operator platform.' }),
    coin: Type.Optional(Type.String({ description: 'Default coin value for the session (decimal string).' })),
    default_bet: Type.Optional(
      Type.String({
        description:
          "Added in 1.3.0 (issue 26). The total bet the game starts at, a decimal string in the session currency such as \"1.00\": a base-mode total the game offers (coin value × bet level × the game's coins per spin). 400 naming default_bet when it is not a decimal or not on the game's ladder. Without it the game starts at the total nearest 1.00 (100 of the currency's smallest coin); a default above the market's stake cap for the player is not offered and the game starts at its own default.",
        examples: ['1.00'],
      }),
    ),
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
    return_url: Type.Optional(Type.String({ format: 'uri' })),
    device: Type.Optional(
      Type.Union([Type.Literal('desktop'), Type.Literal('mobile'), Type.Literal('tablet')]),
    ),
    play_mode: Type.Optional(
      Type.Union([Type.Literal('real'), Type.Literal('demo')], {
        description:
          'Added in 1.2.0. demo: a fun balance of 1,000.00 in the currency, no wallet call at all, rounds kept apart from money rounds; 403 when the operator has demo play turned off. Default real.',
      }),
    ),
    language: Type.Optional(
      Type.String({
        description:
          'Since 1.2.0 (additive). The player\'s language as a BCP 47 tag ("de", "pt-BR", "ja-JP"). The game plays in the closest of en, de, es, pt-BR, fr, it, ja; without it (or for a language outside that list) in the operator\'s default language, else English. A malformed tag is a 400.',
        minLength: 2,
        maxLength: 35,
      }),
    ),
    jurisdiction: Type.Optional(
      Type.String({
        description:
          "Added in 1.3.0 (additive). The market's profile code: default, uk, de, se, nl, es, on. Without it the operator's default jurisdiction, else default. See docs/jurisdictions.md.",
      }),
    ),
    reality_check_interval: Type.Optional(
      Type.Integer({
        description: 'Added in 1.3.0. Seconds between reality checks for this session (60 to 86400).',
      }),
    ),
    player_age_band: Type.Optional(
      Type.Union([Type.Literal('18-24'), Type.Literal('25+')], {
        description:
          "Added in 1.3.0. The player's age band where the market's stake cap depends on it (uk); without it the lower cap applies.",
      }),
    ),
    session_time_limit: Type.Optional(
      Type.Integer({
        description: 'Added in 1.3.0. Seconds this session may last (60 to 86400); play ends when reached.',
      }),
    ),
    session_loss_limit: Type.Optional(
      Type.String({
        description:
          'Added in 1.3.0. Decimal amount in the session currency the player may lose in this session; play ends when reached.',
      }),
    ),
    history_url: Type.Optional(
      Type.String({
        format: 'uri',
        description:
          "Added in 1.3.0. The operator's history page for the player (https), linked from the reality check.",
      }),
    ),
  },
  { $id: 'LaunchUrlRequest' },
);

export const WalletCallbackRequest = Type.Object(
  {
    operator_id: Type.String(),
    player_id: Type.String(),
    session_id: Type.String(),
    game_symbol: Type.String(),
    currency: Type.String(),
    request_id: Type.String(),
    transaction_id: Type.String({ description: 'Idempotency key.' }),
    transaction_type: Type.Union([
      Type.Literal('balance'),
      Type.Literal('debit'),
      Type.Literal('credit'),
      Type.Literal('rollback'),
    ]),
    action_type: Type.Union(
      WALLET_ACTION_TYPES.map((name) => Type.Literal(name)),
      {
        description:
          'The action: balance; spin, special_bet (ante), buy_feature or free_spin on a round; free_round and free_round_feature (added in 1.2.0) on a free round; jackpot_win (added in 1.4.0) on a jackpot win; promo_win (added in 1.5.0) on a campaign prize, with no round and possibly long after its session ended; rollback.',
      },
    ),
    amount: Type.String({ description: 'Decimal amount as a string.' }),
    original_transaction_id: Type.Optional(Type.String({ description: 'Only on rollback.' })),
    round_id: Type.Optional(Type.String()),
    round_finished: Type.Optional(Type.Boolean()),
    round_details_url: Type.Optional(
      Type.String({
        format: 'uri',
        description: 'Added in 1.2.0, on credits: the signed round details page.',
      }),
    ),
    free_round_campaign_id: Type.Optional(
      Type.String({
        description:
          'Added in 1.2.0, on a free round (action_type free_round) and the feature spins it started (free_round_feature): the campaign_id.',
      }),
    ),
    free_round_grant_id: Type.Optional(Type.String({ description: 'Added in 1.2.0: the grant played.' })),
    jackpot_id: Type.Optional(
      Type.String({
        description:
          "Added in 1.4.0, on a jackpot win's credit (action_type jackpot_win): the jackpot pool (GET /api/provider/v1/jackpots).",
      }),
    ),
    jackpot_tier: Type.Optional(
      Type.String({ description: "Added in 1.4.0, on a jackpot win's credit: the tier won (e.g. grand)." }),
    ),
    campaign_id: Type.Optional(
      Type.String({
        description:
          "Added in 1.5.0, on a campaign prize's credit (action_type promo_win): the tournament or prize drop (GET /api/provider/v1/campaigns). The credit may come days after the campaign's session ended: accept it without a live session.",
      }),
    ),
    campaign_type: Type.Optional(
      Type.Union([Type.Literal('tournament'), Type.Literal('drop')], {
        description: "Added in 1.5.0, on a campaign prize's credit: tournament or drop.",
      }),
    ),
    prize_id: Type.Optional(
      Type.String({
        description:
          "Added in 1.5.0, on a campaign prize's credit: the prize (its signed receipt: GET /api/provider/v1/campaigns/prizes/{prize_id}/receipt).",
      }),
    ),
  },
  { $id: 'WalletCallbackRequest' },
);

export const WalletSuccessResponse = Type.Object(
  {
    success: Type.Boolean(),
    balance: Type.String(),
    currency: Type.Optional(Type.String()),
    transaction_id: Type.Optional(Type.String()),
  },
  { $id: 'WalletSuccessResponse' },
);

export const WalletErrorResponse = Type.Object(
  { success: Type.Boolean(), error: Type.String(), message: Type.Optional(Type.String()) },
  { $id: 'WalletErrorResponse' },
);

const ADDED = 'Added in 1.2.0.';
const amount = (description?: string) =>
  Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$', ...(description ? { description } : {}) });
const time = () => Type.String({ format: 'date-time' });
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const FreeRoundCampaignRequest = Type.Object(
  {
    campaign_id: Type.String({
      pattern: '^[A-Za-z0-9_.:-]{1,64}$',
      description:
        "The operator's own id of the campaign; creating it again with the same terms is a no-op (200), with other terms 409.",
    }),
    games: Type.Array(Type.String(), {
      minItems: 1,
      maxItems: 50,
      description: "Game symbols or slugs, each in the operator's catalog.",
    }),
    currency: Type.String({ minLength: 3, maxLength: 3 }),
    rounds: Type.Integer({ minimum: 1, maximum: 1000, description: 'Free rounds per player.' }),
    coin: amount("The coin of every round: one of each game's coin values in the currency."),
    bet_level: Type.Integer({ description: "The bet level of every round: one of each game's bet levels." }),
    valid_from: Type.Optional(Type.String({ format: 'date-time', description: 'Default: now.' })),
    expires_at: Type.String({
      format: 'date-time',
      description: 'In the future and at most 90 days after valid_from.',
    }),
    max_win: Type.Optional(nullable(amount('The most a grant can win in total; a win beyond it is cut.'))),
    players: Type.Optional(Type.Array(Type.String(), { maxItems: 1000, description: 'Initial players.' })),
    jurisdiction: Type.Optional(
      nullable(
        Type.String({
          description:
            "Added in 1.2.0 (issue 24): the market whose stake cap each round's bet must meet (default: the operator's default_jurisdiction). A bet above the market's highest cap in the campaign currency is a 400 naming coin; a lower cap (uk: £2 for 18-24) is enforced when the player plays: the offer is not shown and the round is a 400 stake_above_limit naming free_round_grant_id.",
        }),
      ),
    ),
    operator_id: Type.Optional(Type.String({ description: 'Only for provider master keys.' })),
  },
  { $id: 'FreeRoundCampaignRequest', description: ADDED },
);

const campaignFields = {
  campaign_id: Type.String(),
  operator_id: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('cancelled')]),
  games: Type.Array(Type.String()),
  currency: Type.String(),
  rounds: Type.Integer(),
  coin: Type.String(),
  bet_level: Type.Integer(),
  bets: Type.Record(Type.String(), Type.String(), { description: 'The bet of one round, by game symbol.' }),
  valid_from: time(),
  expires_at: time(),
  max_win: nullable(Type.String()),
  players: Type.Integer({ description: 'Players granted.' }),
  rounds_played: Type.Integer({ description: 'Rounds played by all players.' }),
  created_at: time(),
  cancelled_at: nullable(time()),
};

export const FreeRoundCampaign = Type.Object(campaignFields, {
  $id: 'FreeRoundCampaign',
  description: ADDED,
});

export const FreeRoundGrant = Type.Object(
  {
    grant_id: Type.String(),
    campaign_id: Type.String(),
    player_id: Type.String(),
    status: Type.Union(
      ['active', 'completed', 'expired', 'cancelled', 'scheduled'].map((s) => Type.Literal(s)),
      {
        description:
          'scheduled: valid_from is still ahead; completed: every round started, or (added in 1.2.0, issue 24) the grant paid its max_win (end_reason says which).',
      },
    ),
    games: Type.Array(Type.String()),
    currency: Type.String(),
    coin: Type.String(),
    bet_level: Type.Integer(),
    rounds_total: Type.Integer(),
    rounds_played: Type.Integer(),
    rounds_left: Type.Integer({
      description: 'Rounds the player can still play: 0 once the grant is cancelled or has paid its max_win.',
    }),
    end_reason: Type.Optional(
      nullable(
        Type.Union(
          ['rounds_played', 'max_win_reached', 'cancelled', 'expired'].map((s) => Type.Literal(s)),
          {
            description:
              'Added in 1.2.0 (issue 24): why the grant is over, null while it is not. max_win_reached: the grant paid its whole max_win, so its remaining rounds (rounds_total - rounds_played) are not offered nor playable.',
          },
        ),
      ),
    ),
    win: Type.String({ description: 'Won so far (free rounds and the features they started).' }),
    max_win: nullable(
      Type.String({
        description: 'The most the grant pays in total; a win beyond it is cut and the grant then ends.',
      }),
    ),
    valid_from: time(),
    expires_at: time(),
  },
  { $id: 'FreeRoundGrant', description: ADDED },
);

export const FreeRoundCampaignResponse = Type.Object(
  { success: Type.Boolean(), data: Type.Ref('FreeRoundCampaign') },
  { $id: 'FreeRoundCampaignResponse' },
);

export const RoundTransaction = Type.Object(
  {
    transaction_id: Type.String({ description: 'The transaction_id the wallet received.' }),
    type: Type.Union([Type.Literal('debit'), Type.Literal('credit'), Type.Literal('rollback')]),
    action_type: Type.String(),
    amount: Type.String(),
    status: Type.Union(
      ['pending', 'acknowledged', 'rejected', 'unknown', 'failed', 'resolved'].map((s) => Type.Literal(s)),
    ),
    original_transaction_id: nullable(Type.String()),
    created_at: time(),
    finished_at: nullable(time()),
  },
  { $id: 'RoundTransaction' },
);

export const OperatorRound = Type.Object(
  {
    round_id: Type.String(),
    player_id: Type.String(),
    game_symbol: Type.String(),
    currency: Type.String(),
    status: Type.Union([Type.Literal('open'), Type.Literal('settled'), Type.Literal('cancelled')]),
    kind: Type.Union([Type.Literal('base'), Type.Literal('free_spin'), Type.Literal('buy')]),
    mode: Type.Union([Type.Literal('base'), Type.Literal('special'), Type.Literal('buy')]),
    coin: Type.String(),
    bet_level: Type.Integer(),
    stake: Type.String({ description: 'Debited from the player: 0 on free spins and free rounds.' }),
    win: Type.String(),
    cancel_reason: nullable(Type.String()),
    free_round: nullable(Type.Object({ campaign_id: Type.String(), grant_id: Type.String() })),
    certificate_hash: nullable(
      Type.String({
        description:
          'SHA-256 of the certified model and code the round was played under (docs/certification.md); null for rounds stored before rounds recorded it.',
      }),
    ),
    jurisdiction: nullable(
      Type.Object(
        { code: Type.String(), version: nullable(Type.String()) },
        { description: 'The market profile the round was played under (docs/jurisdictions.md).' },
      ),
    ),
    created_at: time(),
    finished_at: nullable(time()),
    transactions: Type.Array(Type.Ref('RoundTransaction')),
    round_details_url: Type.String({
      format: 'uri',
      description: 'The signed details page of the round: no API key needed, valid 180 days from the round.',
    }),
  },
  { $id: 'OperatorRound', description: ADDED },
);

/** Shared schemas registered once with app.addSchema, referenced by $id. */
export const sharedSchemas = [
  ErrorResponse,
  FeatureFlags,
  SpecialBetProfile,
  Thumbnail,
  Game,
  CatalogResponse,
  GameResponse,
  LaunchUrlData,
  LaunchUrlResponse,
  LaunchUrlRequest,
  WalletCallbackRequest,
  WalletSuccessResponse,
  WalletErrorResponse,
  FreeRoundCampaignRequest,
  FreeRoundCampaign,
  FreeRoundGrant,
  FreeRoundCampaignResponse,
  RoundTransaction,
  OperatorRound,
];

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, Type.Ref('ErrorResponse')]));
