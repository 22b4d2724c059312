// Shared pieces of the HTTP benchmarks: child servers and autocannon runs.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

export interface Child<T> {
  info: T;
  stop(): Promise<void>;
}

/** Starts `node <script>` (this same Node) and waits for its first JSON line. */
export async function startChild<T>(
  script: string,
  env: Record<string, string | undefined> = {},
): Promise<Child<T>> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<T>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as T);
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    info,
    stop: () =>
      new Promise((resolve) => {
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface LoadOptions {
  duration: number;
  connections: number;
  pipelining?: number;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function load(
  name: string,
  url: string,
  options: LoadOptions,
  request: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    bodies?: () => string;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    duration: options.duration,
    connections: options.connections,
    pipelining: options.pipelining ?? 1,
    method: request.method ?? 'GET',
    headers: request.headers,
    body: request.body,
    requests: request.bodies
      ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: request.bodies?.() }) }]
      : undefined,
  });
  return summarize(name, result);
}

/** The figures of one autocannon run that the reports show. */
export function summarize(name: string, result: autocannon.Result): LoadResult {
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** A Markdown table of results with each row's ratio to the baseline's req/s. */
export function table(baseline: LoadResult, rows: LoadResult[], goals: Record<string, string> = {}): string {
  const lines = [
    '| endpoint | req/s | p50 ms | p99 ms | × hello-world | goal | non-2xx |',
    '|---|---:|---:|---:|---:|---|---:|',
  ];
  for (const row of [baseline, ...rows]) {
    const ratio = row === baseline ? '1.00' : (row.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
    lines.push(
      `| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${ratio} | ${goals[row.name] ?? ''} | ${row.non2xx + row.errors} |`,
    );
  }
  return lines.join('\n');
}
