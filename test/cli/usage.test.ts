// The CLI's command line itself: help, version, and usage errors (exit 2), before any store is opened.
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './run.ts';

// An unreachable database: a usage error must be reported without ever trying to connect.
const env = { DATABASE_URL: 'postgres://nobody:nothing@127.0.0.1:1/none' };

describe('reelforge command line', () => {
  it('prints help and the version with exit 0', async () => {
    const [help, version] = await Promise.all([runCli(['--help'], env), runCli(['--version'], env)]);
    expect(help.code).toBe(0);
    for (const command of ['operator', 'key', 'catalog', 'thumbnail', 'db'])
      expect(help.stdout).toContain(command);
    expect(help.stdout).toContain('--json');
    expect(version).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
  });

  it('exits 2 with a message on stderr for every usage error', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /Usage: reelforge/],
      [['launch'], /unknown command 'launch'/],
      [['operator', 'list', '--colour'], /unknown option '--colour'/],
      [['operator', 'create', '--wallet-mode', 'internal'], /required option '--name <name>' not specified/],
      [['operator', 'update', 'op_x'], /nothing to change/],
      [['key', 'create'], /give the operator id, or --master/],
      [['key', 'create', 'op_x', '--master'], /either an operator id or --master, not both/],
      [['catalog', 'set', 'op_x'], /at least one game symbol or slug/],
      [['catalog', 'set', 'op_x', 'rf_ember_crown', '--none'], /games or --none, not both/],
      [['thumbnail', 'put', 'rf_ember_crown'], /missing required argument 'file'/],
    ];
    const results = await Promise.all(cases.map(([args]) => runCli(args, env)));
    results.forEach((result, i) => {
      const [args, message] = cases[i] as [string[], RegExp];
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toMatch(message);
      expect(result.stderr).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+/);
    });
  });

  it('reports a configuration error with exit 1', async () => {
    const result = await runCli(['operator', 'list'], { DATABASE_URL: 'mysql://db/x', PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL must be a postgres');
    expect(result.stderr).toContain('PORT must be a whole number');
  });

  it('reports an unreachable database in one line with exit 1', async () => {
    const result = await runCli(['operator', 'list'], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^reelforge: cannot reach the database: .*ECONNREFUSED/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('bin/reelforge runs the CLI from anywhere, also through an npm-style symlink', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'reelforge-bin-'));
    try {
      const link = path.join(dir, 'reelforge');
      await symlink(path.join(ROOT, 'bin/reelforge'), link);
      const result = await runCli(['--version'], env, [link]);
      expect(result).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
