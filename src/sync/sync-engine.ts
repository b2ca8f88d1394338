import { liveQuery, type Subscription as DexieSubscription } from 'dexie';
import { BehaviorSubject, Subject, type Subscription } from 'rxjs';
import {
  LIVE_CLOSE,
  THREAD_TABLES,
  threadField,
  type LiveServerMessage,
  type SyncEvent,
} from '../protocol';
import {
  applyEvents,
  currentCursor,
  isBootstrapped,
  storeServerRows,
  validateEvents,
  type InboxDb,
  type OutboxRow,
  type PredictContext,
} from '../store';
import { AuthLostError, type SyncApi } from './api-client';
import { backoffDelay } from './backoff';
import { runBootstrap } from './bootstrap-run';
import { batchWhileBusy } from './batch-while-busy';
import { catchUp, ResetRequired } from './catch-up';
import { countedApply, epochNow, noteLiveFrame, syncStats } from './sync-stats';
import { flushOutbox, freshPace } from './outbox-flush';
import { INITIAL_SYNC_STATE, type SyncState } from './sync-state';

/** The part of a WebSocket the engine uses: the browser's, or `ws` in Node tests. */
export type SocketLike = Pick<
  WebSocket,
  'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'
>;

export type SyncEngineDeps = {
  db: InboxDb;
  api: SyncApi;
  ctx: PredictContext;
  createSocket: (url: string) => SocketLike;
  /** Web Locks: one leader per browser profile. Absent (tests, old browsers): this engine leads. */
  locks?: LockManager | undefined;
  /** Shares the leader's connection state with the other tabs. */
  createChannel?: ((name: string) => BroadcastChannel) | undefined;
  random?: () => number;
  log?: (message: string, detail?: unknown) => void;
};

/** Between the tabs of one profile: the leader's state, and a newcomer asking for it. */
type TabMessage =
  ({ kind: 'state' } & Pick<SyncState, 'connection' | 'bootstrap'>) | { kind: 'ask' };

/** The longest wait between reconnect attempts while the outbox holds unsent commands. */
const RECONNECT_MAX_WITH_UNSENT_MS = 5_000;

/**
 * The sync engine (DESIGN §5): bootstrap, catch-up, the live socket with reconnect and gap
 * detection, and outbox flushing, publishing its state as an observable. Every tab runs one; only
 * the Web Lock's holder connects, so a browser profile keeps exactly one live connection.
 */
export class SyncEngine {
  readonly state$ = new BehaviorSubject<SyncState>(INITIAL_SYNC_STATE);
  private readonly incoming = new Subject<LiveServerMessage>();
  private readonly subscriptions: Subscription[] = [];
  private outboxWatch: DexieSubscription | undefined;
  private channel: BroadcastChannel | undefined;
  private socket: SocketLike | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectAttempt = 0;
  private flushAttempt = 0;
  private flushing = false;
  private flushAgain = false;
  /** The retry due is for a server that did not answer: new commands wait for it too. */
  private flushTimerForOutage = false;
  /** How many commands the next request carries (outbox-flush.ts), kept across the retries. */
  private readonly pace = freshPace();
  /** Commands the server failed on, waiting for the retry due; new commands go meanwhile. */
  private readonly heldBack = new Set<string>();
  /** Commands in the outbox not yet sent, as the outbox watch last counted them. */
  private unsent = 0;
  private cursor = 0;
  private stopped = false;
  private resolveStopped: () => void = () => undefined;
  private readonly stoppedSignal = new Promise<void>((resolve) => {
    this.resolveStopped = resolve;
  });

  constructor(private readonly deps: SyncEngineDeps) {}

  private get db(): InboxDb {
    return this.deps.db;
  }

  private log(message: string, detail?: unknown): void {
    (
      this.deps.log ??
      ((m: string, d?: unknown) => {
        console.warn(`[sync] ${m}`, d ?? '');
      })
    )(message, detail);
  }

