import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { call, command, operatorsChat, sendCommands, serverForSuite } from './harness';

describe('the customer’s rating link', () => {
  const suite = serverForSuite();

  it('is made when the chat closes, rates it once, and then shows as used', async () => {
    const { server, ids, operator } = suite;
    const chat = await operatorsChat(server, ids);
    const [closed] = await sendCommands(server, operator, [
      command('chat.close', { chatId: chat.id }),
    ]);
    expect(closed?.ok).toBe(true);
    const [link] = await server.database.db
      .select()
      .from(t.ratingLinks)
      .where(eq(t.ratingLinks.chatId, chat.id));
    if (!link) throw new Error('no rating link');

    expect((await call(server, 'GET', `/api/public/rating/${link.id}`)).body).toEqual({
      code: 'ok',
      entity: { used: false, rating: null, organization: 'Demo' },
    });
    const tooHigh = await call(server, 'POST', `/api/public/rating/${link.id}`, {
      body: { rating: 6 },
    });
    expect(tooHigh.body.error.name).toBe('VALIDATION_FAILED');
    const rated = await call(server, 'POST', `/api/public/rating/${link.id}`, {
      body: { rating: 5 },
    });
    expect(rated.body).toEqual({ code: 'ok', entity: { rating: 5 } });
    const again = await call(server, 'POST', `/api/public/rating/${link.id}`, {
      body: { rating: 1 },
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      name: 'RATING_ALREADY_SENT',
      message: 'The rating has already been sent',
    });
    expect((await call(server, 'GET', `/api/public/rating/${link.id}`)).body.entity).toMatchObject({
      used: true,
      rating: 5,
    });

    const [after] = await server.database.db.select().from(t.chats).where(eq(t.chats.id, chat.id));
    expect(after?.rating).toBe(5);
    const history = await server.database.db
      .select()
      .from(t.chatHistory)
      .where(eq(t.chatHistory.chatId, chat.id));
    expect(history.find((h) => h.kind === 'rated')?.data).toEqual({ rating: 5 });
  });

  it('answers an unknown link with a named 404, and staff cannot rate through commands', async () => {
    const { server, operator } = suite;
    const unknown = await call(server, 'GET', `/api/public/rating/${newId()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.name).toBe('QUALITY_ASSESSMENT_NOT_FOUND');
    const [result] = await sendCommands(server, operator, [
      command('chat.rate', { ratingLinkId: newId(), rating: 5 }),
    ]);
    expect(result).toMatchObject({ ok: false, error: { name: 'COMMAND_NOT_ALLOWED' } });
  });
});
