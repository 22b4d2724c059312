// reelforge staff create|list|disable|reset-password (the first admin comes from here), and
// reelforge audit verify|list: the back office's accounts and audit trail, on the store directly.
import path from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { normalEmail } from '../domain/staff.ts';
import { checkpointFile, checkpointSigner } from '../services/audit-checkpoints.ts';
import {
  CliError,
  cliActor,
  EXIT_FAILURE,
  orFail,
  outputFor,
  table,
  usageError,
  withStore,
} from './context.ts';

/** --password, else one line from stdin (a prompt on stderr when it is a terminal). */
async function passwordFrom(option: string | undefined): Promise<string> {
  if (option !== undefined) return option;
  if (process.stdin.isTTY) process.stderr.write('Password (12 to 256 characters, hard to guess): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (Buffer.concat(chunks).includes(10)) break;
  }
  const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  if (line === '') throw new CliError('no password given: use --password or type it on stdin');
  return line;
}

export function registerStaffCommand(program: Command): void {
  const staff = program.command('staff').description('back-office staff accounts');

  staff
    .command('create')
    .description('create a staff account (the first admin, typically)')
    .requiredOption('--email <email>', 'e-mail address (the sign-in name)')
    .requiredOption('--role <role>', 'admin, support, finance or viewer')
    .option(
      '--password <password>',
      'password (12 to 256 characters, hard to guess); read from stdin when omitted',
    )
    .action(async (options: { email: string; role: string; password?: string }, command: Command) => {
      const output = outputFor(command);
      const password = await passwordFrom(options.password);
      const created = await withStore(async ({ staff: services }) =>
        orFail(
          await services.staff.create({ email: options.email, role: options.role, password }, cliActor()),
        ),
      );
      output.result({ staff: created }, () => [
        `Created ${created.role} ${created.email} (${created.id}).`,
        'Sign in at /backoffice; set up TOTP there.',
      ]);
    });

  staff
    .command('list')
    .description('list staff accounts')
    .action(async (_options: unknown, command: Command) => {
      const output = outputFor(command);
      const list = await withStore(async ({ staff: services }) => services.staff.list());
      output.result({ staff: list }, () =>
        list.length === 0
          ? ['No staff accounts: create the first admin with `reelforge staff create --role admin`.']
          : table(
              ['ID', 'EMAIL', 'ROLE', 'TOTP', 'STATE'],
              list.map((s) => [
                s.id,
                s.email,
                s.role,
                s.totp_enabled ? 'on' : 'off',
                s.disabled ? 'disabled' : s.locked_until ? `locked until ${s.locked_until}` : 'active',
              ]),
            ),
      );
    });

  staff
    .command('disable')
    .description('disable a staff account (its sessions end)')
    .requiredOption('--email <email>', 'the account')
    .option('--enable', 'enable it again instead')
    .action(async (options: { email: string; enable?: boolean }, command: Command) => {
      const output = outputFor(command);
      const updated = await withStore(async ({ staff: services }) => {
        const email = normalEmail(options.email);
        const found =
          email === null ? undefined : (await services.staff.list()).find((s) => s.email === email);
        if (!found) throw new CliError(`no staff account for ${options.email}`, EXIT_FAILURE);
        return orFail(await services.staff.update(found.id, { disabled: !options.enable }, cliActor()));
      });
      output.result({ staff: updated }, () => [
        `${updated.email} is ${updated.disabled ? 'disabled' : 'enabled'}.`,
      ]);
    });

  staff
    .command('reset-password')
    .description('set a new password (unlocks the account, ends its sessions)')
    .requiredOption('--email <email>', 'the account')
    .option('--password <password>', 'the new password; read from stdin when omitted')
    .option('--reset-totp', 'also remove the second factor (a lost authenticator)')
    .action(async (options: { email: string; password?: string; resetTotp?: boolean }, command: Command) => {
      const output = outputFor(command);
      const password = await passwordFrom(options.password);
      const updated = await withStore(async ({ staff: services }) =>
        orFail(
          await services.staff.resetPassword(
            options.email,
            password,
            { resetTotp: options.resetTotp },
            cliActor(),
          ),
        ),
      );
      output.result({ staff: updated }, () => [
        `New password set for ${updated.email}${options.resetTotp ? '; TOTP removed' : ''}.`,
      ]);
    });

  const audit = program.command('audit').description('the audit trail of staff, token and CLI changes');

  audit
    .command('verify')
    .description(
      'check the keyed chain (AUDIT_CHAIN_KEY) and the signed checkpoints (AUDIT_CHECKPOINT_FILE, or --checkpoint-file); exit 1 naming the first thing broken',
    )
    .option(
      '--checkpoint-file <path>',
      "a checkpoint file to check instead of this node's (an auditor's copy)",
    )
    .action(async (options: { checkpointFile?: string }, command: Command) => {
      const output = outputFor(command);
      const check = await withStore(async ({ staff: services }) =>
        services.audit.verify(
          options.checkpointFile ? { checkpoints: checkpointFile(path.resolve(options.checkpointFile)) } : {},
        ),
      );
      if (!check.ok) {
        if (output.json) output.result(check, () => []);
        throw new CliError(
          `audit chain broken at entry ${check.brokenAt} (seq ${check.seq}): ${check.reason}`,
          EXIT_FAILURE,
        );
      }
      output.result(check, () => [
        `The audit chain is intact (${check.entries} entries${check.legacy > 0 ? `, the first ${check.legacy} from before the chain key` : ''}).`,
        check.checkpoints === null
          ? 'No checkpoint file (AUDIT_CHECKPOINT_FILE unset): a removed tail would not show.'
          : `${check.checkpoints} signed checkpoints match; ${check.after_last_checkpoint} entries after the last one in this file.`,
      ]);
    });

  audit
    .command('public-key')
    .description('the Ed25519 public key that checks the checkpoints (PEM), for auditors')
    .action((_options: unknown, command: Command) => {
      const output = outputFor(command);
      const pem = checkpointSigner(loadConfig(process.env).secrets.auditSigningKey)
        .publicKey.export({ format: 'pem', type: 'spki' })
        .toString();
      output.result({ public_key: pem }, () => [pem.trimEnd()]);
    });

  audit
    .command('list')
    .description('the latest audit entries, newest first')
    .option('--limit <n>', 'how many (1 to 500)', '20')
    .option('--entity <entity>', 'only this kind of entity (operator, api_key, staff, …)')
    .action(async (options: { limit: string; entity?: string }, command: Command) => {
      const limit = Number(options.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500)
        usageError(command, '--limit must be from 1 to 500');
      const output = outputFor(command);
      const page = await withStore(async ({ staff: services }) =>
        services.audit.list({ limit, entity: options.entity }),
      );
      output.result(page, () =>
        table(
          ['AT', 'ACTOR', 'ACTION', 'ENTITY'],
          page.entries.map((e) => [
            e.at,
            e.actor,
            e.action,
            `${e.entity}${e.entity_id ? ` ${e.entity_id}` : ''}`,
          ]),
        ),
      );
    });
}