  private setState(patch: Partial<SyncState>): void {
    const next = { ...this.state$.value, ...patch };
    this.state$.next(next);
    if (next.leader && (patch.connection || patch.bootstrap || patch.leader)) this.announce();
  }

  /** The leader tells the other tabs how its connection is, so every tab shows the same. */
  private announce(): void {
    const { connection, bootstrap } = this.state$.value;
    const message: TabMessage = { kind: 'state', connection, bootstrap };
    this.channel?.postMessage(message);
  }

  start(): void {
    this.subscriptions.push(
      this.incoming.pipe(batchWhileBusy((batch) => this.handleLive(batch))).subscribe(),
    );
    this.channel = this.deps.createChannel?.(`${this.db.name}:sync`);
    if (this.channel) {
      this.channel.onmessage = (event: MessageEvent<TabMessage>) => {
        const message = event.data;
        if (this.state$.value.leader) {
          if (message.kind === 'ask') this.announce();
        } else if (message.kind === 'state') {
          this.setState({ connection: message.connection, bootstrap: message.bootstrap });
        }
      };
      // A tab opened after the leader learns its state at once.
      const ask: TabMessage = { kind: 'ask' };
      this.channel.postMessage(ask);
    }
    // One native count per state: `anyOf(...).count()` walks a cursor over every row, which a
    // long offline queue made dearer at every reply.
    const count = (state: OutboxRow['state']) =>
      this.db.outbox.where('state').equals(state).count();
    this.outboxWatch = liveQuery(async () => {
      const [unsent, acknowledged, rejected] = await Promise.all([
        count('pending'),
        count('acknowledged'),
        count('rejected'),
      ]);
      return { pending: unsent + acknowledged, unsent, rejected };
    }).subscribe({
      next: (counts) => {
        this.setState({ outbox: { pending: counts.pending, rejected: counts.rejected } });
        this.unsent = counts.unsent;
        if (counts.unsent > 0) this.flushSoon('new work');
      },
      error: (error: unknown) => {
        this.log('outbox watch failed', error);
      },
    });
    const locks = this.deps.locks;
    if (locks) {
      // Held until this engine stops (tab closed, logout); the next waiting tab then leads.
      void locks.request(`${this.db.name}:leader`, async () => {
        if (!this.stopped) await this.lead();
      });
    } else {
      void this.lead();
    }
  }

  private async lead(): Promise<void> {
    this.setState({ leader: true });
    await this.reconnectNow();
    await this.stoppedSignal;
  }

  /** Comes back at once when the browser says the network is back, instead of waiting out a backoff. */
  nudge(): void {
    if (!this.state$.value.leader || this.stopped) return;
    if (this.state$.value.connection === 'offline') {
      clearTimeout(this.reconnectTimer);
      void this.reconnectNow();
    }
    this.flushSoon();
  }

  /** Brings the local database up to the server (bootstrap or catch-up), then opens the socket. */
  private async reconnectNow(): Promise<void> {
    if (this.stopped) return;
    this.setState({ connection: 'connecting' });
    try {
      await this.syncUp();
      this.connect();
      this.flushSoon();
    } catch (error) {
      // The server could not be reached (or refused the catch-up): no connection until a retry
      // succeeds, also when there has been none since the page loaded.
      this.setState({ connection: 'offline' });
      this.failed(error, () => {
        this.scheduleReconnect();
      });
    }
  }

  private async syncUp(): Promise<void> {
    if (!(await isBootstrapped(this.db))) {
      await this.bootstrap();
      return;
    }
    try {
      const result = await catchUp(this.db, this.deps.api, this.deps.ctx);
      this.cursor = result.cursor;
      for (const skipped of result.skipped) this.log('skipped a malformed event', skipped);
    } catch (error) {
      if (!(error instanceof ResetRequired)) throw error;
      await this.bootstrap();
    }
  }

