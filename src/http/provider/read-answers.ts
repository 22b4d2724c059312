// The answers of the three public read endpoints (catalog, one game, generated key art), made once
// and kept as ready bytes. Their Fastify routes and the read lane (read-lane.ts), which sends the
// same bytes without Fastify's per-request pipeline, both answer from here.
import type { CatalogScope } from '../../domain/catalog.ts';
import { describeCatalogGame, listCatalog, lookupGame } from '../../domain/catalog.ts';
import { etagOf } from '../../domain/game-art.ts';
import { KEY_ART_SIZES, type KeyArtSize, renderKeyArtSvg } from '../../games/art/key-art.ts';
import { findGameInfo } from '../../games/index.ts';
import type { Services } from '../../services/index.ts';
import type { OperatorAccess } from '../../services/provider-access.ts';
import { renderedCache } from './rendered.ts';

const SVG_CACHE_LIMIT = 2000;
/** Headers of every artwork answer: cacheable for five minutes, never sniffed, SVG without scripts. */
export const ART_CACHE_CONTROL = 'public, max-age=300';
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** Whether an If-None-Match header names this ETag (weak or strong), or is *. */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (typeof header !== 'string') return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export interface KeyArt {
  svg: Buffer;
  etag: string;
}

export interface ReadAnswers {
  /** GET /games: the catalog of a scope. */
  catalog(operator: OperatorAccess['operator'] | null, scope: CatalogScope): Buffer;
  /** GET /games/{symbol}: one game of the scope's catalog, or undefined when it is not in it (404). */
  game(symbolOrSlug: string, scope: CatalogScope): Buffer | undefined;
  /**
   * GET /game-art/{symbol} as generated key art (SVG), for inputs the route has already checked;
   * the caller first sends an uploaded image instead when the game has one.
   */
  keyArt(request: { symbol: string; slug?: string; title?: string; size?: KeyArtSize }): KeyArt;
  /** The game whose art a request shows: by symbol, else by slug (uploads are kept under it). */
  artSymbol(symbol: string, slug?: string): string;
}

export function readAnswers(services: Services): ReadAnswers {
  const catalogs = renderedCache(services);
  const games = renderedCache(services);
  const svgs = new Map<string, KeyArt>();
  const gameOf = (symbol: string, slug?: string) =>
    findGameInfo(symbol) ?? (slug ? findGameInfo(slug) : undefined);

  return {
    catalog(operator, scope) {
      return catalogs.json(operator?.id ?? '*', scope, () => {
        const items = listCatalog(scope, services.catalog);
        return { success: true, data: { items, total: items.length, operator_id: operator?.id ?? null } };
      });
    },

    game(symbolOrSlug, scope) {
      const found = lookupGame(symbolOrSlug, scope);
      if (!found.ok) return undefined;
      const { game } = found;
      return games.json(
        `${scope.kind === 'operator' ? scope.operatorId : '*'}\n${game.symbol}`,
        scope,
        () => ({
          success: true,
          data: describeCatalogGame(game, scope, services.catalog),
        }),
      );
    },

    keyArt({ symbol, slug, title, size }) {
      const game = gameOf(symbol, slug);
      const artSymbol = game?.symbol ?? symbol;
      const shownTitle = title || game?.title || symbol;
      const key = `${symbol}\n${slug ?? ''}\n${shownTitle}\n${size ?? 'card'}`;
      let art = svgs.get(key);
      if (!art) {
        const shape = KEY_ART_SIZES[size ?? 'card'];
        const svg = Buffer.from(renderKeyArtSvg(artSymbol, shownTitle, game, shape.width, shape.height));
        art = { svg, etag: etagOf(svg) };
        if (svgs.size >= SVG_CACHE_LIMIT) svgs.clear();
        svgs.set(key, art);
      }
      return art;
    },

    artSymbol: (symbol, slug) => gameOf(symbol, slug)?.symbol ?? symbol,
  };
}
