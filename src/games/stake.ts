// The one stake formula outside the certified engine. The ladder's check, a jurisdiction's cap, a
// free round's bet, a launch's default total, the session's starting total and the browser's bet
// panel all price a bet here (no Node import, so the client imports it too). The engine's spin
// writes outcome.stake with the same product inside the certified source (engine/spin.ts, hashed
// into every certificate, so it is not rewritten to call this): stake.test.ts holds the two equal.

/** What one coin of a win pays at this bet, minor units: coin value × bet level. */
export function betUnit(coin: bigint, betLevel: number): bigint {
  return coin * BigInt(betLevel);
}

/**
 * What a paid call costs, minor units: coin value × bet level × the coins the mode costs per
 * level (a base spin's are its lines; special bet and buy feature cost more coins).
 */
export function betStake(coin: bigint, betLevel: number, modeCoins: number): bigint {
  return betUnit(coin, betLevel) * BigInt(modeCoins);
}
