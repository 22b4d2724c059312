// Shared pieces of the HTTP benchmarks: child servers and autocannon runs.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');

export interface Child<T> {
  info: T;
  pid: number;
  /** CPU seconds (user + system) the child has used so far. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/**
 * utime + stime of a process (/proc/<pid>/stat fields 14 and 15, after the parenthesised command
 * name); with `ended`, also cutime + cstime: the CPU of its children that ended and were waited for.
 */
export function cpuSecondsOf(pid: number, ended = false): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const own = Number(fields[11]) + Number(fields[12]);
  return (ended ? own + Number(fields[13]) + Number(fields[14]) : own) / CLOCK_TICKS;
}

/**
 * CPU seconds (user + system) of every process below `pid`, not `pid` itself: for a Reelforge node
 * on the embedded store, its PostgreSQL (the postmaster and its backends). A backend that ends
 * between two readings stays counted, in its parent's children's time (the postmaster waits for
 * every backend): counting the live processes alone read a slice with negative CPU once one ended.
 */
export function descendantsCpuSeconds(pid: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // the process ended while the list was read
    }
  }
  const below = new Set<number>([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [child, parent] of parents) {
      if (below.has(parent) && !below.has(child)) {
        below.add(child);
        grew = true;
      }
    }
  }
  below.delete(pid);
  let seconds = 0;
  for (const child of below) {
    try {
      seconds += cpuSecondsOf(child, true);
    } catch {
      // ended since
    }
  }
  return seconds;
}

/** Starts `node <script>` (this same Node) and waits for its first JSON line. */
export async function startChild<T>(
  script: string,
  env: Record<string, string | undefined> = {},
): Promise<Child<T>> {
  // BENCH_CPU_PROFILE=<dir>: each server child writes a V8 CPU profile there when it exits (to
  // see where a figure's CPU goes: NODE_OPTIONS does not accept --cpu-prof).
  const profile = process.env.BENCH_CPU_PROFILE;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...flags, path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<T>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk) => {
      buffer += chunk;
      // The child's own JSON line, not one of its log lines (pino writes JSON to stdout too: a
      // start-up warning taken for the child's answer left every address undefined).
      const line = buffer
        .split('\n')
        .find((l) => l.startsWith('{') && !l.startsWith('{"level":') && l.endsWith('}'));
      if (line) resolve(JSON.parse(line) as T);
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    info,
    pid: child.pid as number,
    cpuSeconds: () => cpuSecondsOf(child.pid as number),
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
  /** CPU time of the measured server process per request, when the server was given. */
  serverCpuMicros?: number;
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
  server?: Child<unknown>,
): Promise<LoadResult> {
  const cpuBefore = server?.cpuSeconds();
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
  const summary = summarize(name, result);
  if (server && cpuBefore !== undefined) summary.serverCpuMicros = serverCpu(server, cpuBefore, result);
  return summary;
}

/** Server CPU microseconds per completed request since `cpuBefore`. */
export function serverCpu(server: Child<unknown>, cpuBefore: number, result: autocannon.Result): number {
  const requests = result.requests.total || 1;
  return ((server.cpuSeconds() - cpuBefore) * 1e6) / requests;
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

/** The median of slices' figures (benchmarks that take turns in short slices), and the lowest and highest. */
export interface Spread {
  median: number;
  low: number;
  high: number;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)] as number,
    low: sorted[0] as number,
    high: sorted[sorted.length - 1] as number,
  };
}

/** One row from the slices of one load: mean req/s and CPU, median p50, worst p99, summed refusals. */
export function merge(results: LoadResult[]): LoadResult {
  const mean = (pick: (result: LoadResult) => number) =>
    results.reduce((sum, result) => sum + pick(result), 0) / results.length;
  const cpu = results.map((result) => result.serverCpuMicros);
  return {
    name: results[0]?.name ?? '',
    requestsPerSecond: mean((result) => result.requestsPerSecond),
    p50: spread(results.map((result) => result.p50)).median,
    p99: Math.max(...results.map((result) => result.p99)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    serverCpuMicros: cpu.every((value) => value !== undefined)
      ? mean((result) => result.serverCpuMicros ?? 0)
      : undefined,
  };
}

/**
 * A Markdown table of results: each row's req/s as a ratio to the baseline's, and, where measured,
 * the server's own CPU per request and the capacity that implies against the baseline's.
 */
export function table(baseline: LoadResult, rows: LoadResult[], goals: Record<string, string> = {}): string {
  const lines = [
    '| endpoint | req/s | p50 ms | p99 ms | × hello-world | goal | server CPU µs/req | CPU capacity × hello-world | non-2xx |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|',
  ];
  for (const row of [baseline, ...rows]) {
    const ratio = row === baseline ? '1.00' : (row.requestsPerSecond / baseline.requestsPerSecond).toFixed(2);
    const cpu = row.serverCpuMicros === undefined ? '' : row.serverCpuMicros.toFixed(0);
    const capacity =
      row.serverCpuMicros === undefined || baseline.serverCpuMicros === undefined
        ? ''
        : (baseline.serverCpuMicros / row.serverCpuMicros).toFixed(2);
    lines.push(
      `| ${row.name} | ${Math.round(row.requestsPerSecond)} | ${row.p50} | ${row.p99} | ${ratio} | ${goals[row.name] ?? ''} | ${cpu} | ${capacity} | ${row.non2xx + row.errors} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Puts `section` (starting with its `## heading`) into BENCHMARKS.md in place of the section of the
 * same heading, or at the end: for the commands that measure one section (bench:soak, bench:fps).
 */
export async function writeBenchmarksSection(section: string): Promise<void> {
  const file = path.join(root, 'BENCHMARKS.md');
  const text = await readFile(file, 'utf8');
  const heading = section.slice(0, section.indexOf('\n'));
  const start = text.indexOf(`${heading}\n`);
  const body = `${section.trimEnd()}\n`;
  if (start < 0) return writeFile(file, `${text.trimEnd()}\n\n${body}`);
  const after = text.indexOf('\n## ', start + heading.length);
  await writeFile(file, `${text.slice(0, start)}${body}${after < 0 ? '' : text.slice(after)}`);
}
