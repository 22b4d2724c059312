// The one hook for changes that cached readings depend on. A service that changes an operator, a
// key, an allowlist or artwork announces it here itself; the caches listen. No handler has to
// remember to drop a cache (other nodes see the change when their short caches run out).
export type Change =
  | { kind: 'operator'; operatorId: string }
  | { kind: 'api_key'; keyId: string }
  | { kind: 'catalog'; operatorId: string }
  | { kind: 'artwork'; symbol: string; uploaded: boolean }
  | { kind: 'game_live'; symbol: string };

export interface Changes {
  announce(change: Change): void;
  listen(listener: (change: Change) => void): void;
}

export function createChanges(): Changes {
  const listeners: Array<(change: Change) => void> = [];
  return {
    announce(change) {
      for (const listener of listeners) listener(change);
    },
    listen(listener) {
      listeners.push(listener);
    },
  };
}
