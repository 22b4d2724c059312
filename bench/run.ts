// npm run bench: every benchmark of the project in one process tree on this machine, each HTTP
// figure beside a bare Fastify hello-world of the same run. Writes BENCHMARKS.md.
// Flags: --quick (short runs, nothing written), --only provider,runtime,jackpots,campaigns,clusters,partitions,replica,engine,art-burst
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { root } from './http.ts';

type Section = { name: string; file: string; run: string };

const SECTIONS: Section[] = [
  { name: 'provider', file: 'bench/provider.ts', run: 'runProviderBench' },
  { name: 'runtime', file: 'bench/runtime.ts', run: 'runRuntimeBench' },
  { name: 'jackpots', file: 'bench/jackpots.ts', run: 'runJackpotBench' },
  { name: 'campaigns', file: 'bench/campaigns.ts', run: 'runCampaignBench' },
  { name: 'clusters', file: 'bench/clusters.ts', run: 'runClusterBench' },
  { name: 'partitions', file: 'bench/partitions.ts', run: 'runPartitionBench' },
  { name: 'replica', file: 'bench/replica.ts', run: 'runReplicaBench' },
  { name: 'engine', file: 'bench/engine.ts', run: 'runEngineBench' },
  { name: 'art-burst', file: 'bench/art-burst.ts', run: 'runArtBurstBench' },
];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyArg = args.find((arg) => arg.startsWith('--only'));
const only = onlyArg
  ? (onlyArg.split('=')[1] ?? args[args.indexOf(onlyArg) + 1] ?? '').split(',')
  : undefined;

/**
 * The machine's CPU time as /proc/stat counts it (all cores, in ticks): what a virtual machine's host
 * took from it (steal) tells a disturbed run from a slow change. Undefined where there is no /proc.
 */
function cpuTicks(): { steal: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    return { steal: ticks[7] ?? 0, total: ticks.slice(0, 8).reduce((sum, tick) => sum + tick, 0) };
  } catch {
    return undefined;
  }
}

const ticksBefore = cpuTicks();
const parts: string[] = [];
for (const section of SECTIONS) {
  if (only && !only.includes(section.name)) continue;
  const file = path.join(root, section.file);
  if (!existsSync(file)) {
    parts.push(`## ${section.name}\n\n(not measured: ${section.file} is missing)`);
    continue;
  }
  process.stderr.write(`bench: ${section.name}…\n`);
  const module = (await import(file)) as Record<string, (options: { quick?: boolean }) => Promise<string>>;
  const run = module[section.run];
  if (!run) throw new Error(`${section.file} does not export ${section.run}`);
  parts.push(await run({ quick }));
}

const ticksAfter = cpuTicks();
const stolen =
  ticksBefore && ticksAfter && ticksAfter.total > ticksBefore.total
    ? (100 * (ticksAfter.steal - ticksBefore.steal)) / (ticksAfter.total - ticksBefore.total)
    : undefined;
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const header = [
  '# Benchmarks',
  '',
  `Latest run: ${new Date().toISOString().slice(0, 10)}, \`npm run bench\`${quick ? ' -- --quick' : ''}, Node ${process.versions.node},`,
  `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB. Figures are ratios against a baseline`,
  'measured in the same run; absolute numbers move with the machine and its load.',
  ...(stolen === undefined
    ? []
    : [
        `CPU time the virtual machine's host took during the run (steal, /proc/stat): ${stolen.toFixed(1)} % of all`,
        "cores' time; a run with more of it is slower throughout, which the same-run ratios absorb only in part.",
      ]),
].join('\n');
const analysisFile = path.join(root, 'bench/ANALYSIS.md');
if (existsSync(analysisFile) && !only) parts.push((await readFile(analysisFile, 'utf8')).trim());
// Sections other commands write (npm run bench:fps) are kept as they are.
const KEPT = ['## Game client frame rate', '## Memory soak'];
const benchmarksFile = path.join(root, 'BENCHMARKS.md');
if (existsSync(benchmarksFile) && !only) {
  const previous = await readFile(benchmarksFile, 'utf8');
  for (const heading of KEPT) {
    const start = previous.indexOf(`${heading}\n`);
    if (start < 0) continue;
    const next = previous.indexOf('\n## ', start + heading.length);
    parts.push(previous.slice(start, next < 0 ? undefined : next).trim());
  }
}
const report = `${header}\n\n${parts.join('\n\n')}\n`;
process.stdout.write(report);
if (!quick && !only) {
  await writeFile(path.join(root, 'BENCHMARKS.md'), report);
  process.stderr.write('bench: wrote BENCHMARKS.md\n');
}
