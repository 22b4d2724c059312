// /api/admin/v1/jackpots: staff's pools with their NJ meters (13:69E-1.39C) and every change to them
// behind the two-person rule: from a staff session a change answers 202 with a pending approval that
// a second admin approves; the ADMIN_TOKEN applies it at once (services/jackpot-admin.ts). Reading
// needs `read` (every role); changing, `admin` (the default for other methods).
import type { FastifyInstance } from 'fastify';
import { type TSchema, Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { PendingApproval } from './approvals.ts';
import { adminErrors, adminSecurity, objectBody, unwrap } from './shared.ts';

const tags = ['admin'];
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const TierParams = {
  seed: Type.String({ description: 'Where a cycle starts, an amount in the pool currency.' }),
  contribution_rate: Type.String({ description: 'Percent of every stake added to the meter, e.g. "0.5".' }),
  reserve_rate: Type.String({ description: 'Percent of every stake put aside for the next seeds.' }),
  ceiling: Nullable(Type.String()),
  odds_stake: Nullable(Type.String({ description: 'Progressive: the stake per expected hit.' })),
  deadline: Nullable(Type.String({ description: 'Must-drop-by-time: "HH:MM" UTC.' })),
};

const Fine = Type.Object({
  display: Type.String(),
  coin_in_share: Type.String(),
  seeded: Type.String(),
  wins_paid: Type.String(),
  reserve: Type.String(),
});

const AdminTier = Type.Object({
  tier_id: Type.String(),
  name: Type.String(),
  kind: Type.String(),
  cycle: Type.String(),
  cycle_started_at: Type.String({ format: 'date-time' }),
  parameters: Type.Object(TierParams),
  pending_parameters: Nullable(
    Type.Object(
      { ...TierParams, from_cycle: Type.String(), set_by: Type.String(), set_at: Type.String() },
      { description: 'Approved, waiting for the current cycle to end: they apply from from_cycle.' },
    ),
  ),
  meters: Type.Object(
    {
      display: Type.String({ description: 'What the tier shows: seeds + contributions − wins.' }),
      coin_in_share: Type.String({ description: 'Σ of the contributions to the meter.' }),
      hits: Type.String(),
      wins_paid: Type.String({ description: 'Σ of what wins took from the meter, in the pool currency.' }),
      reserve: Type.String(),
      overflow: Type.String({
        description: 'Always 0: a progressive ceiling does not divert contributions to an overflow meter.',
      }),
      fine: Type.Object(Fine.properties, {
        description: 'The same, exact, in millionths of a minor unit of the pool currency.',
      }),
    },
    { description: 'Amounts in the pool currency, rounded down to its minor unit.' },
  ),
  drop_commit: Nullable(Type.String()),
});

const AdminPoolProperties = {
  pool_id: Type.String(),
  name: Type.String(),
  scope: Type.String(),
  currency: Type.String(),
  status: Type.String(),
  owner_operator_id: Nullable(Type.String()),
  created_by: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  public_url: Type.String({ description: 'The public record anyone can check.' }),
  members: Type.Array(Type.Object({ operator_id: Type.String(), game_symbol: Type.String() })),
  rates: Type.Array(
    Type.Object({
      currency: Type.String(),
      rate: Type.String(),
      set_by: Type.String(),
      set_at: Type.String(),
    }),
  ),
  tiers: Type.Array(AdminTier),
};
const AdminPool = Type.Object(AdminPoolProperties);

const AdminPoolDetail = Type.Object({
  ...AdminPoolProperties,
  history: Type.Object({
    wins: Type.Array(
      Type.Object({
        at: Type.String(),
        tier: Type.String(),
        cycle: Type.String(),
        amount: Type.String(),
        currency: Type.String(),
        operator_id: Type.String(),
        player_id: Type.String(),
        round_id: Type.String(),
        status: Type.String(),
      }),
    ),
    changes: Type.Array(
      Type.Object({
        at: Type.String(),
        seq: Nullable(Type.String({ description: 'Its place in the public ledger (null until sealed).' })),
        entry: Type.Unknown(),
      }),
    ),
  }),
  approvals: Type.Array(Type.Ref('AdminApproval')),
});

const PoolEnvelope = Type.Object({ pool: AdminPoolDetail });
const changed = { 200: PoolEnvelope, 202: PendingApproval };
const PoolParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export function registerJackpotAdminRoutes(app: FastifyInstance, services: Services): void {
  const jackpots = services.jackpotAdmin;
  const answer = <T>(
    reply: { code(status: number): { send(body: unknown): unknown } },
    gated: { applied: true; value: T } | { applied: false; approval: unknown },
    status = 200,
  ) =>
    gated.applied ? reply.code(status).send(gated.value) : reply.code(202).send({ approval: gated.approval });

  app.get(
    '/api/admin/v1/jackpots',
    {
      schema: {
        summary: 'Every jackpot pool with its meters, and the jackpot changes waiting for a second admin',
        tags,
        security: adminSecurity,
        response: {
          200: Type.Object({
            jackpots: Type.Array(AdminPool),
            approvals: Type.Array(Type.Ref('AdminApproval')),
          }),
          ...adminErrors(),
        },
      },
    },
    async () => jackpots.list(),
  );

  app.get(
    '/api/admin/v1/jackpots/:id',
    {
      schema: {
        summary: "A pool's meters, parameters, pending changes and history (last wins and parameter changes)",
        tags,
        security: adminSecurity,
        params: PoolParams,
        response: { 200: PoolEnvelope, ...adminErrors(404) },
      },
    },
    async (request) => ({ pool: unwrap(await jackpots.get((request.params as { id: string }).id)) }),
  );

  app.post(
    '/api/admin/v1/jackpots',
    {
      schema: {
        summary: 'Create a jackpot pool',
        description:
          'name; scope game | operator | network; currency; owner_operator_id (game and operator scope); members: [{operator_id, game_symbol}]; rates: [{currency, rate}] for a network pool across currencies (1 unit of currency = rate units of the pool currency); tiers: [{name, kind (progressive | must_drop_value | must_drop_time), seed, contribution_rate, reserve_rate, ceiling, odds_stake (progressive), deadline ("HH:MM" UTC, must_drop_time)}], amounts as decimal text in the pool currency, rates in percent of the stake. A 400 names the field. From a staff session: 202 with a pending approval.',
        tags,
        security: adminSecurity,
        body: Type.Object({
          name: Type.String(),
          scope: Type.String({ enum: ['game', 'operator', 'network'] }),
          currency: Type.String(),
          owner_operator_id: Type.Optional(Nullable(Type.String())),
          members: Type.Array(Type.Object({ operator_id: Type.String(), game_symbol: Type.String() })),
          rates: Type.Optional(Type.Array(Type.Object({ currency: Type.String(), rate: Type.String() }))),
          tiers: Type.Array(
            Type.Object({
              name: Type.String(),
              kind: Type.String({ enum: ['progressive', 'must_drop_value', 'must_drop_time'] }),
              seed: Type.String(),
              contribution_rate: Type.String(),
              reserve_rate: Type.Optional(Type.String()),
              ceiling: Type.Optional(Nullable(Type.String())),
              odds_stake: Type.Optional(Nullable(Type.String())),
              deadline: Type.Optional(Nullable(Type.String())),
            }),
          ),
        }),
        response: { 201: PoolEnvelope, 202: PendingApproval, ...adminErrors() },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) => answer(reply, unwrap(await jackpots.create(request.actor, request.body)), 201),
  );

  app.patch(
    '/api/admin/v1/jackpots/:id/tiers/:tier',
    {
      schema: {
        summary: "Change a tier's parameters from its next cycle",
        description:
          'Any of seed, contribution_rate, reserve_rate, ceiling, odds_stake, deadline (as in the create body), over the current parameters. They are staged and apply when the current cycle ends (is won), so a cycle keeps the rules it started with; a later change replaces one still staged.',
        tags,
        security: adminSecurity,
        params: Type.Object({ id: Type.String({ maxLength: 64 }), tier: Type.String({ maxLength: 64 }) }),
        body: Type.Object({
          seed: Type.Optional(Type.String()),
          contribution_rate: Type.Optional(Type.String()),
          reserve_rate: Type.Optional(Type.String()),
          ceiling: Type.Optional(Nullable(Type.String())),
          odds_stake: Type.Optional(Nullable(Type.String())),
          deadline: Type.Optional(Nullable(Type.String())),
        }),
        response: {
          200: Type.Object({
            pool: AdminPoolDetail,
            change_id: Type.String(),
            from_cycle: Type.String({ description: 'The cycle the new parameters apply from.' }),
          }),
          202: PendingApproval,
          ...adminErrors(404, 409),
        },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) => {
      const { id, tier } = request.params as { id: string; tier: string };
      return answer(reply, unwrap(await jackpots.changeTier(request.actor, id, tier, request.body)));
    },
  );

  app.put(
    '/api/admin/v1/jackpots/:id/rates/:currency',
    {
      schema: {
        summary: "Set a network pool's rate for a currency (applies at once)",
        description: '1 unit of `currency` = `rate` units of the pool currency, e.g. {"rate": "1.0825"}.',
        tags,
        security: adminSecurity,
        params: Type.Object({ id: Type.String({ maxLength: 64 }), currency: Type.String({ maxLength: 8 }) }),
        body: Type.Object({ rate: Type.String() }),
        response: { ...changed, ...adminErrors(404, 409) },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) => {
      const { id, currency } = request.params as { id: string; currency: string };
      return answer(reply, unwrap(await jackpots.setRate(request.actor, id, currency, request.body)));
    },
  );

  app.post(
    '/api/admin/v1/jackpots/:id/members',
    {
      schema: {
        summary: 'Add a game that feeds the pool',
        tags,
        security: adminSecurity,
        params: PoolParams,
        body: Type.Object({ operator_id: Type.String(), game_symbol: Type.String() }),
        response: { ...changed, ...adminErrors(404, 409) },
      },
      validatorCompiler: objectBody,
    },
    async (request, reply) =>
      answer(
        reply,
        unwrap(await jackpots.addMember(request.actor, (request.params as { id: string }).id, request.body)),
      ),
  );

  app.delete(
    '/api/admin/v1/jackpots/:id/members/:operator/:game',
    {
      schema: {
        summary: 'Remove a game from the pool',
        tags,
        security: adminSecurity,
        params: Type.Object({ id: Type.String(), operator: Type.String(), game: Type.String() }),
        response: { ...changed, ...adminErrors(404, 409) },
      },
    },
    async (request, reply) => {
      const { id, operator, game } = request.params as { id: string; operator: string; game: string };
      return answer(reply, unwrap(await jackpots.removeMember(request.actor, id, operator, game)));
    },
  );

  app.post(
    '/api/admin/v1/jackpots/:id/close',
    {
      schema: {
        summary: 'Close a pool: no more contributions or wins; its meters and ledger stay readable',
        tags,
        security: adminSecurity,
        params: PoolParams,
        response: { ...changed, ...adminErrors(404, 409) },
      },
    },
    async (request, reply) =>
      answer(reply, unwrap(await jackpots.close(request.actor, (request.params as { id: string }).id))),
  );
}
