// reelforge operator create|list|update: the Admin API's operator routes, on the store directly;
// operator move: an operator's play to another cluster (operator-move.ts).
import type { Command } from 'commander';
import type { OperatorInput, OperatorView } from '../domain/operators.ts';
import { JURISDICTION_CODES } from '../jurisdictions/index.ts';
import { orFail, outputFor, table, usageError, withStore } from './context.ts';
import { registerOperatorMoveCommand } from './operator-move.ts';

interface FieldOptions {
  name?: string;
  currency?: string;
  status?: string;
  walletMode?: string;
  walletBaseUrl?: string;
  walletSecret?: string;
  rtpVariant?: string;
  demo?: string;
  language?: string;
  jurisdiction?: string;
}

function addFieldOptions(command: Command, creating: boolean): Command {
  const clear = creating ? '' : "; '' clears it";
  if (creating) {
    command
      .requiredOption('--name <name>', 'display name, 1 to 200 characters')
      .requiredOption('--wallet-mode <mode>', 'internal or callback');
  } else {
    command
      .option('--name <name>', 'display name, 1 to 200 characters')
      .option('--wallet-mode <mode>', 'internal or callback');
  }
  return command
    .option('--currency <code>', `ISO 4217 or crypto code${creating ? ' (default USD)' : ''}`)
    .option('--status <status>', `active or inactive${creating ? ' (default active)' : ''}`)
    .option('--wallet-base-url <url>', `callback wallet base URL, required in callback mode${clear}`)
    .option(
      '--wallet-secret <secret>',
      `HMAC secret for wallet callbacks, 16 to 256 characters; generated and shown once when omitted in callback mode${creating ? '' : "; '' clears it (in callback mode: generates a new one)"}`,
    )
    .option('--rtp-variant <id>', `RTP variant every game plays at (default: each game's own)${clear}`)
    .option('--demo <on|off>', `demo play (launch-url play_mode "demo")${creating ? ' (default on)' : ''}`)
    .option(
      '--language <tag>',
      `players' language when a launch names none: en, de, es, pt-BR, fr, it or ja${clear}`,
    )
    .option(
      '--jurisdiction <code>',
      `jurisdiction profile a launch names none plays under: ${JURISDICTION_CODES.join(', ')}${creating ? ' (default default)' : ''}`,
    );
}

/** --demo on|off as the domain's boolean; anything else is passed on for the domain to refuse. */
function demoSwitch(value: string | undefined): unknown {
  if (value === 'on') return true;
  if (value === 'off') return false;
  return value;
}

/** Command-line options as the domain's input; '' stands for "clear" on the nullable fields. */
function inputOf(options: FieldOptions): OperatorInput {
  const nullable = (value: string | undefined) => (value === '' ? null : value);
  const input: OperatorInput = {
    name: options.name,
    currency: options.currency,
    status: options.status,
    wallet_mode: options.walletMode,
    wallet_base_url: nullable(options.walletBaseUrl),
    wallet_secret: nullable(options.walletSecret),
    rtp_variant: nullable(options.rtpVariant),
    demo_enabled: demoSwitch(options.demo),
    language: nullable(options.language),
    default_jurisdiction: options.jurisdiction,
  };
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}

function describe(operator: OperatorView): string[] {
  return [
    `  name             ${operator.name}`,
    `  currency         ${operator.currency}`,
    `  status           ${operator.status}`,
    `  wallet mode      ${operator.wallet_mode}`,
    `  wallet base URL  ${operator.wallet_base_url ?? '-'}`,
    `  wallet secret    ${operator.wallet_secret_set ? 'set' : 'not set'}`,
    `  RTP variant      ${operator.rtp_variant ?? "each game's default"}`,
    `  demo play        ${operator.demo_enabled ? 'on' : 'off'}`,
    `  language         ${operator.language ?? 'en (default)'}`,
    `  jurisdiction     ${operator.default_jurisdiction}`,
    `  created          ${operator.created_at}`,
    `  updated          ${operator.updated_at}`,
  ];
}

function secretLines(secret: string | undefined): string[] {
  if (!secret) return [];
  return [
    '',
    `Wallet secret: ${secret}`,
    'This secret is shown only this once: hand it to the operator now (it signs every wallet callback).',
  ];
}

export function registerOperatorCommand(program: Command): void {
  const operator = program.command('operator').description('create, list and change operators');

  addFieldOptions(operator.command('create').description('create an operator'), true).action(
    async (options: FieldOptions, command: Command) => {
      const output = outputFor(command);
      const created = await withStore(async ({ staff }) => {
        return orFail(await staff.operators.createOperator(inputOf(options)));
      });
      output.result(created, () => [
        `Created operator ${created.operator.id}.`,
        ...describe(created.operator),
        ...secretLines(created.wallet_secret),
      ]);
    },
  );

  operator
    .command('list')
    .description('list every operator')
    .action(async (_options: unknown, command: Command) => {
      const output = outputFor(command);
      const operators = await withStore(async ({ staff }) => {
        return staff.operators.listOperators();
      });
      output.result({ operators }, () =>
        operators.length === 0
          ? ['No operators yet: create one with `reelforge operator create`.']
          : table(
              ['ID', 'NAME', 'CURRENCY', 'STATUS', 'WALLET', 'RTP'],
              operators.map((op) => [
                op.id,
                op.name,
                op.currency,
                op.status,
                op.wallet_mode,
                op.rtp_variant ?? 'default',
              ]),
            ),
      );
    });

  addFieldOptions(
    operator.command('update').description('change fields of an operator').argument('<id>', 'operator id'),
    false,
  ).action(async (id: string, options: FieldOptions, command: Command) => {
    const input = inputOf(options);
    if (Object.keys(input).length === 0) usageError(command, 'nothing to change: give at least one option');
    const output = outputFor(command);
    const updated = await withStore(async ({ staff }) => {
      return orFail(await staff.operators.updateOperator(id, input));
    });
    output.result(updated, () => [
      `Updated operator ${updated.operator.id}.`,
      ...describe(updated.operator),
      ...secretLines(updated.wallet_secret),
    ]);
  });

  registerOperatorMoveCommand(operator);
}
