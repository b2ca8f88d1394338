/**
 * The customers of the scale-out benchmark, in a process of its own: site-chat visitors writing
 * through the proxy at a fixed rate, open loop (a message is sent when it is due, whether or not
 * the earlier ones have been answered). Each visitor writes from an address of its own in
 * 127.0.0.0/8, as customers on the internet do, so the per-address limits apply to each alone.
 * A visitor's messages go one at a time over its own keep-alive connection, as the widget sends
 * them: a customer's messages are in order.
 */
import http from 'node:http';
import { newId } from '../src/protocol';
import { serveParent } from './child-ipc';
import { machineNow } from './fanout-protocol';
import { percentile } from './stats';

export type ToCustomers =
  | { kind: 'visitors'; proxyPort: number; channelIds: string[]; count: number }
  | { kind: 'load'; rate: number; seconds: number; answerTimeoutMs: number };
export type Sent = {
  sent: number;
  ok: number;
  /** Refusals and failures by HTTP status and error name. */
  refused: Record<string, number>;
  /** Every accepted message id with the channel it was written to. */
  accepted: { id: string; channelId: string }[];
  /** When the last due message was sent, after the first (s), and when the last answer came. */
  sendingSeconds: number;
  answeredSeconds: number;
  answerP50: number;
  answerP99: number;
  /** Due messages the open loop sent late by more than a tick (the process itself fell behind). */
  lateSends: number;
};
export type FromCustomers =
  { kind: 'visitors'; count: number; seconds: number } | ({ kind: 'sent' } & Sent);

type Visitor = { channelId: string; token: string; agent: http.Agent };

const TICK_MS = 10;
let proxyPort = 0;
const visitors: Visitor[] = [];

/** The i-th customer's address: 127.1.0.1, 127.1.0.2, … (every 127.x.y.z is this machine). */
const addressOf = (i: number) =>
  `127.${String(1 + Math.floor(i / 62_500))}.${String(Math.floor(i / 250) % 250)}.${String((i % 250) + 1)}`;

function post(
  agent: http.Agent,
  path: string,
  body: unknown,
  token?: string,
): Promise<{
  status: number;
  json: { code?: string; name?: string; entity?: Record<string, string> };
}> {
  const data = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: proxyPort,
        method: 'POST',
        path,
        agent,
        headers: {
          ...(data
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }
            : {}),
          ...(token ? { authorization: `Visitor ${token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString()),
            });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

async function createVisitors(channelIds: readonly string[], count: number): Promise<void> {
  const AT_ONCE = 50;
  for (let first = 0; first < count; first += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, count - first) }, async (_, j) => {
      const i = first + j;
      const channelId = channelIds[i % channelIds.length] ?? '';
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: addressOf(i) });
      const { status, json } = await post(agent, `/api/widget/${channelId}/visitors`, undefined);
      if (status !== 200 || !json.entity?.token)
        throw new Error(
          `visitor ${String(i)} was refused: ${String(status)} ${JSON.stringify(json)}`,
        );
      visitors[i] = { channelId, token: json.entity.token, agent };
    });
    await Promise.all(batch);
  }
}

async function load(rate: number, seconds: number, answerTimeoutMs: number): Promise<Sent> {
  const total = Math.round(rate * seconds);
  const answers: Promise<void>[] = [];
  const answerMs: number[] = [];
  const refused: Record<string, number> = {};
  const accepted: Sent['accepted'] = [];
  let lateSends = 0;
  let lastAnswerAt = 0;
  const start = machineNow();
  let sent = 0;
  let lastSentAt = start;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((machineNow() - start) / 1000) * rate) + 1);
    if (due - sent > rate * (TICK_MS / 1000) + 1) lateSends += due - sent;
    for (; sent < due; sent++) {
      const visitor = visitors[sent % visitors.length];
      if (!visitor) throw new Error('no visitors');
      const id = newId();
      const sentAt = machineNow();
      lastSentAt = sentAt;
      answers.push(
        post(
          visitor.agent,
          '/api/widget/messages',
          { id, text: `Where is my order? (${String(sent)})` },
          visitor.token,
        ).then(
          ({ status, json }) => {
            lastAnswerAt = machineNow();
            answerMs.push(lastAnswerAt - sentAt);
            if (status === 200 && json.code === 'ok')
              accepted.push({ id, channelId: visitor.channelId });
            else {
              const why = `${String(status)} ${json.name ?? json.code ?? ''}`;
              refused[why] = (refused[why] ?? 0) + 1;
            }
          },
          (error: unknown) => {
            const why = error instanceof Error ? error.message : String(error);
            refused[why] = (refused[why] ?? 0) + 1;
          },
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  const all = Promise.all(answers);
  const timeout = new Promise<'timeout'>((resolve) => {
    setTimeout(() => {
      resolve('timeout');
    }, answerTimeoutMs);
  });
  if ((await Promise.race([all, timeout])) === 'timeout')
    refused['no answer in time'] = total - answerMs.length;
  answerMs.sort((a, b) => a - b);
  return {
    sent,
    ok: accepted.length,
    refused,
    accepted,
    sendingSeconds: (lastSentAt - start) / 1000,
    answeredSeconds: (lastAnswerAt - start) / 1000,
    answerP50: percentile(answerMs, 50),
    answerP99: percentile(answerMs, 99),
    lateSends,
  };
}

const { tell } = serveParent<ToCustomers, FromCustomers>(
  async (message) => {
    if (message.kind === 'visitors') {
      proxyPort = message.proxyPort;
      const started = performance.now();
      await createVisitors(message.channelIds, message.count);
      tell({
        kind: 'visitors',
        count: visitors.length,
        seconds: (performance.now() - started) / 1000,
      });
      return;
    }
    tell({ kind: 'sent', ...(await load(message.rate, message.seconds, message.answerTimeoutMs)) });
  },
  () => {
    for (const visitor of visitors) visitor.agent.destroy();
  },
);
