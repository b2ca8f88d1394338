/**
 * The staff side of the scale-out benchmark, in a process of its own: live sync connections
 * opened through the proxy as the browsers' sync workers open them. Each connection checks, as
 * frames arrive, that every batch follows the cursor it holds and that event seqs only rise, and
 * keeps every seq it got, so the run can compare them with what the log says it was entitled to.
 * It notes when each command's first event reached each connection, for commit → delivery.
 */
import WebSocket from 'ws';
import type { LiveServerMessage } from '../src/protocol';
import { serveParent } from './child-ipc';
import { machineNow } from './fanout-protocol';
import { percentile } from './stats';

/** `key` is `<orgId>|<userId>`; `after` the cursor the connection starts from (in `url` too). */
export type Connection = { key: string; url: string; after: number };
export type ToClients =
  | { kind: 'open'; connections: Connection[] }
  | { kind: 'quiet'; forMs: number; timeoutMs: number }
  | { kind: 'report' }
  | { kind: 'latency'; ids: string[]; at: number[] };
export type Latency = {
  arrivals: number;
  unmatched: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};
export type FromClients =
  | { kind: 'opened'; connections: number; seconds: number }
  | { kind: 'quiet'; quiet: boolean; frames: number }
  | {
      kind: 'report';
      connections: { key: string; seqs: number[]; violations: string[] }[];
      frames: number;
      events: number;
    }
  | ({ kind: 'latency' } & Latency);

/** Sockets opening at once: enough to be quick, few enough that no upgrade waits for seconds. */
const OPEN_AT_ONCE = 50;

type Live = {
  key: string;
  socket: WebSocket;
  cursor: number;
  lastSeq: number;
  seqs: number[];
  violations: string[];
  lastCommand: string | null;
};

const live: Live[] = [];
/** Command id → when its first event reached each connection, on this process's clock. */
const arrivals = new Map<string, number[]>();
let frames = 0;
let events = 0;
let lastFrameAt = 0;
let closing = false;

function violation(connection: Live, what: string): void {
  if (connection.violations.length < 20) connection.violations.push(what);
  else if (connection.violations.length === 20) connection.violations.push('…');
}

/**
 * A batch's head and each event's head, read without parsing the rows: the live hub writes them
 * in this order (eventForViewer), and a row's text cannot hold an unescaped quote, so nothing
 * inside an event matches. Parsing 2 million events whole would make this process, which stands
 * in for 2,000 browsers elsewhere, take the machine's cores from the servers it measures.
 */
const BATCH_HEAD = /^\{"kind":"events","after":(\d+),"cursor":(\d+),"events":\[/;
const EVENT_HEAD =
  /\{"seq":(\d+),"id":"[^"]*","type":"[^"]*","at":"[^"]*","actor":\{[^{}]*\},"commandId":(?:null|"([^"]*)")/g;

function onFrame(connection: Live, data: Buffer): void {
  const at = machineNow();
  lastFrameAt = at;
  frames += 1;
  const text = data.toString();
  const head = BATCH_HEAD.exec(text);
  if (!head) {
    const message = JSON.parse(text) as LiveServerMessage;
    violation(connection, `a "${message.kind}" frame while live`);
    return;
  }
  const after = Number(head[1]);
  if (after !== connection.cursor)
    violation(connection, `a batch after ${String(after)}, holding ${String(connection.cursor)}`);
  connection.cursor = Number(head[2]);
  let inBatch = 0;
  for (const event of text.matchAll(EVENT_HEAD)) {
    inBatch += 1;
    const seq = Number(event[1]);
    const commandId = event[2] ?? null;
    if (seq <= connection.lastSeq)
      violation(connection, `seq ${String(seq)} after ${String(connection.lastSeq)}`);
    connection.lastSeq = seq;
    connection.seqs.push(seq);
    // A command's events are consecutive: its first one is its arrival.
    if (commandId && commandId !== connection.lastCommand) {
      let list = arrivals.get(commandId);
      if (!list) arrivals.set(commandId, (list = []));
      list.push(at);
    }
    connection.lastCommand = commandId;
  }
  if (inBatch === 0) violation(connection, 'a batch with no event in it');
  events += inBatch;
}

/**
 * Opens a live connection and waits for its `ready`. The server first sends what happened since
 * the connection's `after` (catch-up batches), then `ready`: every frame is checked from the first.
 */
function open(target: Connection): Promise<Live> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(target.url);
    const connection: Live = {
      key: target.key,
      socket,
      cursor: target.after,
      lastSeq: target.after,
      seqs: [],
      violations: [],
      lastCommand: null,
    };
    let ready = false;
    socket.on('message', (data: Buffer) => {
      if (ready) {
        onFrame(connection, data);
        return;
      }
      const message = JSON.parse(data.toString()) as LiveServerMessage;
      if (message.kind !== 'ready') {
        onFrame(connection, data);
        return;
      }
      if (message.cursor !== connection.cursor)
        violation(
          connection,
          `ready at ${String(message.cursor)}, holding ${String(connection.cursor)}`,
        );
      ready = true;
      resolve(connection);
    });
    socket.once('error', reject);
    socket.on('close', (code) => {
      if (!ready) reject(new Error(`live socket closed (${String(code)}) before ready`));
      else if (!closing) violation(connection, `closed by the server (${String(code)})`);
    });
  });
}

async function openAll(targets: readonly Connection[]): Promise<void> {
  for (let first = 0; first < targets.length; first += OPEN_AT_ONCE) {
    const batch = targets.slice(first, first + OPEN_AT_ONCE).map(open);
    live.push(...(await Promise.all(batch)));
  }
}

/** Resolves once no frame has arrived for `forMs`, or says it never went quiet. */
async function quiet(forMs: number, timeoutMs: number): Promise<boolean> {
  const deadline = machineNow() + timeoutMs;
  for (;;) {
    if (machineNow() - lastFrameAt >= forMs) return true;
    if (machineNow() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function latency(ids: readonly string[], at: readonly number[]): Latency {
  const committed = new Map<string, number>();
  ids.forEach((id, i) => committed.set(id, at[i] ?? Number.NaN));
  const all: number[] = [];
  let unmatched = 0;
  for (const [id, times] of arrivals) {
    const commit = committed.get(id);
    if (commit === undefined) {
      unmatched += times.length;
      continue;
    }
    for (const time of times) all.push(time - commit);
  }
  all.sort((a, b) => a - b);
  return {
    arrivals: all.length,
    unmatched,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    max: all[all.length - 1] ?? 0,
  };
}

const { tell } = serveParent<ToClients, FromClients>(
  async (message) => {
    switch (message.kind) {
      case 'open': {
        const started = performance.now();
        await openAll(message.connections);
        tell({
          kind: 'opened',
          connections: live.length,
          seconds: (performance.now() - started) / 1000,
        });
        return;
      }
      case 'quiet':
        tell({ kind: 'quiet', quiet: await quiet(message.forMs, message.timeoutMs), frames });
        return;
      case 'report':
        tell({
          kind: 'report',
          connections: live.map(({ key, seqs, violations }) => ({ key, seqs, violations })),
          frames,
          events,
        });
        return;
      case 'latency':
        tell({ kind: 'latency', ...latency(message.ids, message.at) });
        return;
    }
  },
  () => {
    closing = true;
    for (const connection of live) connection.socket.terminate();
  },
);
