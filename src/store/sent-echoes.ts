import type { InboxDb } from './db';
import type { LocalMessage } from './tables';

const NONE: readonly LocalMessage[] = Object.freeze([]);

/**
 * Messages this tab has just sent, shown from the keypress's own frame. The outbox write that
 * makes a reply durable is an IndexedDB transaction, and a live query sees it only after the
 * commit — tens of milliseconds on a busy machine, which a person sees as lag (DESIGN §6 gives a
 * reply 16 ms from keypress to screen). The echo is the same predicted row the transaction
 * writes, held in memory until the thread's live query holds it too; a write that fails takes it
 * back. Nothing is shown that is not also on its way into the outbox.
 */
export class SentEchoes {
  private readonly byChat = new Map<string, readonly LocalMessage[]>();
  private readonly listeners = new Set<() => void>();

  add(message: LocalMessage): void {
    this.byChat.set(message.chatId, [...this.of(message.chatId), message]);
    this.emit();
  }

  /** Forgets an echo whose write failed. */
  drop(chatId: string, messageId: string): void {
    this.keep(chatId, (echo) => echo.id !== messageId);
  }

  /** Forgets the echoes the stored thread now holds itself. */
  settle(chatId: string, stored: readonly LocalMessage[]): void {
    if (this.of(chatId).length === 0) return;
    const ids = new Set(stored.map((message) => message.id));
    this.keep(chatId, (echo) => !ids.has(echo.id));
  }

  /** A chat's echoes: the same array until they change, as useSyncExternalStore needs. */
  of(chatId: string): readonly LocalMessage[] {
    return this.byChat.get(chatId) ?? NONE;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private keep(chatId: string, wanted: (echo: LocalMessage) => boolean): void {
    const echoes = this.of(chatId);
    const kept = echoes.filter(wanted);
    if (kept.length === echoes.length) return;
    if (kept.length === 0) this.byChat.delete(chatId);
    else this.byChat.set(chatId, kept);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

const echoesByDb = new WeakMap<InboxDb, SentEchoes>();

/** The echoes of one local database: one set per signed-in user and organization. */
export function sentEchoesOf(db: InboxDb): SentEchoes {
  let echoes = echoesByDb.get(db);
  if (!echoes) {
    echoes = new SentEchoes();
    echoesByDb.set(db, echoes);
  }
  return echoes;
}

/** The stored thread with the echoes it does not hold yet, oldest first. */
export function withEchoes(
  stored: readonly LocalMessage[],
  echoes: readonly LocalMessage[],
): readonly LocalMessage[] {
  if (echoes.length === 0) return stored;
  const ids = new Set(stored.map((message) => message.id));
  const missing = echoes.filter((echo) => !ids.has(echo.id));
  if (missing.length === 0) return stored;
  return [...stored, ...missing].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
}
