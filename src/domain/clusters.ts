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
