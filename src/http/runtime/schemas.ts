// TypeBox schemas of the runtime API (docs/runtime-api.md).
import { type Static, Type } from 'typebox';
import type { RoundView } from '../../domain/rounds.ts';
import { errorResponses } from '../schemas.ts';

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
  Type.Intersect([FreeRoundOffer, Type.Object({ status: Type.String() })]),
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
  replay: Type.Optional(Type.Object({ variant: Type.String(), state_before: Type.Unknown() })),
});

// The schema is written out for the OpenAPI document; the type it describes must stay the domain's
// RoundView, so a field added to one and not the other stops the type check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const roundSchemaIsRoundView: Same<Omit<Static<typeof Round>, 'replay'>, RoundView> = true;
void roundSchemaIsRoundView;

export const runtimeErrors = (...statuses: number[]) => errorResponses(400, 401, 403, ...statuses);
