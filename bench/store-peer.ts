/**
 * Our browser store against its own floor and against a peer on the same work, in Chromium on
 * the built app with the seeded organization (10,000 chats, 200,000 messages):
 *
 *   - bootstrap the organization into IndexedDB        ≥ 20,000 rows/s, ≤ 1.5 × a raw Dexie bulkPut
 *     (DESIGN §6): the app's own bootstrap, signed in as the administrator on a fresh profile,
 *     from the sync worker's request for the stream to the app saying it is done, against a raw
 *     Dexie bulkPut of the very rows it stored, in the same page;
 *   - the peer, RxDB on its free Dexie storage, on the same rows in the same page:
 *     bootstrap (our bootstrap write path against RxDB's bulkInsert), the inbox query (a chat
 *     list's first screenful and count: our chat index and list functions against an RxDB query)
 *     and live apply (single-row events: our applyEvents against RxDB's incrementalUpsert).
 *
 * The in-page side is bench/browser/store-lab.ts, bundled with Vite's build API and injected into
 * the signed-in page. Needs the built app (dist/, `npm run build`) and Chromium at
 * /usr/bin/chromium. BENCH_CHATS / BENCH_MESSAGES size the organization; BENCH_PEER_ROUNDS the
 * bootstrap repetitions, BENCH_QUERY_ROUNDS the queries per list, BENCH_LIVE_EVENTS the events.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { storeName } from '../src/store/db';
import { startAppServer } from '../tests/e2e/app-server';
import { launchBrowser, signIn, type Page } from '../tests/e2e/browser';
import { installBootstrapProbe } from './browser/bootstrap-probe';
import { buildStoreLab } from './browser/lab-bundle';
import type { InboxRun, LiveRun, StoredRows, TimedWrite } from './browser/store-lab-types';
import { reportFigures, type Figure } from './figures';
import { machineLine } from './machine';
import { writeResults } from './results-file';
import { figureTable } from './run-table';
import { BENCH_SIZE, seededCopy } from './seeded-org';
import { formatTable, summarize } from './stats';

const ROUNDS = Number(process.env.BENCH_PEER_ROUNDS ?? 5);
const QUERY_ROUNDS = Number(process.env.BENCH_QUERY_ROUNDS ?? 200);
const LIVE_EVENTS = Number(process.env.BENCH_LIVE_EVENTS ?? 1000);

const rate = (write: TimedWrite) => write.rows / (write.ms / 1000);
const median = (values: readonly number[]) => summarize(values).p50;

/**
 * Times the app's own bootstrap. Start: the sync worker's request for the bootstrap stream (its
 * Resource Timing entry, in the worker's clock), the first instant rows can flow; the sign-in and
 * the app's start before it are not bootstrap. End: the connection indicator saying "done" in the
 * page (bench/browser/bootstrap-probe.ts), which the worker says after the last rows and the
 * cursor have committed. Both are epoch milliseconds of this machine's clock.
 */
async function appBootstrap(
  page: Page,
): Promise<{ start: number; loading: number | null; done: number; requests: number }> {
  await page
    .locator('[data-testid="connection"][data-bootstrap="done"]')
    .waitFor({ timeout: 300_000 });
  const { loading, done } = await page.evaluate(() => window.__bootstrapStamps);
  if (done === null) throw new Error('the probe saw no bootstrap finish');
  for (const worker of page.workers()) {
    const request = await worker.evaluate(() => {
      const entries = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/api/sync/bootstrap'));
      const last = entries[entries.length - 1];
      return last
        ? { start: performance.timeOrigin + last.startTime, count: entries.length }
        : null;
    });
    if (request) return { start: request.start, loading, done, requests: request.count };
  }
  throw new Error('no worker of the page requested the bootstrap');
}

type Bootstraps = { reference: TimedWrite[]; ours: TimedWrite[]; rxdb: TimedWrite[] };

