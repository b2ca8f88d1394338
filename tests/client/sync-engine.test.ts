import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import { InboxDb, currentCursor, enqueue } from '../../src/store';
import * as t from '../../server/db/schema';
import { customerWrites, download, serverForSuite } from '../server/harness';
import {
  bootstrappedThenOffline,
  engineFor,
  eventually,
  online,
  operatorsChat,
} from './engine-harness';

describe('the sync engine against the real server', () => {
  const suite = serverForSuite();
  // On Break, as these tests were written: connected In work (the demo's start), the operator
  // would be given Support's waiting chats the moment the engine connects.
  beforeAll(async () => {
    await suite.server.database.db
      .update(t.users)
      .set({ operatorStatus: 'break' })
      .where(eq(t.users.id, suite.ids.operator.id));
  });

  it('bootstraps, then receives a customer’s message live into the local tables', async () => {
    const { server, ids } = suite;
    const db = new InboxDb(`engine-${newId()}`);
    const { engine } = engineFor(suite, db);
    engine.start();
    await online(engine);
    const chats = await db.chats.toArray();
    expect(chats.length).toBeGreaterThan(0);
    expect(
      chats.every((c) => c.teamId === ids.support.id || c.operatorId === ids.operator.id),
    ).toBe(true);
    await customerWrites(
      server,
      ids.org.id,
      ids.channel.id,
      `engine-live-${newId()}`,
      'Live hello',
    );
    await eventually(
      async () => (await db.messages.filter((m) => m.text === 'Live hello').count()) === 1,
      'the live message',
    );
    await engine.stop();
    await db.delete();
  });

  it('delivers commands queued offline after connecting, none lost or doubled', async () => {
    const { server, ids } = suite;
    const db = await bootstrappedThenOffline(suite);
    // Offline now: the operator takes a queued chat and writes into it.
    const queued = (await db.chats.where('status').equals('pending').toArray()).find(
      (c) => c.teamId === ids.support.id,
    );
    if (!queued) throw new Error('no queued chat');
    const ctx = { userId: ids.operator.id };
    await enqueue(db, { type: 'chat.take', payload: { chatId: queued.id } }, ctx);
    for (let i = 0; i < 30; i++)
      await enqueue(
        db,
        { type: 'message.send', payload: { chatId: queued.id, text: `offline ${i}` } },
        ctx,
      );
    expect(
      (await db.messages.where('chatId').equals(queued.id).toArray()).filter(
        (m) => m.status === 'queued',
      ),
    ).toHaveLength(30);

    const second = engineFor(suite, db);
    second.engine.start();
    await eventually(async () => (await db.outbox.count()) === 0, 'the outbox to drain');
    const local = await db.messages.where('chatId').equals(queued.id).toArray();
    expect(
      local.filter((m) => m.text.startsWith('offline')).every((m) => m.status === 'sent'),
    ).toBe(true);
    const remote = await server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.chatId, queued.id));
    expect(
      remote
        .filter((m) => m.text.startsWith('offline '))
        .map((m) => m.text)
        .sort(),
    ).toEqual(Array.from({ length: 30 }, (_, i) => `offline ${i}`).sort());
    expect((await db.chats.get(queued.id))?.operatorId).toBe(ids.operator.id);
    await second.engine.stop();
    await db.delete();
  });

  it('an answer lost on the way back is retried with the same id and applied once', async () => {
    const { server, ids } = suite;
    const db = new InboxDb(`engine-${newId()}`);
    let loseNextAnswer = true;
    const fetchImpl: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/api/commands') && loseNextAnswer) {
        loseNextAnswer = false;
        throw new TypeError('network connection lost'); // the server committed; the browser never heard
      }
      return response;
    };
    const { engine } = engineFor(suite, db, { fetchImpl });
    engine.start();
    await online(engine);
    const chat = await operatorsChat(db, ids);
    await enqueue(
      db,
      { type: 'message.send', payload: { chatId: chat.id, text: 'Sent exactly once' } },
      { userId: ids.operator.id },
    );
    engine.flushSoon();
    await eventually(
      async () => (await db.outbox.count()) === 0,
      'the retried command to be confirmed',
      15_000,
    );
    const remote = await server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.text, 'Sent exactly once'));
    expect(remote).toHaveLength(1);
    expect(await db.messages.filter((m) => m.text === 'Sent exactly once').count()).toBe(1);
    await engine.stop();
    await db.delete();
  });

  it('does not hammer a failing server: replies written while sends fail wait for the retry, then all go once', async () => {
    const { server, ids } = suite;
    const db = new InboxDb(`engine-${newId()}`);
    let failing = false;
    let attempts = 0;
    const fetchImpl: typeof fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/api/commands') && failing) {
        attempts++;
        return Promise.reject(new TypeError('network connection lost'));
      }
      return fetch(input, init);
    };
    // The longest jitter: retries after 0.5 s, then 1 s, then 2 s.
    const { engine } = engineFor(suite, db, { fetchImpl, random: () => 1 });
    engine.start();
    await online(engine);
    const chat = await operatorsChat(db, ids);
    failing = true;
    const ctx = { userId: ids.operator.id };
    const started = Date.now();
    for (let i = 0; i < 20; i++) {
      await enqueue(
        db,
        { type: 'message.send', payload: { chatId: chat.id, text: `While failing ${i}` } },
        ctx,
      );
      engine.flushSoon('new work'); // as the page wakes the worker after each reply
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1200 - (Date.now() - started))));
    // An attempt at the first reply, then only the retries due in 1.2 s: at 0.5 s and (maybe) 1.5 s.
    // Each reply and each counted attempt trying at once would make dozens.
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(attempts).toBeLessThanOrEqual(3);

    failing = false;
    await eventually(async () => (await db.outbox.count()) === 0, 'the outbox to drain', 15_000);
    const remote = await server.database.db
      .select({ text: t.messages.text })
      .from(t.messages)
      .where(eq(t.messages.chatId, chat.id));
    const sent = remote.map((m) => m.text).filter((text) => text.startsWith('While failing'));
    expect(sent.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `While failing ${i}`).sort());
    await engine.stop();
    await db.delete();
  });

  it('a live batch lost in transit is noticed by the next one and fetched before it is applied', async () => {
    const { server, ids } = suite;
    const db = new InboxDb(`engine-${newId()}`);
    let drop = false;
    let dropped = 0;
    const { engine } = engineFor(suite, db, {
      dropLive: (text) => {
        const lose = drop && text.includes('Lost in transit');
        if (lose) dropped += 1;
        return lose;
      },
    });
    engine.start();
    await online(engine);
    const visitor = `engine-gap-${newId()}`;
    drop = true;
    await customerWrites(server, ids.org.id, ids.channel.id, visitor, 'Lost in transit');
    // Until the batch is actually lost, not for a guessed time: only then is there a gap to notice.
    await eventually(() => Promise.resolve(dropped > 0), 'the batch to be lost');
    expect(await db.messages.filter((m) => m.text === 'Lost in transit').count()).toBe(0);
    drop = false;
    await customerWrites(server, ids.org.id, ids.channel.id, visitor, 'The next one');
    await eventually(
      async () => (await db.messages.filter((m) => m.text === 'The next one').count()) === 1,
      'the next message',
    );
    expect(await db.messages.filter((m) => m.text === 'Lost in transit').count()).toBe(1);
    await engine.stop();
    await db.delete();
  });

  it('a cursor the log no longer serves bootstraps again and keeps the outbox', async () => {
    const { server, ids } = suite;
    const db = await bootstrappedThenOffline(suite);
    const mine = await operatorsChat(db, ids);
    await enqueue(
      db,
      { type: 'message.send', payload: { chatId: mine.id, text: 'Written before the reset' } },
      { userId: ids.operator.id },
    );
    // While away, the log was pruned past this browser's cursor.
    await customerWrites(
      server,
      ids.org.id,
      ids.channel.id,
      `engine-reset-${newId()}`,
      'While you were away',
    );
    const cursor = await currentCursor(db);
    await server.database.db
      .update(t.organizations)
      .set({ logFloorSeq: cursor + 1 })
      .where(eq(t.organizations.id, ids.org.id));
    try {
      const second = engineFor(suite, db);
      second.engine.start();
      await eventually(async () => (await db.outbox.count()) === 0, 'the outbox after the reset');
      expect(await db.messages.filter((m) => m.text === 'While you were away').count()).toBe(1);
      expect(await db.messages.filter((m) => m.text === 'Written before the reset').count()).toBe(
        1,
      );
      await second.engine.stop();
    } finally {
      await server.database.db
        .update(t.organizations)
        .set({ logFloorSeq: 0 })
        .where(eq(t.organizations.id, ids.org.id));
    }
    await db.delete();
  });
});

