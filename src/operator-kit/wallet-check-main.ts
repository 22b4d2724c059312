// The operator kit's wallet-check: one self-contained file (built by scripts/build-operator-kit.ts,
// served at /operator-kit/wallet-check.mjs) that an operator's team runs with Node.js 18 or later,
// without Reelforge's source or any package. The same suite as `reelforge wallet-check`.
import { parseArgs } from 'node:util';
import { runWalletCheck } from './wallet-check.ts';

export const WALLET_CHECK_USAGE = `Usage: node wallet-check.mjs --url <wallet_base_url> --secret <wallet_secret> --test-player <id> --currency <code> [options]

Checks your wallet's balance, debit, credit and rollback endpoints against Reelforge's contract.
It posts real test transactions (the smallest amount of the currency, every one put back) to the
player you name: use a TEST player, never a real one. It needs a balance of at least two of the
smallest unit.

  --url <url>             the wallet_base_url (…/balance, …/debit, …/credit, …/rollback under it)
  --secret <secret>       the wallet_secret
  --next-secret <secret>  during a secret rotation: the new secret, which the wallet must accept too
  --test-player <id>      a test player's id (required: the transactions are posted to this player)
  --currency <code>       the test player's currency
  --operator <id>         operator_id to send (default op_wallet_check)
  --timeout-ms <ms>       time allowed per call (default 5000, as Reelforge's WALLET_TIMEOUT_MS)
  --json                  print the report as JSON
  -h, --help              this text

Exit code: 0 when every check passes, 1 when one fails, 2 when the command line cannot be run.`;

export interface WalletCheckArgs {
  url: string;
  secret: string;
  nextSecret?: string;
  testPlayer: string;
  currency: string;
  operator: string;
  timeoutMs: number;
  json: boolean;
}

/** The command line read, or why it cannot be run (exit 2). */
export function readWalletCheckArgs(argv: readonly string[]): WalletCheckArgs | { usage: string } {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        url: { type: 'string' },
        secret: { type: 'string' },
        'next-secret': { type: 'string' },
        'test-player': { type: 'string' },
        currency: { type: 'string' },
        operator: { type: 'string' },
        'timeout-ms': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (error) {
    const message = (error as Error).message;
    return {
      usage: /--player/.test(message)
        ? '--player is now --test-player: the check posts test transactions, so name a test player'
        : message,
    };
  }
  if (values.help) return { usage: '' };
  const missing = ['url', 'secret', 'test-player', 'currency'].filter((name) => !values[name]);
  if (missing.length > 0) {
    return {
      usage: `missing ${missing.map((name) => `--${name}`).join(', ')}${missing.includes('test-player') ? ' (the check posts test transactions to this player: name a test player, never a real one)' : ''}`,
    };
  }
  const url = String(values.url);
  if (!/^https?:\/\/[^\s]+$/i.test(url))
    return { usage: '--url must be an http(s) URL, the wallet_base_url' };
  const timeout = String(values['timeout-ms'] ?? '5000');
  if (!/^\d{1,6}$/.test(timeout) || Number(timeout) < 1)
    return { usage: '--timeout-ms must be a whole number of milliseconds' };
  return {
    url,
    secret: String(values.secret),
    nextSecret: typeof values['next-secret'] === 'string' ? values['next-secret'] : undefined,
    testPlayer: String(values['test-player']),
    currency: String(values.currency),
    operator: typeof values.operator === 'string' ? values.operator : 'op_wallet_check',
    timeoutMs: Number(timeout),
    json: Boolean(values.json),
  };
}

export async function main(argv: readonly string[]): Promise<number> {
  const args = readWalletCheckArgs(argv);
  if ('usage' in args) {
    if (args.usage === '') {
      process.stdout.write(`${WALLET_CHECK_USAGE}\n`);
      return 0;
    }
    process.stderr.write(`wallet-check: ${args.usage}\n\n${WALLET_CHECK_USAGE}\n`);
    return 2;
  }
  try {
    const report = await runWalletCheck({
      url: args.url,
      secret: args.secret,
      nextSecret: args.nextSecret,
      player: args.testPlayer,
      currency: args.currency,
      operatorId: args.operator,
      timeoutMs: args.timeoutMs,
      print: args.json ? undefined : (line) => process.stdout.write(`${line}\n`),
    });
    if (args.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return report.passed ? 0 : 1;
  } catch (error) {
    process.stderr.write(`wallet-check: ${(error as Error).message}\n`);
    return 1;
  }
}
