import type { Client, ClientContact } from '../protocol';
import type { InboxDb } from './db';
import { tableIndexOf, type TableIndex } from './table-index';

/** Every local customer in memory (table-index.ts): the names on the chat lists' rows. */
export const clientIndexOf = (db: InboxDb): TableIndex<Client> =>
  tableIndexOf<Client>(db, 'clients', (client) => client.id);

/**
 * Every local contact in memory (phones, e-mails, channel identities), for the list search: a new
 * customer's contact rows are read one by one as they arrive, never the whole table again.
 */
export const contactIndexOf = (db: InboxDb): TableIndex<ClientContact> =>
  tableIndexOf<ClientContact>(db, 'clientContacts', (contact) => contact.id);
