import { describe, expect, it } from 'vitest';
import { COMMAND_TYPES } from '../protocol';
import { PREDICTED_TABLES, affectedKeys } from './predict';

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
