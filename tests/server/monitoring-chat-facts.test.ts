import { describe, expect, it } from 'vitest';
import { chatRow } from '../../server/sync/wire-rows';
import { serverForSuite } from './harness';
import { distributionTeam, roomyLicences } from './distribution-fixture';

/**
 * The chat-level facts the online monitoring reads (issue 21, docs/monitoring.md): the server
 * keeps them as it writes messages and moves chats, because the browser holds messages of open
 * threads only.
 */
/** The test clock runs on from an offset: a fact written by a command falls after `from`. */
const within = (at: Date | null | undefined, from: number) => {
  expect(at).toBeInstanceOf(Date);
  expect(at?.getTime()).toBeGreaterThanOrEqual(from);
  expect(at?.getTime()).toBeLessThan(from + 10_000);
};

describe('the chat facts of the monitoring tables', () => {
  const suite = serverForSuite();
  roomyLicences(suite);

  it('keep the wait, the first reply and its writer, the holder’s reaction and the last human operator', async () => {
    const team = await distributionTeam(suite.server, suite.ids, { operators: 2 });
    const first = team.operator(0);
    const second = team.operator(1);
    const { chat } = await team.customer('Hello?');
    expect(chat.status).toBe('pending');
    const start = chat.createdAt.getTime();
    const now = () => suite.server.clock.now().getTime();
    expect(chat.unansweredSince?.getTime()).toBe(start);
    expect(chat.queuedAt?.getTime()).toBe(start);
    expect(chat.firstReplyAt).toBeNull();

    await team.advanceMinutes(2);
    const took = now();
    await team.run(first.token, 'chat.take', { chatId: chat.id });
    let row = await team.chat(chat.id);
    within(row.assignedAt, took);
    expect(row.reactedAt).toBeNull();

    await team.advanceMinutes(1);
    const replied = now();
    // An internal note is no reply: it stops no clock.
    await team.run(first.token, 'message.send', {
      chatId: chat.id,
      text: 'note',
      internal: true,
      attachments: [],
    });
    row = await team.chat(chat.id);
    expect(row.firstReplyAt).toBeNull();
    expect(row.reactedAt).toBeNull();
    expect(row.unansweredSince?.getTime()).toBe(start);

    await team.run(first.token, 'message.send', { chatId: chat.id, text: 'Hi', attachments: [] });
    row = await team.chat(chat.id);
    within(row.firstReplyAt, replied);
    const firstReplyAt = row.firstReplyAt;
    expect(row.firstReplyBy).toBe(first.id);
    within(row.reactedAt, replied);
    expect(row.lastHumanOperatorId).toBe(first.id);
    expect(row.unansweredSince).toBeNull();

    // A transfer starts a new hold: the new holder's reaction clock runs from it.
    await team.advanceMinutes(1);
    const moved = now();
    await team.run(first.token, 'chat.transfer', {
      chatId: chat.id,
      to: { operatorId: second.id },
    });
    row = await team.chat(chat.id);
    expect(row.operatorId).toBe(second.id);
    within(row.assignedAt, moved);
    expect(row.reactedAt).toBeNull();
    expect(row.lastHumanOperatorId).toBe(first.id);

    await team.advanceMinutes(1);
    const reacted = now();
    await team.run(second.token, 'message.send', { chatId: chat.id, text: 'Me', attachments: [] });
    row = await team.chat(chat.id);
    within(row.reactedAt, reacted);
    // The first reply stays the first one, and its writer.
    expect(row.firstReplyAt).toEqual(firstReplyAt);
    expect(row.firstReplyBy).toBe(first.id);
    expect(row.lastHumanOperatorId).toBe(second.id);

    // The synced row carries them.
    expect(chatRow(row)).toMatchObject({
      firstReplyBy: first.id,
      lastHumanOperatorId: second.id,
      reactedAt: row.reactedAt?.toISOString(),
      unansweredSince: null,
    });
  });

  it('a reply that takes a queued chat is its taker’s reaction at once', async () => {
    const team = await distributionTeam(suite.server, suite.ids, { operators: 1 });
    const operator = team.operator(0);
    const { chat } = await team.customer('Anyone?');
    await team.advanceMinutes(3);
    const replied = suite.server.clock.now().getTime();
    await team.run(operator.token, 'message.send', {
      chatId: chat.id,
      text: 'Here',
      attachments: [],
    });
    const row = await team.chat(chat.id);
    expect(row.operatorId).toBe(operator.id);
    expect(row.assignedAt?.getTime()).toBe(row.reactedAt?.getTime());
    within(row.firstReplyAt, replied);
    expect(row.firstReplyAt?.getTime()).toBeGreaterThanOrEqual(chat.createdAt.getTime() + 180_000);
  });
});
