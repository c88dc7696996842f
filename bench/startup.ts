/**
 * Start-up benchmark (issue 9, part 5), in one run: the time from `npm start`'s command to a server
 * that is ready, on a first start (an empty data directory: the embedded database is created,
 * migrated and given the demo merchants, users and about six months of demo history) and on
 * restarts of the same data directory; the targets are 45 s and 5 s.
 *
 * It runs the real start path — `node scripts/start.mjs` (what `npm start` runs: the web build
 * check, then the API server with the demo seed and the simulator) — with its output on a pipe (so
 * JSON log lines), in a fresh temporary data directory (ANDES_DATA_DIR) and on its own port. Ready
 * is the banner's `Andes is ready at` line (printed after the server listens); /healthz is then
 * asked once to confirm. Each start is stopped with SIGINT, as Ctrl-C does, before the next.
 * Besides the wall-clock times it prints the CPU time the processes used until ready (the machine
 * is shared: CPU time moves less with the other work than wall time) and the machine.
 *
 *   npm run build                                  # the web build must be there and up to date
 *   npm run startup -w @andes/bench                # or: npx tsx bench/startup.ts --restarts 3
 *
 * Options: --port N (default 18490), --restarts N (default 3), --history N (ANDES_DEMO_HISTORY;
 * default the server's), --root DIR (another checkout to start, e.g. an older commit, for a
 * before/after comparison; default this one), --timeout S per start (default 300), --log FILE (the
 * servers' output), --keep (keep the data directory), --data DIR (restarts only, of a data directory
 * a first start has already filled; it is kept).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = dirname(fileURLToPath(import.meta.url));
const TARGET_FIRST_S = 45;
const TARGET_RESTART_S = 5;

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '18490' },
    restarts: { type: 'string', default: '3' },
    history: { type: 'string' },
    root: { type: 'string', default: resolve(HERE, '..') },
    timeout: { type: 'string', default: '300' },
    log: { type: 'string' },
    keep: { type: 'boolean', default: false },
    data: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]);
  process.exit(0);
}
const root = resolve(args.root);
const port = Number(args.port);
const restarts = Number(args.restarts);
const timeoutMs = Number(args.timeout) * 1000;
const startScript = join(root, 'scripts/start.mjs');
if (!existsSync(startScript)) throw new Error(`${startScript} does not exist`);
if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.error(
    `${root}/apps/web/dist has no build: run \`npm run build\` first (the benchmark measures the server's start, not the web build)`,
  );
  process.exit(2);
}

const given = args.data !== undefined;
const dataDir = given ? resolve(args.data as string) : mkdtempSync(join(os.tmpdir(), 'andes-startup-'));
if (given && !existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) {
  console.error(`${dataDir} has no embedded database: --data is for restarts of a data directory a first start has filled`);
  process.exit(2);
}
const keep = args.keep || given;
const logFile = args.log ? createWriteStream(args.log, { flags: 'a' }) : null;

/** CPU seconds (user + system) used so far by a process and all its descendants (Linux /proc). */
function treeCpuSeconds(pid: number): number | null {
  if (!existsSync('/proc/self/stat')) return null;
  const tick = 100; // USER_HZ on Linux
  const stats = new Map<number, { ppid: number; cpu: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // After the command: state ppid … utime (14th field) stime (15th), counted from the state (3rd).
      stats.set(Number(name), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / tick });
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const p = queue.pop() as number;
    total += stats.get(p)?.cpu ?? 0;
    for (const [child, s] of stats) if (s.ppid === p) queue.push(child);
  }
  return total;
}

interface StartResult {
  /** From spawning the command to the banner's ready line. */
  readyS: number;
  /** The server process's own `ready in N ms` (from its start). */
  serverReadyS: number | null;
  /** /healthz answered ok at. */
  healthS: number | null;
  cpuS: number | null;
  historyLine: string | null;
  stopS: number;
}

function waitExit(child: ChildProcess): Promise<void> {
  return new Promise((res) => {
    if (child.exitCode !== null || child.signalCode !== null) res();
    else child.once('exit', () => res());
  });
}

async function healthOk(): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5000) });
    return res.ok && ((await res.json()) as { status?: string }).status === 'ok';
  } catch {
    return false;
  }
}

