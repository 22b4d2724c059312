// Which cluster's services take a request (issue 30, part 3; src/services/cells.ts), decided before
// its handler runs from what it carries: a session token names its cluster, so the runtime API and
// the game's pages route without a look-up; an operator's API key (or a master key's named operator)
// routes by the placement map every node caches. A jackpot pool, a campaign and a campaign prize
// live on their operators' cluster: a page of one goes to the cluster that holds it, a new one to
// its first operator's. Everything else (staff, the public pages, a master key naming no operator)
// is the control cluster's, whose lists of rounds, pools and campaigns span every cluster
// (src/services/fan-out.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { extractApiKey } from '../domain/api-keys.ts';
import { clusterOfToken, homingOperator } from '../domain/clusters.ts';
import type { Cell, Cells, HeldKind } from '../services/cells.ts';
import { credentialHeaders } from './edge-guard.ts';
import { requestedOperatorIds } from './provider/auth.ts';
import { bearerToken } from './runtime/auth.ts';

export function installCellRouting(app: FastifyInstance, cells: Cells): void {
  // preValidation: the body is parsed (a master key's launch names its operator there).
  app.addHook('preValidation', (request, _reply, done) => {
    cellOf(cells, request).then(
      (cell) => cells.run(cell, done),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

export async function cellOf(cells: Cells, request: FastifyRequest): Promise<Cell> {
  const path = request.url;
  if (path.startsWith('/api/runtime/') || path.startsWith('/gs2c/')) {
    const query = request.query as { token?: unknown } | undefined;
    const token =
      bearerToken(request.headers.authorization) ??
      (typeof query?.token === 'string' ? query.token : undefined);
    const id = token === undefined ? undefined : clusterOfToken(token, cells.placement.control);
    // An unknown cluster's token is the control cluster's to refuse (session_invalid).
    return (id !== undefined ? cells.cell(id) : undefined) ?? cells.control;
  }
  if (path.startsWith('/api/provider/')) {
    const key = extractApiKey(credentialHeaders(request));
    if (key.kind !== 'key') return cells.control;
    const principal = await cells.control.services.access.principalFor(key.apiKey);
    if (!principal) return cells.control;
    const operatorId = principal.kind === 'operator' ? principal.operatorId : namedOperator(request);
    if (operatorId === undefined) return cells.control;
    return placedCell(cells, operatorId);
  }
  // By the route that matched (none: the control cluster's 404, with no look-up), and its params as
  // the router decoded them.
  const route = request.routeOptions.url;
  if (route === undefined) return cells.control;
  const held = heldBy(route, request.params as Record<string, string | undefined>);
  if (held) return cells.holding(held.kind, held.id);
  if (request.method === 'POST' && CREATES.has(route)) {
    const operatorId = homingOperator(request.body);
    if (operatorId !== undefined) return placedCell(cells, operatorId);
  }
  return cells.control;
}

async function placedCell(cells: Cells, operatorId: string): Promise<Cell> {
  const placed = await cells.placement.of(operatorId);
  return cells.cell(placed.cluster) ?? cells.control;
}

/** Pages of one pool, campaign or prize: the route's prefix, what it names and the param that holds its id. */
const HELD: ReadonlyArray<readonly [string, HeldKind, string]> = [
  ['/api/admin/v1/campaigns/prizes/:prize_id', 'prize', 'prize_id'],
  ['/api/admin/v1/campaigns/:id', 'campaign', 'id'],
  ['/api/admin/v1/jackpots/:id', 'pool', 'id'],
  ['/api/public/v1/jackpots/:id', 'pool', 'id'],
  ['/jackpots/:id', 'pool', 'id'],
];
/** A new pool or campaign: its first operator's cluster homes it. */
const CREATES = new Set(['/api/admin/v1/jackpots', '/api/admin/v1/campaigns']);

/** The pool, campaign or prize a matched route names, from its decoded params. */
export function heldBy(
  route: string,
  params: Record<string, string | undefined>,
): { kind: HeldKind; id: string } | undefined {
  for (const [prefix, kind, param] of HELD) {
    if (route !== prefix && !route.startsWith(`${prefix}/`)) continue;
    const id = params[param];
    return id ? { kind, id } : undefined;
  }
  return undefined;
}

/** The operator a master key's request names; a malformed name is the handler's to refuse. */
function namedOperator(request: FastifyRequest): string | undefined {
  try {
    return requestedOperatorIds(
      request,
      (request.body as { operator_id?: unknown } | undefined)?.operator_id,
    )[0];
  } catch {
    return undefined;
  }
}
