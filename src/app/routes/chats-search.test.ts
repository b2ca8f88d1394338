import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChatsSearchSchema } from './chats-search';

const CHAT = '0190a0b0-1c2d-7e3f-8a4b-5c6d7e8f9a0b';

describe('the chat workspace address', () => {
  it.each([
    [
      { filter: 'open', chat: CHAT },
      { filter: 'open', chat: CHAT },
    ],
    [{ filter: 'closed' }, { filter: 'closed', chat: undefined }],
    [
      { filter: 'nonsense', chat: CHAT },
      { filter: 'assigned', chat: CHAT },
    ],
  ])('%j reads as %j', (search, expected) => {
    expect(v.parse(ChatsSearchSchema, search)).toEqual(expected);
  });

  // The address names no chat then: the page shows not found (address-ids.ts), not the list as if
  // the link had asked for none.
  it.each([{ chat: 'not-an-id' }, { chat: 42 }, { chat: `${CHAT}<script>` }])(
    '%j is refused',
    (search) => {
      expect(v.safeParse(ChatsSearchSchema, { filter: 'open', ...search }).success).toBe(false);
    },
  );

  it('the Create chat pane flag survives beside a filter', () => {
    expect(v.parse(ChatsSearchSchema, { filter: 'created', create: true })).toEqual({
      filter: 'created',
      chat: undefined,
      create: true,
    });
  });
});
