// The CLI's command line itself: help, version, and usage errors (exit 2), before any store is opened.
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli as runCliInProcess } from '../../src/cli/main.ts';
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

  it('a usage error exits 2 with the message on stderr and nothing on stdout', async () => {
    const result = await runCli(['launch'], env);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe("error: unknown command 'launch'\n(add --help for usage)\n");
  });

  // The same entry point in-process (spawning a Node per case would cost a second each).
  it.each([
    [[], /Usage: reelforge/],
    [['operator', 'list', '--colour'], /unknown option '--colour'/],
    [['operator', 'create', '--wallet-mode', 'internal'], /required option '--name <name>' not specified/],
    [['operator', 'update', 'op_x'], /nothing to change/],
    [['key', 'create'], /give the operator id, or --master/],
    [['key', 'create', 'op_x', '--master'], /either an operator id or --master, not both/],
    [['key', 'revoke'], /missing required argument 'key-id'/],
    [['catalog', 'set', 'op_x'], /at least one game symbol or slug/],
    [['catalog', 'set', 'op_x', 'rf_ember_crown', '--none'], /games or --none, not both/],
    [['thumbnail', 'put', 'rf_ember_crown'], /missing required argument 'file'/],
    [['round', 'replay'], /missing required argument 'round_id'/],
  ])('exit 2 for %j', async (args, message) => {
    const stderr: string[] = [];
    const stdout: string[] = [];
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    });
    const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      stdout.push(String(chunk));
      return true;
    });
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = env.DATABASE_URL;
    try {
      expect(await runCliInProcess(['node', 'reelforge', ...args])).toBe(2);
    } finally {
      err.mockRestore();
      out.mockRestore();
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
    expect(stderr.join('')).toMatch(message);
    expect(stdout.join('')).toBe('');
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
