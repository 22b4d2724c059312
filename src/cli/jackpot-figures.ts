// reelforge jackpot figures <pool_id>: a pool's certified figures for each game that feeds it (issue
// 28; rules: domain/jackpot-figures.ts): base, jackpot and total RTP, then a table of every tier's
// expected hit frequency at each stake of the game's ladder (in the pool's currency), or --json.
import type { Command } from 'commander';
import { orFail, outputFor, table, withStore } from './context.ts';

export function registerJackpotCommand(program: Command): void {
  const jackpot = program.command('jackpot').description('jackpot pools (issue 28)');

  jackpot
    .command('figures')
    .description(
      "a pool's certified figures per member game: base, jackpot and total RTP, hit frequency per stake",
    )
    .argument('<pool_id>', 'the pool (jp_…)')
    .action(async (poolId: string, _options: unknown, command: Command) => {
      const output = outputFor(command);
      const figures = await withStore(async ({ staff }) => orFail(await staff.jackpotFigures.ofPool(poolId)));
      output.result(figures, () => {
        const lines = [
          `${figures.name} (${figures.pool_id}, ${figures.currency}, ${figures.status})`,
          figures.note,
        ];
        if (figures.games.length === 0) lines.push('', 'No game feeds this pool.');
        for (const game of figures.games) {
          const { base_rtp, jackpot_rtp, total_rtp, tiers } = game.figures;
          lines.push(
            '',
            `${game.game_symbol} (operator ${game.operator_id}, variant ${game.variant}): RTP ${total_rtp} % = base ${base_rtp} % (${game.base_rtp_method}) + jackpot ${jackpot_rtp} %`,
          );
          lines.push(
            ...table(
              ['TIER', 'KIND', 'CONTRIB %', 'RESERVE %', 'RTP %'],
              tiers.map((tier) => [
                tier.name,
                tier.kind,
                tier.contribution_rate,
                tier.reserve_rate,
                tier.rtp,
              ]),
            ),
          );
          const stakes =
            tiers.find((tier) => tier.frequencies !== null)?.frequencies?.map((f) => f.stake) ?? [];
          lines.push(
            '',
            ...table(
              [`STAKE ${figures.currency}`, ...tiers.map((tier) => `${tier.name.toUpperCase()} 1 IN`)],
              stakes.map((stake) => [
                stake,
                ...tiers.map((tier) =>
                  tier.frequencies === null
                    ? `daily by ${tier.drops_daily_before} UTC`
                    : (tier.frequencies.find((f) => f.stake === stake)?.one_in ?? '-'),
                ),
              ]),
            ),
          );
        }
        return lines;
      });
    });
}
