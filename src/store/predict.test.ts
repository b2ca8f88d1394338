import { describe, expect, it } from 'vitest';
import { COMMAND_TYPES } from '../protocol';
import type { Chat } from '../protocol';
import { PREDICTED_TABLES, affectedKeys, predictRow } from './predict';
import { chatRow } from './test-fixtures';

describe('the tables predictions touch', () => {
  // A sync write covers only these (apply-events.ts): a command predicted elsewhere would write
  // outside the transaction that rebases it.
  it.each(COMMAND_TYPES)('%s predicts only in the tables a sync write covers', (type) => {
    const payload = {
      chatId: 'chat',
      messageId: 'message',
      teamId: 'team',
      roleId: 'role',
      userId: 'user',
    };
    const tables = affectedKeys({ id: 'c', type, payload, createdAt: '' }, { userId: 'me' }).map(
      (key) => key.table,
    );
    for (const table of tables) expect(PREDICTED_TABLES).toContain(table);
  });
});

describe('a chat row predicted for a reply being sent (issue 30)', () => {
  const send = (text: string, internal: boolean, createdAt = '2025-01-02T10:00:00.000Z') => ({
    id: 'c1',
    type: 'message.send',
    payload: { chatId: 'chat', messageId: 'm1', text, internal, attachments: [] },
    createdAt,
  });
  const predicted = (command: ReturnType<typeof send>, row: Chat) =>
    predictRow(command, 'chats', row, { userId: 'me' }) as Chat;

  it("shows the operator's own reply as the row's preview at once", () => {
    const row = predicted(send('  On its way\nTracking: 123', false), chatRow('chat'));
    expect(row.lastMessagePreview).toEqual({
      messageId: 'm1',
      text: 'On its way',
      by: 'operator',
      authorId: 'me',
      files: false,
      at: '2025-01-02T10:00:00.000Z',
    });
  });

  it('shows a note as a note, and moves none of the chat’s reply times', () => {
    const before = chatRow('chat', { unansweredSince: '2025-01-02T09:00:00.000Z' });
    const row = predicted(send('Checked the warehouse', true), before);
    expect(row.lastMessagePreview).toMatchObject({ text: 'Checked the warehouse', by: 'note' });
    expect(row.lastMessageAt).toBe(before.lastMessageAt);
    expect(row.unansweredSince).toBe(before.unansweredSince);
  });

  it('keeps a later message the server’s row already names', () => {
    const later = {
      messageId: 'm2',
      text: 'Any news?',
      by: 'client' as const,
      authorId: null,
      files: false,
      at: '2025-01-02T11:00:00.000Z',
    };
    const row = predicted(
      send('On its way', false),
      chatRow('chat', { lastMessagePreview: later }),
    );
    expect(row.lastMessagePreview).toEqual(later);
  });
});
