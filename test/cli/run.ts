// Runs the real reelforge CLI in a child process, the way staff run it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A clean environment: only what node24.sh needs plus the given variables. */
export function cliEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, APP_ENV: 'test' };
  for (const name of ['XDG_CACHE_HOME', 'REELFORGE_NODE_CACHE', 'NODE24_VERSION']) {
    if (process.env[name]) base[name] = process.env[name];
  }
  return { ...base, ...env };
}

export function runCli(
  args: string[],
  env: Record<string, string | undefined> = {},
  command: string[] = ['sh', 'scripts/node24.sh', 'node', 'src/cli/main.ts'],
  cwd: string = ROOT,
): Promise<CliResult> {
  const [file, ...rest] = command as [string, ...string[]];
  return new Promise((resolve) => {
    execFile(
      file,
      [...rest, ...args],
      { cwd, env: cliEnv(env), timeout: 60_000, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