  private async bootstrap(): Promise<void> {
    this.setState({ bootstrap: { state: 'loading', rows: 0 } });
    const result = await runBootstrap(this.db, this.deps.api, this.deps.ctx, (rows) => {
      this.setState({ bootstrap: { state: 'loading', rows } });
    });
    if (result.invalid > 0) this.log(`bootstrap left out ${result.invalid} invalid rows`);
    this.cursor = result.cursor;
    this.setState({ bootstrap: { state: 'done', rows: result.rows } });
  }

  private connect(): void {
    if (this.stopped) return;
    const socket = this.deps.createSocket(this.deps.api.liveUrl(this.cursor));
    this.socket = socket;
    socket.onopen = () => {
      syncStats.socketOpen = true;
      socket.send(JSON.stringify({ token: this.deps.api.token }));
    };
    socket.onmessage = (event) => {
      noteLiveFrame();
      try {
        this.incoming.next(JSON.parse(String(event.data)) as LiveServerMessage);
      } catch (error) {
        this.log('unreadable live message', error);
      }
    };
    socket.onerror = () => undefined; // a close follows
    socket.onclose = (event) => {
      syncStats.socketOpen = false;
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.stopped) return;
      this.setState({ connection: 'offline' });
      if (event.code === LIVE_CLOSE.unauthorized) {
        this.setState({ authLost: true });
        return;
      }
      // A reset close (4000) is handled like any drop: the catch-up on reconnect sees the reset.
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    clearTimeout(this.reconnectTimer);
    // While replies wait to be sent, the connection is tried again at least every few seconds:
    // not every network that comes back tells the browser (no 'online' event after a server
    // restart or a captive Wi-Fi), and the user is waiting on them.
    const maxMs = this.unsent > 0 ? RECONNECT_MAX_WITH_UNSENT_MS : undefined;
    const delay = backoffDelay(this.reconnectAttempt++, this.deps.random, undefined, maxMs);
    this.reconnectTimer = setTimeout(() => {
      void this.reconnectNow();
    }, delay);
  }

  /** Applies live batches in order; a batch that does not follow the local cursor first catches up. */
  private async handleLive(messages: LiveServerMessage[]): Promise<void> {
    let events: SyncEvent[] = [];
    let target = this.cursor;
    const commit = async () => {
      if (target > this.cursor || events.length > 0) {
        const batch = events;
        await countedApply(batch.length, () => applyEvents(this.db, batch, target, this.deps.ctx));
        this.cursor = target;
      }
      events = [];
    };
    try {
      for (const message of messages) {
        if (message.kind === 'ready') {
          syncStats.liveReadyAt = epochNow();
          this.reconnectAttempt = 0;
          this.setState({ connection: 'online' });
          this.flushSoon();
        } else if (message.kind === 'reset') {
          await commit();
          this.socket?.close();
          return;
        } else if (message.kind === 'events') {
          if (message.cursor <= target) continue; // already have it
          if (message.after !== target) {
            // A gap: something between our cursor and this batch never arrived. Fetch it first.
            await commit();
            const caught = await catchUp(this.db, this.deps.api, this.deps.ctx);
            this.cursor = target = caught.cursor;
            if (message.cursor <= target) continue;
          }
          const fresh = (message.events as unknown[]).filter(
            (event) => ((event as { seq?: number }).seq ?? 0) > target,
          );
          const checked = validateEvents(fresh);
          for (const skipped of checked.skipped) this.log('skipped a malformed event', skipped);
          events.push(...checked.events);
          target = message.cursor;
        }
      }
      await commit();
    } catch (error) {
      this.failed(error, () => {
        // Start over from the database's cursor: the socket is dropped and catch-up repairs.
        this.socket?.close();
      });
    }
  }

