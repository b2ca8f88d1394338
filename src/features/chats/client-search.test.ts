import { describe, expect, it } from 'vitest';
import { clientRow } from '../../store/test-fixtures';
import { searchClients } from './client-search';

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
