// reelforge operator move <id> --to <cluster>: an operator's play moved to another PostgreSQL cluster
// (issue 30, part 3; the steps: src/services/operator-move.ts). Opens the control cluster's store
// (DATABASE_URL) and every cluster's of DATABASE_CLUSTERS, each migrated first; prints each step as
// it starts; a refusal is one line on stderr and exit code 1 (2 for a cluster that is not configured).
import type { Command } from 'commander';
import { parseDrainTimeout } from '../services/operator-move-rules.ts';
import { CliError, cliActor, EXIT_USAGE, outputFor, table, usageError, withStore } from './context.ts';

export function registerOperatorMoveCommand(operator: Command): void {
  operator
    .command('move')
    .description(
      "move an operator's play (sessions, rounds, transactions, balances, grants, its own campaigns) to another cluster",
    )
    .argument('<id>', 'operator id')
    .requiredOption('--to <cluster>', 'the cluster to move to: CLUSTER_ID or an id of DATABASE_CLUSTERS')
    .option('--drain-timeout <seconds>', 'how long to wait for open rounds and transactions to finish', '120')
    .action(async (id: string, options: { to: string; drainTimeout: string }, command: Command) => {
      const drainTimeoutMs = parseDrainTimeout(options.drainTimeout);
      if (drainTimeoutMs === null)
        usageError(
          command,
          `--drain-timeout must be whole seconds, 1 to 3600 (got "${options.drainTimeout}")`,
        );
      const output = outputFor(command);
      const { moveOperator } = await import('../services/operator-move.ts');
      const outcome = await withStore(async ({ config, staff, clusterStores: stores }) => {
        const moved = await moveOperator(
          {
            stores,
            control: config.clusterId,
            drainTimeoutMs,
            log: (step, message) =>
              (output.json ? process.stderr : process.stdout).write(`[${step}] ${message}\n`),
          },
          id,
          options.to,
        );
        if (moved.result === 'moved')
          await staff.audit.record(
            cliActor(),
            'operator.move',
            'operator',
            id,
            { cluster: moved.from },
            { cluster: moved.to },
          );
        return moved;
      });
      if (outcome.result === 'refused') {
        if (outcome.reason === 'unknown_cluster') throw new CliError(`--to: ${outcome.message}`, EXIT_USAGE);
        throw new CliError(`operator move refused: ${outcome.message}`);
      }
      const data = JSON.parse(
        JSON.stringify(outcome, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)),
      );
      output.result(data, () =>
        outcome.result === 'already_there'
          ? [
              `Operator ${outcome.operator} is already on cluster ${outcome.cluster}: nothing moved.`,
              ...(outcome.leftoversRemoved.length > 0
                ? [`Removed what an interrupted move had left on: ${outcome.leftoversRemoved.join(', ')}.`]
                : []),
            ]
          : [
              `Moved operator ${outcome.operator} from cluster ${outcome.from} to cluster ${outcome.to}.`,
              '',
              ...table(
                ['TABLE', 'ROWS'],
                outcome.census.tables.filter((t) => t.rows > 0).map((t) => [t.table, String(t.rows)]),
              ),
              '',
              ...table(
                ['MONEY', 'CURRENCY', 'MINOR UNITS'],
                outcome.census.money.map((m) => [m.what, m.currency, m.amount.toString()]),
              ),
            ],
      );
    });
}
