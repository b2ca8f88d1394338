import { describe, expect, it } from 'vitest';
import { and, asc, eq, ne } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import {
  command,
  customerOpensChat,
  customerWrites,
  sendCommands,
  serverForSuite,
} from './harness';

/**
 * A staff member starting a chat with a client (chat.create) while that customer writes on the
 * same channel (message.receive): both take the customer's lock, so only one chat opens. Before
 * they shared it, on PostgreSQL most such pairs left the customer with two open chats.
 */
describe('a staff member starting a chat while the customer writes', () => {
  const suite = serverForSuite();
  const customers = 20;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('leaves each customer one open chat, holding their message', async () => {
    const { server, ids, operator } = suite;
    const { db } = server.database;

    // Known clients of the channel with no open chat: each wrote once, and the chat was closed.
    const known = await Promise.all(
      Array.from({ length: customers }, async (_, i) => {
        const externalId = `race-${i}-${newId()}`;
        const chat = await customerOpensChat(server, ids, 'Hi', externalId);
        return { externalId, chatId: chat.id, clientId: chat.clientId };
      }),
    );
    const closing = await sendCommands(
      server,
      operator,
      known.flatMap(({ chatId }) => [
        command('chat.take', { chatId }),
        command('chat.close', { chatId }),
      ]),
    );
    expect(closing.filter((r) => !r.ok)).toEqual([]);

    // Each customer's pair at the same moment: the staff member's chat.create over HTTP and the
    // customer's message through the channel, held back 0 to 6 ms so that either may go first
    // (the in-process message otherwise always wins over the HTTP round trip).
    const raced = [];
    for (const [i, customer] of known.entries()) {
      const chatId = newId();
      const text = `Race message ${i}`;
      const [created, received] = await Promise.all([
        sendCommands(server, operator, [
          command('chat.create', {
            chatId,
            clientId: customer.clientId,
            channelId: ids.channel.id,
            text: `Staff hello ${i}`,
          }),
        ]).then((results) => results[0]),
        pause(2 * (i % 4)).then(() =>
          customerWrites(server, ids.org.id, ids.channel.id, customer.externalId, text),
        ),
      ]);
      raced.push({ ...customer, chatId, text, created, received });
    }

    expect(raced.filter((r) => !r.received.ok).map((r) => r.received)).toEqual([]);
    expect(
      raced
        .map((r) => r.created)
        .filter((c) => !(c?.ok || c?.error.name === 'CHAT_ALREADY_EXISTS')),
    ).toEqual([]);

    const wrong: string[] = [];
    for (const r of raced) {
      const open = await db
        .select({ id: t.chats.id })
        .from(t.chats)
        .where(
          and(
            eq(t.chats.clientId, r.clientId),
            eq(t.chats.channelId, ids.channel.id),
            ne(t.chats.status, 'closed'),
          ),
        )
        .orderBy(asc(t.chats.createdAt));
      const [stored] = await db
        .select({ chatId: t.messages.chatId })
        .from(t.messages)
        .where(and(eq(t.messages.text, r.text), eq(t.messages.authorKind, 'client')));
      const outcome = r.created?.ok ? 'created' : 'refused';
      if (open.length !== 1) wrong.push(`${r.externalId} (${outcome}): ${open.length} open chats`);
      else if (stored?.chatId !== open[0]?.id)
        wrong.push(`${r.externalId} (${outcome}): message not in the open chat`);
      else if (r.created?.ok && open[0]?.id !== r.chatId)
        wrong.push(`${r.externalId}: the created chat is not the open one`);
    }
    expect(wrong, `${wrong.length} of ${customers} customers`).toEqual([]);
  });
});
