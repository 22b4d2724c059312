// TypeBox schemas of the runtime API (docs/runtime-api.md).
import { type Static, Type } from 'typebox';
import { CLIENT_ROUND_ID, type RoundView, type SpinRequest } from '../../domain/rounds.ts';
import { errorResponses } from '../schemas.ts';

/**
 * The body of POST /api/runtime/v1/spin, described once: the route validates with it, the OpenAPI
 * document shows it, and the game client's `SpinRequest` is its type. The ladder's rules (which
 * coins, levels and modes) are the domain's `readSpinRequest`, which reads the same fields.
 */
export const SpinBody = Type.Object({
  coin: Type.String({ description: 'The coin value, a decimal string such as "0.10".' }),
  bet_level: Type.Optional(Type.Integer({ description: "The game's default level when absent." })),
  special_bet: Type.Optional(Type.Boolean()),
  buy_feature: Type.Optional(Type.Boolean()),
  client_round_id: Type.String({
    pattern: CLIENT_ROUND_ID.source,
    description: "The click's idempotency key: the same one again answers with the round it made.",
  }),
  free_round_grant_id: Type.Optional(
    Type.String({ description: "Plays a round of this free-rounds grant, at the campaign's bet." }),
  ),
});
export type SpinBody = Static<typeof SpinBody>;

/** The domain reads exactly the fields the schema describes: one added to either fails type-checking. */
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
const spinFieldsAgree: SameKeys<SpinBody, SpinRequest> = true;
void spinFieldsAgree;

export const FeatureState = Type.Object({
  free_spins_left: Type.Integer(),
  feature: Type.Union([
    Type.Null(),
    Type.Object({
      type: Type.Literal('free_spins'),
      played: Type.Integer(),
      coin: Type.String(),
      bet_level: Type.Integer(),
      mode: Type.String(),
      sequence_win: Type.String(),
    }),
  ]),
});

/** A free-rounds grant as the game offers it (runtime API). */
export const FreeRoundOffer = Type.Object({
  grant_id: Type.String(),
  campaign_id: Type.String(),
  rounds_left: Type.Integer(),
  rounds_total: Type.Integer(),
  coin: Type.String(),
  bet_level: Type.Integer(),
  bet: Type.String(),
  win: Type.String(),
  max_win: Type.Union([Type.String(), Type.Null()]),
  expires_at: Type.String({ format: 'date-time' }),
});

export const FreeRoundState = Type.Union([
  Type.Null(),
  Type.Intersect([
    FreeRoundOffer,
    Type.Object({
      status: Type.String(),
      // Why the grant is over (max_win_reached: its cap is paid, no further round), else null.
      end_reason: Type.Union([Type.String(), Type.Null()]),
    }),
  ]),
]);

export const Round = Type.Object({
  id: Type.String(),
  client_round_id: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('settled'), Type.Literal('cancelled')]),
  kind: Type.Union([Type.Literal('base'), Type.Literal('free_spin'), Type.Literal('buy')]),
  mode: Type.Union([Type.Literal('base'), Type.Literal('special'), Type.Literal('buy')]),
  currency: Type.String(),
  coin: Type.String(),
  bet_level: Type.Integer(),
  stake: Type.String(),
  win: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  outcome: Type.Unknown(),
  free_round_grant_id: Type.Union([Type.String(), Type.Null()]),
  replay: Type.Optional(
    Type.Object({
      variant: Type.String(),
      state_before: Type.Unknown(),
      // The certificate the round was played under (null: stored before rounds recorded it).
      certificate_hash: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    }),
  ),
  jurisdiction: Type.Union([
    Type.Object({ code: Type.String(), version: Type.Union([Type.String(), Type.Null()]) }),
    Type.Null(),
  ]),
});

// The schema is written out for the OpenAPI document; the type it describes must stay the domain's
// RoundView, so a field added to one and not the other stops the type check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const roundSchemaIsRoundView: Same<Omit<Static<typeof Round>, 'replay'>, RoundView> = true;
void roundSchemaIsRoundView;

/** The spin answer's view of the session under its jurisdiction (issue 13). */
export const JurisdictionState = Type.Object({
  net_position: Type.String(),
  elapsed_seconds: Type.Integer(),
  reality_check_due: Type.Boolean(),
  next_round_at: Type.String({ format: 'date-time' }),
});

export const RealityCheck = Type.Union([
  Type.Object({
    interval_seconds: Type.Integer(),
    due: Type.Boolean(),
    next_due_at: Type.String({ format: 'date-time' }),
  }),
  Type.Null(),
]);

/** GET /session's `jurisdiction` (docs/runtime-api.md, docs/jurisdictions.md). */
export const SessionJurisdiction = Type.Object({
  code: Type.String(),
  name: Type.String(),
  version: Type.String(),
  rules: Type.Object({
    min_cycle_ms: Type.Integer(),
    autoplay: Type.Object({
      allowed: Type.Boolean(),
      max_rounds: Type.Union([Type.Integer(), Type.Null()]),
      requires_loss_limit: Type.Boolean(),
      requires_single_win_limit: Type.Boolean(),
    }),
    turbo_allowed: Type.Boolean(),
    super_turbo_allowed: Type.Boolean(),
    quick_stop_allowed: Type.Boolean(),
    spacebar_allowed: Type.Boolean(),
    fullscreen_allowed: Type.Boolean(),
    social_mode: Type.Boolean(),
    feature_buy_allowed: Type.Boolean(),
    ante_allowed: Type.Boolean(),
    max_stake: Type.Union([Type.String(), Type.Null()]),
    show_net_position: Type.Boolean(),
    show_session_time: Type.Boolean(),
    show_rtp: Type.Boolean(),
    show_max_win: Type.Boolean(),
    show_max_win_probability: Type.Boolean(),
    celebrate_at_or_below_stake: Type.Boolean(),
    jackpots_allowed: Type.Boolean(),
    one_game_at_a_time: Type.Boolean(),
    // Added with tournaments and prize drops (issue 29).
    promotions_allowed: Type.Boolean(),
    promotion_opt_in_required: Type.Boolean(),
  }),
  reality_check: RealityCheck,
  limits: Type.Object({
    time_limit_seconds: Type.Union([Type.Integer(), Type.Null()]),
    loss_limit: Type.Union([Type.String(), Type.Null()]),
  }),
  session_started_at: Type.String({ format: 'date-time' }),
  elapsed_seconds: Type.Integer(),
  net_position: Type.String(),
  history_url: Type.Union([Type.String(), Type.Null()]),
  next_round_at: Type.String({ format: 'date-time' }),
  ended: Type.Boolean(),
});

export const runtimeErrors = (...statuses: number[]) => errorResponses(400, 401, 403, ...statuses);
