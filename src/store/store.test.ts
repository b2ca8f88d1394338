import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import { newId } from '../protocol';
import { InboxDb, storeName } from './db';
import { applyEvents, validateEvents } from './apply-events';
import { enqueue, recordResults, currentCursor, retryRejected, discardRejected } from './outbox';
import { beginBootstrap, finishBootstrap, isBootstrapped } from './bootstrap-write';
import { openStore } from './open-store';
import { SCHEMA_HASH, STORE_SCHEMA } from './store-schema';
import {
  ME,
  OTHER,
  bootstrappedDb,
  chatId,
  chatRow,
  event,
  messageRow,
  writeBootstrapRows,
} from './test-fixtures';

const ctx = { userId: ME };

describe('local store', () => {
  let db: InboxDb;
  beforeEach(async () => {
    db = await bootstrappedDb([chatRow(chatId(1)), chatRow(chatId(2))]);
  });
  afterEach(async () => {
    await db.delete();
  });

  it('a batch of events and its cursor commit together or not at all', async () => {
    const good = event(11, [
      {
        table: 'messages',
        op: 'put',
        key: 'm1',
        row: messageRow('00000000-0000-7000-8000-00000000aa01', chatId(1)),
      },
    ]);
    const poisoned = event(12, [
      {
        table: 'chats',
        op: 'put',
        key: chatId(2),
        row: chatRow(chatId(2), { status: 'assigned', operatorId: OTHER }),
      },
    ]);
    // A failure inside the transaction (here a hook that throws, as a full disk would).
    db.chats.hook('updating', () => {
      throw new Error('disk full');
    });
    await expect(applyEvents(db, [good, poisoned], 12, ctx)).rejects.toThrow();
    expect(await db.messages.count()).toBe(0);
    expect(await currentCursor(db)).toBe(10);
    // Without the failure both land, with the cursor.
    const clean = new InboxDb(db.name);
    await clean.open();
    await applyEvents(clean, [good, poisoned], 12, ctx);
    expect(await clean.messages.count()).toBe(1);
    expect((await clean.chats.get(chatId(2)))?.status).toBe('assigned');
    expect(await currentCursor(clean)).toBe(12);
    clean.close();
  });

  it('shows a command at once, keeps the server row as base, and drops the base when confirmed', async () => {
    const command = await enqueue(db, { type: 'chat.take', payload: { chatId: chatId(1) } }, ctx);
    expect(await db.chats.get(chatId(1))).toMatchObject({ status: 'assigned', operatorId: ME });
    expect((await db.base.get(['chats', chatId(1)]))?.row).toMatchObject({ status: 'pending' });
    await recordResults(db, [{ id: command.id, ok: true, seq: 11 }], ctx);
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'acknowledged', seq: 11 });
    await applyEvents(
      db,
      [
        event(
          11,
          [
            {
              table: 'chats',
              op: 'put',
              key: chatId(1),
              row: chatRow(chatId(1), {
                status: 'assigned',
                operatorId: ME,
                updatedAt: '2026-11-01T10:05:00.000Z',
              }),
            },
          ],
          command.id,
        ),
      ],
      11,
      ctx,
    );
    expect(await db.outbox.count()).toBe(0);
    expect(await db.base.count()).toBe(0);
    expect((await db.chats.get(chatId(1)))?.updatedAt).toBe('2026-11-01T10:05:00.000Z');
  });

  it("an event carrying a pending command's id confirms it only when it is this user's own", async () => {
    const command = await enqueue(db, { type: 'chat.take', payload: { chatId: chatId(1) } }, ctx);
    const change = {
      table: 'chats' as const,
      op: 'put' as const,
      key: chatId(2),
      row: chatRow(chatId(2), { updatedAt: '2026-11-01T10:05:00.000Z' }),
    };
    const someoneElse = { kind: 'user' as const, id: '00000000-0000-7000-8000-0000000000b2' };
    await applyEvents(db, [event(11, [change], command.id, someoneElse)], 11, ctx);
    await applyEvents(
      db,
      [event(12, [change], command.id, { kind: 'channel', id: chatId(3) })],
      12,
      ctx,
    );
    expect(await db.outbox.count()).toBe(1);
    expect(await db.chats.get(chatId(1))).toMatchObject({ status: 'assigned', operatorId: ME });
    await applyEvents(db, [event(13, [change], command.id)], 13, ctx);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a server change under a pending command becomes its base, and the command stays applied on top', async () => {
    await enqueue(db, { type: 'chat.close', payload: { chatId: chatId(1) } }, ctx);
    await applyEvents(
      db,
      [
        event(11, [
          {
            table: 'chats',
            op: 'put',
            key: chatId(1),
            row: chatRow(chatId(1), { teamId: null, lastMessageAt: '2026-11-02T00:00:00.000Z' }),
          },
        ]),
      ],
      11,
      ctx,
    );
    expect(await db.chats.get(chatId(1))).toMatchObject({
      status: 'closed',
      teamId: null,
      lastMessageAt: '2026-11-02T00:00:00.000Z',
    });
    expect((await db.base.get(['chats', chatId(1)]))?.row).toMatchObject({
      status: 'pending',
      teamId: null,
    });
  });

  it('a rejected command restores the row, reports its error name, and keeps what the user wrote', async () => {
    const send = await enqueue(
      db,
      { type: 'message.send', payload: { chatId: chatId(1), text: 'Our reply' } },
      ctx,
    );
    const messageId = send.payload.messageId as string;
    expect(await db.messages.get(messageId)).toMatchObject({ status: 'queued', text: 'Our reply' });
    expect((await db.chats.get(chatId(1)))?.lastOperatorMessageAt).toBe(send.createdAt);
    const rejected = await recordResults(
      db,
      [{ id: send.id, ok: false, error: { name: 'SEND_TO_DEACTIVATED_CHANNEL' } }],
      ctx,
    );
    expect(rejected.map((r) => r.error?.name)).toEqual(['SEND_TO_DEACTIVATED_CHANNEL']);
    expect(await db.messages.get(messageId)).toBeUndefined();
    expect(await db.chats.get(chatId(1))).toEqual(chatRow(chatId(1)));
    expect(await db.base.count()).toBe(0);
    const [kept] = await db.outbox.toArray();
    expect(kept).toMatchObject({
      state: 'rejected',
      payload: { text: 'Our reply' },
      error: { name: 'SEND_TO_DEACTIVATED_CHANNEL' },
    });
    // Retried: a new command carrying the same text; discarded: gone.
    const again = await retryRejected(db, send.id, ctx);
    expect(again?.id).not.toBe(send.id);
    expect(await db.messages.get(messageId)).toMatchObject({ status: 'queued', text: 'Our reply' });
    await recordResults(
      db,
      [{ id: again?.id ?? '', ok: false, error: { name: 'CHAT_CLOSED' } }],
      ctx,
    );
    await discardRejected(db, again?.id ?? '');
    expect(await db.outbox.count()).toBe(0);
  });

  it('a chat that leaves the user’s sight takes its messages along', async () => {
    await applyEvents(
      db,
      [
        event(11, [
          {
            table: 'messages',
            op: 'put',
            key: 'x',
            row: messageRow('00000000-0000-7000-8000-00000000aa02', chatId(2)),
          },
        ]),
      ],
      11,
      ctx,
    );
    await applyEvents(db, [event(12, [{ table: 'chats', op: 'delete', key: chatId(2) }])], 12, ctx);
    expect(await db.chats.get(chatId(2))).toBeUndefined();
    expect(await db.messages.where('chatId').equals(chatId(2)).count()).toBe(0);
  });

  it('a chat that leaves the user’s sight takes its history along, and keeps the reply still in the outbox', async () => {
    const send = await enqueue(
      db,
      { type: 'message.send', payload: { chatId: chatId(2), text: 'Our reply' } },
      ctx,
    );
    const history = {
      id: '00000000-0000-7000-8000-00000000bb01',
      chatId: chatId(2),
      kind: 'created',
      actorId: null,
      data: {},
      at: '2026-11-01T10:00:00.000Z',
    };
    const received = messageRow('00000000-0000-7000-8000-00000000aa03', chatId(2));
    await applyEvents(
      db,
      [
        event(11, [
          { table: 'chatHistory', op: 'put', key: history.id, row: history },
          { table: 'messages', op: 'put', key: received.id, row: received },
        ]),
      ],
      11,
      ctx,
    );
    await applyEvents(db, [event(12, [{ table: 'chats', op: 'delete', key: chatId(2) }])], 12, ctx);
    expect(await db.chatHistory.where('chatId').equals(chatId(2)).count()).toBe(0);
    expect(await db.messages.get(received.id)).toBeUndefined();
    expect(await db.messages.get(send.payload.messageId as string)).toMatchObject({
      status: 'queued',
      text: 'Our reply',
    });
  });

  it('applies one batch in order: the last change of a row wins, and a chat gone and back keeps only what came after', async () => {
    const before = '00000000-0000-7000-8000-00000000aa04';
    const after = '00000000-0000-7000-8000-00000000aa05';
    const message = (id: string) => ({
      table: 'messages' as const,
      op: 'put' as const,
      key: id,
      row: messageRow(id, chatId(2)),
    });
    await applyEvents(
      db,
      [
        event(11, [message(before)]),
        event(12, [{ table: 'chats', op: 'delete', key: chatId(2) }]),
        event(13, [
          { table: 'chats', op: 'put', key: chatId(2), row: chatRow(chatId(2)) },
          message(after),
        ]),
        event(14, [
          {
            table: 'chats',
            op: 'put',
            key: chatId(1),
            row: chatRow(chatId(1), { status: 'assigned', operatorId: OTHER }),
          },
        ]),
        event(15, [
          {
            table: 'chats',
            op: 'put',
            key: chatId(1),
            row: chatRow(chatId(1), { status: 'closed', operatorId: OTHER }),
          },
        ]),
      ],
      15,
      ctx,
    );
    expect((await db.messages.where('chatId').equals(chatId(2)).primaryKeys()).sort()).toEqual([
      after,
    ]);
    expect((await db.chats.get(chatId(2)))?.status).toBe('pending');
    expect((await db.chats.get(chatId(1)))?.status).toBe('closed');
    expect(await currentCursor(db)).toBe(15);
  });

  it('a malformed event is skipped and never reaches the tables, while the cursor moves past it', async () => {
    const { events, skipped } = validateEvents([
      { seq: 11, nonsense: true },
      event(12, [
        { table: 'chats', op: 'put', key: chatId(1), row: { id: chatId(1), status: 'exploded' } },
      ]),
      event(13, [
        {
          table: 'messages',
          op: 'put',
          key: 'ok',
          row: messageRow('00000000-0000-7000-8000-00000000aa03', chatId(1)),
        },
      ]),
    ]);
    expect(skipped.map((s) => s.seq)).toEqual([11, 12]);
    await applyEvents(db, events, 13, ctx);
    expect((await db.chats.get(chatId(1)))?.status).toBe('pending');
    expect(await db.messages.count()).toBe(1);
    expect(await currentCursor(db)).toBe(13);
  });

  it('a bootstrap keeps the outbox and re-applies it over the fresh rows', async () => {
    await enqueue(db, { type: 'chat.take', payload: { chatId: chatId(2) } }, ctx);
    await beginBootstrap(db, 50);
    expect(await isBootstrapped(db)).toBe(false);
    await writeBootstrapRows(db, 'chats', [
      chatRow(chatId(2), { lastMessageAt: '2026-11-03T00:00:00.000Z' }),
      { id: 'broken' },
    ]);
    await finishBootstrap(db, 50, ctx);
    expect(await isBootstrapped(db)).toBe(true);
    expect(await db.chats.get(chatId(2))).toMatchObject({
      status: 'assigned',
      operatorId: ME,
      lastMessageAt: '2026-11-03T00:00:00.000Z',
    });
    expect(await db.chats.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('opening the store', () => {
  it('reopens a database of this schema as it was left', async () => {
    const org = newId();
    const user = newId();
    const first = await openStore(org, user);
    await beginBootstrap(first, 7);
    await writeBootstrapRows(first, 'chats', [chatRow(chatId(3))]);
    await finishBootstrap(first, 7, { userId: user });
    await enqueue(first, { type: 'chat.take', payload: { chatId: chatId(3) } }, { userId: user });
    first.close();
    const reopened = await openStore(org, user);
    expect(await isBootstrapped(reopened)).toBe(true);
    expect(await reopened.chats.get(chatId(3))).toMatchObject({ operatorId: user });
    expect(await reopened.outbox.count()).toBe(1);
    await reopened.delete();
  });

  it('rebuilds a database of another schema version but carries its outbox over', async () => {
    const org = newId();
    const user = newId();
    const first = await openStore(org, user);
    await enqueue(first, { type: 'chat.take', payload: { chatId: chatId(9) } }, { userId: user });
    await first.meta.put({ key: 'schema', value: 'an older schema' });
    await first.chats.put(chatRow(chatId(9)));
    first.close();
    const reopened = await openStore(org, user);
    expect(await reopened.chats.count()).toBe(0);
    expect(await reopened.outbox.count()).toBe(1);
    expect(await isBootstrapped(reopened)).toBe(false);
    await reopened.delete();
    expect(await Dexie.exists(reopened.name)).toBe(false);
  });
});

describe('a database of the indexes before issue 22', () => {
  it('is rebuilt with the indexes of this schema, its outbox carried over', async () => {
    const org = newId();
    const user = newId();
    // The chats, messages and history as they were indexed before unused indexes were dropped.
    const earlier = {
      ...STORE_SCHEMA,
      chats:
        'id, status, [status+lastMessageAt], [operatorId+status], lastMessageAt, teamId, operatorId, clientId, createdBy',
      messages: 'id, chatId, [chatId+createdAt], [chatId+authorKind+createdAt]',
      chatHistory: 'id, chatId, [chatId+at]',
    };
    const old = new Dexie(storeName(org, user));
    old.version(1).stores(earlier);
    await old.open();
    await old.table('meta').put({ key: 'schema', value: `1:${JSON.stringify(earlier)}` });
    await old.table('chats').put(chatRow(chatId(9)));
    await old.table('outbox').add({
      id: newId(),
      type: 'chat.take',
      payload: { chatId: chatId(9) },
      createdAt: '2026-11-26T10:00:00.000Z',
      state: 'pending',
      attempts: 0,
    });
    old.close();
    expect(SCHEMA_HASH).not.toBe(`1:${JSON.stringify(earlier)}`);

    const reopened = await openStore(org, user);
    expect(await reopened.chats.count()).toBe(0);
    expect(await reopened.outbox.count()).toBe(1);
    expect(await isBootstrapped(reopened)).toBe(false);
    expect(reopened.chats.schema.indexes.map((index) => index.name).sort()).toEqual(
      ['[operatorId+status]', '[status+lastMessageAt]', 'clientId', 'createdBy'].sort(),
    );
    await reopened.delete();
  });
});

describe('a bootstrap that overtakes an acknowledged command', () => {
  it('drops the command when the bootstrapped rows already hold its effect', async () => {
    const db = await bootstrappedDb([chatRow(chatId(1))]);
    const take = await enqueue(db, { type: 'chat.take', payload: { chatId: chatId(1) } }, ctx);
    await recordResults(db, [{ id: take.id, ok: true, seq: 12 }], ctx);
    await beginBootstrap(db, 15);
    await writeBootstrapRows(db, 'chats', [
      chatRow(chatId(1), { status: 'assigned', operatorId: ME }),
    ]);
    await finishBootstrap(db, 15, ctx);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.base.count()).toBe(0);
    expect(await db.chats.get(chatId(1))).toMatchObject({ status: 'assigned', operatorId: ME });
    await db.delete();
  });
});

describe('a chat created offline', () => {
  it('shows the new chat and its first message at once, and takes the server’s rows when they come', async () => {
    const db = new InboxDb(`test-${newId()}`);
    await db.open();
    const newChat = '00000000-0000-7000-8000-00000000c0de';
    const command = await enqueue(
      db,
      {
        type: 'chat.create',
        payload: {
          chatId: newChat,
          clientId: chatId(7),
          channelId: chatId(8),
          text: 'We have news',
        },
      },
      ctx,
    );
    expect(await db.chats.get(newChat)).toMatchObject({
      status: 'assigned',
      operatorId: ME,
      createdBy: ME,
    });
    const messageId = command.payload.messageId as string;
    expect(await db.messages.get(messageId)).toMatchObject({
      chatId: newChat,
      text: 'We have news',
      status: 'queued',
    });
    await applyEvents(
      db,
      [
        event(
          20,
          [
            {
              table: 'chats',
              op: 'put',
              key: newChat,
              row: chatRow(newChat, {
                status: 'assigned',
                operatorId: ME,
                createdBy: ME,
                teamId: OTHER,
              }),
            },
            {
              table: 'messages',
              op: 'put',
              key: messageId,
              row: messageRow(messageId, newChat, {
                authorKind: 'operator',
                authorId: ME,
                text: 'We have news',
              }),
            },
          ],
          command.id,
        ),
      ],
      20,
      ctx,
    );
    expect(await db.outbox.count()).toBe(0);
    expect(await db.chats.get(newChat)).toMatchObject({ teamId: OTHER });
    expect((await db.messages.get(messageId))?.status).toBe('sent');
    await db.delete();
  });
});
