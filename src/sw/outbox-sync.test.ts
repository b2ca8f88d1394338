import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Dexie from 'dexie';
import {
  clearSession,
  enqueue,
  openStore,
  saveSession,
  storeName,
  type StoredSession,
} from '../store';
import { SyncApi } from '../sync/api-client';
import { flushOutbox } from '../sync/outbox-flush';
import { chatId, ME } from '../store/test-fixtures';
import { defaultOutboxSyncDeps, flushOutboxInBackground, type OutboxSyncDeps } from './outbox-sync';

const ORG = '00000000-0000-7000-8000-0000000000f1';
const session = { baseUrl: 'https://inbox.example', token: 'token-1', orgId: ORG, userId: ME };

/** The real store and flush, with the server played by `fetchImpl`. */
function deps(fetchImpl: typeof fetch): OutboxSyncDeps {
  return {
    ...defaultOutboxSyncDeps(undefined),
    createApi: (stored: StoredSession) => new SyncApi(stored, fetchImpl),
  };
}

async function queueOne(): Promise<string> {
  const db = await openStore(ORG, ME);
  const row = await enqueue(
    db,
    { type: 'chat.take', payload: { chatId: chatId(1) } },
    { userId: ME },
  );
  db.close();
  return row.id;
}

async function pendingCount(): Promise<number> {
  const db = await openStore(ORG, ME);
  const count = await db.outbox.where('state').equals('pending').count();
  db.close();
  return count;
}

describe('Background Sync flush of the outbox', () => {
  afterEach(async () => {
    await clearSession();
    await Dexie.delete(storeName(ORG, ME));
  });

  it('does nothing when nobody is signed in', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    await expect(flushOutboxInBackground(deps(fetchImpl))).resolves.toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('sends the stored user’s pending commands with the stored token', async () => {
    await saveSession(session);
    const id = await queueOne();
    const fetchImpl = vi.fn<typeof fetch>((_input, init) => {
      const { commands } = JSON.parse(init?.body as string) as { commands: { id: string }[] };
      return Promise.resolve(
        Response.json({
          results: commands.map((command) => ({ id: command.id, ok: true, seq: 1 })),
        }),
      );
    });
    const outcome = await flushOutboxInBackground(deps(fetchImpl));
    expect(outcome).toEqual({ sent: 1, rejected: [], heldBack: [] });
    const [input, init] = fetchImpl.mock.calls[0] ?? [];
    expect(input).toBe('https://inbox.example/api/commands');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
    expect(
      (JSON.parse(init?.body as string) as { commands: { id: string }[] }).commands.map(
        (command) => command.id,
      ),
    ).toEqual([id]);
  });

  it('rejects on a network failure so the browser retries, and keeps the command', async () => {
    await saveSession(session);
    await queueOne();
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(flushOutboxInBackground(deps(fetchImpl))).rejects.toThrow('Failed to fetch');
    expect(await pendingCount()).toBe(1);
  });

  it('gives up quietly when the token is refused: retrying cannot help', async () => {
    await saveSession(session);
    await queueOne();
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.resolve(new Response('', { status: 401 })));
    await expect(flushOutboxInBackground(deps(fetchImpl))).resolves.toBeNull();
    expect(await pendingCount()).toBe(1);
  });

  it('flushes under the outbox Web Lock the sync worker uses', async () => {
    await saveSession(session);
    const request = vi.fn((_name: string, run: () => Promise<unknown>) => run());
    const flush = vi.fn(flushOutbox);
    const locks = { request } as unknown as LockManager;
    const fetchImpl = vi.fn<typeof fetch>();
    await flushOutboxInBackground({ ...deps(fetchImpl), flush, locks });
    expect(flush).toHaveBeenCalledWith(
      expect.anything(),
      expect.any(SyncApi),
      { userId: ME },
      locks,
    );
    expect(request).toHaveBeenCalledWith(
      `${storeName(ORG, ME)}:outbox-flush`,
      expect.any(Function),
    );
  });
});
