// /api/admin/v1/campaigns: staff's tournaments and prize drops (issue 29). A staff session creates a
// campaign pending; a second admin approves it (services/campaign-admin.ts: the two-person rule of
// every approval); the ADMIN_TOKEN's campaign is approved at once. Staff read every campaign, its
// standings with every player's id, its flagged players and its prizes with their delivery status.
// Reading needs `read` (every role); creating, approving and cancelling, `admin`.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { errors } from '../../domain/errors.ts';
import type { Services } from '../../services/index.ts';
import { Standings } from '../campaign-views.ts';
import { adminErrors, adminSecurity, objectBody } from './shared.ts';

const tags = ['admin'];
const Params = Type.Object({ id: Type.String({ maxLength: 64 }) });
const Envelope = Type.Object({ campaign: Type.Ref('AdminCampaign') });

const Amounts = Type.Record(Type.String(), Type.String());

const AdminPrize = Type.Object({
  prize_id: Type.String(),
  campaign_id: Type.String(),
  campaign_type: Type.Union([Type.Literal('tournament'), Type.Literal('drop')]),
  source: Type.Union([Type.Literal('place'), Type.Literal('drop')]),
  place: Type.Union([Type.Integer(), Type.Null()]),
  player_id: Type.String(),
  operator_id: Type.String(),
  kind: Type.Union([Type.Literal('cash'), Type.Literal('free_rounds')]),
  amount: Type.String({ description: "In the player's currency." }),
  currency: Type.String(),
  free_rounds: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
  free_round_grant_id: Type.Union([Type.String(), Type.Null()]),
  transaction_id: Type.String(),
  status: Type.Union(
    ['pending', 'acknowledged', 'failed', 'resolved'].map((s) => Type.Literal(s)),
    {
      description:
        'pending: being delivered (retried with backoff); acknowledged: paid; failed: parked for staff after 24 h; resolved: settled by staff.',
    },
  ),
  created_at: Type.String({ format: 'date-time' }),
  paid_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

const Flag = Type.Object({
  operator_id: Type.String(),
  player_id: Type.String(),
  reason: Type.String(),
  detail: Type.Unknown(),
  flagged_at: Type.String({ format: 'date-time' }),
});

const CREATE_DESCRIPTION = [
  'kind tournament | drop; name (3–80 characters); scope operator (operator_id) | network (operators: the invited operator ids, each opts in through the provider API);',
  'currency (the campaign currency: its amounts and prizes); rates {"<currency>": "<rate>"} for players in other currencies (1 unit = rate units of the campaign currency);',
  'games (symbols); starts_at, ends_at (ISO 8601, in the future, at most 92 days apart); min_bet (the least qualifying bet, default 0); opt_in_required (default true).',
  'A tournament: scoring max_multiplier | best_n_ratio (with best_n) | total_bet | qualifying_rounds; places [{from, to, prize}] without gaps from 1, a prize being {kind: cash, amount} | {kind: free_rounds, free_rounds: {game, rounds, coin, bet_level}} | {kind: pool_share, share_percent}; pool_amount when a place has a share.',
  'A drop: drops [{count, prize}], a prize being {kind: cash, amount} | {kind: bet_multiple, multiplier, bet_cap} | {kind: free_rounds, free_rounds}.',
  'Amounts are decimal strings in the campaign currency. A 400 names the field (e.g. "places[1].prize.amount: …").',
  'From a staff session the campaign is pending until a second admin approves it; from the ADMIN_TOKEN it is approved at once.',
].join(' ');

export function registerCampaignAdminRoutes(app: FastifyInstance, services: Services): void {
  const { campaigns, campaignAdmin } = services;
  const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;

  app.get(
    '/api/admin/v1/campaigns',
    {
      schema: {
        summary: 'Every tournament and prize drop, newest first',
        description:
          'status filters the list, e.g. ?status=pending for the campaigns waiting for a second admin.',
        tags,
        security: adminSecurity,
        querystring: Type.Object({
          status: Type.Optional(
            Type.Union(
              ['pending', 'scheduled', 'running', 'ended', 'frozen', 'cancelled'].map((s) => Type.Literal(s)),
            ),
          ),
        }),
        response: {
          200: Type.Object({ campaigns: Type.Array(Type.Ref('AdminCampaign')) }),
          ...adminErrors(),
        },
      },
    },
    async (request) => {
      const { status } = request.query as { status?: string };
      const all = await campaigns.list();
      return { campaigns: status ? all.filter((campaign) => campaign.status === status) : all };
    },
  );

  app.post(
    '/api/admin/v1/campaigns',
    {
      schema: {
        summary: 'Create a tournament or a prize drop',
        description: CREATE_DESCRIPTION,
        tags,
        security: adminSecurity,
        body: Type.Object({
          kind: Type.String({ enum: ['tournament', 'drop'] }),
          name: Type.String(),
          scope: Type.String({ enum: ['operator', 'network'] }),
          operator_id: Type.Optional(Type.String()),
          operators: Type.Optional(Type.Array(Type.String())),
          currency: Type.String(),
          rates: Type.Optional(Amounts),
          games: Type.Array(Type.String()),
          starts_at: Type.String({ format: 'date-time' }),
          ends_at: Type.String({ format: 'date-time' }),
          min_bet: Type.Optional(Type.String()),
          opt_in_required: Type.Optional(Type.Boolean()),
          scoring: Type.Optional(Type.String()),
          best_n: Type.Optional(Type.Integer()),
          places: Type.Optional(Type.Array(Type.Unknown())),
          pool_amount: Type.Optional(Type.String()),
          drops: Type.Optional(Type.Array(Type.Unknown())),
        }),
        response: { 201: Envelope, ...adminErrors(409) },
      },
      // Fields are checked by the domain (checkCampaignRequest), so each 400 names its field our way.
      validatorCompiler: objectBody,
    },
    async (request, reply) =>
      reply.code(201).send({ campaign: await campaignAdmin.create(request.actor, request.body) }),
  );

  app.get(
    '/api/admin/v1/campaigns/:id',
    {
      schema: {
        summary: 'One campaign with its operators, rates and drop commitment',
        tags,
        security: adminSecurity,
        params: Params,
        response: { 200: Envelope, ...adminErrors(404) },
      },
    },
    async (request) => ({ campaign: await campaigns.get(idOf(request)) }),
  );

  app.post(
    '/api/admin/v1/campaigns/:id/approve',
    {
      schema: {
        summary: 'Approve a pending campaign (a second admin): its prize budget is released, it is scheduled',
        description:
          'The approver is an active admin other than the creator, an admin since before the campaign was created and not appointed by its creator (403 otherwise, as for every approval). A drop draws and commits its schedule now. 409 when the campaign is not pending. The ADMIN_TOKEN cannot approve (403): its own campaigns are approved at once.',
        tags,
        security: adminSecurity,
        params: Params,
        response: { 200: Envelope, ...adminErrors(404, 409) },
      },
    },
    async (request) => ({ campaign: await campaignAdmin.approve(request.actor, idOf(request)) }),
  );

  app.post(
    '/api/admin/v1/campaigns/:id/cancel',
    {
      schema: {
        summary: 'Cancel a campaign that is not frozen: nothing more scores, no prize is awarded',
        tags,
        security: adminSecurity,
        params: Params,
        response: { 200: Envelope, ...adminErrors(404, 409) },
      },
    },
    async (request) => ({ campaign: await campaignAdmin.cancel(request.actor, idOf(request)) }),
  );

  app.get(
    '/api/admin/v1/campaigns/:id/standings',
    {
      schema: {
        summary:
          "A campaign's standings with every player's operator and id (the same numbers the game shows)",
        tags,
        security: adminSecurity,
        params: Params,
        querystring: Type.Object({ limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })) }),
        response: { 200: Type.Object({ standings: Standings }), ...adminErrors(404) },
      },
    },
    async (request) => {
      const { limit } = request.query as { limit?: string };
      const count = limit === undefined ? 100 : Number(limit);
      if (count < 1 || count > 100) throw errors.invalidRequest('limit: a whole number from 1 to 100');
      return { standings: await campaigns.standings(idOf(request), { operatorId: null }, count) };
    },
  );

  app.get(
    '/api/admin/v1/campaigns/:id/flags',
    {
      schema: {
        summary: 'Players flagged in a campaign (a fixed cadence and stake over a long stretch)',
        tags,
        security: adminSecurity,
        params: Params,
        response: { 200: Type.Object({ flags: Type.Array(Flag) }), ...adminErrors(404) },
      },
    },
    async (request) => {
      const id = idOf(request);
      await campaigns.get(id);
      return { flags: await campaigns.flags(id) };
    },
  );

  app.get(
    '/api/admin/v1/campaigns/:id/prizes',
    {
      schema: {
        summary: "A campaign's prizes with their delivery status",
        tags,
        security: adminSecurity,
        params: Params,
        querystring: Type.Object({ player_id: Type.Optional(Type.String({ maxLength: 128 })) }),
        response: { 200: Type.Object({ prizes: Type.Array(AdminPrize) }), ...adminErrors(404) },
      },
    },
    async (request) => {
      const id = idOf(request);
      const { player_id: playerId } = request.query as { player_id?: string };
      await campaigns.get(id);
      return { prizes: await campaigns.prizes(null, { campaignId: id, ...(playerId ? { playerId } : {}) }) };
    },
  );
}
