/**
 * The store lab: bundled by bench/browser/lab-bundle.ts and injected into the signed-in app page
 * by bench/store-peer.ts. It reads back the rows the app's bootstrap stored and writes and queries
 * the very same rows three ways in this page, timed in its clock: a raw Dexie bulkPut (the floor
 * DESIGN §6 measures the bootstrap against), our store's own code from src/store, and RxDB.
 */
import Dexie from 'dexie';
import {
  newId,
  SYNC_TABLES,
  THREAD_TABLES,
  type Chat,
  type SyncEvent,
  type SyncTable,
} from '../../src/protocol';
import {
  applyEvents,
  beginBootstrap,
  chatIndexOf,
  compareChats,
  inChatList,
  finishBootstrap,
  InboxDb,
  checkServerRows,
  storeCheckedRows,
  type AnyRow,
  type ChatViewer,
  type PredictContext,
} from '../../src/store';
import { openRxPeer, rxListAnswer, type RxPeer } from './rxdb-peer';
import type { InboxList, StoreLab, StoredRows, TimedWrite } from './store-lab-types';

/**
 * The tables as bootstrap streams them (server/sync/synced-tables.ts): the organization's tables,
 * then chats, then the rows that belong to chats. Derived, so a new synced table is streamed here
 * too (the organization's tables come in the protocol's order, which may differ from the server's).
 */
const STREAM_ORDER: readonly SyncTable[] = [
  ...SYNC_TABLES.filter(
    (table) => table !== 'chats' && !(THREAD_TABLES as readonly SyncTable[]).includes(table),
  ),
  'chats',
  ...THREAD_TABLES,
];
/** Rows per bootstrap line (server/sync/bootstrap.ts CHUNK): each store gets the same chunks. */
const CHUNK = 1000;
/**
 * A list's first screenful: a 900-pixel list of 64-pixel rows plus the 10 rows of overscan
 * src/features/chats/ChatList.tsx renders.
 */
const SCREENFUL = 25;
/** Live events alternate between the stores in blocks, so drift in the machine hits both alike. */
const LIVE_BLOCK = 100;

const SCRATCH = {
  reference: 'sc-bench-lab-reference',
  ours: 'sc-bench-lab-ours',
  rxdb: 'sc-bench-lab-rxdb',
} as const;

let loaded: { rows: Map<SyncTable, AnyRow[]>; cursor: number; ctx: PredictContext } | null = null;
let ours: InboxDb | null = null;
let rx: RxPeer | null = null;

function data() {
  if (!loaded) throw new Error('the lab has no rows: call load() first');
  return loaded;
}

function* chunks(): Generator<[SyncTable, AnyRow[]]> {
  for (const table of STREAM_ORDER) {
    const rows = data().rows.get(table) ?? [];
    for (let at = 0; at < rows.length; at += CHUNK) yield [table, rows.slice(at, at + CHUNK)];
  }
}

async function freshInboxDb(name: string): Promise<InboxDb> {
  await Dexie.delete(name);
  const db = new InboxDb(name);
  await db.open(); // opening is not part of any write timed here
  return db;
}

async function dropOurs(): Promise<void> {
  ours?.close();
  ours = null;
  await Dexie.delete(SCRATCH.ours);
}

async function dropRx(): Promise<void> {
  if (rx) await rx.db.remove();
  rx = null;
}

async function load(dbName: string, userId: string): Promise<StoredRows> {
  const app = new InboxDb(dbName);
  await app.open();
  try {
    const rows = new Map<SyncTable, AnyRow[]>();
    const tables = {} as Record<SyncTable, number>;
    let total = 0;
    for (const table of STREAM_ORDER) {
      // Primary-key order, which is the id order the server pages the stream in.
      const stored = await app.dataTable(table).toArray();
      rows.set(table, stored);
      tables[table] = stored.length;
      total += stored.length;
    }
    const [progress, cursorRow] = await Promise.all([
      app.meta.get('bootstrap'),
      app.meta.get('cursor'),
    ]);
    const cursor = cursorRow?.key === 'cursor' ? cursorRow.value : null;
    loaded = { rows, cursor: cursor ?? 0, ctx: { userId } };
    return {
      tables,
      total,
      bootstrapCounted: progress?.key === 'bootstrap' ? progress.value.rows : null,
      cursor,
    };
  } finally {
    app.close();
  }
}