async function startOnce(label: string): Promise<StartResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, ANDES_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  if (args.history !== undefined) env.ANDES_DEMO_HISTORY = args.history;
  const started = performance.now();
  // Its own process group: the stop signal reaches start.mjs and the server (and a web build).
  const child = spawn(process.execPath, [startScript], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const pid = child.pid as number;
  let readyS = 0;
  let serverReadyS: number | null = null;
  let historyLine: string | null = null;
  let failure: string | null = null;
  const ready = new Promise<void>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`${label}: not ready after ${timeoutMs / 1000} s`)), timeoutMs);
    const onLine = (line: string) => {
      logFile?.write(`${label}\t${((performance.now() - started) / 1000).toFixed(3)}\t${line}\n`);
      if (line.startsWith('Building the web app')) failure = 'the web build is older than its sources: start.mjs began to rebuild it';
      if (line.startsWith('demo history:')) historyLine = line;
      if (line.startsWith('Andes is ready at')) readyS = (performance.now() - started) / 1000;
      const m = /^ {2}ready in (\d+) ms$/.exec(line);
      if (m) {
        serverReadyS = Number(m[1]) / 1000;
        clearTimeout(timer);
        res();
      }
      if (failure) {
        clearTimeout(timer);
        rej(new Error(`${label}: ${failure} — run \`npm run build\` and try again`));
      }
    };
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', onLine);
    createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => logFile?.write(`${label}\tstderr\t${line}\n`));
    child.once('exit', (code) => {
      clearTimeout(timer);
      rej(
        new Error(
          `${label}: the server exited (code ${code}) before it was ready${args.log ? `; see ${args.log}` : ' (--log FILE keeps its output)'}`,
        ),
      );
    });
  });
  try {
    await ready;
  } catch (err) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
    throw err;
  }
  const cpuS = treeCpuSeconds(pid);
  const healthS = (await healthOk()) ? (performance.now() - started) / 1000 : null;
  const stopping = performance.now();
  process.kill(-pid, 'SIGINT');
  const killer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 30_000);
  await waitExit(child);
  clearTimeout(killer);
  return { readyS, serverReadyS, healthS, cpuS, historyLine, stopS: (performance.now() - stopping) / 1000 };
}

const s1 = (n: number | null) => (n === null ? '—' : `${n.toFixed(1)} s`);
const cpus = os.cpus();
const loadStart = os.loadavg();
const startedAt = new Date();

const results: { label: string; r: StartResult }[] = [];
try {
  if (!given) results.push({ label: 'first start', r: await startOnce('first start') });
  for (let i = 1; i <= restarts; i += 1) results.push({ label: `restart ${i}`, r: await startOnce(`restart ${i}`) });
} finally {
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
  logFile?.end();
}
const loadEnd = os.loadavg();

const lines: string[] = [];
const out = (line = '') => lines.push(line);
out(`Andes start-up benchmark — ${startedAt.toISOString()}`);
out(
  `machine: ${os.type()} ${os.release()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? '?'}, ` +
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM; load average ${loadStart.map((l) => l.toFixed(2)).join(' ')} at start`,
);
out(`Node ${process.version}; command: node scripts/start.mjs in ${root} (web build present), embedded PGlite`);
out(
  `data directory: ${dataDir}${keep ? ' (kept)' : ' (deleted)'}; port ${port}; ` +
    `ANDES_DEMO_HISTORY ${args.history ?? 'default'}; output on a pipe (JSON log lines)`,
);
out();
out('start          ready   server   /healthz ok   CPU until ready   stop');
for (const { label, r } of results) {
  out(
    `${label.padEnd(13)} ${s1(r.readyS).padStart(7)} ${s1(r.serverReadyS).padStart(8)} ${s1(r.healthS).padStart(13)} ` +
      `${s1(r.cpuS).padStart(17)} ${s1(r.stopS).padStart(6)}`,
  );
}
out('(ready: from the command to the banner; server: the server process’s own "ready in"; CPU: user + system of all its processes)');
const first = given ? undefined : results[0]?.r;
if (first?.historyLine) out(first.historyLine);
out();
const restartTimes = results.slice(given ? 0 : 1).map((x) => x.r.readyS);
const sorted = [...restartTimes].sort((a, b) => a - b);
const median = sorted.length > 0 ? (sorted[Math.floor((sorted.length - 1) / 2)] as number) : null;
const worst = sorted.length > 0 ? (sorted[sorted.length - 1] as number) : null;
if (first) out(`first start ≤ ${TARGET_FIRST_S} s: ${s1(first.readyS)} — ${first.readyS <= TARGET_FIRST_S ? 'met' : 'NOT met'}`);
if (median !== null && worst !== null) {
  out(
    `restart ≤ ${TARGET_RESTART_S} s: median ${s1(median)}, worst ${s1(worst)} of ${sorted.length} — ` +
      `${worst <= TARGET_RESTART_S ? 'met' : median <= TARGET_RESTART_S ? 'met by the median, not by the worst' : 'NOT met'}`,
  );
}
out(`load average ${loadEnd.map((l) => l.toFixed(2)).join(' ')} at end`);
console.log(lines.join('\n'));
