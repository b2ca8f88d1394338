import { describe, expect, it } from 'vitest';
import { ArrivedMessages } from './arrived-messages';
import { chatId, messageRow } from './test-fixtures';
import type { LocalMessage } from './tables';
import type { WrittenRows } from './written-rows';

const id = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const message = (n: number, chat = chatId(1)): LocalMessage => ({
  ...messageRow(id(n), chat),
  createdAt: `2026-11-27T10:00:${String(n).padStart(2, '0')}.000Z`,
});

let version = 0;
const post = (puts: LocalMessage[], deletes: string[] = []): WrittenRows => ({
  version: ++version,
  tables: { messages: { reread: false, cleared: false, puts, deletes } },
});
const ids = (rows: readonly LocalMessage[]) => rows.map((row) => row.id);

describe('messages shown from the sync worker’s post', () => {
  it('shows this chat’s new messages at once, oldest first, and no other chat’s', () => {
    const arrivals = new ArrivedMessages(chatId(1));
    let told = 0;
    arrivals.subscribe(() => (told += 1));
    arrivals.take(post([message(3), message(2, chatId(2))]));
    arrivals.take(post([message(1)]));
    expect(ids(arrivals.current())).toEqual([id(1), id(3)]);
    expect(told).toBe(2);
    // A post of another chat only does not redraw this thread.
    arrivals.take(post([message(4, chatId(2))]));
    expect(told).toBe(2);
  });

  it('leaves them to a read that began after their post, whether it holds them or they are gone', () => {
    const arrivals = new ArrivedMessages(chatId(1));
    arrivals.take(post([message(1), message(2)]));
    const mark = arrivals.mark();
    arrivals.take(post([message(3)]));
    // The read began after the first post: message 1 it holds, message 2 it knew was gone; the
    // third came after it began, and stays until a later read.
    arrivals.settle([message(1)], mark);
    expect(ids(arrivals.current())).toEqual([id(3)]);
    arrivals.settle([message(1)], arrivals.mark());
    expect(arrivals.current()).toEqual([]);
  });

  it('keeps what an earlier read could not have seen, unless that read holds it anyway', () => {
    const arrivals = new ArrivedMessages(chatId(1));
    const before = arrivals.mark();
    arrivals.take(post([message(1), message(2)]));
    arrivals.settle([message(2)], before);
    expect(ids(arrivals.current())).toEqual([id(1)]);
  });

  it('takes a later write of the same message and a delete, and leaves a post too big to carry rows to the read', () => {
    const arrivals = new ArrivedMessages(chatId(1));
    arrivals.take(post([message(1), message(2)]));
    arrivals.take(post([{ ...message(1), text: 'edited' }], [id(2)]));
    expect(arrivals.current().map((row) => [row.id, row.text])).toEqual([[id(1), 'edited']]);
    arrivals.take({ version: ++version, tables: { messages: { reread: true } } });
    expect(ids(arrivals.current())).toEqual([id(1)]);
  });
});
