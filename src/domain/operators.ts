// Operator settings: validation shared by the Admin API and the CLI, and the public view.

import { gameInfos } from '../games/index.ts';
import { JURISDICTION_CODES } from '../jurisdictions/index.ts';
import { isSupportedCurrency } from '../money.ts';
import type { OperatorFields, OperatorRow } from '../store/operators.repo.ts';
import { randomBase62 } from './ids.ts';
import { SUPPORTED_LANGUAGES } from './languages.ts';
import { OPEN_ADDRESS_POLICY, type WalletAddressPolicy, walletUrlRefusal } from './wallet-address.ts';

export type OperatorInput = Partial<Record<keyof OperatorFields, unknown>>;

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** RTP variants an operator may choose: those every game offers. */
export function rtpVariantChoices(): string[] {
  const [first, ...rest] = gameInfos;
  if (!first) return [];
  return first.rtpVariants
    .map((variant) => variant.id)
    .filter((id) => rest.every((game) => game.rtpVariants.some((variant) => variant.id === id)));
}

function checkUrl(value: unknown, problems: string[], addresses: WalletAddressPolicy): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') {
    problems.push('wallet_base_url must be a string');
    return null;
  }
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    if (url.search || url.hash) throw new Error('query');
  } catch {
    problems.push('wallet_base_url must be an absolute http(s) URL without query or fragment');
    return null;
  }
  // Caught here when the address is written out; a name is checked again on every call (callback-client).
  const refusal = walletUrlRefusal(addresses, new URL(value));
  if (refusal) {
    problems.push(refusal);
    return null;
  }
  return value.replace(/\/+$/, '');
}

/**
 * Checks a create (all fields, defaults applied) or a patch (only the given fields) and returns
 * the fields to store. The stored combination must stay coherent: callback mode needs a URL.
 */