async function bootstrapReference(): Promise<TimedWrite> {
  const db = await freshInboxDb(SCRATCH.reference);
  try {
    let rows = 0;
    const started = performance.now();
    for (const [table, chunk] of chunks()) {
      await db.dataTable(table).bulkPut(chunk);
      rows += chunk.length;
    }
    return { rows, ms: performance.now() - started };
  } finally {
    db.close();
    await Dexie.delete(SCRATCH.reference);
  }
}

async function bootstrapOurs(): Promise<TimedWrite> {
  await dropOurs();
  const db = await freshInboxDb(SCRATCH.ours);
  ours = db;
  const { cursor, ctx } = data();
  let rows = 0;
  const started = performance.now();
  await beginBootstrap(db, cursor);
  for (const [table, chunk] of chunks()) {
    // The app's path: each line's rows checked (ahead of the writes there), then stored.
    const written = await storeCheckedRows(db, checkServerRows(table, chunk), true);
    if (written.invalid > 0)
      throw new Error(`${String(written.invalid)} stored ${table} rows failed their schema`);
    rows += written.stored;
  }
  await finishBootstrap(db, cursor, ctx);
  return { rows, ms: performance.now() - started };
}

async function bootstrapRxdb(): Promise<TimedWrite> {
  await dropRx();
  const peer = await openRxPeer(SCRATCH.rxdb);
  rx = peer;
  let rows = 0;
  const started = performance.now();
  for (const [table, chunk] of chunks()) {
    const written = await peer.bulkInsert(table, chunk);
    if (written.error.length > 0)
      throw new Error(`RxDB refused ${String(written.error.length)} ${table} rows`);
    rows += chunk.length;
  }
  return { rows, ms: performance.now() - started };
}

function stores(): { ours: InboxDb; rx: RxPeer } {
  if (!ours || !rx) throw new Error('bootstrap both stores first');
  return { ours, rx };
}

/** The operator with the most chats in progress: the fullest landing list. */
function busiestOperator(chats: readonly Chat[]): string {
  const held = new Map<string, number>();
  for (const chat of chats)
    if (chat.status === 'assigned' && chat.operatorId)
      held.set(chat.operatorId, (held.get(chat.operatorId) ?? 0) + 1);
  const [top] = [...held].sort((a, b) => b[1] - a[1]);
  if (!top) throw new Error('no chat is in progress: the landing list would be empty');
  return top[0];
}

async function inboxQuery(list: InboxList, rounds: number) {
  const { ours: db, rx: peer } = stores();
  const chats = (data().rows.get('chats') ?? []) as Chat[];
  const viewer: ChatViewer = {
    id: list === 'assigned' ? busiestOperator(chats) : data().ctx.userId,
    teamIds: [],
  };
  // Our chat lists read the chat index (src/store/chat-index.ts), loaded once and kept current.
  const index = chatIndexOf(db);
  let unsubscribe = () => {};
  await new Promise<void>((resolve) => {
    const check = () => {
      if (index.current().loaded) resolve();
    };
    unsubscribe = index.subscribe(check);
    check();
  });
  const oursSamples: number[] = [];
  const rxSamples: number[] = [];
  let count = 0;
  let screenful = 0;
  const runOurs = () => {
    const started = performance.now();
    // A fresh query each round, like RxDB's: the list's chats picked from the index and sorted,
    // with none of the order the app keeps per snapshot (chat-order.ts), which makes its own
    // lists cheaper still once built.
    const listed = [...index.current().rows.values()]
      .filter((chat) => inChatList(chat, list, viewer))
      .sort(compareChats);
    const first = listed.slice(0, SCREENFUL);
    oursSamples.push(performance.now() - started);
    return { ids: first.map((chat) => chat.id), count: listed.length };
  };
  const runRx = async () => {
    const started = performance.now();
    const answer = await rxListAnswer(peer.collections.chats, list, viewer, SCREENFUL);
    rxSamples.push(performance.now() - started);
    return answer;
  };
  try {
    for (let round = 0; round < rounds; round++) {
      // Who goes first alternates, so neither always finds the other's garbage to collect.
      const mine = round % 2 === 0 ? runOurs() : undefined;
      const theirs = await runRx();
      const answer = mine ?? runOurs();
      if (answer.count !== theirs.count || answer.ids.join() !== theirs.ids.join())
        throw new Error(
          `the stores answer the ${list} list differently: ours ${String(answer.count)} chats starting ${answer.ids.slice(0, 3).join()}, RxDB ${String(theirs.count)} starting ${theirs.ids.slice(0, 3).join()}`,
        );
      count = answer.count;
      screenful = answer.ids.length;
    }
  } finally {
    unsubscribe();
  }
  return { list, viewerId: viewer.id, count, screenful, ours: oursSamples, rxdb: rxSamples };
}

