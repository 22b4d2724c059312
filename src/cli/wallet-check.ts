// reelforge wallet-check: the conformance suite against an operator's own wallet endpoints.
import type { Command } from 'commander';
import { runWalletCheck } from '../operator-kit/wallet-check.ts';
import { CliError, EXIT_USAGE, outputFor } from './context.ts';

export function registerWalletCheckCommand(program: Command): void {
  program
    .command('wallet-check')
    .description(
      "Check an operator's wallet endpoints against the contract: one preflight call first, then the suite; moves the smallest amount and puts it back (every debit without a clear answer is rolled back before it exits)",
    )
    .requiredOption('--url <url>', 'the wallet_base_url (…/balance, …/debit, …/credit, …/rollback under it)')
    .requiredOption('--secret <secret>', 'the wallet_secret')
    .option(
      '--next-secret <secret>',
      'during a secret rotation: the new secret, which the wallet must accept too',
    )
    .requiredOption(
      '--test-player <id>',
      'a TEST player (the check posts real test transactions to it), with a balance of at least two of the smallest unit',
    )
    .requiredOption('--currency <code>', "the player's currency")
    .option('--operator <id>', 'operator_id to send', 'op_wallet_check')
    .option('--timeout-ms <ms>', 'time allowed per call (Reelforge uses WALLET_TIMEOUT_MS, 5000)', '5000')
    .option('--json', 'print the report as JSON (preflight, checks, rollbacks, balance)')
    .action(
      async (
        options: {
          url: string;
          secret: string;
          nextSecret?: string;
          testPlayer: string;
          currency: string;
          operator: string;
          timeoutMs: string;
        },
        command: Command,
      ) => {
        if (!/^\d{1,6}$/.test(options.timeoutMs) || Number(options.timeoutMs) < 1)
          throw new CliError('--timeout-ms must be a whole number of milliseconds', EXIT_USAGE);
        if (!/^https?:\/\/[^\s]+$/i.test(options.url))
          throw new CliError('--url must be an http(s) URL, the wallet_base_url', EXIT_USAGE);
        const output = outputFor(command);
        const report = await runWalletCheck({
          url: options.url,
          secret: options.secret,
          nextSecret: options.nextSecret,
          player: options.testPlayer,
          currency: options.currency,
          operatorId: options.operator,
          timeoutMs: Number(options.timeoutMs),
          print: output.json ? undefined : (line) => process.stdout.write(`${line}\n`),
        });
        if (output.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
        if (!report.passed) throw new CliError('the wallet does not pass every check');
      },
    );
}
