// A round as the store's round functions take it (functions/rf_play_internal_round.sql and the batch
// functions): JSON, amounts in minor units as decimal strings, a base spin of Copper Sevens unless
// told otherwise. For tests that call those functions directly.
export function roundJson(round: {
  id: string;
  session_id: string;
  operator_id: string;
  player_id: string;
  stake: bigint;
  win: bigint;
  state_after?: object;
  free_round_grant_id?: string | null;
  free_round?: { new_round: boolean } | null;
}) {
  return {
    game_symbol: 'rf_copper_sevens',
    currency: 'USD',
    variant: '96.5',
    wallet_mode: 'internal',
    client_round_id: `click-${round.id}`,
    kind: 'base',
    mode: 'base',
    coin: '1',
    bet_level: 1,
    state_before: {},
    state_after: {},
    outcome: {},
    created_at: new Date().toISOString(),
    free_round_grant_id: null,
    free_round: null,
    certificate_hash: null,
    ...round,
    stake: round.stake.toString(),
    win: round.win.toString(),
  };
}