/** Each round writes the rows three ways; the order rotates, so none always runs on a warm disk. */
async function labBootstraps(page: Page, rows: number): Promise<Bootstraps> {
  const runs: Bootstraps = { reference: [], ours: [], rxdb: [] };
  const kinds = ['reference', 'ours', 'rxdb'] as const;
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[(round + i) % kinds.length] ?? 'reference';
      const write = await page.evaluate(async (which) => {
        const lab = window.__storeLab;
        if (which === 'reference') return lab.bootstrapReference();
        return which === 'ours' ? lab.bootstrapOurs() : lab.bootstrapRxdb();
      }, kind);
      if (write.rows !== rows)
        throw new Error(`${kind} wrote ${String(write.rows)} rows of ${String(rows)}`);
      runs[kind].push(write);
    }
  }
  return runs;
}

function detailTable(
  app: { rows: number; seconds: number },
  boots: Bootstraps,
  inbox: readonly InboxRun[],
  live: LiveRun,
): string {
  const header = ['what', 'n', 'median', 'p95', 'max', 'unit'];
  const row = (what: string, samples: readonly number[], unit: string, digits = 0) => {
    const s = summarize(samples);
    return [
      what,
      String(s.n),
      s.p50.toFixed(digits),
      s.p95.toFixed(digits),
      s.max.toFixed(digits),
      unit,
    ];
  };
  const single = (what: string, value: number, unit: string) => [
    what,
    '1',
    value.toFixed(0),
    '',
    '',
    unit,
  ];
  const body = [
    single(
      `app bootstrap, ${app.rows.toLocaleString('en')} rows in ${app.seconds.toFixed(2)} s`,
      app.rows / app.seconds,
      'rows/s',
    ),
    row('raw Dexie bulkPut of the same rows', boots.reference.map(rate), 'rows/s'),
    row('our bootstrap write path (lab)', boots.ours.map(rate), 'rows/s'),
    row('RxDB bulkInsert', boots.rxdb.map(rate), 'rows/s'),
    ...inbox.flatMap((run) => [
      row(`${run.list} list (${String(run.count)} chats), ours`, run.ours, 'ms', 2),
      row(`${run.list} list (${String(run.count)} chats), RxDB`, run.rxdb, 'ms', 2),
    ]),
    single('live apply, ours', live.events / (live.ours.ms / 1000), 'events/s'),
    single('live apply, RxDB', live.events / (live.rxdb.ms / 1000), 'events/s'),
  ];
  return formatTable(header, body);
}

