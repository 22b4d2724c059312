// GET /api/provider/v1/rounds/{round_id}: one round for the operator's support desk.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../services/index.ts';
import { errorResponses } from '../schemas.ts';
import { authorizeOperator } from './auth.ts';
import { providerSecurity } from './security.ts';

export const RoundResponse = Type.Object({ success: Type.Boolean(), data: Type.Ref('OperatorRound') });

export function registerRoundGet(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/provider/v1/rounds/:round_id',
    {
      schema: {
        summary: 'A round by its id',
        description:
          "Added in 1.2.0. Stake, win, status, every wallet transaction with its status, and round_details_url. 404 for an unknown round or another operator's.",
        tags: ['rounds'],
        security: providerSecurity,
        params: Type.Object({ round_id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({ operator_id: Type.Optional(Type.String()) }),
        response: { 200: RoundResponse, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const { round_id: roundId } = request.params as { round_id: string };
      const { operator } = await authorizeOperator(services, request, reply);
      return { success: true, data: await services.roundDetails.byRoundId(operator.id, roundId) };
    },
  );
}
