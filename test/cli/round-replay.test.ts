// reelforge round replay <round_id> on a real PostgreSQL: rounds played through a real server, the
// command run as staff run it (a child process on the same database). Exit 0 on a match, 1 on a
// different outcome, on replay_model_mismatch and on an unknown round.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameCertifications } from '../../src/games/index.ts';
import { launchPlayer, roundRow } from '../helpers/runtime.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { runCli } from './run.ts';

let server: TestServer;
const ids: string[] = [];
const cli = (...args: string[]) => runCli(args, { DATABASE_URL: server.databaseUrl });
const certificate = () =>
  gameCertifications().find((c) => c.symbol === 'rf_ember_crown' && c.variant === '96.5')
    ?.certificateHash as string;

beforeAll(async () => {
  server = await startTestServer();
  const operator = await server.createOperator();
  const player = await launchPlayer(server, operator.apiKey, { player: 'cli-replay' });
  for (let i = 0; i < 3; i++) {
    const spun = await player.spin({ coin: '0.10' });
    if (spun.status !== 200) throw new Error(JSON.stringify(spun.body));
    ids.push(spun.body.round.id);
  }
});
afterAll(async () => server?.close());

describe.concurrent('reelforge round replay', { timeout: 60_000 }, () => {
  it('prints the replay and exits 0 when it matches the stored outcome', async () => {
    const id = ids[0] as string;
    const result = await cli('round', 'replay', id);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Round ${id}: rf_ember_crown variant 96.5, internal wallet`);
    expect(result.stdout).toContain(`Certificate: ${certificate()}`);
    expect(result.stdout).toContain('Matches the stored outcome.');
    const row = await roundRow(server, id);
    expect(result.stdout).toContain(`total win ${row.outcome.totalWin} (minor units)`);
  });

  it('--json prints what the Admin API answers', async () => {
    const id = ids[0] as string;
    const [result, api] = await Promise.all([
      cli('--json', 'round', 'replay', id),
      server.admin('POST', `/api/admin/v1/rounds/${id}/replay`),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(api.body);
  });

  it('exits 1 with replay_model_mismatch naming both hashes when the round names another certificate', async () => {
    const id = ids[1] as string;
    const other = 'cd'.repeat(32);
    await server.store.pool.query('update rounds set certificate_hash = $2 where id = $1', [id, other]);
    const result = await cli('round', 'replay', id);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('replay_model_mismatch');
    expect(result.stderr).toContain(other);
    expect(result.stderr).toContain(certificate());
  });

  it('exits 1 and says what differs when the stored outcome is not what its draws give', async () => {
    const id = ids[2] as string;
    const row = await roundRow(server, id);
    const changed = { ...row.outcome, totalWin: String(BigInt(row.outcome.totalWin) + 5n) };
    await server.store.pool.query('update rounds set outcome = $2 where id = $1', [id, changed]);
    const result = await cli('round', 'replay', id);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Does NOT match the stored outcome: total_win differ');
    expect(result.stderr).toContain(`round ${id} does not replay to its stored outcome`);
  });

  it('exits 1 for an unknown round', async () => {
    const result = await cli('round', 'replay', 'rnd_nothere');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('round rnd_nothere not found');
  });
});
