// Runtime API authentication: the session token as a Bearer, resolved to its live session.
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../services/index.ts';
import type { RuntimeSession } from '../../services/sessions.ts';

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** The request's session, or throws 401 session_invalid / session_expired, 403 forbidden. */
export async function runtimeSession(services: Services, request: FastifyRequest): Promise<RuntimeSession> {
  const resolved = await services.sessions.resolve(bearerToken(request.headers.authorization));
  if (!resolved.ok) throw resolved.error;
  return resolved.session;
}