describe('files attached offline', () => {
  const suite = serverForSuite();

  it('are uploaded before their message is sent, and a refused file keeps the message back with its error', async () => {
    const { server, ids, operator: token } = suite;
    const db = new InboxDb(`engine-files-${newId()}`);
    const { engine } = engineFor(suite, db);
    engine.start();
    await online(engine);
    const chat = await operatorsChat(db, ids);
    const ctx = { userId: ids.operator.id };
    const picture = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 7, 7, 7])], {
      type: 'image/png',
    });
    const good = await enqueue(
      db,
      { type: 'message.send', payload: { chatId: chat.id, text: 'See attached' } },
      ctx,
      new Date(),
      [{ blob: picture, name: 'receipt.png', type: 'image/png' }],
    );
    const bad = await enqueue(
      db,
      { type: 'message.send', payload: { chatId: chat.id, text: 'And this page' } },
      ctx,
      new Date(),
      [{ blob: new Blob(['<html>']), name: 'page.html', type: 'text/html' }],
    );
    expect(await db.files.count()).toBe(2);
    await eventually(
      async () => (await db.outbox.where('state').anyOf('pending', 'acknowledged').count()) === 0,
      'the flush',
    );
    const sent = await db.messages.get(good.payload.messageId as string);
    expect(sent).toMatchObject({
      status: 'sent',
      attachments: [{ name: 'receipt.png', type: 'image/png', size: 7 }],
    });
    const [refused] = await db.outbox.toArray();
    expect(refused).toMatchObject({
      id: bad.id,
      state: 'rejected',
      error: { name: 'FILE_TYPE_NOT_ALLOWED' },
      payload: { text: 'And this page' },
    });
    expect(await db.messages.get(bad.payload.messageId as string)).toBeUndefined();
    // The refused file stays with its message, for the user to see and discard.
    expect((await db.files.toArray()).map((f) => f.name)).toEqual(['page.html']);
    const attachmentId = sent?.attachments[0]?.id ?? '';
    expect((await download(server, { token }, attachmentId)).status).toBe(200);
    await engine.stop();
    await db.delete();
  });
});
