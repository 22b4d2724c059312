// Every action_type a wallet callback can carry, declared once: the code that builds a callback body
// takes only these, the OpenAPI document lists them, and docs/wallet-integration.md is tested against them.

export const WALLET_ACTION_TYPES = [
  'balance',
  'spin',
  'special_bet',
  'buy_feature',
  'free_spin',
  'free_round',
  'free_round_feature',
  'rollback',
  'jackpot_win',
  'promo_win',
] as const;
export type WalletActionType = (typeof WALLET_ACTION_TYPES)[number];

export function isWalletActionType(value: unknown): value is WalletActionType {
  return typeof value === 'string' && (WALLET_ACTION_TYPES as readonly string[]).includes(value);
}

/** A stored round's action_type, which only this list ever wrote; anything else is a bug. */
export function walletActionType(value: string): WalletActionType {
  if (!isWalletActionType(value)) throw new Error(`unknown wallet action_type "${value}"`);
  return value;
}