  /**
   * Sends the outbox when this tab leads; failures retry with backoff. `new work` (a command
   * written, the outbox changed) waits while the connection is down or a retry is due: coming
   * online and the retry's timer flush everything, and an attempt at each change would spin
   * against a dead network (a long offline queue changes with every reply typed, and every failed
   * attempt changes it again by counting itself). `now` (the connection is back, the browser says
   * the network is, the retry is due) always tries. Commands the server failed on (not a server
   * that is away) wait for their retry while new work goes without them.
   */
  flushSoon(reason: 'now' | 'new work' = 'now'): void {
    if (!this.state$.value.leader || this.stopped) return;
    if (
      reason === 'new work' &&
      (this.state$.value.connection !== 'online' ||
        (this.flushTimer !== undefined && this.flushTimerForOutage))
    )
      return;
    if (this.flushing) {
      this.flushAgain = true;
      return;
    }
    // New work goes without the commands held back; a retry (or the connection back) sends all.
    if (reason === 'now') {
      this.clearFlushTimer();
      this.heldBack.clear();
    }
    this.flushing = true;
    this.flushAgain = false;
    flushOutbox(this.db, this.deps.api, this.deps.ctx, this.deps.locks, {
      pace: this.pace,
      skip: this.heldBack,
    })
      .then((outcome) => {
        for (const row of outcome.rejected)
          this.log(`command ${row.type} refused: ${row.error?.name ?? ''}`);
        for (const id of outcome.heldBack) this.heldBack.add(id);
        // Commands the server failed on are tried again after a pause; it answered the rest, so
        // new commands need not wait for them.
        if (this.heldBack.size === 0) this.flushAttempt = 0;
        else if (this.flushTimer === undefined) this.retryFlushLater(false);
      })
      .catch((error: unknown) => {
        this.clearFlushTimer();
        this.heldBack.clear();
        this.failed(error, () => {
          this.retryFlushLater(true);
        });
      })
      .finally(() => {
        this.flushing = false;
        // Commands written during the attempt: sent now, unless it failed and a retry is due.
        if (this.flushAgain) this.flushSoon('new work');
      });
  }

  private retryFlushLater(outage: boolean): void {
    this.flushTimerForOutage = outage;
    this.flushTimer = setTimeout(
      () => {
        this.flushTimer = undefined;
        this.flushSoon();
      },
      backoffDelay(this.flushAttempt++, this.deps.random),
    );
  }

  private clearFlushTimer(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
  }

  async fetchChat(chatId: string): Promise<void> {
    const thread = await this.deps.api.chatThread(chatId);
    await storeServerRows(this.db, 'chats', [thread.chat]);
    for (const table of THREAD_TABLES) {
      const rows: unknown = thread[threadField(table)];
      if (!Array.isArray(rows)) throw new Error(`the chat's thread has no ${threadField(table)}`);
      await storeServerRows(this.db, table, rows as unknown[]);
    }
  }

  /** Sorts failures into what the user must hear (session over, storage full) and what retries. */
  private failed(error: unknown, retry: () => void): void {
    if (error instanceof AuthLostError) {
      this.setState({ authLost: true, connection: 'offline' });
      return;
    }
    if (isQuotaError(error)) {
      this.setState({ problem: { name: 'STORAGE_FULL', at: new Date().toISOString() } });
    } else {
      this.log('sync step failed, retrying', error);
    }
    retry();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.clearFlushTimer();
    this.socket?.close();
    this.socket = undefined;
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.outboxWatch?.unsubscribe();
    this.channel?.close();
    this.resolveStopped();
    this.setState({ connection: 'offline', leader: false });
    this.state$.complete();
    await currentCursor(this.db).catch(() => 0); // let in-flight transactions settle
  }
}

function isQuotaError(error: unknown): boolean {
  for (
    let e: unknown = error;
    e instanceof Error;
    e = (e as { inner?: unknown }).inner ?? e.cause
  ) {
    if (e.name === 'QuotaExceededError') return true;
  }
  return false;
}
