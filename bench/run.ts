/**
 * `npm run bench`: every DESIGN §6 budget and the spec's web vitals, measured on this machine,
 * printed as one table (figure, value, budget, reference, ratio, pass or miss) and written to
 * bench/results/run-<time>.json.
 *
 * It builds the app once, seeds DESIGN §6's organization once (each browser benchmark copies the
 * folder), then runs each benchmark script as a child process one after another — each alone on
 * the machine, so none measures another's load — and gathers the figures they report
 * (bench/figures.ts). A missed budget is a figure, not a failure; a script that cannot measure
 * (it crashed) is listed and makes the run exit non-zero.
 *
 *   npm run bench                          everything
 *   npm run bench -- --only ui,sync        some scripts (names below; `monitoring` is issue 21's, `chatbot` issue 24's)
 *   npm run bench -- --compare A.json B.json   the ratio of every figure of run B to run A
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure } from './figures';
import { compareRuns, figureTable, type RunResult } from './run-table';
import { machine, machineLine } from './machine';
import { writeResults } from './results-file';
import { BENCH_SIZE, seedInto } from './seeded-org';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The scripts, in the order they run: the browser's first, while the seeded copy is fresh. */
const SCRIPTS = [
  { name: 'ui', file: 'bench/ui-workspace.ts', needs: ['build', 'seed', 'browser'] },
  { name: 'sync', file: 'bench/browser-sync.ts', needs: ['build', 'seed', 'browser'] },
  { name: 'peer', file: 'bench/store-peer.ts', needs: ['build', 'seed', 'browser'] },
  { name: 'vitals', file: 'bench/lighthouse.ts', needs: ['build', 'seed', 'browser'] },
  { name: 'monitoring', file: 'bench/ui-monitoring.ts', needs: ['build', 'seed', 'browser'] },
  { name: 'chatbot', file: 'bench/ui-chatbot-editor.ts', needs: ['build', 'browser'] },
  { name: 'fanout', file: 'bench/fanout.ts', needs: [] },
  { name: 'ingest', file: 'bench/server-ingest.ts', needs: [] },
  { name: 'distribution', file: 'bench/distribution.ts', needs: [] },
  { name: 'telegram', file: 'bench/telegram-channel.ts', needs: [] },
  { name: 'reports', file: 'bench/reports.ts', needs: ['seed'] },
  { name: 'scale', file: 'bench/scale-out.ts', needs: [] },
] as const;

type Script = (typeof SCRIPTS)[number];

const needs = (script: Script, what: string): boolean =>
  (script.needs as readonly string[]).includes(what);

