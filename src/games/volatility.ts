// A game's volatility in the words lobbies and players use, from the certified standard deviation of
// a round's win (in stakes): five steps. The one decision: the paytable, the intro screen, the
// catalog's meter and the demo lobby all read it here, so a game reads the same everywhere.

export type Volatility = 'low' | 'medium_low' | 'medium' | 'high' | 'very_high';
export type VolatilityLevel = 1 | 2 | 3 | 4 | 5;

/** Upper bounds (exclusive) of each band's standard deviation, in stakes; above the last: very high. */
const BANDS: ReadonlyArray<readonly [Volatility, number]> = [
  ['low', 3],
  ['medium_low', 5],
  ['medium', 8],
  ['high', 12],
];

/** The band of a standard deviation given as the certificate writes it ("7.469"); null if unreadable. */
export function volatilityOf(sd: string): Volatility | null {
  const value = sd.trim() === '' ? Number.NaN : Number(sd);
  if (!Number.isFinite(value) || value < 0) return null;
  for (const [band, below] of BANDS) if (value < below) return band;
  return 'very_high';
}

/** A band's step on the five-step meter (1 low … 5 very high). */
export function volatilityLevel(band: Volatility): VolatilityLevel {
  const index = BANDS.findIndex(([name]) => name === band);
  return (index === -1 ? 5 : index + 1) as VolatilityLevel;
}
