// A game's volatility in the words lobbies and players use, from the certified standard deviation of
// a round's win (in stakes). One decision: the paytable, the intro screen and the lobby read it here.

export type Volatility = 'low' | 'medium' | 'high' | 'very_high';

/** Upper bounds (exclusive) of each band's standard deviation, in stakes. */
const BANDS: ReadonlyArray<readonly [Volatility, number]> = [
  ['low', 3],
  ['medium', 7],
  ['high', 11],
];

/** The band of a standard deviation given as the certificate writes it ("7.469"); null if unreadable. */
export function volatilityOf(sd: string): Volatility | null {
  const value = sd.trim() === '' ? Number.NaN : Number(sd);
  if (!Number.isFinite(value) || value < 0) return null;
  for (const [band, below] of BANDS) if (value < below) return band;
  return 'very_high';
}
