// GET /api/admin/v1/games: every game with its certification as checked when the models loaded
// (a game with an uncertified variant is not live) and the signed manifest's state.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { allGames, describeGame, gameCertifications } from '../../games/index.ts';
import { verifyManifest } from '../../games/manifest.ts';
import type { Services } from '../../services/index.ts';
import { adminErrors, adminSecurity } from './shared.ts';

const Variant = Type.Object({
  variant: Type.String(),
  certified: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Union([Type.String(), Type.Null()]),
  certificate_hash: Type.Union([Type.String(), Type.Null()]),
  rtp: Type.String(),
  rtp_method: Type.String(),
  rtp_half_width: Type.Union([Type.String(), Type.Null()]),
  max_win_multiplier: Type.Number(),
  max_win_kind: Type.String(),
  withheld_modes: Type.Array(
    Type.Object({ mode: Type.String(), reason: Type.String(), detail: Type.String() }),
    {
      description:
        'Paid modes (special = ante, buy) not offered: uncertified or short of the ± 0.1 pp precision.',
    },
  ),
});

const GamesView = Type.Object({
  games: Type.Array(
    Type.Object({
      symbol: Type.String(),
      slug: Type.String(),
      title: Type.Optional(Type.String()),
      live: Type.Boolean({ description: 'In the catalogs: certified and not switched off by staff.' }),
      switched_off: Type.Boolean({ description: 'Staff switched the game off (PUT /games/{symbol}/live).' }),
      variants: Type.Array(Variant),
    }),
  ),
  manifest: Type.Object({
    ok: Type.Boolean(),
    reason: Type.Union([Type.String(), Type.Null()]),
    problems: Type.Array(Type.String()),
  }),
});

export function registerGameRoutes(app: FastifyInstance, services: Services): void {
  app.get(
    '/api/admin/v1/games',
    {
      schema: {
        summary: 'Games, their certification and the signed manifest',
        description:
          'A variant is certified when its model data and the engine and game source match its certificate; a game with an uncertified variant is not live.',
        tags: ['admin'],
        security: adminSecurity,
        response: { 200: GamesView, ...adminErrors() },
      },
    },
    async () => {
      const off = await services.gameSwitches.switchedOff();
      const certifications = gameCertifications();
      const manifest = verifyManifest();
      return {
        games: allGames().map((game) => ({
          symbol: game.symbol,
          slug: game.slug,
          title: game.title,
          live: game.live && !off.has(game.symbol),
          switched_off: off.has(game.symbol),
          variants: certifications
            .filter((c) => c.slug === game.slug)
            .map((c) => {
              const d = describeGame(game, c.variant);
              return {
                variant: c.variant,
                certified: c.certified,
                reason: c.reason,
                detail: c.detail,
                certificate_hash: c.certificateHash,
                rtp: d.rtp,
                rtp_method: d.rtpMethod,
                rtp_half_width: d.rtpHalfWidth,
                max_win_multiplier: d.maxWinMultiplier,
                max_win_kind: d.maxWinKind,
                withheld_modes: c.withheldModes,
              };
            }),
        })),
        manifest: manifest.ok
          ? { ok: true, reason: null, problems: [] }
          : { ok: false, reason: manifest.reason, problems: manifest.problems },
      };
    },
  );
}
