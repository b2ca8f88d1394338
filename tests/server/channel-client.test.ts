import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import { serverForSuite } from './harness';

describe('a customer a channel tells of for the first time', () => {
  const suite = serverForSuite();

  const receive = (externalId: string, client: { name: string; phone?: string; email?: string }) =>
    suite.server.context.execute(
      {
        orgId: suite.ids.org.id,
        actor: { kind: 'channel', id: suite.ids.channel.id },
        viewer: null,
      },
      {
        id: newId(),
        type: 'message.receive',
        payload: {
          channelId: suite.ids.channel.id,
          client: { externalId, ...client },
          text: 'Hello',
        },
      },
    );

  const contactsOf = async (externalId: string) => {
    const { db } = suite.server.database;
    const [identity] = await db
      .select()
      .from(t.clientContacts)
      .where(eq(t.clientContacts.value, externalId));
    if (!identity) throw new Error(`no identity ${externalId}`);
    const [client] = await db.select().from(t.clients).where(eq(t.clients.id, identity.clientId));
    const contacts = await db
      .select({ kind: t.clientContacts.kind, value: t.clientContacts.value })
      .from(t.clientContacts)
      .where(eq(t.clientContacts.clientId, identity.clientId));
    return { client, contacts };
  };

  it('becomes a client whose phone (in E.164) and e-mail are contacts, as staff would type them', async () => {
    const result = await receive('tg-1001', {
      name: 'Maria',
      phone: '8 (912) 555-01-23',
      email: ' Maria.Petrova.1001@Example.COM ',
    });
    expect(result.ok).toBe(true);
    const { client, contacts } = await contactsOf('tg-1001');
    expect(contacts).toEqual(
      expect.arrayContaining([
        { kind: 'channel', value: 'tg-1001' },
        { kind: 'phone', value: '+79125550123' },
        { kind: 'email', value: 'maria.petrova.1001@example.com' },
      ]),
    );
    expect(contacts).toHaveLength(3);
    expect(client?.phone).toBe('+79125550123');
    expect(client?.email).toBe('maria.petrova.1001@example.com');
  });

  it('never takes a phone another client holds, so no two people are joined on a channel’s word', async () => {
    const result = await receive('tg-1002', {
      name: 'Maria (second phone)',
      phone: '+7 912 555 01 23',
    });
    expect(result.ok).toBe(true);
    const { client, contacts } = await contactsOf('tg-1002');
    expect(contacts).toEqual([{ kind: 'channel', value: 'tg-1002' }]);
    expect(client?.phone).toBeNull();
    const first = await contactsOf('tg-1001');
    expect(first.contacts).toHaveLength(3);
  });

  it('keeps a phone that is no number off the contacts, and the message still arrives', async () => {
    const result = await receive('tg-1003', { name: 'Ivan', phone: 'call me' });
    expect(result.ok).toBe(true);
    const { contacts } = await contactsOf('tg-1003');
    expect(contacts).toEqual([{ kind: 'channel', value: 'tg-1003' }]);
  });
});
