import { describe, expect, it } from 'vitest';
import type { Chat } from '../../protocol';
import { clientRow as client } from '../../store/test-fixtures';
import { applyListSearch, matchingClients } from './list-search';

const chat = (id: string, clientId: string) => ({ id, clientId }) as Chat;

describe('list search', () => {
  const clients = [client('k1', 'Anna Petrova', '+7 900 123-45-67'), client('k2', 'Boris Ivanov')];
  const chats = [chat('c1', 'k1'), chat('c2', 'k2'), chat('c3', 'k2')];

  it.each([
    ['anna', [], ['c1']],
    ['900 123', [], ['c1']],
    ['refund', ['c3'], ['c3']],
    ['', [], ['c1', 'c2', 'c3']],
    ['nobody', [], []],
  ])('"%s" (text hits %j) lists %j', (query, textHits, expected) => {
    const search = {
      query,
      clientIds: matchingClients(clients, query),
      chatIdsByText: new Set(textHits),
    };
    expect(applyListSearch(chats, search).map((c) => c.id)).toEqual(expected);
  });
});
