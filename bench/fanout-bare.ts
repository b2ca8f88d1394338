import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, WebSocket } from 'ws';
import { machineNow } from './fanout-protocol';

export type BareServer = {
  url: string;
  /** Sends the frame to every connected socket; returns when the call began (machine clock). */
  broadcast: (frame: string) => number;
  close: () => Promise<void>;
};

/**
 * The reference of bench/fanout.ts: a bare `ws` WebSocketServer, in the same process as the
 * product's server, broadcasting one string to every client as the `ws` documentation's
 * broadcast example does. No authentication, no event log, no per-viewer filtering.
 */
export async function startBareServer(): Promise<BareServer> {
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  await new Promise<void>((resolve) => {
    http.listen(0, '127.0.0.1', resolve);
  });
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${String(port)}`,
    broadcast: (frame) => {
      const at = machineNow();
      for (const client of wss.clients)
        if (client.readyState === WebSocket.OPEN) client.send(frame);
      return at;
    },
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => {
        wss.close(() => {
          resolve();
        });
      });
      await new Promise<void>((resolve) => {
        http.close(() => {
          resolve();
        });
      });
    },
  };
}

/** A JSON frame holding the marker, padded to exactly `bytes` bytes (the live event's length). */
export function paddedFrame(marker: string, bytes: number): string {
  const head = `{"kind":"events","marker":"${marker}","pad":"`;
  const tail = '"}';
  const pad = bytes - Buffer.byteLength(head) - Buffer.byteLength(tail);
  if (pad < 0) throw new Error(`a frame of ${String(bytes)} bytes cannot hold ${marker}`);
  return `${head}${'x'.repeat(pad)}${tail}`;
}
