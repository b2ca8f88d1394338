import type { Client } from '../protocol';
import type { InboxDb } from './db';
import { tableIndexOf, type TableIndex } from './table-index';

/** Every local customer in memory (table-index.ts): the names on the chat lists' rows. */
export const clientIndexOf = (db: InboxDb): TableIndex<Client> =>
  tableIndexOf<Client>(db, 'clients', (client) => client.id);
