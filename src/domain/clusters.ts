// Operators on several PostgreSQL clusters (issue 30, part 3): which cluster a request's play lives
// on, decided from what the request carries. A session token names its cluster in its prefix
// (`ses_<cluster>_…`), so the runtime API routes without a look-up; a token without one was made by
// the control cluster (every token made before clusters existed is one).

/** A cluster's id (CLUSTER_ID, DATABASE_CLUSTERS): lower case, no `_`. */
export const CLUSTER_ID_PATTERN = /^[a-z][a-z0-9]{0,11}$/;

const TOKEN = /^ses_(?:([a-z][a-z0-9]{0,11})_)?([A-Za-z0-9]{16,64})$/;

/** The token of a session made on `cluster`; the control cluster's carry no prefix. */
export function sessionToken(cluster: string, controlCluster: string, random: string): string {
  return cluster === controlCluster ? `ses_${random}` : `ses_${cluster}_${random}`;
}

/** Whether `token` has a session token's shape (a cheap check before any look-up). */
export function looksLikeSessionToken(token: string): boolean {
  return TOKEN.test(token);
}

/** The cluster a session token names, the control cluster for one without a prefix; undefined: no token. */
export function clusterOfToken(token: string, controlCluster: string): string | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  return match[1] ?? controlCluster;
}

export type { Placement } from '../store/clusters.repo.ts';

/**
 * The operator whose cluster homes a new jackpot pool or campaign, as its request body names it:
 * its owner (`owner_operator_id`, `operator_id`), else its first member (`members[0].operator_id`,
 * `operators[0]`). Its other operators must play on the same cluster (the services refuse one that
 * does not, naming the field), so the first one named decides.
 */
export function homingOperator(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as Record<string, unknown>;
  const members = Array.isArray(fields.members) ? (fields.members as unknown[]) : [];
  const first = members[0];
  const candidates = [
    fields.owner_operator_id,
    fields.operator_id,
    typeof first === 'object' && first !== null ? (first as Record<string, unknown>).operator_id : undefined,
    Array.isArray(fields.operators) ? fields.operators[0] : undefined,
  ];
  return candidates.find((id): id is string => typeof id === 'string' && id.length > 0);
}
