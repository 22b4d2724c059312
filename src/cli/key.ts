// reelforge key create|list|revoke: operator and master API keys, shown once.
import type { Command } from 'commander';
import { orFail, outputFor, table, usageError, withStore } from './context.ts';

export function registerKeyCommand(program: Command): void {
  const key = program.command('key').description('create, list and revoke API keys');

  key
    .command('create')
    .description('create an operator API key, or a provider master key with --master')
    .argument('[operator-id]', 'the operator the key acts for')
    .option('--master', 'create a provider master key (reads every operator) instead')
    .action(async (operatorId: string | undefined, options: { master?: boolean }, command: Command) => {
      if (options.master && operatorId !== undefined)
        usageError(command, 'give either an operator id or --master, not both');
      if (!options.master && operatorId === undefined)
        usageError(command, 'give the operator id, or --master for a provider master key');
      const output = outputFor(command);
      const created = await withStore(async ({ staff }) => {
        const admin = staff.operators;
        return orFail(
          await (options.master ? admin.createKey('master') : admin.createKey('operator', operatorId)),
        );
      });
      output.result(created, () => [
        options.master
          ? `Created master key ${created.key_id}.`
          : `Created API key ${created.key_id} for operator ${operatorId}.`,
        `API key: ${created.api_key}`,
        'This key is shown only this once: store it now (Reelforge keeps only its hash).',
      ]);
    });

  key
    .command('list')
    .description("list API keys (all, or one operator's), revoked ones included; never the key itself")
    .argument('[operator-id]', "only this operator's keys")
    .action(async (operatorId: string | undefined, _options: unknown, command: Command) => {
      const output = outputFor(command);
      const listed = await withStore(async ({ staff }) => orFail(await staff.operators.listKeys(operatorId)));
      output.result(listed, () =>
        listed.keys.length === 0
          ? ['No API keys.']
          : table(
              ['KEY ID', 'KIND', 'OPERATOR', 'PREFIX', 'CREATED', 'LAST USED', 'REVOKED'],
              listed.keys.map((k) => [
                k.key_id,
                k.kind,
                k.operator_id ?? '-',
                k.prefix,
                k.created_at,
                k.last_used_at ?? 'never',
                k.revoked_at ?? '-',
              ]),
            ),
      );
    });

  key
    .command('revoke')
    .description('revoke a key: requests with it are refused from now on')
    .argument('<key-id>', 'key id (key_…), not the key itself')
    .action(async (keyId: string, _options: unknown, command: Command) => {
      const output = outputFor(command);
      await withStore(async ({ staff }) => {
        return orFail(await staff.operators.revokeKey(keyId));
      });
      output.result({ key_id: keyId, revoked: true }, () => [`Revoked key ${keyId}.`]);
    });
}
