import { describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { newId, type ChatPreview, type CommandEnvelope } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { loadViewer } from '../../server/auth/viewer';
import { executeCommand } from '../../server/domain/execute-command';
import { customerGroup, type StoredChange } from '../../server/sync/groups';
import {
  command,
  customerOpensChat,
  customerWrites,
  login,
  operatorsChat,
  sendCommands,
  serverForSuite,
} from './harness';

/**
 * Chat row previews (issue 30, docs/chat-screen.md "Chat row previews"): every path that stores a
 * message makes it its chat's preview — a customer's message, a staff reply, an internal note, a
 * bot's auto-reply — one by one and in a group commit alike, and the chat row of the message's
 * event carries it, so the list row changes live.
 */
type ChatPut = Extract<StoredChange, { op: 'put' }>;

describe('chat row previews', () => {
  const suite = serverForSuite();

  it('are on the demo data’s chats from the start, so a newcomer’s list says what each is about', async () => {
    const rows = await suite.server.database.db
      .select({ status: t.chats.status, preview: t.chats.lastMessagePreview })
      .from(t.chats)
      .where(eq(t.chats.orgId, suite.ids.org.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.preview !== null && row.preview.text !== '')).toBe(true);
    // A waiting chat shows the customer's words; an answered one the operator's reply.
    expect(rows.find((row) => row.status === 'pending')?.preview?.by).toBe('client');
    expect(rows.find((row) => row.status === 'assigned')?.preview).toMatchObject({
      by: 'operator',
      text: 'Thank you for writing! Let me check that for you.',
    });
  });
  const db = () => suite.server.database.db;

  const previewOf = async (chatId: string): Promise<ChatPreview | null> => {
    const [row] = await db()
      .select({ preview: t.chats.lastMessagePreview })
      .from(t.chats)
      .where(eq(t.chats.id, chatId));
    return row?.preview ?? null;
  };

  /** The chat rows of the log's latest event of the chat that puts its row, with their groups. */
  const lastChatPuts = async (chatId: string): Promise<ChatPut[]> => {
    const events = await db()
      .select({ changes: t.events.changes })
      .from(t.events)
      .where(
        and(eq(t.events.orgId, suite.ids.org.id), sql`${t.events.data}->>'chatId' = ${chatId}`),
      )
      .orderBy(desc(t.events.seq));
    for (const event of events) {
      const puts = (event.changes as StoredChange[]).filter(
        (change): change is ChatPut =>
          change.table === 'chats' && change.key === chatId && change.op === 'put',
      );
      if (puts.length > 0) return puts;
    }
    return [];
  };

  /** A command run alone, outside any group commit: the one-by-one handlers. */
  const alone = async (userId: string | null, envelope: CommandEnvelope) => {
    const { server, ids } = suite;
    const viewer = userId ? await loadViewer(db(), userId) : null;
    const caller = viewer
      ? { orgId: ids.org.id, actor: { kind: 'user' as const, id: viewer.id }, viewer }
      : {
          orgId: ids.org.id,
          actor: { kind: 'channel' as const, id: ids.channel.id },
          viewer: null,
        };
    const deps = { database: server.database, clock: server.clock, wake: () => {} };
    const result = await executeCommand(deps, caller, envelope);
    expect(result.ok).toBe(true);
  };

  const receive = (externalId: string, text: string) =>
    command('message.receive', {
      channelId: suite.ids.channel.id,
      client: { externalId, name: `Customer ${externalId}` },
      text,
    });

  it("a customer's message is its new chat's preview: the first line, and the chat row of its event carries it", async () => {
    const chat = await customerOpensChat(
      suite.server,
      suite.ids,
      '\n  My parcel   4471 is late\nIt was due on Monday',
    );
    const [message] = await db().select().from(t.messages).where(eq(t.messages.chatId, chat.id));
    expect(chat.lastMessagePreview).toEqual({
      messageId: message?.id,
      text: 'My parcel 4471 is late',
      by: 'client',
      authorId: null,
      files: false,
      at: message?.createdAt.toISOString(),
    });
    const puts = await lastChatPuts(chat.id);
    expect(puts.map((put) => put.row.lastMessagePreview)).toContainEqual(chat.lastMessagePreview);
  });

  it("a customer's message one by one and in a group commit both become the chat's preview", async () => {
    const externalId = `alone-${newId()}`;
    const chat = await customerOpensChat(suite.server, suite.ids, 'first', externalId);
    await alone(null, receive(externalId, 'written alone'));
    expect(await previewOf(chat.id)).toMatchObject({ text: 'written alone', by: 'client' });

    // Several customers at once, three messages each: a group commit takes them set by set, and
    // each chat's preview is its own last message.
    const customers = Array.from({ length: 6 }, (_, i) => `together-${String(i)}-${newId()}`);
    const chats = [];
    for (const customer of customers)
      chats.push(await customerOpensChat(suite.server, suite.ids, 'first', customer));
    const results = await Promise.all(
      [1, 2, 3].flatMap((round) =>
        customers.map((customer) =>
          customerWrites(
            suite.server,
            suite.ids.org.id,
            suite.ids.channel.id,
            customer,
            `${customer} says ${String(round)}`,
          ),
        ),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    for (const [i, customer] of customers.entries()) {
      const chatId = chats[i]?.id ?? '';
      const [last] = await db()
        .select()
        .from(t.messages)
        .where(eq(t.messages.chatId, chatId))
        .orderBy(desc(t.messages.createdAt))
        .limit(1);
      expect(await previewOf(chatId)).toMatchObject({
        messageId: last?.id,
        text: `${customer} says 3`,
        by: 'client',
      });
    }
  });

  it('a staff reply and an internal note become the preview, one by one and together; a note reaches no customer and moves no time', async () => {
    const { ids } = suite;
    const chat = await operatorsChat(suite.server, ids);

    await alone(
      ids.operator.id,
      command('message.send', { chatId: chat.id, text: 'Reply alone', attachments: [] }),
    );
    expect(await previewOf(chat.id)).toMatchObject({
      text: 'Reply alone',
      by: 'operator',
      authorId: ids.operator.id,
    });
    await alone(
      ids.operator.id,
      command('message.send', {
        chatId: chat.id,
        text: 'Note alone',
        internal: true,
        attachments: [],
      }),
    );
    expect(await previewOf(chat.id)).toMatchObject({ text: 'Note alone', by: 'note' });

    // Together: one request, a reply then a note, then a reply then a note again.
    const [before] = await db().select().from(t.chats).where(eq(t.chats.id, chat.id));
    const send = (text: string, internal: boolean) =>
      command('message.send', { chatId: chat.id, text, internal, attachments: [] });
    const results = await sendCommands(suite.server, suite.operator, [
      send('Reply together', false),
      send('Note together', true),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    const [after] = await db().select().from(t.chats).where(eq(t.chats.id, chat.id));
    expect(after?.lastMessagePreview).toMatchObject({
      text: 'Note together',
      by: 'note',
      authorId: ids.operator.id,
    });
    expect(after?.lastMessageAt.getTime()).toBeGreaterThan(before?.lastMessageAt.getTime() ?? 0);
    // The note's event puts the chat row where staff see the chat, never in the customer's group.
    const puts = await lastChatPuts(chat.id);
    expect(puts.length).toBeGreaterThan(0);
    for (const put of puts) {
      expect(put.groups).not.toContain(customerGroup(chat.clientId));
      expect(put.row.lastMessagePreview).toMatchObject({ text: 'Note together', by: 'note' });
    }

    // A note alone leaves the chat's times as they were.
    const note = await sendCommands(suite.server, suite.operator, [send('Only a note', true)]);
    expect(note[0]?.ok).toBe(true);
    const [noted] = await db().select().from(t.chats).where(eq(t.chats.id, chat.id));
    expect(noted?.lastMessageAt).toEqual(after?.lastMessageAt);
    expect(noted?.unansweredSince).toEqual(after?.unansweredSince);
    expect(noted?.lastMessagePreview).toMatchObject({ text: 'Only a note', by: 'note' });
  });

  it("a bot's auto-reply becomes the preview, and its event carries the chat row", async () => {
    const admin = await login(suite.server, 'admin@demo.test');
    const [saved] = await sendCommands(suite.server, admin, [
      command('autoReplies.save', {
        channelId: suite.ids.channel.id,
        waitMinutes: 2,
        replies: [
          {
            kind: 'greeting',
            enabled: true,
            text: 'Hello! An operator will be with you shortly.\nMeanwhile, see our FAQ.',
            buttons: [],
            attachments: [],
          },
        ],
      }),
    ]);
    expect(saved?.ok).toBe(true);
    const chat = await customerOpensChat(suite.server, suite.ids, 'Where is my order?');
    const preview = await previewOf(chat.id);
    expect(preview).toMatchObject({
      text: 'Hello! An operator will be with you shortly.',
      by: 'bot',
      authorId: null,
    });
    const [greeting] = await db()
      .select()
      .from(t.messages)
      .where(and(eq(t.messages.chatId, chat.id), eq(t.messages.authorKind, 'bot')));
    expect(preview?.messageId).toBe(greeting?.id);
    const puts = await lastChatPuts(chat.id);
    expect(puts.map((put) => put.row.lastMessagePreview)).toContainEqual(preview);
  });
});