async function main(): Promise<void> {
  const started = performance.now();
  if (!existsSync(fileURLToPath(new URL('../dist/app/index.html', import.meta.url))))
    throw new Error('the built app is missing: run `npm run build` first');
  console.log(
    `Store and peer benchmark: Chromium, ${machineLine()}; ${String(BENCH_SIZE.chats)} chats, ${String(BENCH_SIZE.messages)} messages; ${String(ROUNDS)} bootstrap rounds, ${String(QUERY_ROUNDS)} queries per list, ${String(LIVE_EVENTS)} live events`,
  );
  // The lab is bundled while the organization is copied or seeded, before anything is timed.
  const [seeded, lab] = await Promise.all([seededCopy('peer'), buildStoreLab()]);
  const { org } = seeded;
  try {
    const server = await startAppServer({ DEMO: 'false' }, { dataDir: seeded.dataDir });
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      // tsx compiles with esbuild's keepNames, which wraps functions in a `__name` helper that
      // the page lacks; an identity stands in for it.
      await context.addInitScript({
        content: `globalThis.__name ??= (target) => target;\n(${installBootstrapProbe.toString()})();`,
      });
      const page = await context.newPage();
      await signIn(page, server.baseUrl, org.adminEmail, org.password);
      const boot = await appBootstrap(page);
      await page
        .locator('[data-testid="connection"][data-connection="online"]')
        .waitFor({ timeout: 60_000 });
      await page.waitForTimeout(1000); // let the app finish drawing before the lab takes the thread

      await page.addScriptTag({ path: lab.file });
      const stored: StoredRows = await page.evaluate(
        ([name, userId]) => window.__storeLab.load(name, userId),
        [storeName(org.orgId, org.adminId), org.adminId] as const,
      );
      // The rows the bootstrap wrote, as it counted them; the server's timers (expiry,
      // auto-close) may have added a few by live events since, which the lab's rows include.
      const bootRows = stored.bootstrapCounted;
      if (bootRows === null) throw new Error('the app holds no record of its bootstrap');
      const appSeconds = (boot.done - boot.start) / 1000;
      const appRate = bootRows / appSeconds;
      console.log(
        `Signed in as ${org.adminEmail}: the app bootstrapped ${bootRows.toLocaleString('en')} rows in ${appSeconds.toFixed(2)} s${boot.requests > 1 ? ` (the last of ${String(boot.requests)} bootstrap requests)` : ''}; it holds ${stored.total.toLocaleString('en')} (${Object.entries(
          stored.tables,
        )
          .filter(([, n]) => n > 0)
          .map(([table, n]) => `${table} ${n.toLocaleString('en')}`)
          .join(', ')}), which the lab writes and queries`,
      );

      const boots = await labBootstraps(page, stored.total);
      const inbox: InboxRun[] = [];
      for (const list of ['assigned', 'closed'] as const)
        inbox.push(
          await page.evaluate(([which, rounds]) => window.__storeLab.inboxQuery(which, rounds), [
            list,
            QUERY_ROUNDS,
          ] as const),
        );
      const live: LiveRun = await page.evaluate(
        (events) => window.__storeLab.liveApply(events),
        LIVE_EVENTS,
      );
      await page.evaluate(() => window.__storeLab.dispose());

      console.log(
        `\n${detailTable({ rows: bootRows, seconds: appSeconds }, boots, inbox, live)}\n`,
      );

      const referenceRate = median(boots.reference.map(rate));
      const oursRate = median(boots.ours.map(rate));
      const rxRate = median(boots.rxdb.map(rate));
      const liveRate = (ms: number) => live.events / (ms / 1000);
      const listNames = {
        assigned: 'In progress (the landing list)',
        closed: 'Closed (the longest list)',
      };
      const figures: Figure[] = [
        {
          id: 'browser.bootstrap.rate',
          what: "bootstrap into IndexedDB: the app's own, sign-in as administrator",
          value: appRate,
          unit: '/s',
          budget: { op: '>=', value: 20_000 },
          reference: {
            what: 'raw Dexie bulkPut of the same rows, same page',
            value: referenceRate,
          },
          ratioBudget: { op: '<=', value: 1.5 },
          note: `${String(bootRows)} rows in ${appSeconds.toFixed(2)} s, from the worker's request to "done"; server, network and row checks included; reference: median of ${String(ROUNDS)}`,
        },
        {
          id: 'peer.bootstrap',
          what: 'bootstrap the same rows: our write path vs RxDB bulkInsert',
          value: oursRate,
          unit: '/s',
          reference: { what: 'RxDB 17.6 bulkInsert, Dexie storage', value: rxRate },
          note: `median of ${String(ROUNDS)}, 1,000-row chunks as the stream sends; ours checks every row's schema, RxDB runs without a validator`,
        },
        ...inbox.map((run): Figure => ({
          id: run.list === 'assigned' ? 'peer.inbox-query' : 'peer.inbox-query.closed',
          what: `inbox query, ${listNames[run.list]}: first ${String(run.screenful)} rows and count of ${String(run.count)}`,
          value: summarize(run.ours).p95,
          unit: 'ms',
          stat: 'p95',
          reference: {
            what: 'RxDB find + count, a fresh query each time',
            value: summarize(run.rxdb).p95,
          },
          note: `${String(run.ours.length)} queries each over the same chats; ours filters and orders the in-memory chat index; medians ${summarize(run.ours).p50.toFixed(2)} vs ${summarize(run.rxdb).p50.toFixed(2)} ms`,
        })),
        {
          id: 'peer.live-apply',
          what: 'live apply, one single-row event at a time',
          value: liveRate(live.ours.ms),
          unit: '/s',
          reference: {
            what: 'RxDB incrementalUpsert + cursor as a local document',
            value: liveRate(live.rxdb.ms),
          },
          note: `${String(live.events)} chat.expiryChanged events; ours: applyEvents (row, outbox, cursor in one transaction)`,
        },
      ];
      console.log(figureTable(figures));
      reportFigures(figures);
      const file = writeResults('store-peer', {
        size: BENCH_SIZE,
        rounds: ROUNDS,
        app: { ...boot, seconds: appSeconds, stored },
        bootstraps: boots,
        inbox,
        live,
        figures,
      });
      console.log(
        `\nWritten to ${file} (${((performance.now() - started) / 1000).toFixed(0)} s in all)`,
      );
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    lab.remove();
    seeded.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
