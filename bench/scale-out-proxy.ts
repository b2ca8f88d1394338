/**
 * The scale-out benchmark's load balancer, in a process of its own: a small HTTP reverse proxy
 * that spreads requests and WebSocket upgrades over the server instances in turn, as nginx or a
 * cloud balancer in front of them would. It appends the caller's address to X-Forwarded-For,
 * which the instances believe (TRUST_PROXY=127.0.0.1), so each customer's per-address limits are
 * their own. After an upgrade the two sockets are piped as bytes: the proxy never parses a frame.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { serveParent } from './child-ipc';

export type ToProxy = { kind: 'start'; upstreams: number[] } | { kind: 'counts' };
export type FromProxy =
  | { kind: 'started'; port: number }
  | { kind: 'counts'; requests: number[]; upgrades: number[]; errors: number };

const HOST = '127.0.0.1';
const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: 512 });

let server: http.Server | undefined;
let upstreams: number[] = [];
const requests: number[] = [];
const upgrades: number[] = [];
let errors = 0;
let turn = 0;

function pick(counts: number[]): number {
  const index = turn % upstreams.length;
  turn += 1;
  counts[index] = (counts[index] ?? 0) + 1;
  return index;
}

function forwardedFor(request: http.IncomingMessage): string {
  const address = request.socket.remoteAddress ?? '';
  const earlier = request.headers['x-forwarded-for'];
  return earlier ? `${String(earlier)}, ${address}` : address;
}

function onRequest(request: http.IncomingMessage, response: http.ServerResponse): void {
  const port = upstreams[pick(requests)] ?? 0;
  const upstream = http.request(
    {
      host: HOST,
      port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, 'x-forwarded-for': forwardedFor(request) },
      agent: upstreamAgent,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    errors += 1;
    if (!response.headersSent) response.writeHead(502).end();
    else response.destroy();
  });
  request.pipe(upstream);
}

/** Replays the upgrade request to an instance, then pipes the two sockets both ways. */
function onUpgrade(request: http.IncomingMessage, client: net.Socket, head: Buffer): void {
  const port = upstreams[pick(upgrades)] ?? 0;
  const upstream = net.connect({ host: HOST, port }, () => {
    const headers = { ...request.headers, 'x-forwarded-for': forwardedFor(request) };
    const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1`];
    for (const [name, value] of Object.entries(headers)) {
      for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
    }
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.setNoDelay(true);
  client.setNoDelay(true);
  const end = () => {
    upstream.destroy();
    client.destroy();
  };
  upstream.on('error', () => {
    errors += 1;
    end();
  });
  client.on('error', end);
  upstream.on('close', end);
  client.on('close', end);
}

const { tell } = serveParent<ToProxy, FromProxy>(
  async (message) => {
    if (message.kind === 'counts') {
      tell({ kind: 'counts', requests, upgrades, errors });
      return;
    }
    upstreams = message.upstreams;
    for (let i = 0; i < upstreams.length; i++) {
      requests.push(0);
      upgrades.push(0);
    }
    const started = http.createServer(onRequest);
    started.on('upgrade', onUpgrade);
    // Customers each hold a keep-alive connection; nobody is cut off while idle between messages.
    started.keepAliveTimeout = 120_000;
    await new Promise<void>((resolve) => started.listen(0, HOST, resolve));
    server = started;
    tell({ kind: 'started', port: (started.address() as AddressInfo).port });
  },
  () => {
    server?.closeAllConnections();
    server?.close();
  },
);
