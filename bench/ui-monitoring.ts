/**
 * Issue 21's online-monitoring budgets, in Chromium on DESIGN §6's organization (10,000 chats,
 * 200,000 messages, 50 operators, 5 teams), the administrator watching:
 *
 *   - a filter switch (team) on the client table and on the operator table     ≤ 16 ms p95
 *   - a customer's new message to its row painted in the client table          ≤ 1 s p95
 *
 * The tables are computed in the browser from the local store (src/features/monitoring): a switch
 * filters the chat facts held in memory, recounts and sorts, and paints; no IndexedDB read. Each
 * switch is timed in the page's clock from the select's change event:
 *   - to the table changed in the document (the script: filter, recount, sort, React);
 *   - to the table styled and laid out: the script, then style and layout forced at once, as the
 *     frame would do them. This is the page's own work for the frame, and the figure the 16 ms
 *     budget is held to (docs/monitoring.md "Speed" says why);
 *   - to the first frame painted after the table changed (the same "painted" as
 *     bench/ui/page-probes.ts), which adds paint, raster and the wait for the display's next
 *     frame: with nothing to do at all that is the frame floor, 13–15 ms p95 on this machine, so
 *     it is printed beside the budget, not held to it.
 * The customer's
 * message goes through the widget's HTTP API, as in bench/ui-workspace.ts, and is timed from the
 * request leaving this process (wall clock) to the row painted.
 *
 * BENCH_CHATS / BENCH_MESSAGES change the organization's size; BENCH_ROUNDS the samples.
 */
import { cpus } from 'node:os';
import { newId } from '../src/protocol';
import { startAppServer } from '../tests/e2e/app-server';
import { launchBrowser, signIn, type Page } from '../tests/e2e/browser';
import { reportFigures } from './figures';
import { writeResults } from './results-file';
import { BENCH_SIZE, seededCopy } from './seeded-org';
import { formatTable, summarize, type Summary } from './stats';

// 60 switches: a p95 of 30 is the second-worst sample, which the shared machine's noise owns.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const ARRIVALS = 15;

/** `budgetMs` null: printed for reading the budgeted figure above it, not held to a budget. */
type Figure = { id: string; what: string; budgetMs: number | null; summary: Summary };

/** What the monitoring shows now, in one word, so a switch can tell when the table changed. */
function signature(): string {
  const root = document.querySelector('[data-testid="monitoring"]');
  if (!root) return 'none';
  const clients = root.querySelector('[data-testid="monitoring-abonents"]');
  if (clients) {
    const first = clients.querySelector('[data-testid="monitoring-client-row"]');
    return `c:${clients.getAttribute('data-count') ?? ''}:${first?.getAttribute('data-chat-id') ?? ''}`;
  }
  const rows = root.querySelectorAll('[data-testid="monitoring-row"]');
  return `r:${String(rows.length)}:${rows[0]?.textContent ?? ''}`;
}

/** In the page: set the select, and resolve with change event → table changed and painted. */
function switchFilter([selector, value]: [string, string]): Promise<[number, number, number]> {
  // Resolves with [change → painted, change → changed in the document, change → laid out].
  const signatureOf = (window as unknown as { __monitoringSignature: () => string })
    .__monitoringSignature;
  return new Promise((resolve, reject) => {
    const select = document.querySelector(selector);
    if (!(select instanceof HTMLSelectElement)) {
      reject(new Error(`no select ${selector}`));
      return;
    }
    const before = signatureOf();
    let done = false;
    const startedAt = performance.now();
    const painted = (changed: number, laidOut: number) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          resolve([performance.now() - startedAt, changed, laidOut]);
        };
        channel.port2.postMessage(0);
      });
    };
    const check = () => {
      if (done || signatureOf() === before) return;
      done = true;
      observer.disconnect();
      const changed = performance.now() - startedAt;
      // Style and layout now, as the frame would: what is left for the frame is painting.
      document.body.getBoundingClientRect();
      painted(changed, performance.now() - startedAt);
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    check();
    setTimeout(() => {
      if (!done) reject(new Error(`the table did not change for ${value}`));
    }, 10_000);
  });
}

async function waitForBootstrap(page: Page): Promise<void> {
  await page
    .locator('[data-testid="connection"][data-bootstrap="done"][data-connection="online"]')
    .waitFor({ timeout: 300_000 });
}

