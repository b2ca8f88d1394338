import WebSocket from 'ws';
import { firstValueFrom, filter, timeout } from 'rxjs';
import { newId } from '../../src/protocol';
import { InboxDb } from '../../src/store';
import { SyncApi } from '../../src/sync/api-client';
import { SyncEngine } from '../../src/sync/sync-engine';
import type { SyncState } from '../../src/sync/sync-state';
import type { DemoIds, Suite } from '../server/harness';

/** The sync engine in Node against a real test server, as the browser's worker runs it. */

/** Waits until a condition over the local database holds. */
export async function eventually(
  check: () => Promise<boolean>,
  what: string,
  ms = 8000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A socket between the engine and the server that can lose chosen messages, as a flaky proxy would. */
export class LossySocket {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(
    private readonly socket: WebSocket,
    drop: (data: string) => boolean,
  ) {
    socket.on('open', () => {
      this.onopen?.({});
    });
    socket.on('message', (data: Buffer) => {
      const text = data.toString();
      if (!drop(text)) this.onmessage?.({ data: text });
    });
    socket.on('close', (code: number) => {
      this.onclose?.({ code });
    });
    socket.on('error', (error) => {
      this.onerror?.(error);
    });
  }

  get readyState(): number {
    return this.socket.readyState;
  }

  send(data: string): void {
    this.socket.send(data);
  }

  close(code?: number): void {
    this.socket.close(code);
  }
}

export const online = (engine: SyncEngine) =>
  firstValueFrom(
    engine.state$.pipe(
      filter((s: SyncState) => s.connection === 'online'),
      timeout(8000),
    ),
  );

/** An engine for the suite's demo operator, with a hook to lose live traffic on purpose. */
export function engineFor(
  { server, ids, operator: token }: Suite,
  db: InboxDb,
  options: {
    dropLive?: (data: string) => boolean;
    fetchImpl?: typeof fetch;
    random?: () => number;
  } = {},
) {
  const api = new SyncApi(
    { baseUrl: server.baseUrl, token, orgId: ids.org.id, userId: ids.operator.id },
    options.fetchImpl,
  );
  const engine = new SyncEngine({
    db,
    api,
    ctx: { userId: ids.operator.id },
    createSocket: (url) => new LossySocket(new WebSocket(url), options.dropLive ?? (() => false)),
    log: () => undefined,
    random: options.random,
  });
  return { engine };
}

/** A local database an engine bootstrapped before it stopped: a browser that went offline. */
export async function bootstrappedThenOffline(suite: Suite): Promise<InboxDb> {
  const db = new InboxDb(`engine-${newId()}`);
  const { engine } = engineFor(suite, db);
  engine.start();
  await online(engine);
  await engine.stop();
  return db;
}

/** The demo operator's chat in progress, as the local tables hold it. */
export async function operatorsChat(db: InboxDb, ids: DemoIds) {
  const chat = (await db.chats.where('status').equals('assigned').toArray()).find(
    (c) => c.operatorId === ids.operator.id,
  );
  if (!chat) throw new Error('no chat of the operator');
  return chat;
}
