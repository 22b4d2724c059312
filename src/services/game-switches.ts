// Staff switch a game off (out of every catalog, no new launches or spins) and back on. A game
// whose math is not certified stays off whatever the switch says (games/registry.ts).
import { errors, type Outcome } from '../domain/errors.ts';
import { findGameInfo } from '../games/index.ts';
import type { GamesRepo } from '../store/games.repo.ts';
import type { Changes } from './changes.ts';

export interface GameLiveView {
  symbol: string;
  /** Live in the catalogs: certified and not switched off. */
  live: boolean;
  switched_off: boolean;
}

export interface GameSwitchService {
  /** Symbols switched off by staff (cached ACCESS_CACHE_MS; this node's changes at once). */
  switchedOff(): Promise<ReadonlySet<string>>;
  /** The cached set while it is fresh, without waiting; undefined when it must be read again. */
  cachedSwitchedOff(): ReadonlySet<string> | undefined;
  setLive(symbolOrSlug: string, live: boolean): Promise<Outcome<GameLiveView>>;
  view(symbolOrSlug: string): Promise<Outcome<GameLiveView>>;
}

export function createGameSwitchService(deps: {
  games: GamesRepo;
  changes: Changes;
  now: () => number;
  cacheMs: number;
}): GameSwitchService {
  let cached: { value: ReadonlySet<string>; until: number } | undefined;
  deps.changes.listen((change) => {
    if (change.kind === 'game_live') cached = undefined;
  });

  async function switchedOff(): Promise<ReadonlySet<string>> {
    const at = deps.now();
    if (cached && cached.until > at) return cached.value;
    const value = new Set(await deps.games.switchedOff());
    cached = { value, until: at + deps.cacheMs };
    return value;
  }

  async function view(symbolOrSlug: string): Promise<Outcome<GameLiveView>> {
    const game = findGameInfo(symbolOrSlug);
    if (!game) return { ok: false, error: errors.notFound(`game ${symbolOrSlug} not found`) };
    const off = (await switchedOff()).has(game.symbol);
    return { ok: true, value: { symbol: game.symbol, live: game.live && !off, switched_off: off } };
  }

  return {
    switchedOff,
    cachedSwitchedOff: () => (cached && cached.until > deps.now() ? cached.value : undefined),
    view,
    async setLive(symbolOrSlug, live) {
      const game = findGameInfo(symbolOrSlug);
      if (!game) return { ok: false, error: errors.notFound(`game ${symbolOrSlug} not found`) };
      if (live && !game.live)
        return {
          ok: false,
          error: errors.conflict(`game ${game.symbol} is not certified for this build: it cannot go live`),
        };
      await deps.games.setLive(game.symbol, live);
      deps.changes.announce({ kind: 'game_live', symbol: game.symbol });
      return view(game.symbol);
    },
  };
}