/**
 * Switches the team filter round the teams (and All) on one tab: change → painted, and change →
 * the table changed in the document (the script's own work, before the browser's next frame).
 */
async function filterSwitches(
  page: Page,
  baseUrl: string,
  tab: string,
): Promise<{ painted: Summary; script: Summary; laidOut: Summary }> {
  await page.goto(`${baseUrl}/admin/monitoring/${tab}`);
  const select = '[data-testid="monitoring-filter-teamId"]';
  await page.locator(select).waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => document.querySelector('[data-testid="monitoring"] .empty-state') === null,
    undefined,
    { timeout: 60_000 },
  );
  const values = await page
    .locator(`${select} option`)
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  if (values.length < 3) throw new Error(`too few teams to switch between: ${values.join(',')}`);
  const samples: number[] = [];
  const script: number[] = [];
  const laidOut: number[] = [];
  // Two warm-up switches (the first recount of each shape), then the timed ones.
  for (let i = 0; i < ROUNDS + 2; i++) {
    const value = values[(i + 1) % values.length] ?? '';
    const [ms, changed, work] = await page.evaluate(switchFilter, [select, value] as [
      string,
      string,
    ]);
    if (i >= 2) {
      samples.push(ms);
      script.push(changed);
      laidOut.push(work);
    }
    await page.waitForTimeout(50);
  }
  // Back to all teams for the next figure.
  await page.locator(select).selectOption('');
  return {
    painted: summarize(samples),
    script: summarize(script),
    laidOut: summarize(laidOut),
  };
}

/** The time from now to the next painted frame when nothing changes: no update can beat it. */
async function frameFloor(page: Page): Promise<Summary> {
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++)
    samples.push(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const startedAt = performance.now();
            requestAnimationFrame(() => {
              const channel = new MessageChannel();
              channel.port1.onmessage = () => {
                resolve(performance.now() - startedAt);
              };
              channel.port2.postMessage(0);
            });
          }),
      ),
    );
  return summarize(samples);
}

/** A new customer writes through the widget while the client table is open, newest first. */
async function customerToRow(page: Page, baseUrl: string, channelId: string): Promise<Summary> {
  await page.goto(`${baseUrl}/admin/monitoring/abonents`);
  await page.getByTestId('monitoring-client-row').first().waitFor({ timeout: 60_000 });
  await page.getByTestId('monitoring-sort-startTime').click(); // newest first: the new row in view
  const samples: number[] = [];
  for (let i = 0; i < ARRIVALS; i++) {
    const name = `Monitored visitor ${String(i)} ${Math.random().toString(36).slice(2, 8)}`;
    const visitor = await fetch(`${baseUrl}/api/widget/${channelId}/visitors`, { method: 'POST' });
    const { entity } = (await visitor.json()) as { entity: { token: string } };
    await page.evaluate((text) => {
      const w = window as unknown as { __rowPaintedAt?: Record<string, number> };
      w.__rowPaintedAt ??= {};
      const seen = () =>
        [...document.querySelectorAll('[data-testid="monitoring-client-row"]')].some((row) =>
          row.textContent.includes(text),
        );
      const observer = new MutationObserver(() => {
        if (!seen()) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            (w.__rowPaintedAt ??= {})[text] = performance.timeOrigin + performance.now();
          };
          channel.port2.postMessage(0);
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, name);
    const wroteAt = Date.now();
    const sent = await fetch(`${baseUrl}/api/widget/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Visitor ${entity.token}` },
      body: JSON.stringify({ id: newId(), text: 'Hello, is anyone there?', name, attachments: [] }),
    });
    if (!sent.ok) throw new Error(`the widget refused the message: ${await sent.text()}`);
    const handle = await page.waitForFunction(
      (text) =>
        (window as unknown as { __rowPaintedAt?: Record<string, number> }).__rowPaintedAt?.[text] ??
        null,
      name,
      { timeout: 30_000 },
    );
    samples.push(((await handle.jsonValue()) as number) - wroteAt);
    await page.waitForTimeout(100);
  }
  return summarize(samples);
}

