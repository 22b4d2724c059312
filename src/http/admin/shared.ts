// Small pieces every admin route uses.
import { Type } from 'typebox';
import type { Outcome } from '../../domain/errors.ts';
import { errorResponses } from '../schemas.ts';

/** ADMIN_TOKEN, or a staff session cookie with its x-csrf-token on non-GET requests (access.ts). */
export const adminSecurity: Array<Record<string, string[]>> = [{ adminToken: [] }, { staffSession: [] }];

export function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

export const OperatorView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    currency: Type.String(),
    status: Type.Union([Type.Literal('active'), Type.Literal('inactive')]),
    wallet_mode: Type.Union([Type.Literal('internal'), Type.Literal('callback')]),
    wallet_base_url: Type.Union([Type.String(), Type.Null()]),
    wallet_secret_set: Type.Boolean(),
    wallet_secret_switch_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description:
        'A scheduled secret rotation: callbacks are signed with the new secret from this time on; until then the wallet should accept both.',
    }),
    rtp_variant: Type.Union([Type.String(), Type.Null()]),
    demo_enabled: Type.Boolean({ description: 'Whether launch-url accepts play_mode "demo".' }),
    language: Type.Union([Type.String(), Type.Null()], {
      description: "Players' language when a launch names none (null: English).",
    }),
    default_jurisdiction: Type.String({
      description: 'The jurisdiction profile a launch without `jurisdiction` plays under (default: default).',
    }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    cluster: Type.Optional(
      Type.Object(
        {
          id: Type.String(),
          state: Type.Union([Type.Literal('active'), Type.Literal('read_only')]),
        },
        {
          description:
            'The PostgreSQL cluster its play is on (GET /api/admin/v1/clusters); read_only while `reelforge operator move` moves it.',
        },
      ),
    ),
  },
  { $id: 'AdminOperator' },
);

export const OperatorInput = Type.Object(
  {
    name: Type.Optional(Type.String()),
    currency: Type.Optional(Type.String()),
    status: Type.Optional(Type.String({ enum: ['active', 'inactive'] })),
    wallet_mode: Type.Optional(Type.String({ enum: ['internal', 'callback'] })),
    wallet_base_url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    wallet_secret: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    rtp_variant: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    demo_enabled: Type.Optional(Type.Boolean()),
    language: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    default_jurisdiction: Type.Optional(Type.String()),
  },
  { $id: 'AdminOperatorInput' },
);

export const OperatorEnvelope = Type.Object({
  operator: Type.Ref('AdminOperator'),
  wallet_secret: Type.Optional(Type.String({ description: 'Shown once, when Reelforge generated it.' })),
});

export const NewKey = Type.Object({
  key_id: Type.String(),
  api_key: Type.String({ description: 'Shown only here.' }),
});

export const Symbols = Type.Object({ symbols: Type.Array(Type.String()) });

export const OperatorParams = Type.Object({ id: Type.String() });

/** 403: a staff session whose role lacks the route's permission, or a missing CSRF token. */
export const adminErrors = (...statuses: number[]) => errorResponses(400, 401, 403, ...statuses);

/** A JSON-object body check that leaves the field rules to the domain, so 400s name fields our way. */
export const objectBody = () => (body: unknown) =>
  typeof body === 'object' && body !== null && !Array.isArray(body)
    ? { value: body }
    : { error: Object.assign(new Error('the body must be a JSON object'), { statusCode: 400 }) };
