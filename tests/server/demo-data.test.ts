import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { customerOpensChat, serverForSuite } from './harness';

describe('the demo data explains itself', () => {
  const suite = serverForSuite();

  it('the demo operator starts In work, and gets a customer’s chat once connected, not before', async () => {
    const { ids, server } = suite;
    expect(ids.operator.operatorStatus).toBe('in_work');
    expect(ids.operator.online).toBe(false);
    // Not connected: distribution gives them nothing; the chat waits in Support.
    const chat = await customerOpensChat(server, ids);
    expect(chat).toMatchObject({ status: 'pending', operatorId: null, teamId: ids.support.id });
    // Signing in (a live connection) is enough: the queue is served for them.
    await server.context.presence.opened({ id: ids.operator.id, orgId: ids.org.id });
    const [row] = await server.database.db.select().from(t.chats).where(eq(t.chats.id, chat.id));
    expect(row).toMatchObject({ status: 'assigned', operatorId: ids.operator.id });
  });
});
