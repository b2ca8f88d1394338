import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxDb } from './db';
import { applyEvents } from './apply-events';
import { MessageTextSearch, type TextMatches } from './message-text-search';
import { ME, bootstrappedDb, chatId, chatRow, event, messageRow } from './test-fixtures';

const messageId = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;

function until(search: MessageTextSearch, test: (matches: TextMatches) => boolean) {
  return new Promise<TextMatches>((resolve) => {
    const check = () => {
      const matches = search.current();
      if (!matches.done || !test(matches)) return;
      stop();
      resolve(matches);
    };
    const stop = search.subscribe(check);
    check();
  });
}

describe('searching the text of local messages', () => {
  let db: InboxDb;
  afterEach(async () => {
    await db.delete();
  });

  it('finds the chats whose messages hold the words, over more messages than one read takes, never by an internal note', async () => {
    db = await bootstrappedDb([1, 2, 3, 4].map((n) => chatRow(chatId(n))));
    // 4,500 messages: the scan reads them in pages.
    const rows = Array.from({ length: 4500 }, (_, i) =>
      messageRow(messageId(i), chatId(1 + (i % 2)), { text: `Routine line ${String(i)}` }),
    );
    rows[4321] = messageRow(messageId(4321), chatId(3), { text: 'Where is my PARCEL?' });
    rows[17] = messageRow(messageId(17), chatId(4), { text: 'parcel noted', internal: true });
    await db.messages.bulkPut(rows);

    const search = new MessageTextSearch(db, 'parcel');
    const keep = search.subscribe(() => undefined);
    try {
      const found = await until(search, () => true);
      expect([...found.chatIds]).toEqual([chatId(3)]);

      // A customer writes the words in another chat: found without scanning again.
      await applyEvents(
        db,
        [
          event(11, [
            {
              table: 'messages',
              op: 'put',
              key: messageId(9001),
              row: messageRow(messageId(9001), chatId(1), { text: 'A second parcel too' }),
            },
          ]),
        ],
        11,
        { userId: ME },
      );
      const later = await until(search, (m) => m.chatIds.has(chatId(1)));
      expect([...later.chatIds].sort()).toEqual([chatId(1), chatId(3)]);
      // Each chat keeps the message it was found by, for its row's preview (issue 30).
      expect(later.byChat.get(chatId(3))?.text).toBe('Where is my PARCEL?');
      expect(later.byChat.get(chatId(1))?.id).toBe(messageId(9001));
    } finally {
      keep();
    }
  });
});