export function checkOperatorInput(
  input: OperatorInput,
  existing: OperatorRow | undefined,
  addresses: WalletAddressPolicy = OPEN_ADDRESS_POLICY,
): Checked<{ fields: Partial<OperatorFields>; generatedSecret: string | undefined }> {
  const problems: string[] = [];
  const fields: Partial<OperatorFields> = {};
  const has = (key: keyof OperatorFields) => Object.hasOwn(input, key) && input[key] !== undefined;

  if (has('name') || !existing) {
    const name = input.name;
    if (typeof name !== 'string' || name.trim().length < 1 || name.trim().length > 200) {
      problems.push('name must be a string of 1 to 200 characters');
    } else fields.name = name.trim();
  }
  if (has('currency') || !existing) {
    // Defaults apply to a create only: a patch with null must not reset the field.
    const currency = existing ? input.currency : (input.currency ?? 'USD');
    if (typeof currency !== 'string' || !isSupportedCurrency(currency.toUpperCase())) {
      problems.push('currency must be a supported 3-letter currency code');
    } else fields.currency = currency.toUpperCase();
  }
  if (has('status') || !existing) {
    const status = existing ? input.status : (input.status ?? 'active');
    if (status !== 'active' && status !== 'inactive') problems.push('status must be active or inactive');
    else fields.status = status;
  }
  if (has('wallet_mode') || !existing) {
    const mode = input.wallet_mode;
    if (mode !== 'internal' && mode !== 'callback') problems.push('wallet_mode must be internal or callback');
    else fields.wallet_mode = mode;
  }
  if (has('wallet_base_url')) fields.wallet_base_url = checkUrl(input.wallet_base_url, problems, addresses);
  let generatedSecret: string | undefined;
  if (has('wallet_secret')) {
    const secret = input.wallet_secret;
    if (secret !== null && (typeof secret !== 'string' || secret.length < 16 || secret.length > 256)) {
      problems.push('wallet_secret must be a string of 16 to 256 characters');
    } else fields.wallet_secret = secret as string | null;
  }
  if (has('rtp_variant')) {
    const variant = input.rtp_variant;
    const choices = rtpVariantChoices();
    if (variant !== null && (typeof variant !== 'string' || !choices.includes(variant))) {
      problems.push(`rtp_variant must be null or one of ${choices.join(', ')}`);
    } else fields.rtp_variant = variant as string | null;
  }
  if (has('demo_enabled')) {
    if (typeof input.demo_enabled !== 'boolean') problems.push('demo_enabled must be true or false');
    else fields.demo_enabled = input.demo_enabled;
  }
  if (has('language')) {
    const language = input.language;
    const known = SUPPORTED_LANGUAGES.find(
      (l) => typeof language === 'string' && l.toLowerCase() === language.toLowerCase(),
    );
    if (language !== null && !known) {
      problems.push(`language must be null or one of ${SUPPORTED_LANGUAGES.join(', ')}`);
    } else fields.language = known ?? null;
  }

  if (has('default_jurisdiction')) {
    const code = input.default_jurisdiction;
    if (typeof code !== 'string' || !JURISDICTION_CODES.includes(code)) {
      problems.push(`default_jurisdiction must be one of ${JURISDICTION_CODES.join(', ')}`);
    } else fields.default_jurisdiction = code;
  }

  const mode = fields.wallet_mode ?? existing?.wallet_mode;
  if (mode === 'callback' && problems.length === 0) {
    const url = fields.wallet_base_url !== undefined ? fields.wallet_base_url : existing?.wallet_base_url;
    if (!url) problems.push('wallet_base_url is required when wallet_mode is callback');
    const secret = fields.wallet_secret !== undefined ? fields.wallet_secret : existing?.wallet_secret;
    if (!secret) {
      generatedSecret = newWalletSecret();
      fields.wallet_secret = generatedSecret;
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { fields, generatedSecret } };
}

/** Fills the defaults of a new operator from checked fields. */
export function newOperatorFields(fields: Partial<OperatorFields>): OperatorFields {
  return {
    name: fields.name as string,
    currency: fields.currency ?? 'USD',
    status: fields.status ?? 'active',
    wallet_mode: fields.wallet_mode ?? 'internal',
    wallet_base_url: fields.wallet_base_url ?? null,
    wallet_secret: fields.wallet_secret ?? null,
    rtp_variant: fields.rtp_variant ?? null,
    demo_enabled: fields.demo_enabled ?? true,
    language: fields.language ?? null,
    default_jurisdiction: fields.default_jurisdiction ?? 'default',
  };
}

type SecretColumns = Pick<OperatorRow, 'wallet_secret' | 'wallet_secret_next' | 'wallet_secret_switch_at'>;

/** The secret that signs a wallet callback at `now`: the scheduled next one from its switch time on. */
export function signingSecret(row: SecretColumns, now: Date): string | null {
  if (
    row.wallet_secret_next &&
    row.wallet_secret_switch_at &&
    row.wallet_secret_switch_at.getTime() <= now.getTime()
  )
    return row.wallet_secret_next;
  return row.wallet_secret;
}

/** The secrets an operator's wallet should accept at `now`: both while a rotation is scheduled. */
export function acceptedSecrets(row: SecretColumns, now: Date): string[] {
  const signing = signingSecret(row, now);
  if (signing === row.wallet_secret_next) return signing ? [signing] : [];
  return [row.wallet_secret, row.wallet_secret_next].filter((s): s is string => Boolean(s));
}

export function newWalletSecret(): string {
  return `rf_whsec_${randomBase62(32)}`;
}

export interface OperatorView {
  id: string;
  name: string;
  currency: string;
  status: 'active' | 'inactive';
  wallet_mode: 'internal' | 'callback';
  wallet_base_url: string | null;
  wallet_secret_set: boolean;
  /** A scheduled rotation: callbacks are signed with the new secret from this time on (null: none). */
  wallet_secret_switch_at: string | null;
  rtp_variant: string | null;
  demo_enabled: boolean;
  language: string | null;
  default_jurisdiction: string;
  created_at: string;
  updated_at: string;
}

/** What staff see of an operator: never the wallet secret. */
export function operatorView(row: OperatorRow): OperatorView {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    status: row.status,
    wallet_mode: row.wallet_mode,
    wallet_base_url: row.wallet_base_url,
    wallet_secret_set: row.wallet_secret !== null,
    wallet_secret_switch_at: row.wallet_secret_next
      ? (row.wallet_secret_switch_at?.toISOString() ?? null)
      : null,
    rtp_variant: row.rtp_variant,
    demo_enabled: row.demo_enabled,
    language: row.language,
    default_jurisdiction: row.default_jurisdiction,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
