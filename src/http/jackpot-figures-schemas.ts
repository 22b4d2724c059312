// The certified figures of a game with a jackpot (domain/jackpot-figures.ts) as the Admin API and the
// runtime session's rules screen answer them.
import { Type } from 'typebox';

const percent = (description: string) =>
  Type.String({ pattern: '^[0-9]+\\.[0-9]{2,}$', description: `${description} Percent, exact.` });

export const TierFiguresSchema = Type.Object({
  pool_id: Type.String(),
  name: Type.String(),
  kind: Type.Union([
    Type.Literal('progressive'),
    Type.Literal('must_drop_value'),
    Type.Literal('must_drop_time'),
  ]),
  contribution_rate: percent('Share of every stake added to the meter.'),
  reserve_rate: percent('Share of every stake put aside for the next seeds.'),
  rtp: percent('contribution_rate + reserve_rate.'),
  frequencies: Type.Union([
    Type.Array(
      Type.Object({
        stake: Type.String({ description: 'A base total bet of the ladder.' }),
        one_in: Type.String({
          description: 'One hit expected in this many spins at that stake (2 decimals).',
        }),
      }),
    ),
    Type.Null(),
  ]),
  drops_daily_before: Type.Union([Type.String({ description: 'HH:MM UTC' }), Type.Null()]),
});

/** Base, jackpot and total RTP and the tiers (the Admin API's `figures`; the session's `jackpot` adds `eligible`). */
export const jackpotFiguresFields = {
  base_rtp: Type.String({ description: "The game's certified RTP, percent." }),
  jackpot_rtp: percent('Σ contribution and reserve rates: the long-run least the jackpots return.'),
  total_rtp: percent('base_rtp + jackpot_rtp.'),
  tiers: Type.Array(TierFiguresSchema),
};

export const JackpotFiguresSchema = Type.Object(jackpotFiguresFields);

/** The runtime session's `jackpot`: the figures and whether this session can win them; null without a pool. */
export const SessionJackpotSchema = Type.Union([
  Type.Object({
    eligible: Type.Boolean({
      description:
        'false: demo, or a market without jackpots; then the RTP is the game’s own and tiers is empty.',
    }),
    ...jackpotFiguresFields,
  }),
  Type.Null(),
]);
