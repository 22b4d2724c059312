// reelforge wallet-check: the conformance suite against an operator's own wallet endpoints.
import type { Command } from 'commander';
import { runWalletCheck } from '../operator-kit/wallet-check.ts';
import { CliError } from './context.ts';

export function registerWalletCheckCommand(program: Command): void {
  program
    .command('wallet-check')
    .description(
      "Check an operator's wallet endpoints against the contract (moves the smallest amount and puts it back)",
    )
    .requiredOption('--url <url>', 'the wallet_base_url (…/balance, …/debit, …/credit, …/rollback under it)')
    .requiredOption('--secret <secret>', 'the wallet_secret')
    .requiredOption('--player <id>', 'a test player with a balance of at least two of the smallest unit')
    .requiredOption('--currency <code>', "the player's currency")
    .option('--operator <id>', 'operator_id to send', 'op_wallet_check')
    .option('--timeout-ms <ms>', 'time allowed per call', '5000')
    .action(
      async (options: {
        url: string;
        secret: string;
        player: string;
        currency: string;
        operator: string;
        timeoutMs: string;
      }) => {
        const { passed } = await runWalletCheck({
          url: options.url,
          secret: options.secret,
          player: options.player,
          currency: options.currency,
          operatorId: options.operator,
          timeoutMs: Number(options.timeoutMs),
          print: (line) => process.stdout.write(`${line}\n`),
        });
        if (!passed) throw new CliError('the wallet does not pass every check');
      },
    );
}
