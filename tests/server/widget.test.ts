import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { LIVE_CLOSE, newId, type VisitorItem } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { call, command, newVisitor, sendCommands, serverForSuite, visitorSend } from './harness';

describe('the site-chat widget API', () => {
  const suite = serverForSuite();

  it('a visitor writes, the operator answers, and the visitor’s feed carries both but never the internal note', async () => {
    const { server, ids, operator } = suite;
    const config = await call(server, 'GET', `/api/widget/${ids.channel.id}/config`);
    expect(config.body.entity).toMatchObject({
      channelId: ids.channel.id,
      active: true,
      title: 'Demo Store',
      welcomeMessage: 'Hi! How can we help you today?',
      initialState: 'closed',
    });
    const { token } = await newVisitor(server, ids.channel.id);

    const hello = newId();
    const sent = await visitorSend(server, token, {
      id: hello,
      text: 'Hello',
      name: 'Vera Visitor',
    });
    expect(sent.body.code).toBe('ok');
    // A retry of the same message (the answer was lost) writes nothing new.
    await visitorSend(server, token, {
      id: hello,
      text: 'Hello',
      name: 'Vera Visitor',
    });
    expect(
      await server.database.db.select().from(t.messages).where(eq(t.messages.id, hello)),
    ).toHaveLength(1);
    const [chat] = await server.database.db
      .select()
      .from(t.chats)
      .innerJoin(t.messages, eq(t.messages.chatId, t.chats.id))
      .where(eq(t.messages.id, hello));
    expect(chat?.chats).toMatchObject({ status: 'pending', teamId: ids.support.id });

    const first = await call(server, 'GET', '/api/widget/feed?after=0', { visitor: token });
    const firstItems = first.body.entity.items as VisitorItem[];
    expect(
      firstItems.map((i) => (i.kind === 'message' ? [i.message.from, i.message.text] : i.kind)),
    ).toEqual([['me', 'Hello']]);
    const cursor = first.body.entity.cursor as number;

    const chatId = chat?.chats.id ?? '';
    await sendCommands(server, operator, [
      command('message.send', { chatId, text: 'Hi Vera, how can I help?' }),
      command('message.send', { chatId, text: 'Customer seems upset', internal: true }),
      command('chat.close', { chatId }),
    ]);
    const later = await call(server, 'GET', `/api/widget/feed?after=${cursor}`, { visitor: token });
    const items = later.body.entity.items as VisitorItem[];
    expect(
      items.flatMap((i) => (i.kind === 'message' ? [[i.message.from, i.message.text]] : [])),
    ).toEqual([['operator', 'Hi Vera, how can I help?']]);
    expect(JSON.stringify(later.body)).not.toContain('upset');
    expect(JSON.stringify(later.body)).not.toContain(ids.operator.id);
    const closed = items.find((i) => i.kind === 'closed');
    expect(closed).toMatchObject({ chatId, ratingLinkId: expect.any(String) });
    // The whole thread again (a reload of the widget) tells the same story.
    const again = await call(server, 'GET', '/api/widget/feed?after=0', { visitor: token });
    expect(JSON.stringify(again.body)).not.toContain('upset');
    expect((again.body.entity.items as VisitorItem[]).map((i) => i.kind)).toEqual([
      'message',
      'message',
      'closed',
    ]);
  });

  it('refuses unknown channels, channels that are not site chats, bad tokens and empty messages', async () => {
    const { server, ids } = suite;
    expect((await call(server, 'GET', `/api/widget/${newId()}/config`)).body.error.name).toBe(
      'CHANNEL_NOT_FOUND',
    );
    expect((await call(server, 'POST', `/api/widget/${newId()}/visitors`)).status).toBe(404);
    expect((await call(server, 'GET', '/api/widget/feed', { visitor: 'forged' })).status).toBe(401);
    const { token } = await newVisitor(server, ids.channel.id);
    const empty = await visitorSend(server, token, {
      id: newId(),
      text: '   ',
    });
    expect(empty.body.error.name).toBe('EMPTY_MESSAGE');
    await server.database.db
      .update(t.channels)
      .set({ active: false })
      .where(eq(t.channels.id, ids.channel.id));
    const inactive = await visitorSend(server, token, {
      id: newId(),
      text: 'Anyone?',
    });
    expect(inactive.body.error.name).toBe('SEND_TO_DEACTIVATED_CHANNEL');
    expect(
      (await call(server, 'GET', `/api/widget/${ids.channel.id}/config`)).body.entity.active,
    ).toBe(false);
    await server.database.db
      .update(t.channels)
      .set({ active: true })
      .where(eq(t.channels.id, ids.channel.id));
  });
});

describe('the widget’s live socket', () => {
  const suite = serverForSuite();

  it('pushes the operator’s replies to the visitor as they happen, never the internal notes', async () => {
    const { server, ids, operator } = suite;
    const { token } = await newVisitor(server, ids.channel.id);
    // Before the first message there is nothing to follow.
    const early = new WebSocket(`${server.wsUrl}/api/widget/live?after=0`);
    early.on('open', () => {
      early.send(JSON.stringify({ token }));
    });
    expect(await new Promise((resolve) => early.on('close', resolve))).toBe(
      LIVE_CLOSE.noConversation,
    );

    const hello = newId();
    await visitorSend(server, token, {
      id: hello,
      text: 'Hello live',
    });
    const feed = await call(server, 'GET', '/api/widget/feed?after=0', { visitor: token });
    const socket = new WebSocket(
      `${server.wsUrl}/api/widget/live?after=${String(feed.body.entity.cursor)}`,
    );
    const received: { kind: string; items?: unknown }[] = [];
    socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString())));
    socket.on('open', () => {
      socket.send(JSON.stringify({ token }));
    });
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 100 && !check(); i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(check()).toBe(true);
    };
    await until(() => received.some((m) => m.kind === 'ready'));

    const [row] = await server.database.db
      .select()
      .from(t.messages)
      .where(eq(t.messages.id, hello));
    await sendCommands(server, operator, [
      command('message.send', { chatId: row?.chatId, text: 'Live answer' }),
      command('message.send', {
        chatId: row?.chatId,
        text: 'A note the customer must not see',
        internal: true,
      }),
      command('message.send', { chatId: row?.chatId, text: 'Second live answer' }),
    ]);
    await until(() => JSON.stringify(received).includes('Second live answer'));
    const texts = received
      .flatMap((m): VisitorItem[] => (m.kind === 'items' ? (m.items as VisitorItem[]) : []))
      .map((i) => (i.kind === 'message' ? i.message.text : i.kind));
    expect(texts).toEqual(['Live answer', 'Second live answer']);
    expect(JSON.stringify(received)).not.toContain('must not see');
    socket.close();
  });
});
