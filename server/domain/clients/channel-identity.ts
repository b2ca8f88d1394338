import { and, eq, type SQL } from 'drizzle-orm';
import { clientContacts } from '../../db/schema';

/**
 * The contact row of a customer as one channel knows them. Naming the kind lets PostgreSQL use the
 * partial unique index `client_contacts_identity` (channel, value) where kind = 'channel'.
 */
export const channelIdentity = (channelId: string, externalId: string): SQL | undefined =>
  and(
    eq(clientContacts.kind, 'channel'),
    eq(clientContacts.channelId, channelId),
    eq(clientContacts.value, externalId),
  );
