import { describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { LIMITS, newId, type CommandEnvelope } from '../../src/protocol';
import { commandsBody, utf8Bytes } from '../../src/sync/command-batch';
import * as t from '../../server/db/schema';
import { call, command, operatorsChat, sendCommands, serverForSuite } from './harness';
import { breakMessagesHolding } from './database-fault';

describe('a batch with a command the server fails on', () => {
  const suite = serverForSuite();

  const textsOf = async (chatId: string) =>
    (
      await suite.server.database.db
        .select({ text: t.messages.text })
        .from(t.messages)
        .where(eq(t.messages.chatId, chatId))
    ).map((m) => m.text);

  it('answers every other command, and that one UNKNOWN_ERROR, which a later retry can still pass', async () => {
    const { server, ids, operator } = suite;
    const chat = await operatorsChat(server, ids);
    const marker = `poison-${newId()}`;
    const repair = await breakMessagesHolding(suite.server.database, marker);
    const before = command('message.send', { chatId: chat.id, text: 'Before the poison' });
    const poison = command('message.send', { chatId: chat.id, text: `Text with ${marker}` });
    const after = command('message.send', { chatId: chat.id, text: 'After the poison' });
    let answer;
    try {
      answer = await call(server, 'POST', '/api/commands', {
        token: operator,
        body: { commands: [before, poison, after] },
      });
    } finally {
      await repair();
    }
    expect(answer.status).toBe(200);
    expect(answer.body.results).toEqual([
      { id: before.id, ok: true, seq: expect.any(Number) },
      {
        id: poison.id,
        ok: false,
        error: { name: 'UNKNOWN_ERROR', params: {}, message: 'Unknown error' },
      },
      { id: after.id, ok: true, seq: expect.any(Number) },
    ]);
    const texts = await textsOf(chat.id);
    expect(texts).toContain('Before the poison');
    expect(texts).toContain('After the poison');
    expect(texts).not.toContain(`Text with ${marker}`);
    // Nothing of the failed command was written: no event, no stored result.
    const { db } = server.database;
    const [events] = await db
      .select({ n: count() })
      .from(t.events)
      .where(eq(t.events.commandId, poison.id));
    expect(events?.n).toBe(0);

    // Not remembered as its answer: the same command, once the fault is gone, is applied.
    const [retried] = await sendCommands(server, operator, [poison]);
    expect(retried).toMatchObject({ id: poison.id, ok: true });
    expect(await textsOf(chat.id)).toContain(`Text with ${marker}`);
  });

  it('answers in the user’s language', async () => {
    const { server, ids, supervisor } = suite;
    await server.database.db
      .update(t.users)
      .set({ language: 'ru' })
      .where(eq(t.users.id, ids.supervisor.id));
    const chat = await operatorsChat(server, ids);
    const marker = `poison-${newId()}`;
    const repair = await breakMessagesHolding(suite.server.database, marker);
    try {
      const [result] = await sendCommands(server, supervisor, [
        command('message.send', { chatId: chat.id, text: marker, internal: true }),
      ]);
      expect(result).toMatchObject({
        ok: false,
        error: { name: 'UNKNOWN_ERROR', message: 'Неизвестная ошибка' },
      });
    } finally {
      await repair();
      await server.database.db
        .update(t.users)
        .set({ language: 'en' })
        .where(eq(t.users.id, ids.supervisor.id));
    }
  });
});

describe('the body limit the outbox cuts its batches to', () => {
  const suite = serverForSuite();

  /** Replies of 9,000 three-byte characters (27 KB each) filling a body to `bytes` exactly. */
  function bodyOf(chatId: string, bytes: number): { commands: CommandEnvelope[]; body: string } {
    const commands: CommandEnvelope[] = [];
    const reply = () =>
      command('message.send', {
        chatId,
        text: `${String(commands.length).padStart(4, '0')} ${'語'.repeat(8_995)}`,
      });
    for (let next = reply(); utf8Bytes(commandsBody([...commands, next])) <= bytes - 1_000;) {
      commands.push(next);
      next = reply();
    }
    // The last reply's text takes what is left, in three- and one-byte characters.
    const last = command('message.send', { chatId, text: '' });
    const rest = bytes - utf8Bytes(commandsBody([...commands, last]));
    last.payload = { chatId, text: `${'語'.repeat(Math.floor(rest / 3))}${'x'.repeat(rest % 3)}` };
    commands.push(last);
    return { commands, body: commandsBody(commands) };
  }

  it('is read whole at exactly the limit, and one byte over is PAYLOAD_TOO_LARGE in the product’s shape, changing nothing', async () => {
    const { server, ids, operator } = suite;
    const chat = await operatorsChat(server, ids);
    const { db } = server.database;
    const stored = async () =>
      (await db.select({ n: count() }).from(t.messages).where(eq(t.messages.chatId, chat.id)))[0]
        ?.n ?? 0;
    const storedBefore = await stored();

    const over = bodyOf(chat.id, LIMITS.requestBodyMaxBytes + 1);
    expect(utf8Bytes(over.body)).toBe(LIMITS.requestBodyMaxBytes + 1);
    const refused = await call(server, 'POST', '/api/commands', {
      token: operator,
      raw: over.body,
    });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({
      code: 'error',
      error: { name: 'PAYLOAD_TOO_LARGE', params: {}, message: 'The request is too large' },
    });
    const [events] = await db
      .select({ n: count() })
      .from(t.events)
      .where(
        inArray(
          t.events.commandId,
          over.commands.map((c) => c.id),
        ),
      );
    expect(events?.n).toBe(0);
    expect(await stored()).toBe(storedBefore);

    const exact = bodyOf(chat.id, LIMITS.requestBodyMaxBytes);
    expect(utf8Bytes(exact.body)).toBe(LIMITS.requestBodyMaxBytes);
    const taken = await call(server, 'POST', '/api/commands', { token: operator, raw: exact.body });
    expect(taken.status).toBe(200);
    const results = taken.body.results as { ok: boolean }[];
    expect(results).toHaveLength(exact.commands.length);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await stored()).toBe(storedBefore + exact.commands.length);
  });
});