function table(figures: readonly Figure[]): string {
  const header = ['what', 'n', 'p50 ms', 'p95 ms', 'max ms', 'budget', ''];
  return formatTable(
    header,
    figures.map((figure) => [
      figure.what,
      String(figure.summary.n),
      figure.summary.p50.toFixed(1),
      figure.summary.p95.toFixed(1),
      figure.summary.max.toFixed(1),
      figure.budgetMs === null ? '' : `≤ ${String(figure.budgetMs)} ms p95`,
      figure.budgetMs === null ? '' : figure.summary.p95 <= figure.budgetMs ? 'pass' : 'MISS',
    ]),
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(
    `Monitoring benchmark: Chromium, ${String(cpus().length)} CPUs; ${String(BENCH_SIZE.chats)} chats, ${String(BENCH_SIZE.messages)} messages, ${String(ROUNDS)} samples per switch figure`,
  );
  const seeded = await seededCopy('monitoring');
  const { dataDir, org } = seeded;
  try {
    const server = await startAppServer({ DEMO: 'false' }, { dataDir });
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      // tsx's keepNames wraps functions in `__name`, which the page lacks (see ui-workspace.ts).
      await context.addInitScript({
        content: `globalThis.__name ??= (target) => target;\nwindow.__monitoringSignature = ${signature.toString()};`,
      });
      const page = await context.newPage();
      await signIn(page, server.baseUrl, org.adminEmail, org.password);
      await waitForBootstrap(page);
      console.log(
        `Signed in as ${org.adminEmail}; bootstrap done. Organization: ${String(org.counts.chats.total)} chats (${String(org.counts.chats.pending)} pending, ${String(org.counts.chats.assigned)} in progress)`,
      );

      const floor = await frameFloor(page);
      const clients = await filterSwitches(page, server.baseUrl, 'abonents');
      // BENCH_TRACE=<file>: a Chromium trace of the operator table's switches, to see where
      // the frames go (style, layout, paint, scripts).
      const trace = process.env.BENCH_TRACE;
      if (trace)
        await browser.startTracing(page, {
          path: trace,
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'],
        });
      const operators = await filterSwitches(page, server.baseUrl, 'operators');
      if (trace) await browser.stopTracing();
      const figures: Figure[] = [
        {
          id: 'browser.monitoring.filter-switch.clients',
          what: 'monitoring filter switch (team), client table: change → styled and laid out',
          budgetMs: 16,
          summary: clients.laidOut,
        },
        {
          id: 'browser.monitoring.filter-switch.clients.script',
          what: '… of which change → table changed in the document (script)',
          budgetMs: null,
          summary: clients.script,
        },
        {
          id: 'browser.monitoring.filter-switch.clients.painted',
          what: '… change → painted (adds paint, raster and the wait for the next frame)',
          budgetMs: null,
          summary: clients.painted,
        },
        {
          id: 'browser.monitoring.filter-switch.operators',
          what: 'monitoring filter switch (team), operator table: change → styled and laid out',
          budgetMs: 16,
          summary: operators.laidOut,
        },
        {
          id: 'browser.monitoring.filter-switch.operators.script',
          what: '… of which change → table changed in the document (script)',
          budgetMs: null,
          summary: operators.script,
        },
        {
          id: 'browser.monitoring.filter-switch.operators.painted',
          what: '… change → painted (adds paint, raster and the wait for the next frame)',
          budgetMs: null,
          summary: operators.painted,
        },
        {
          id: 'browser.monitoring.event-to-row',
          what: "customer's message to its row painted in the client table",
          budgetMs: 1000,
          summary: await customerToRow(page, server.baseUrl, org.channelId),
        },
      ];
      console.log(table(figures));
      console.log(
        `reference: frame floor (now → next painted frame) p50 ${floor.p50.toFixed(1)} ms, p95 ${floor.p95.toFixed(1)} ms`,
      );
      reportFigures(
        figures.map((figure) => ({
          id: figure.id,
          what: figure.what,
          value: figure.summary.p95,
          stat: 'p95',
          unit: 'ms',
          ...(figure.budgetMs === null
            ? {}
            : { budget: { op: '<=' as const, value: figure.budgetMs } }),
          reference: { what: 'frame floor: now → next painted frame', value: floor.p95 },
          note: `${String(figure.summary.n)} samples; p50 ${figure.summary.p50.toFixed(1)} ms`,
        })),
      );
      const file = writeResults('ui-monitoring', {
        chats: BENCH_SIZE.chats,
        messages: BENCH_SIZE.messages,
        rounds: ROUNDS,
        floor,
        figures,
      });
      console.log(
        `Written to ${file} (${((performance.now() - started) / 1000).toFixed(0)} s in all)`,
      );
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    seeded.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