/**
 * Single-row live events as the server's expiry job sends them (chat.expiryChanged: one chat row
 * put), applied one event per batch, as a live frame carrying one event is.
 */
function liveEvents(count: number): SyncEvent[] {
  const chats = ((data().rows.get('chats') ?? []) as Chat[]).filter((c) => c.status !== 'closed');
  if (chats.length === 0) throw new Error('no open chat to change');
  const start = Date.now();
  return Array.from({ length: count }, (_, i): SyncEvent => {
    const chat = chats[i % chats.length] as Chat;
    const at = new Date(start + i).toISOString();
    const row: Chat = { ...chat, expiry: i % 2 === 0 ? 'half_expired' : 'expired', updatedAt: at };
    return {
      seq: data().cursor + i + 1,
      id: newId(),
      type: 'chat.expiryChanged',
      at,
      actor: { kind: 'system' },
      commandId: null,
      data: { expiry: row.expiry },
      changes: [{ table: 'chats', op: 'put', key: chat.id, row }],
    };
  });
}

async function liveApply(count: number) {
  const { ours: db, rx: peer } = stores();
  const events = liveEvents(count);
  const { ctx } = data();
  let oursMs = 0;
  let rxMs = 0;
  for (let at = 0; at < events.length; at += LIVE_BLOCK) {
    const block = events.slice(at, at + LIVE_BLOCK);
    let started = performance.now();
    for (const event of block) await applyEvents(db, [event], event.seq, ctx);
    oursMs += performance.now() - started;
    started = performance.now();
    for (const event of block) {
      const change = event.changes[0];
      if (change?.op !== 'put') continue;
      await peer.collections.chats.incrementalUpsert(change.row);
      // The cursor moves with every applied event in our store too (the same transaction there).
      await peer.db.upsertLocal('cursor', { value: event.seq });
    }
    rxMs += performance.now() - started;
  }
  // Both stores must hold the last event's row, or the figures timed something else.
  const last = events[events.length - 1]?.changes[0];
  if (last?.op === 'put') {
    const [mine, theirs] = await Promise.all([
      db.chats.get(last.key),
      peer.collections.chats.findOne(last.key).exec(),
    ]);
    const want = last.row.updatedAt;
    if (mine?.updatedAt !== want || theirs?.get('updatedAt') !== want)
      throw new Error(`a live event did not land: want ${String(want)}`);
  }
  return { events: events.length, ours: { ms: oursMs }, rxdb: { ms: rxMs } };
}

async function dispose(): Promise<void> {
  await dropOurs();
  await dropRx();
  loaded = null;
}

const lab: StoreLab = {
  load,
  bootstrapReference,
  bootstrapOurs,
  bootstrapRxdb,
  inboxQuery,
  liveApply,
  dispose,
};
window.__storeLab = lab;