/** Runs a command with its output shown under a prefix; resolves with its exit code. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, prefix: string) {
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const relay = (stream: NodeJS.WritableStream) => (data: Buffer) => {
      for (const line of data.toString().split('\n'))
        if (line.trim() !== '' && !line.includes('Unknown user config'))
          stream.write(`${prefix} ${line}\n`);
    };
    child.stdout.on('data', relay(process.stdout));
    child.stderr.on('data', relay(process.stderr));
    child.on('close', (code) => {
      resolve(code ?? 1);
    });
  });
}

async function runScript(script: Script, env: NodeJS.ProcessEnv, reports: string) {
  const report = join(reports, `${script.name}.json`);
  const started = performance.now();
  const code = await run(
    process.execPath,
    ['--import', 'tsx', script.file],
    { ...env, BENCH_REPORT: report },
    `[${script.name}]`,
  );
  const seconds = (performance.now() - started) / 1000;
  let figures: Figure[] = [];
  try {
    figures = JSON.parse(readFileSync(report, 'utf8')) as Figure[];
  } catch {
    // No report: the script failed before measuring; the exit code says so below.
  }
  return { name: script.name, code, seconds, figures };
}

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const compare = args.indexOf('--compare');
  if (compare !== -1) {
    const [a, b] = args.slice(compare + 1);
    if (!a || !b) throw new Error('usage: npm run bench -- --compare <run A.json> <run B.json>');
    const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as RunResult;
    console.log(compareRuns(read(a), read(b)));
    return;
  }
  const only = option(args, '--only')?.split(',');
  const chosen = SCRIPTS.filter((script) => !only || only.includes(script.name));
  const started = performance.now();
  console.log(`npm run bench: ${machineLine()}; ${chosen.map((s) => s.name).join(', ')}`);

  const env: NodeJS.ProcessEnv = {
    // Half the standalone ingest and steady-distribution counts, and three store-peer bootstrap
    // rounds of the 24,000-row store instead of five: the figures settle well before, and the
    // whole run must stay within 15 minutes on two cores (it took 13.8 with five).
    BENCH_PGLITE_MESSAGES: '1000',
    BENCH_PG_MESSAGES: '2000',
    BENCH_STEADY_CHATS: '500',
    BENCH_PEER_ROUNDS: '3',
    // 600 Telegram messages (200 new chats, 400 follow-ups) and 300 replies per backend: the
    // rates settle within them, and the script stays near a minute.
    BENCH_TG_MESSAGES: '600',
    BENCH_TG_REPLIES: '300',
    ...process.env,
  };
  // A fresh machine has no Chromium yet: install Debian's, as the end-to-end tests do. Without
  // it the browser scripts cannot measure (the run says so and fails) but the others still do.
  const browserMissing =
    chosen.some((script) => needs(script, 'browser')) &&
    (await run('bash', ['scripts/ensure-chromium.sh'], env, '[chromium]')) !== 0;
  const runnable = chosen.filter((script) => !browserMissing || !needs(script, 'browser'));
  const needed = (what: string) => runnable.some((script) => needs(script, what));
  if (needed('build')) {
    console.log('Building the app …');
    if ((await run('npm', ['run', 'build', '--silent'], env, '[build]')) !== 0)
      throw new Error('the build failed');
  }
  const work = mkdtempSync(join(tmpdir(), 'sc-bench-run-'));
  try {
    if (needed('seed')) {
      const seedStarted = performance.now();
      const seededDir = join(work, 'seeded');
      const org = await seedInto(seededDir);
      env.BENCH_SEEDED_DIR = seededDir;
      console.log(
        `Seeded ${String(org.counts.chats.total)} chats, ${String(org.counts.messages)} messages, ${String(org.operatorIds.length)} operators, ${String(org.teamIds.length)} teams (seed ${String(BENCH_SIZE.seed)}) in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
      );
    }
    const outcomes = [];
    for (const script of chosen) {
      if (!runnable.includes(script)) {
        console.log(`[${script.name}] FAILED: no Chromium at /usr/bin/chromium`);
        outcomes.push({ name: script.name, code: 1, seconds: 0, figures: [] });
        continue;
      }
      const outcome = await runScript(script, env, work);
      console.log(
        `[${script.name}] ${outcome.code === 0 ? 'done' : `FAILED (exit ${String(outcome.code)})`} in ${outcome.seconds.toFixed(0)} s, ${String(outcome.figures.length)} figures`,
      );
      outcomes.push(outcome);
    }
    const result: RunResult = {
      at: new Date().toISOString(),
      machine: machine(),
      size: BENCH_SIZE,
      seconds: (performance.now() - started) / 1000,
      scripts: outcomes.map(({ name, code, seconds }) => ({ name, code, seconds })),
      figures: outcomes.flatMap((outcome) => outcome.figures),
    };
    console.log(`\n${figureTable(result.figures)}\n`);
    const failed = outcomes.filter((outcome) => outcome.code !== 0);
    if (failed.length > 0)
      console.log(`Could not measure: ${failed.map((outcome) => outcome.name).join(', ')}`);
    const file = writeResults('run', result);
    console.log(
      `${String(result.figures.length)} figures in ${(result.seconds / 60).toFixed(1)} min; written to ${file}`,
    );
    if (failed.length > 0) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
