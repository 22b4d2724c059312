// reelforge round replay <round_id>: a stored round (money or demo) re-derived from its draws under
// the certificate it was played under, compared with what was stored. The same service answers
// POST /api/admin/v1/rounds/{round_id}/replay. Exit 0 when the replay matches, 1 otherwise (a
// different outcome, replay_model_mismatch, an unknown round).
import type { Command } from 'commander';
import type { RoundReplay } from '../services/round-replay.ts';
import { CliError, outputFor, withStore } from './context.ts';

function describeReplay(result: RoundReplay): string[] {
  const outcome = result.outcome as { totalWin?: string; screens?: unknown[]; wins?: unknown[] } | null;
  return [
    `Round ${result.round_id}: ${result.game_symbol} variant ${result.variant}, ${result.wallet_mode} wallet`,
    result.certificate_hash === null
      ? `Certificate: none recorded (played before rounds recorded it); replayed unchecked under the current model ${result.current_certificate_hash ?? '(not certified)'}`
      : `Certificate: ${result.certificate_hash} (the current model's)`,
    outcome
      ? `Replayed: ${outcome.screens?.length ?? 0} screens, ${outcome.wins?.length ?? 0} wins, total win ${outcome.totalWin ?? '?'} (minor units)`
      : `Replayed: nothing (${result.detail ?? 'the draws do not replay'})`,
    result.matches
      ? 'Matches the stored outcome.'
      : `Does NOT match the stored outcome: ${result.differences.join(', ')} differ.`,
  ];
}

export function registerRoundCommand(program: Command): void {
  const round = program.command('round').description('stored rounds');

  round
    .command('replay')
    .description(
      'replay a stored round under the certificate it was played under and compare it with the stored outcome (exit 1 unless it matches)',
    )
    .argument('<round_id>', 'the round id (rnd_…)')
    .action(async (roundId: string, _options: unknown, command: Command) => {
      const output = outputFor(command);
      const replayed = await withStore(async ({ staff }) => staff.roundReplay.replay(roundId));
      if (!replayed.ok) throw new CliError(`${replayed.error.code}: ${replayed.error.detail}`);
      output.result(replayed.value, () => describeReplay(replayed.value));
      if (!replayed.value.matches) {
        throw new CliError(`round ${roundId} does not replay to its stored outcome`);
      }
    });
}
