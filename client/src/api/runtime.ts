// The runtime API client: Bearer session token, the provider error body, and the retry rule of a
// spin (the same client_round_id is sent again, so a retry can never play or pay twice).
import type { Failure } from '../logic/messages.ts';
import type {
  CampaignsAnswer,
  HistoryPage,
  JackpotsAnswer,
  RealityCheckAnswer,
  Round,
  SessionCampaign,
  SessionInfo,
  SpinRequest,
  SpinResponse,
} from './types.ts';

export class RuntimeFailure extends Error {
  readonly failure: Failure;
  constructor(failure: Failure) {
    super(failure.kind === 'network' ? 'network error' : `${failure.status} ${failure.code}`);
    this.name = 'RuntimeFailure';
    this.failure = failure;
  }
}

/** Delay before sending a failed spin again, or null when it must not be retried automatically. */
export function retryDelay(failure: Failure, attempt: number): number | null {
  const retriable =
    failure.kind === 'network' ||
    failure.code === 'round_in_progress' ||
    (failure.status >= 500 && failure.code !== 'wallet_unavailable' && failure.code !== 'wallet_rejected');
  if (!retriable || attempt >= 4) return null;
  return 400 * 2 ** attempt;
}

/** An idempotency key for one click: 1–64 of [A-Za-z0-9_.:-]. */
export function newClientRoundId(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const bytes = random(new Uint8Array(9));
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `c-${Date.now().toString(36)}-${hex}`;
}

export interface RuntimeClientOptions {
  token: string;
  base?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

export interface RuntimeClient {
  session(): Promise<SessionInfo>;
  spin(body: SpinRequest, onRetry?: (attempt: number) => void): Promise<SpinResponse>;
  history(before?: string | null, limit?: number): Promise<HistoryPage>;
  round(id: string): Promise<Round>;
  /** Demo sessions: the fun balance back to its start. */
  resetDemo(): Promise<{ balance: string }>;
  /** The player's answer to a reality check. */
  realityCheck(action: 'continue' | 'leave'): Promise<RealityCheckAnswer>;
  /** The jackpots this session's rounds feed, with their live values. */
  jackpots(): Promise<JackpotsAnswer>;
  /** The session's tournaments and prize drops, with standings and the player's prizes. */
  campaigns(): Promise<CampaignsAnswer>;
  /** The player opts in to a campaign. */
  enterCampaign(campaignId: string): Promise<SessionCampaign>;
}

export function createRuntimeClient(options: RuntimeClientOptions): RuntimeClient {
  const base = options.base ?? '/api/runtime/v1';
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const timeoutMs = options.timeoutMs ?? 20_000;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new RuntimeFailure({ kind: 'network' });
    }
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      if (response.ok) throw new RuntimeFailure({ kind: 'network' });
      payload = undefined;
    }
    if (!response.ok) {
      const {
        error,
        detail,
        success: _,
        ...extra
      } = (payload ?? {}) as {
        error?: string;
        detail?: string;
        success?: boolean;
        [field: string]: unknown;
      };
      throw new RuntimeFailure({
        kind: 'api',
        status: response.status,
        code: error ?? `http_${response.status}`,
        detail: detail ?? '',
        ...(Object.keys(extra).length > 0 ? { extra } : {}),
      });
    }
    return payload as T;
  }

  return {
    session: () => call<SessionInfo>('GET', '/session'),
    async spin(body, onRetry) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await call<SpinResponse>('POST', '/spin', body);
        } catch (error) {
          if (!(error instanceof RuntimeFailure)) throw error;
          const delay = retryDelay(error.failure, attempt);
          if (delay === null) throw error;
          onRetry?.(attempt + 1);
          await sleep(delay);
        }
      }
    },
    history(before, limit = 20) {
      const query = new URLSearchParams({ limit: String(limit) });
      if (before) query.set('before', before);
      return call<HistoryPage>('GET', `/history?${query}`);
    },
    resetDemo: () => call<{ balance: string }>('POST', '/demo/reset', {}),
    realityCheck: (action) => call<RealityCheckAnswer>('POST', '/reality-check', { action }),
    jackpots: () => call<JackpotsAnswer>('GET', '/jackpots'),
    campaigns: () => call<CampaignsAnswer>('GET', '/campaigns'),
    async enterCampaign(campaignId) {
      const path = `/campaigns/${encodeURIComponent(campaignId)}/enter`;
      return (await call<{ campaign: SessionCampaign }>('POST', path, {})).campaign;
    },
    async round(id) {
      return (await call<{ round: Round }>('GET', `/rounds/${encodeURIComponent(id)}`)).round;
    },
  };
}
