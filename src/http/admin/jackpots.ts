// Staff's jackpot pools (issue 28): every pool with its meters, and a new pool. Inside the admin
// plugin, so every route passes the admin access check (token or staff session and its role).
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import { TIER_KINDS, type TierKind, type TierParams } from '../../domain/jackpots.ts';
import { isSupportedCurrency, parseAmount } from '../../money.ts';
import type { Services } from '../../services/index.ts';
import type { PoolView } from '../../services/jackpots.ts';
import { PoolViewSchema } from '../jackpots/index.ts';
import { adminErrors, adminSecurity } from './shared.ts';

export function registerJackpotAdminRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/admin/v1/jackpots',
    {
      schema: {
        summary: 'Every jackpot pool with its meters',
        tags: ['admin'],
        security: adminSecurity,
        response: { 200: Type.Object({ jackpots: Type.Array(PoolViewSchema) }), ...adminErrors() },
      },
    },
    async () => ({ jackpots: await services.jackpots.allPools() }),
  );

  app.post(
    '/api/admin/v1/jackpots',
    {
      schema: {
        summary: 'Create a jackpot pool',
        description:
          'tiers: name, kind (progressive | must_drop_value | must_drop_time), seed and ceiling (decimal amounts in the pool currency), contribution_rate and reserve_rate (percent of the stake, as decimal text, e.g. "0.5"), odds_stake (progressive: the stake per expected hit, decimal amount) and deadline ("HH:MM" UTC, must_drop_time). members: [{operator_id, game_symbol}]. rates: [{currency, rate}] for a network pool across currencies: 1 unit of currency = rate units of the pool currency.',
        tags: ['admin'],
        security: adminSecurity,
        body: Type.Object({
          name: Type.String(),
          scope: Type.Union([Type.Literal('game'), Type.Literal('operator'), Type.Literal('network')]),
          currency: Type.String(),
          owner_operator_id: Type.Optional(Type.Union([Type.String(), Type.Null()])),
          members: Type.Array(Type.Object({ operator_id: Type.String(), game_symbol: Type.String() })),
          rates: Type.Optional(Type.Array(Type.Object({ currency: Type.String(), rate: Type.String() }))),
          tiers: Type.Array(
            Type.Object({
              name: Type.String(),
              kind: Type.String(),
              seed: Type.String(),
              contribution_rate: Type.String(),
              reserve_rate: Type.Optional(Type.String()),
              ceiling: Type.Optional(Type.Union([Type.String(), Type.Null()])),
              odds_stake: Type.Optional(Type.Union([Type.String(), Type.Null()])),
              deadline: Type.Optional(Type.Union([Type.String(), Type.Null()])),
            }),
          ),
        }),
        response: { 201: Type.Object({ pool: PoolViewSchema }), ...adminErrors(404) },
      },
    },
    async (request, reply) => {
      const body = request.body as PoolBody;
      const tiers = body.tiers.map((tier, index) => tierParams(tier, index, body.currency));
      const id = await services.jackpots.create(
        {
          name: body.name,
          scope: body.scope,
          currency: body.currency,
          ownerOperatorId: body.owner_operator_id ?? null,
          members: body.members.map((member) => ({
            operatorId: member.operator_id,
            gameSymbol: member.game_symbol,
          })),
          rates: body.rates ?? [],
          tiers,
        },
        request.actor.kind === 'staff' ? `staff:${request.actor.email}` : request.actor.kind,
      );
      const pools: PoolView[] = await services.jackpots.allPools();
      return reply.code(201).send({ pool: pools.find((pool) => pool.pool_id === id) });
    },
  );
}

interface PoolBody {
  name: string;
  scope: 'game' | 'operator' | 'network';
  currency: string;
  owner_operator_id?: string | null;
  members: Array<{ operator_id: string; game_symbol: string }>;
  rates?: Array<{ currency: string; rate: string }>;
  tiers: Array<{
    name: string;
    kind: string;
    seed: string;
    contribution_rate: string;
    reserve_rate?: string;
    ceiling?: string | null;
    odds_stake?: string | null;
    deadline?: string | null;
  }>;
}

/** A percentage of the stake ("0.5" = 0.5 %) as parts per million, exactly (at most 4 decimals). */
function ppmOf(text: string, field: string): bigint {
  const match = /^(\d{1,2})(?:\.(\d{1,4}))?$/.exec(text);
  if (!match)
    throw errors.invalidRequest(`${field}: a percentage of the stake with at most 4 decimals, e.g. "0.5"`);
  return BigInt(match[1] as string) * 10_000n + BigInt((match[2] ?? '').padEnd(4, '0'));
}

function amountOf(text: string, currency: string, field: string): bigint {
  if (!isSupportedCurrency(currency))
    throw errors.invalidRequest(`currency: "${currency}" is not a supported currency`);
  const parsed = parseAmount(text, currency);
  if (!parsed.ok) {
    throw errors.invalidRequest(
      `${field}: "${text}" is not an amount in ${currency} (${parsed.reason.replace('_', ' ')})`,
    );
  }
  return parsed.minor;
}

function tierParams(tier: PoolBody['tiers'][number], index: number, currency: string): TierParams {
  const at = `tiers[${index}]`;
  if (!(TIER_KINDS as readonly string[]).includes(tier.kind)) {
    throw errors.invalidRequest(`${at}.kind: one of ${TIER_KINDS.join(', ')}`);
  }
  let deadlineMinute: number | null = null;
  if (tier.deadline) {
    const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(tier.deadline);
    if (!match) throw errors.invalidRequest(`${at}.deadline: "HH:MM" in UTC`);
    deadlineMinute = Number(match[1]) * 60 + Number(match[2]);
  }
  return {
    name: tier.name,
    kind: tier.kind as TierKind,
    seed: amountOf(tier.seed, currency, `${at}.seed`),
    contributionPpm: ppmOf(tier.contribution_rate, `${at}.contribution_rate`),
    reservePpm: tier.reserve_rate ? ppmOf(tier.reserve_rate, `${at}.reserve_rate`) : 0n,
    ceiling: tier.ceiling ? amountOf(tier.ceiling, currency, `${at}.ceiling`) : null,
    oddsStake: tier.odds_stake ? amountOf(tier.odds_stake, currency, `${at}.odds_stake`) : null,
    deadlineMinute,
  };
}
