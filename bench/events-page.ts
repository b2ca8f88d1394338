/**
 * The server's share of a catch-up page: what one page of 1,000 events of `GET /api/sync/events`
 * costs on the embedded PGlite, with nothing else running. The seeded organization's customers
 * write `EVENTS_PAGE_COMMANDS` messages (about 1.1 events each), then the administrator's pages are
 * read three times each way: as the route read them before the events kept their wire texts, part
 * by part (the query into JavaScript objects, `readEvents`; the per-viewer filter of the changes,
 * `eventForViewer`; the answer's JSON); as the route reads them now (`readViewerPage`, the stored
 * wire texts joined); with PostgreSQL building the page's JSON itself (`json_agg`), the query
 * alone; and through the route over HTTP, the server in its own process. Run it alone:
 * `npx tsx bench/events-page.ts`.
 */
import { sql } from 'drizzle-orm';
import { loadViewer } from '../server/auth/viewer';
import { openDatabase } from '../server/db/database';
import { events } from '../server/db/schema';
import { currentSeq, eventForViewer, readEvents, readViewerPage } from '../server/sync/event-log';
import { customerWritesWhileAway } from './missed-messages';
import { adminToken } from './api-login';
import { seededCopy } from './seeded-org';
import { startAppServer } from '../tests/e2e/app-server';

const COMMANDS = Number(process.env.EVENTS_PAGE_COMMANDS ?? 3000);
const PAGE = 1000;

const seeded = await seededCopy('events-page');
const database = await openDatabase({ dataDir: seeded.dataDir });
const { orgId, channelId, adminId } = seeded.org;
const start = await currentSeq(database.db, orgId);
try {
  for (let sent = 0; sent < COMMANDS; sent++)
    await customerWritesWhileAway(database, orgId, channelId, sent);
  const head = await currentSeq(database.db, orgId);
  const viewer = await loadViewer(database.db, adminId);
  if (!viewer) throw new Error('the administrator is not a viewer');
  const groups = new Set(viewer.groups);
  const pages = Math.ceil((head - start) / PAGE);
  console.log(`${String(head - start)} events in ${String(pages)} pages of ${String(PAGE)}`);

  for (let round = 0; round < 3; round++) {
    const spent = { query: 0, filter: 0, json: 0 };
    let bytes = 0;
    for (let after = start; after < head;) {
      let at = performance.now();
      const page = await readEvents(database.db, {
        orgId,
        after,
        upTo: head,
        limit: PAGE + 1,
        groups: viewer.groups,
      });
      spent.query += performance.now() - at;
      at = performance.now();
      const served = page.slice(0, PAGE);
      const shown = served.map((event) => eventForViewer(event, groups)).filter(Boolean);
      spent.filter += performance.now() - at;
      at = performance.now();
      bytes += JSON.stringify({ events: shown, hasMore: true, cursor: head }).length;
      spent.json += performance.now() - at;
      const last = served.at(-1);
      if (!last) break;
      after = last.seq;
    }
    const perPage = (ms: number) => (ms / pages).toFixed(1);
    console.log(
      `as the route reads them, per page: query ${perPage(spent.query)} ms, filter ${perPage(spent.filter)} ms, JSON ${perPage(spent.json)} ms (${(bytes / 1e6).toFixed(1)} MB in all)`,
    );
  }

  for (let round = 0; round < 3; round++) {
    const at = performance.now();
    let bytes = 0;
    for (let after = start; after < head;) {
      const page = await readViewerPage(database.db, {
        orgId,
        after,
        upTo: head,
        limit: PAGE + 1,
        groups: viewer.groups,
      });
      const served = page.slice(0, PAGE);
      const text = `{"events":[${served.flatMap((event) => event.json ?? []).join(',')}]}`;
      bytes += text.length;
      const last = served.at(-1);
      if (!last) break;
      after = last.seq;
    }
    console.log(
      `as the route reads them now, the stored wire texts joined, per page: ${((performance.now() - at) / pages).toFixed(1)} ms (${(bytes / 1e6).toFixed(1)} MB in all)`,
    );
  }

  for (let round = 0; round < 3; round++) {
    const at = performance.now();
    let bytes = 0;
    for (let after = start; after < head;) {
      const result: unknown = await database.db.execute(
        sql`select coalesce(json_agg(e order by e.seq), '[]')::text as page, max(e.seq) as last
            from (select seq, id, type, at, actor, command_id, data, changes from ${events}
                  where ${events.orgId} = ${orgId} and ${events.seq} > ${after}
                    and ${events.seq} <= ${head}
                  order by ${events.seq} limit ${PAGE}) e`,
      );
      // `max(seq)` comes back as a string from PostgreSQL's bigint, a number from PGlite's.
      const { rows } = result as { rows: { page: string; last: string | number | null }[] };
      const row = rows[0];
      bytes += row?.page.length ?? 0;
      if (row?.last == null) break;
      after = Number(row.last);
    }
    console.log(
      `built as JSON by the database, per page: ${((performance.now() - at) / pages).toFixed(1)} ms (${(bytes / 1e6).toFixed(1)} MB in all)`,
    );
  }
} finally {
  await database.close();
}

// The same pages through the route, as the sync worker asks for them: the server in its own
// process on the same database, the pages asked one after another, each read to its end.
const server = await startAppServer({ DEMO: 'false' }, { dataDir: seeded.dataDir });
try {
  const token = await adminToken(server.baseUrl, seeded.org);
  for (let round = 0; round < 3; round++) {
    let pages = 0;
    let bytes = 0;
    const at = performance.now();
    for (let after = start; ; pages++) {
      const response = await fetch(
        `${server.baseUrl}/api/sync/events?after=${String(after)}&limit=${String(PAGE)}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      const text = await response.text();
      bytes += text.length;
      const page = JSON.parse(text) as { hasMore: boolean; cursor: number };
      after = page.cursor;
      if (!page.hasMore) {
        pages++;
        break;
      }
    }
    console.log(
      `through the route over HTTP, per page: ${((performance.now() - at) / pages).toFixed(1)} ms (${String(pages)} pages, ${(bytes / 1e6).toFixed(1)} MB in all)`,
    );
  }
} finally {
  await server.stop();
  seeded.remove();
}
