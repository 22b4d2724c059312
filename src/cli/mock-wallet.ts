// reelforge mock-wallet: runs the reference operator wallet (src/operator-kit/mock-wallet.ts) on a port.
import type { Command } from 'commander';
import { isDecimalText } from '../money.ts';
import { createMockWallet } from '../operator-kit/mock-wallet.ts';
import { CliError, EXIT_USAGE } from './context.ts';

function parsePlayer(text: string, players: Record<string, { balance: string; currency?: string }>) {
  const match = /^([^:]{1,128}):([^:]+)(?::([A-Za-z]{3,4}))?$/.exec(text);
  if (!match || !isDecimalText(match[2] as string))
    throw new CliError(`--player must be ID:BALANCE[:CURRENCY], e.g. p-1:100.00 (got "${text}")`, EXIT_USAGE);
  players[match[1] as string] = { balance: match[2] as string, currency: match[3]?.toUpperCase() };
  return players;
}

export function registerMockWalletCommand(program: Command): void {
  program
    .command('mock-wallet')
    .description(
      'Run a reference operator wallet: signed balance/debit/credit/rollback endpoints, idempotent, in memory',
    )
    .requiredOption('--port <port>', 'port to listen on')
    .requiredOption('--secret <secret>', "the operator's wallet_secret")
    .option('--next-secret <secret>', 'during a secret rotation: the new secret, accepted as well')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--player <id:balance[:currency]>',
      'a player and its opening balance (repeatable)',
      parsePlayer,
      {},
    )
    .action(
      async (options: {
        port: string;
        secret: string;
        nextSecret?: string;
        host: string;
        player: Record<string, { balance: string; currency?: string }>;
      }) => {
        if (!/^\d{1,5}$/.test(options.port) || Number(options.port) > 65535) {
          throw new CliError('--port must be a port number', EXIT_USAGE);
        }
        const wallet = createMockWallet({
          secret: options.secret,
          nextSecret: options.nextSecret,
          players: options.player,
          port: Number(options.port),
          host: options.host,
        });
        const url = await wallet.listen();
        process.stdout.write(
          `mock wallet listening on ${url} (wallet_base_url), ${wallet.players.size} player(s)\n`,
        );
        await new Promise<void>((resolve) => {
          const stop = () => {
            wallet.close().then(resolve, resolve);
          };
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
      },
    );
}
