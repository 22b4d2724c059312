// Staff operations on operators, keys and catalogs, shared by the Admin API and the CLI. Every
// change is announced on the change hook, so the access and catalog caches drop what it touched.

import { generateApiKey, type KeyKind } from '../domain/api-keys.ts';
import { errors, type Outcome } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import {
  checkOperatorInput,
  newOperatorFields,
  newWalletSecret,
  type OperatorInput,
  type OperatorView,
  operatorView,
  signingSecret,
} from '../domain/operators.ts';
import type { WalletAddressPolicy } from '../domain/wallet-address.ts';
import { findGameInfo } from '../games/index.ts';
import type { ApiKeysRepo, OperatorsRepo } from '../store/operators.repo.ts';
import type { Changes } from './changes.ts';

type OperatorSaved = Outcome<{ operator: OperatorView; wallet_secret?: string }>;

/** A key as staff see it in a listing: never the key, never its hash; the prefix tells keys apart. */
export interface KeyView {
  key_id: string;
  kind: KeyKind;
  operator_id: string | null;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface OperatorService {
  createOperator(input: OperatorInput, options?: { isDemo?: boolean }): Promise<OperatorSaved>;
  updateOperator(id: string, input: OperatorInput): Promise<OperatorSaved>;
  getOperator(id: string): Promise<Outcome<OperatorView>>;
  /**
   * Schedules a wallet secret rotation: a new secret (returned only here) signs callbacks from
   * `switchAt` on; until then the current one does, and the operator's wallet accepts both.
   */
  rotateWalletSecret(
    id: string,
    switchAt: Date,
    now: Date,
  ): Promise<Outcome<{ operator: OperatorView; wallet_secret: string; switch_at: string }>>;
  listOperators(): Promise<OperatorView[]>;
  /** Creates an operator key (operatorId given) or a master key; the key text is returned only here. */
  createKey(kind: KeyKind, operatorId?: string): Promise<Outcome<{ key_id: string; api_key: string }>>;
  /** Every key, or one operator's (404 when it does not exist); revoked keys included; never the key. */
  listKeys(operatorId?: string): Promise<Outcome<{ keys: KeyView[] }>>;
  revokeKey(keyId: string): Promise<Outcome<null>>;
  getCatalog(operatorId: string): Promise<Outcome<{ symbols: string[] }>>;
  /** Replaces the allowlist; symbols or slugs, stored as symbols; an unknown one rejects the whole list. */
  setCatalog(operatorId: string, symbols: unknown): Promise<Outcome<{ symbols: string[] }>>;
}

export function createOperatorService(deps: {
  operators: OperatorsRepo;
  keys: ApiKeysRepo;
  changes: Changes;
  /** Which wallet addresses may be stored (production refuses internal ones). */
  addresses?: WalletAddressPolicy;
}): OperatorService {
  const { operators, keys, changes } = deps;

  return {
    async createOperator(
      input: OperatorInput,
      options: { isDemo?: boolean } = {},
    ): Promise<Outcome<{ operator: OperatorView; wallet_secret?: string }>> {
      const checked = checkOperatorInput(input, undefined, deps.addresses);
      if (!checked.ok) return { ok: false, error: errors.invalidRequest(checked.problems.join('; ')) };
      const row = await operators.create(
        newId('op'),
        newOperatorFields(checked.value.fields),
        options.isDemo,
      );
      changes.announce({ kind: 'operator', operatorId: row.id });
      const secret = checked.value.generatedSecret;
      return {
        ok: true,
        value: { operator: operatorView(row), ...(secret ? { wallet_secret: secret } : {}) },
      };
    },

    async updateOperator(
      id: string,
      input: OperatorInput,
    ): Promise<Outcome<{ operator: OperatorView; wallet_secret?: string }>> {
      const existing = await operators.find(id);
      if (!existing) return { ok: false, error: errors.notFound(`operator ${id} not found`) };
      const checked = checkOperatorInput(input, existing, deps.addresses);
      if (!checked.ok) return { ok: false, error: errors.invalidRequest(checked.problems.join('; ')) };
      const { fields } = checked.value;
      // A secret set outright replaces any scheduled rotation, in the same write.
      const row = await operators.update(
        id,
        fields.wallet_secret !== undefined
          ? { ...fields, wallet_secret_next: null, wallet_secret_switch_at: null }
          : fields,
      );
      if (!row) return { ok: false, error: errors.notFound(`operator ${id} not found`) };
      changes.announce({ kind: 'operator', operatorId: id });
      const secret = checked.value.generatedSecret;
      return {
        ok: true,
        value: { operator: operatorView(row), ...(secret ? { wallet_secret: secret } : {}) },
      };
    },

    async getOperator(id: string): Promise<Outcome<OperatorView>> {
      const row = await operators.find(id);
      return row
        ? { ok: true, value: operatorView(row) }
        : { ok: false, error: errors.notFound(`operator ${id} not found`) };
    },

    async rotateWalletSecret(id, switchAt, now) {
      const existing = await operators.find(id);
      if (!existing) return { ok: false, error: errors.notFound(`operator ${id} not found`) };
      if (existing.wallet_mode !== 'callback' || !existing.wallet_base_url)
        return {
          ok: false,
          error: errors.conflict(`operator ${id} does not use a callback wallet: it has no secret to rotate`),
        };
      const secret = newWalletSecret();
      const row = await operators.setWalletSecrets(id, {
        // A rotation already past its switch: its new secret is the current one now.
        wallet_secret: signingSecret(existing, now),
        wallet_secret_next: secret,
        wallet_secret_switch_at: switchAt,
      });
      if (!row) return { ok: false, error: errors.notFound(`operator ${id} not found`) };
      changes.announce({ kind: 'operator', operatorId: id });
      return {
        ok: true,
        value: { operator: operatorView(row), wallet_secret: secret, switch_at: switchAt.toISOString() },
      };
    },

    async listOperators(): Promise<OperatorView[]> {
      return (await operators.list()).map(operatorView);
    },

    async createKey(kind, operatorId) {
      if (kind === 'operator') {
        if (!operatorId || !(await operators.find(operatorId))) {
          return { ok: false, error: errors.notFound(`operator ${operatorId} not found`) };
        }
      }
      const generated = generateApiKey(kind);
      const row = await keys.create({
        id: newId('key'),
        kind,
        operator_id: kind === 'operator' ? (operatorId as string) : null,
        key_hash: generated.hash,
        key_prefix: generated.displayPrefix,
      });
      changes.announce({ kind: 'api_key', keyId: row.id });
      return { ok: true, value: { key_id: row.id, api_key: generated.apiKey } };
    },

    async listKeys(operatorId) {
      if (operatorId !== undefined && !(await operators.find(operatorId)))
        return { ok: false, error: errors.notFound(`operator ${operatorId} not found`) };
      const rows = await keys.list(operatorId);
      return {
        ok: true,
        value: {
          keys: rows.map((row) => ({
            key_id: row.id,
            kind: row.kind,
            operator_id: row.operator_id,
            prefix: row.key_prefix,
            created_at: row.created_at.toISOString(),
            last_used_at: row.last_used_at?.toISOString() ?? null,
            revoked_at: row.revoked_at?.toISOString() ?? null,
          })),
        },
      };
    },

    async revokeKey(keyId) {
      if (!(await keys.revoke(keyId)))
        return { ok: false, error: errors.notFound(`API key ${keyId} not found`) };
      changes.announce({ kind: 'api_key', keyId });
      return { ok: true, value: null };
    },

    async getCatalog(operatorId: string): Promise<Outcome<{ symbols: string[] }>> {
      if (!(await operators.find(operatorId)))
        return { ok: false, error: errors.notFound(`operator ${operatorId} not found`) };
      return { ok: true, value: { symbols: await operators.catalog(operatorId) } };
    },

    async setCatalog(operatorId, symbols) {
      if (!Array.isArray(symbols) || symbols.some((s) => typeof s !== 'string')) {
        return {
          ok: false,
          error: errors.invalidRequest('symbols must be an array of game symbols or slugs'),
        };
      }
      const unknown = symbols.filter((s) => !findGameInfo(s));
      if (unknown.length > 0)
        return { ok: false, error: errors.invalidRequest(`symbols: unknown games ${unknown.join(', ')}`) };
      if (!(await operators.find(operatorId)))
        return { ok: false, error: errors.notFound(`operator ${operatorId} not found`) };
      const resolved = [
        ...new Set(symbols.map((s) => (findGameInfo(s) as { symbol: string }).symbol)),
      ].sort();
      await operators.setCatalog(operatorId, resolved);
      changes.announce({ kind: 'catalog', operatorId });
      return { ok: true, value: { symbols: resolved } };
    },
  };
}
