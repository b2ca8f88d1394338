/**
 * The client side of bench/fanout.ts, in a process of its own so that the server's event loop is
 * what the benchmark measures: 1,000 live sync connections as staff browsers hold them, 1,000
 * sockets to the bare `ws` reference, and the widget customer whose messages cause the events.
 * Driven over IPC (bench/fanout-protocol.ts); not meant to be run by hand.
 */
import WebSocket from 'ws';
import type { LiveServerMessage } from '../src/protocol';
import { serveParent } from './child-ipc';
import {
  machineNow,
  type Arrivals,
  type ClientSetup,
  type FromClients,
  type ToClients,
} from './fanout-protocol';

/** Sockets opening at once: enough to be quick, few enough that no upgrade waits for seconds. */
const OPEN_AT_ONCE = 50;

type Watch = {
  marker: Buffer;
  arrivals: number[];
  bytes: number[];
  left: number;
  done: () => void;
};

/** A set of sockets that records when each first receives a frame holding the watched marker. */
class Sockets {
  readonly sockets: WebSocket[] = [];
  private watch: Watch | undefined;

  constructor(private readonly name: string) {}

  add(socket: WebSocket): void {
    const index = this.sockets.length;
    this.sockets.push(socket);
    socket.on('message', (data: Buffer) => {
      const at = machineNow();
      const watch = this.watch;
      // A byte search, not a parse: the bare reference's clients do exactly the same per frame.
      if (!watch || !Number.isNaN(watch.arrivals[index]) || !data.includes(watch.marker)) return;
      watch.arrivals[index] = at;
      watch.bytes.push(data.length);
      watch.left -= 1;
      if (watch.left === 0) watch.done();
    });
    socket.on('close', (code) => {
      if (!closing) fail(`${this.name} socket ${String(index)} closed (${String(code)})`);
    });
  }

  /** Starts watching for the marker; the promise settles once every socket has seen it. */
  arm(marker: string, timeoutMs: number): Promise<{ arrivals: number[]; bytes: number[] }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const got = this.sockets.length - (this.watch?.left ?? 0);
        this.watch = undefined;
        reject(
          new Error(
            `${this.name}: ${String(got)} of ${String(this.sockets.length)} connections got ${marker} within ${String(timeoutMs)} ms`,
          ),
        );
      }, timeoutMs);
      const watch: Watch = {
        marker: Buffer.from(marker),
        arrivals: this.sockets.map(() => Number.NaN),
        bytes: [],
        left: this.sockets.length,
        done: () => {
          clearTimeout(timer);
          this.watch = undefined;
          resolve({ arrivals: watch.arrivals, bytes: watch.bytes });
        },
      };
      this.watch = watch;
    });
  }
}

let closing = false;
let setup: ClientSetup | undefined;
const ours = new Sockets('live');
const bare = new Sockets('bare');

/** Opens a live sync connection as the browser's sync worker does and waits for its `ready`. */
function openLive(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(data.toString()) as LiveServerMessage;
      if (message.kind !== 'ready') return;
      socket.off('message', onMessage);
      resolve(socket);
    };
    socket.on('message', onMessage);
    socket.once('error', reject);
    socket.once('close', (code) => {
      reject(new Error(`live socket closed (${String(code)}) before it was ready`));
    });
  });
}

function openBare(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => {
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

async function openAll(
  count: number,
  open: (i: number) => Promise<WebSocket>,
  into: Sockets,
): Promise<void> {
  for (let first = 0; first < count; first += OPEN_AT_ONCE) {
    const batch = Array.from({ length: Math.min(OPEN_AT_ONCE, count - first) }, (_, i) =>
      open(first + i),
    );
    for (const socket of await Promise.all(batch)) into.add(socket);
  }
}

async function connect(config: ClientSetup): Promise<void> {
  const started = performance.now();
  await openAll(
    config.connections,
    (i) => {
      const token = config.tokens[i % config.tokens.length] ?? '';
      return openLive(`${config.liveUrl}&token=${encodeURIComponent(token)}`);
    },
    ours,
  );
  await openAll(config.connections, () => openBare(config.bareUrl), bare);
  tell({
    kind: 'ready',
    ours: ours.sockets.length,
    bare: bare.sockets.length,
    seconds: (performance.now() - started) / 1000,
  });
}

const spread = (bytes: readonly number[]) => ({
  min: Math.min(...bytes),
  max: Math.max(...bytes),
});

/** A customer's message through the widget API; resolves when every connection has its event. */
async function probeOurs(
  config: ClientSetup,
  marker: string,
  messageId: string,
): Promise<Arrivals> {
  const arrived = ours.arm(marker, config.timeoutMs);
  const sentAt = machineNow();
  const response = await fetch(config.widgetMessagesUrl, {
    method: 'POST',
    headers: {
      authorization: `Visitor ${config.visitorToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ id: messageId, text: `Still waiting for my order ${marker}` }),
  });
  const answeredAt = machineNow();
  if (response.status !== 200)
    throw new Error(
      `the widget refused the message: ${String(response.status)} ${await response.text()}`,
    );
  const { arrivals, bytes } = await arrived;
  return { kind: 'arrivals', marker, sentAt, answeredAt, arrivals, frameBytes: spread(bytes) };
}

async function probeBare(config: ClientSetup, marker: string): Promise<Arrivals> {
  const arrived = bare.arm(marker, config.timeoutMs);
  tell({ kind: 'armed', marker });
  const { arrivals, bytes } = await arrived;
  return {
    kind: 'arrivals',
    marker,
    sentAt: null,
    answeredAt: null,
    arrivals,
    frameBytes: spread(bytes),
  };
}

const { tell, fail } = serveParent<ToClients, FromClients>(
  async (message) => {
    switch (message.kind) {
      case 'setup':
        setup = message;
        await connect(message);
        return;
      case 'ours':
        if (!setup) throw new Error('not set up');
        tell(await probeOurs(setup, message.marker, message.messageId));
        return;
      case 'arm':
        if (!setup) throw new Error('not set up');
        tell(await probeBare(setup, message.marker));
        return;
    }
  },
  () => {
    closing = true;
    for (const socket of [...ours.sockets, ...bare.sockets]) socket.terminate();
  },
);
