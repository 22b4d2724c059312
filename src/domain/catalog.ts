// The operator-scoped live catalog: which games an operator sees and how each is described.
import { findGameInfo, gameInfos } from '../games/index.ts';
import type { CertifiedHooks } from '../games/play.ts';
import type { GameInfo } from '../games/types.ts';
import {
  volatilityOf as bandOf,
  type Volatility,
  type VolatilityLevel,
  volatilityLevel,
} from '../games/volatility.ts';

export const GAME_SERVICE_VERSION = '1.0.0';
export const ASSET_VERSION = '1';
export const CERTIFIED_BROWSERS = ['chrome', 'edge', 'firefox', 'safari', 'chrome-android', 'safari-ios'];

/** Who is asking: one operator (its allowlist and RTP choice), or a master key reading everything. */
export type CatalogScope =
  | {
      kind: 'operator';
      operatorId: string;
      allowlist: ReadonlySet<string>;
      rtpVariant: string | null;
      /** Games staff switched off (out of every catalog). */
      off?: ReadonlySet<string>;
    }
  | { kind: 'all'; off?: ReadonlySet<string> };

export interface CatalogGame {
  symbol: string;
  slug: string;
  title: string;
  family: string;
  rtp: string | null;
  lines: number;
  asset_version: string;
  asset_symbol: string;
  asset_source: string;
  has_local_assets: boolean;
  game_service_version: string;
  loader_mode: string;
  provider_tagline: string;
  shell_strategy: string;
  launch_status: string;
  live_catalog_enabled: boolean;
  certified_browsers: string[];
  features: GameInfo['features'];
  /** The certified maximum win, × the base total bet; null while the variant is not certified. */
  max_win: { multiplier: string; kind: 'exact' | 'cap' } | null;
  /** How widely a round's win spreads, on a five-step scale from the certified standard deviation. */
  volatility: { level: VolatilityLevel; band: VolatilityBand; sd: string } | null;
  special_bet_profile: GameInfo['specialBetProfile'];
  thumbnail: { symbol: string; slug: string; title: string; url: string };
  thumbnail_url: string;
  launch_path: string;
}

export interface CatalogOptions {
  publicBaseUrl: string;
  /** Certified RTP in percent for a game and variant, or null when not yet certified. */
  rtpOf: (game: GameInfo, variant: string) => string | null;
  /** A variant's certified maximum win and spread, or null when it is not certified. */
  hooksOf: (game: GameInfo, variant: string) => CertifiedHooks | null;
  /** Whether staff uploaded artwork for the game. */
  hasUploadedArt: (symbol: string) => boolean;
}

export type { VolatilityLevel };
export type VolatilityBand = Volatility;

/** The catalog's volatility meter: the band and step of src/games/volatility.ts, with the figure. */
export function volatilityOf(
  sd: string,
): { level: VolatilityLevel; band: VolatilityBand; sd: string } | null {
  const band = bandOf(sd);
  return band ? { level: volatilityLevel(band), band, sd } : null;
}

export function inScope(game: GameInfo, scope: CatalogScope): boolean {
  if (!game.live || scope.off?.has(game.symbol)) return false;
  return scope.kind === 'all' || scope.allowlist.has(game.symbol);
}

export function variantFor(game: GameInfo, scope: CatalogScope): string {
  const chosen = scope.kind === 'operator' ? scope.rtpVariant : null;
  return chosen && game.rtpVariants.some((v) => v.id === chosen) ? chosen : game.defaultVariant;
}

export function thumbnailUrl(publicBaseUrl: string, game: GameInfo): string {
  const query = new URLSearchParams({ title: game.title, slug: game.slug });
  return `${publicBaseUrl}/api/provider/v1/game-art/${encodeURIComponent(game.symbol)}?${query}`;
}

export function describeCatalogGame(
  game: GameInfo,
  scope: CatalogScope,
  options: CatalogOptions,
): CatalogGame {
  const url = thumbnailUrl(options.publicBaseUrl, game);
  const uploaded = options.hasUploadedArt(game.symbol);
  const hooks = options.hooksOf(game, variantFor(game, scope));
  return {
    symbol: game.symbol,
    slug: game.slug,
    title: game.title,
    family: game.family,
    rtp: options.rtpOf(game, variantFor(game, scope)),
    lines: game.lines,
    asset_version: ASSET_VERSION,
    asset_symbol: game.symbol,
    asset_source: uploaded ? 'uploaded' : 'generated',
    has_local_assets: true,
    game_service_version: GAME_SERVICE_VERSION,
    loader_mode: 'spa',
    provider_tagline: game.tagline,
    shell_strategy: 'standalone',
    launch_status: game.live ? 'live' : 'disabled',
    live_catalog_enabled: game.live,
    certified_browsers: CERTIFIED_BROWSERS,
    features: game.features,
    max_win: hooks ? { multiplier: hooks.maxWinMultiplier, kind: hooks.maxWinKind } : null,
    volatility: hooks ? volatilityOf(hooks.sd) : null,
    special_bet_profile: game.specialBetProfile,
    thumbnail: { symbol: game.symbol, slug: game.slug, title: game.title, url },
    thumbnail_url: url,
    launch_path: `/gs2c/play/${game.symbol}`,
  };
}

export function listCatalog(scope: CatalogScope, options: CatalogOptions): CatalogGame[] {
  return gameInfos
    .filter((game) => inScope(game, scope))
    .map((game) => describeCatalogGame(game, scope, options));
}

export type GameLookup = { ok: true; game: GameInfo } | { ok: false; reason: 'not_found' | 'not_enabled' };

/** Finds a game by symbol or slug within a scope: unknown is not_found, outside the scope not_enabled. */
export function lookupGame(symbolOrSlug: string, scope: CatalogScope): GameLookup {
  const game = findGameInfo(symbolOrSlug);
  if (!game) return { ok: false, reason: 'not_found' };
  if (!inScope(game, scope)) return { ok: false, reason: 'not_enabled' };
  return { ok: true, game };
}
