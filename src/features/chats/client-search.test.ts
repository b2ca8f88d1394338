import { describe, expect, it } from 'vitest';
import { clientRow } from '../../store/test-fixtures';
import { contactIndex, searchClients } from './client-search';
import { matchingClients } from './list-search';

const client = (name: string, phone: string | null = null) => clientRow(name, name, phone);
const all = [
  client('Anna Petrova', '+7 900 100-00-01'),
  client('Boris Ivanov'),
  client('Hanna Müller', '+49 30 555'),
];

describe('client search for a new chat', () => {
  it.each([
    ['an', ['Anna Petrova', 'Boris Ivanov', 'Hanna Müller']],
    ['ivan', ['Boris Ivanov']],
    ['900 100', ['Anna Petrova']],
    ['', ['Anna Petrova', 'Boris Ivanov', 'Hanna Müller']],
    ['zzz', []],
  ])('"%s" finds %j', (query, names) => {
    expect(searchClients(all, query).map((c) => c.name)).toEqual(names);
  });
});

describe('client search by contacts and tags, from local data', () => {
  const contact = (clientId: string, kind: 'phone' | 'email' | 'channel', value: string) => ({
    id: `${clientId}-${value}`,
    clientId,
    kind,
    value,
    channelId: null,
    createdAt: '',
  });
  const boris = { ...client('Boris Ivanov'), tags: ['VIP customer'] };
  const clients = [client('Anna Petrova', '+7 900 100-00-01'), boris, client('Hanna Müller')];
  const contacts = contactIndex([
    contact('Boris Ivanov', 'phone', '+79121234567'),
    contact('Boris Ivanov', 'email', 'boris@mail.test'),
    contact('Hanna Müller', 'channel', 'tg-hanna'),
  ]);
  it.each([
    ['a second phone by its digits, written otherwise', '8 912 123-45', ['Boris Ivanov']],
    ['an e-mail, in any case', 'BORIS@mail', ['Boris Ivanov']],
    ['a channel identity', 'tg-hanna', ['Hanna Müller']],
    ['a tag by its start', 'vip', ['Boris Ivanov']],
    ['the row’s phone still', '900 100', ['Anna Petrova']],
  ])('%s', (_case, query, names) => {
    expect(searchClients(clients, query, 20, contacts).map((c) => c.name)).toEqual(names);
    expect([...matchingClients(clients, query, contacts)]).toEqual(names);
  });
});
