// The one place where staff changes are written to the audit trail: the operator, key, catalog,
// artwork and wallet-queue services as an actor uses them (the Admin API per request, the CLI per
// command). A change that succeeds is recorded with what it was before and after; reads pass.
import type { Actor } from '../domain/staff.ts';
import { findGameInfo } from '../games/index.ts';
import type { ArtworkService } from './artwork.ts';
import type { AuditService } from './audit.ts';
import type { GameSwitchService } from './game-switches.ts';
import type { OperatorService } from './operators.ts';
import type { WalletQueueService } from './wallet-queue.ts';

/** What an actor may change, each change audited. */
export interface StaffActions {
  operators: OperatorService;
  artwork: Pick<ArtworkService, 'put' | 'remove' | 'hasUpload'>;
  walletQueue: Pick<WalletQueueService, 'retry' | 'resolve'>;
  games: Pick<GameSwitchService, 'setLive' | 'view'>;
}

/** A wallet transaction as the audit trail keeps it: its columns, not its attempts or body. */
function txSnapshot(view: { attempt_log?: unknown; request_body?: unknown } | null): unknown {
  if (!view) return null;
  const { attempt_log: _attempts, request_body: _body, ...columns } = view;
  return columns;
}

export function auditedActions(
  base: {
    operators: OperatorService;
    artwork: ArtworkService;
    walletQueue?: WalletQueueService;
    games: GameSwitchService;
  },
  audit: AuditService,
  actor: Actor,
): StaffActions {
  const { operators, artwork, walletQueue, games } = base;
  const record = (action: string, entity: string, id: string | null, before: unknown, after: unknown) =>
    audit.record(actor, action, entity, id, before, after);

  const audited: OperatorService = {
    ...operators,
    async createOperator(input, options) {
      const result = await operators.createOperator(input, options);
      if (result.ok)
        await record('operator.create', 'operator', result.value.operator.id, null, {
          ...result.value.operator,
          ...(result.value.wallet_secret ? { wallet_secret_changed: true } : {}),
        });
      return result;
    },
    async updateOperator(id, input) {
      const before = await operators.getOperator(id);
      const result = await operators.updateOperator(id, input);
      if (result.ok) {
        const secretChanged = input.wallet_secret !== undefined || result.value.wallet_secret !== undefined;
        await record('operator.update', 'operator', id, before.ok ? before.value : null, {
          ...result.value.operator,
          ...(secretChanged ? { wallet_secret_changed: true } : {}),
        });
      }
      return result;
    },
    async rotateWalletSecret(id, switchAt, now) {
      const before = await operators.getOperator(id);
      const result = await operators.rotateWalletSecret(id, switchAt, now);
      if (result.ok)
        await record(
          'operator.wallet_secret_rotate',
          'operator',
          id,
          { wallet_secret_switch_at: before.ok ? before.value.wallet_secret_switch_at : null },
          { wallet_secret_switch_at: result.value.switch_at, wallet_secret_changed: true },
        );
      return result;
    },
    async createKey(kind, operatorId) {
      const result = await operators.createKey(kind, operatorId);
      if (result.ok)
        await record('api_key.create', 'api_key', result.value.key_id, null, {
          kind,
          operator_id: operatorId ?? null,
        });
      return result;
    },
    async revokeKey(keyId) {
      const result = await operators.revokeKey(keyId);
      if (result.ok) await record('api_key.revoke', 'api_key', keyId, { revoked: false }, { revoked: true });
      return result;
    },
    async setCatalog(operatorId, symbols) {
      const before = await operators.getCatalog(operatorId);
      const result = await operators.setCatalog(operatorId, symbols);
      if (result.ok)
        await record('catalog.set', 'catalog', operatorId, before.ok ? before.value : null, result.value);
      return result;
    },
  };

  return {
    operators: audited,
    artwork: {
      hasUpload: (symbol) => artwork.hasUpload(symbol),
      async put(symbolOrSlug, upload) {
        const game = findGameInfo(symbolOrSlug);
        const before = { thumbnail: game && artwork.hasUpload(game.symbol) ? 'uploaded' : null };
        const result = await artwork.put(symbolOrSlug, upload);
        if (result.ok) {
          const { symbol, ...after } = result.value;
          await record('thumbnail.put', 'game', symbol, before, { thumbnail: after });
        }
        return result;
      },
      async remove(symbolOrSlug) {
        const result = await artwork.remove(symbolOrSlug);
        if (result.ok)
          await record(
            'thumbnail.delete',
            'game',
            result.value.symbol,
            { thumbnail: 'uploaded' },
            { thumbnail: null },
          );
        return result;
      },
    },
    games: {
      view: (symbol) => games.view(symbol),
      async setLive(symbol, live) {
        const before = await games.view(symbol);
        const result = await games.setLive(symbol, live);
        if (result.ok)
          await record(
            'game.live',
            'game',
            result.value.symbol,
            before.ok ? before.value : null,
            result.value,
          );
        return result;
      },
    },
    walletQueue: {
      async retry(id) {
        if (!walletQueue) throw new Error('the wallet queue is not available here');
        const before = await walletQueue.get(id);
        const result = await walletQueue.retry(id);
        if (result.ok)
          await record(
            'wallet_transaction.retry',
            'wallet_transaction',
            id,
            txSnapshot(before.ok ? before.value : null),
            txSnapshot(result.value),
          );
        return result;
      },
      async resolve(id, note) {
        if (!walletQueue) throw new Error('the wallet queue is not available here');
        const before = await walletQueue.get(id);
        const result = await walletQueue.resolve(id, note);
        if (result.ok)
          await record(
            'wallet_transaction.resolve',
            'wallet_transaction',
            id,
            txSnapshot(before.ok ? before.value : null),
            {
              ...(txSnapshot(result.value) as object),
              note,
            },
          );
        return result;
      },
    },
  };
}
