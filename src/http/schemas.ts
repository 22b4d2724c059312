// TypeBox schemas of the operator contract (field names, types and required lists as it states).
import { Type } from 'typebox';

export const ErrorResponse = Type.Object(
  {
    success: Type.Optional(Type.Boolean()),
    detail: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
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
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
    return_url: Type.Optional(Type.String({ format: 'uri' })),
    device: Type.Optional(
      Type.Union([Type.Literal('desktop'), Type.Literal('mobile'), Type.Literal('tablet')]),
    ),
    language: Type.Optional(
      Type.String({
        description:
          'Since 1.2.0 (additive). The player\'s language as a BCP 47 tag ("de", "pt-BR", "ja-JP"). The game plays in the closest of en, de, es, pt-BR, fr, it, ja; without it (or for a language outside that list) in the operator\'s default language, else English. A malformed tag is a 400.',
        minLength: 2,
        maxLength: 35,
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
    action_type: Type.String(),
    amount: Type.String({ description: 'Decimal amount as a string.' }),
    original_transaction_id: Type.Optional(Type.String({ description: 'Only on rollback.' })),
    round_id: Type.Optional(Type.String()),
    round_finished: Type.Optional(Type.Boolean()),
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
];

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, Type.Ref('ErrorResponse')]));
