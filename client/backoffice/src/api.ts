// The Admin API from the console: cookie session (HttpOnly, set by sign-in) plus the CSRF token on
// every request. Errors arrive as HttpError with the API's code and detail. Shapes the server already
// defines are imported as types only (erased from the bundle), not written again.
import type { OperatorView } from '../../../src/domain/operators.ts';
import type { Permission, StaffRole } from '../../../src/domain/staff.ts';
import { type RoleTable, roleAllows, rolesHolding } from './roles.ts';

export type { Permission };
export type Role = StaffRole;

export interface Staff {
  id: string;
  email: string;
  role: Role;
  totp_enabled: boolean;
}

/** The answer of sign-in and `auth/me`: who is signed in, the CSRF token, the server's role table. */
export interface SignedIn {
  staff: Staff;
  csrf_token: string;
  roles: RoleTable;
}

export const session: { staff: Staff | null; csrf: string; roles: RoleTable } = {
  staff: null,
  csrf: '',
  roles: [],
};

/** Holds the signed-in answer for every page to read. */
export function signedIn(answer: SignedIn): void {
  session.staff = answer.staff;
  session.csrf = answer.csrf_token;
  session.roles = answer.roles;
}

export function can(permission: Permission): boolean {
  return session.staff !== null && roleAllows(session.roles, session.staff.role, permission);
}

/** Which role an action needs, in words ("finance or admin"). */
export function roleFor(permission: Permission): string {
  return rolesHolding(session.roles, permission);
}

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly body: Record<string, unknown>;
  constructor(status: number, code: string, detail: string, body: Record<string, unknown> = {}) {
    super(detail);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.body = body;
  }
}

/** Listeners told when the session is gone (expired, signed out elsewhere). */
const signedOutListeners: Array<(reason: string) => void> = [];
export function onSignedOut(listener: (reason: string) => void): void {
  signedOutListeners.push(listener);
}

export async function request(
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', 'x-csrf-token': session.csrf };
  let payload: BodyInit | undefined;
  if (body instanceof Blob) {
    payload = body;
    headers['content-type'] = contentType;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin' });
  if (response.ok) return response;
  let parsed: Record<string, unknown> = {};
  try {
    parsed = (await response.json()) as Record<string, unknown>;
  } catch {
    // not JSON: keep the status
  }
  const code = typeof parsed.error === 'string' ? parsed.error : `http_${response.status}`;
  const detail = typeof parsed.detail === 'string' ? parsed.detail : response.statusText;
  const error = new HttpError(response.status, code, detail, parsed);
  const authPath = path.startsWith('/api/admin/v1/auth/');
  if (response.status === 401 && !authPath && session.staff) {
    session.staff = null;
    for (const listener of signedOutListeners)
      listener(code === 'session_expired' ? 'expired' : 'signed-out');
  }
  throw error;
}

export async function json<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await request(method, path, body);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const get = <T>(path: string) => json<T>('GET', path);

/** A query string from the defined, non-empty values. */
export function query(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What to tell a person about a failed request. */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 403 && error.code === 'forbidden')
      return `Not allowed for your role (${session.staff?.role ?? 'unknown'}): ${error.detail}`;
    if (error.status === 403 && error.code === 'csrf_failed')
      return 'The request was refused (CSRF check). Reload the page and try again.';
    return `${error.detail || error.code} (${error.status})`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * An operator as staff see it (never the wallet secret); `cluster`: the PostgreSQL cluster its play
 * is on, read-only while `reelforge operator move` moves it.
 */
export type Operator = OperatorView & { cluster?: { id: string; state: 'active' | 'read_only' } };

export interface Game {
  symbol: string;
  slug: string;
  title?: string;
  live: boolean;
  variants: Array<{ variant: string; certified: boolean; rtp: string }>;
}

let operatorsCache: Promise<Operator[]> | null = null;
export function operators(fresh = false): Promise<Operator[]> {
  if (fresh || !operatorsCache) {
    operatorsCache = get<{ operators: Operator[] }>('/api/admin/v1/operators').then((r) => r.operators);
    operatorsCache.catch(() => {
      operatorsCache = null;
    });
  }
  return operatorsCache;
}

/** Names operators by id for tables: the operator's name, or the id itself for one not (yet) listed. */
export async function operatorNames(): Promise<(id: string) => string> {
  const names = new Map((await operators()).map((op) => [op.id, op.name]));
  return (id) => names.get(id) ?? id;
}

let gamesCache: Promise<Game[]> | null = null;
export function games(fresh = false): Promise<Game[]> {
  if (fresh || !gamesCache) {
    gamesCache = get<{ games: Game[] }>('/api/admin/v1/games').then((r) => r.games);
    gamesCache.catch(() => {
      gamesCache = null;
    });
  }
  return gamesCache;
}

export function gameTitle(game: Game): string {
  return game.title ?? game.slug.replace(/[-_]/g, ' ');
}
