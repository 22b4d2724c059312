// Staff operations on operators, keys and catalogs, shared by the Admin API and the CLI.
import type { Kysely } from 'kysely';
import { findGameInfo } from '../games/index.ts';
import { apiKeysRepo, operatorsRepo } from '../store/operators.repo.ts';
import type { Database } from '../store/schema.ts';
import { generateApiKey, type KeyKind } from './api-keys.ts';
import { type ApiError, errors } from './errors.ts';
import { newId } from './ids.ts';
import {
  checkOperatorInput,
  newOperatorFields,
  type OperatorInput,
  type OperatorView,
  operatorView,
} from './operators.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError };

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

export function operatorAdmin(db: Kysely<Database>) {
  const operators = operatorsRepo(db);
  const keys = apiKeysRepo(db);

  return {
    async createOperator(
      input: OperatorInput,
      options: { isDemo?: boolean } = {},
    ): Promise<Outcome<{ operator: OperatorView; wallet_secret?: string }>> {
      const checked = checkOperatorInput(input, undefined);
      if (!checked.ok) return { ok: false, error: errors.invalidRequest(checked.problems.join('; ')) };
      const row = await operators.create(
        newId('op'),
        newOperatorFields(checked.value.fields),
        options.isDemo,
      );
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
      const checked = checkOperatorInput(input, existing);
      if (!checked.ok) return { ok: false, error: errors.invalidRequest(checked.problems.join('; ')) };
      const row = await operators.update(id, checked.value.fields);
      if (!row) return { ok: false, error: errors.notFound(`operator ${id} not found`) };
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

    async listOperators(): Promise<OperatorView[]> {
      return (await operators.list()).map(operatorView);
    },

    /** Creates an operator key (operatorId given) or a master key; the key text is returned only here. */
    async createKey(
      kind: KeyKind,
      operatorId?: string,
    ): Promise<Outcome<{ key_id: string; api_key: string }>> {
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
      return { ok: true, value: { key_id: row.id, api_key: generated.apiKey } };
    },

    /** Every key, or one operator's (404 when it does not exist); revoked keys included. */
    async listKeys(operatorId?: string): Promise<Outcome<{ keys: KeyView[] }>> {
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

    async revokeKey(keyId: string): Promise<Outcome<null>> {
      return (await keys.revoke(keyId))
        ? { ok: true, value: null }
        : { ok: false, error: errors.notFound(`API key ${keyId} not found`) };
    },

    async getCatalog(operatorId: string): Promise<Outcome<{ symbols: string[] }>> {
      if (!(await operators.find(operatorId)))
        return { ok: false, error: errors.notFound(`operator ${operatorId} not found`) };
      return { ok: true, value: { symbols: await operators.catalog(operatorId) } };
    },

    /** Replaces the allowlist; symbols or slugs, stored as symbols; an unknown one rejects the whole list. */
    async setCatalog(operatorId: string, symbols: unknown): Promise<Outcome<{ symbols: string[] }>> {
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
      return { ok: true, value: { symbols: resolved } };
    },
  };
}

export type OperatorAdmin = ReturnType<typeof operatorAdmin>;
