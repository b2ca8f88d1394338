import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { newId } from '../../src/protocol';
import * as t from '../../server/db/schema';
import {
  command,
  customerOpensChat,
  customerWrites,
  otherOrganization,
  sendCommands,
  serverForSuite,
} from './harness';
import {
  clientById,
  contactsOf,
  e164,
  eventsOf,
  expectOk,
  freshPhone,
  newClient,
  refusal,
  run,
  synced,
} from './client-profile-helpers';

describe('client.merge', () => {
  const suite = serverForSuite();
  let otherClientId = '';

  beforeAll(async () => {
    const org = await otherOrganization(suite.server.database);
    otherClientId = newId();
    await suite.server.database.db
      .insert(t.clients)
      .values({ id: otherClientId, orgId: org.id, name: 'Elsewhere' });
  });

  /** Two customers who wrote through the demo channel, each with a waiting chat. */
  async function twoCustomers() {
    const survivorExternal = `s-${newId()}`;
    const mergedExternal = `m-${newId()}`;
    const survivorChat = await customerOpensChat(suite.server, suite.ids, 'Hi', survivorExternal);
    const mergedChat = await customerOpensChat(suite.server, suite.ids, 'Hello', mergedExternal);
    return {
      survivorId: survivorChat.clientId,
      mergedId: mergedChat.clientId,
      survivorChat,
      mergedChat,
      mergedExternal,
    };
  }

  it('moves contacts, comments and chats to the survivor, takes the chosen values, and logs one event', async () => {
    const { db } = suite.server.database;
    const { survivorId, mergedId, mergedChat } = await twoCustomers();
    const sup = suite.supervisor;
    const phone = freshPhone();
    const commentId = newId();
    expectOk(await run(suite, sup, 'client.update', { clientId: mergedId, name: 'Anna Petrova' }));
    expectOk(
      await run(suite, sup, 'client.addContact', {
        contactId: newId(),
        clientId: mergedId,
        kind: 'phone',
        value: phone,
      }),
    );
    expectOk(
      await run(suite, sup, 'client.addComment', { commentId, clientId: mergedId, text: 'Note' }),
    );
    for (const [clientId, value] of [
      [survivorId, 'Moscow'],
      [mergedId, 'Minsk'],
    ] as const)
      expectOk(await run(suite, sup, 'client.addField', { clientId, name: 'City', value }));
    expectOk(
      await run(suite, sup, 'client.addField', { clientId: survivorId, name: 'Age', value: '30' }),
    );
    expectOk(await run(suite, sup, 'client.addTag', { clientId: survivorId, tag: 'VIP' }));
    expectOk(await run(suite, sup, 'client.addTag', { clientId: mergedId, tag: 'vip' }));
    expectOk(await run(suite, sup, 'client.addTag', { clientId: mergedId, tag: 'wholesale' }));
    const mergedContacts = (await contactsOf(suite, mergedId)).map((c) => c.id);

    const sent = command('client.merge', {
      survivorId,
      mergedId,
      choices: { name: 'merged', fields: [{ name: 'city', side: 'merged' }] },
    });
    expectOk((await sendCommands(suite.server, sup, [sent]))[0]!);

    expect(await clientById(suite, mergedId)).toBeUndefined();
    expect(await clientById(suite, survivorId)).toMatchObject({
      name: 'Anna Petrova',
      tags: ['VIP', 'wholesale'],
      fields: [
        { name: 'City', value: 'Minsk' },
        { name: 'Age', value: '30' },
      ],
      phone: e164(phone),
    });
    const moved = await contactsOf(suite, survivorId);
    expect(moved.map((c) => c.id)).toEqual(expect.arrayContaining(mergedContacts));
    const [comment] = await db
      .select()
      .from(t.clientComments)
      .where(eq(t.clientComments.id, commentId));
    expect(comment?.clientId).toBe(survivorId);
    const [chat] = await db.select().from(t.chats).where(eq(t.chats.id, mergedChat.id));
    expect(chat?.clientId).toBe(survivorId);
    const [alias] = await db.select().from(t.clientMerges).where(eq(t.clientMerges.id, mergedId));
    expect(alias).toMatchObject({
      survivorId,
      name: 'Anna Petrova',
      mergedBy: suite.ids.supervisor.id,
    });

    const events = await eventsOf(suite, sent.id);
    expect(events.map((e) => e.type)).toEqual(['client.merged']);
    const changes = events[0]!.changes as {
      table: string;
      op: string;
      key: string;
      groups: string[];
    }[];
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: 'clients', op: 'put', key: survivorId }),
        expect.objectContaining({ table: 'clients', op: 'delete', key: mergedId }),
        expect.objectContaining({ table: 'clientComments', op: 'put', key: commentId }),
        expect.objectContaining({ table: 'clientMerges', op: 'put', key: mergedId }),
        expect.objectContaining({
          table: 'chats',
          op: 'put',
          key: mergedChat.id,
          groups: expect.arrayContaining(['chats:all', `client:${survivorId}`]),
        }),
        ...mergedContacts.map((key): unknown =>
          expect.objectContaining({ table: 'clientContacts', op: 'put', key }),
        ),
      ]),
    );

    const clients = await synced(suite, sup, 'clients');
    expect(clients.has(mergedId)).toBe(false);
    expect(clients.get(survivorId)).toMatchObject({ name: 'Anna Petrova' });
    expect((await synced(suite, sup, 'clientMerges')).get(mergedId)).toMatchObject({ survivorId });
    expect((await synced(suite, sup, 'chats')).get(mergedChat.id)).toMatchObject({
      clientId: survivorId,
    });
  });

  it('keeps the merged id as an alias: commands naming it, and the customer’s next message, reach the survivor', async () => {
    const { db } = suite.server.database;
    const { survivorId, mergedId, mergedExternal } = await twoCustomers();
    expectOk(await run(suite, suite.supervisor, 'client.merge', { survivorId, mergedId }));

    // A command an offline browser queued before the merge.
    expectOk(
      await run(suite, suite.operator, 'client.addTag', { clientId: mergedId, tag: 'late' }),
    );
    expect((await clientById(suite, survivorId))?.tags).toContain('late');

    const clientsBefore = await db.select({ id: t.clients.id }).from(t.clients);
    expectOk(
      await customerWrites(
        suite.server,
        suite.ids.org.id,
        suite.ids.channel.id,
        mergedExternal,
        'Me again',
      ),
    );
    // It joins the survivor's open chat in that channel (the newest: the one moved from the
    // merged profile), never a chat of a new client.
    const [landed] = await db
      .select({ chat: t.chats })
      .from(t.messages)
      .innerJoin(t.chats, eq(t.chats.id, t.messages.chatId))
      .where(eq(t.messages.text, 'Me again'));
    expect(landed?.chat.clientId).toBe(survivorId);
    expect(await db.select({ id: t.clients.id }).from(t.clients)).toHaveLength(
      clientsBefore.length,
    );

    // A staff member starting a chat with the profile as it was: it opens on the survivor.
    await db
      .update(t.chats)
      .set({ status: 'closed', closedAt: new Date() })
      .where(eq(t.chats.clientId, survivorId));
    const chatId = newId();
    expectOk(
      await run(suite, suite.supervisor, 'chat.create', {
        chatId,
        clientId: mergedId,
        channelId: suite.ids.channel.id,
        text: 'We merged your profiles',
      }),
    );
    const [created] = await db.select().from(t.chats).where(eq(t.chats.id, chatId));
    expect(created?.clientId).toBe(survivorId);
  });

  it('re-points earlier merges when their survivor is merged in turn', async () => {
    const { db } = suite.server.database;
    const first = await newClient(suite, suite.supervisor);
    const second = await newClient(suite, suite.supervisor);
    const third = await newClient(suite, suite.supervisor);
    expectOk(
      await run(suite, suite.supervisor, 'client.merge', { survivorId: second, mergedId: first }),
    );
    expectOk(
      await run(suite, suite.supervisor, 'client.merge', { survivorId: third, mergedId: second }),
    );
    const merges = await db
      .select()
      .from(t.clientMerges)
      .where(inArray(t.clientMerges.id, [first, second]));
    expect(merges.map((m) => m.survivorId)).toEqual([third, third]);
    expectOk(await run(suite, suite.operator, 'client.addTag', { clientId: first, tag: 'oldest' }));
    expect((await clientById(suite, third))?.tags).toEqual(['oldest']);
  });

  it('refuses merging a profile into itself and a client of another organization; a merge done already writes nothing', async () => {
    const a = await newClient(suite, suite.supervisor);
    const b = await newClient(suite, suite.supervisor);
    expect(
      (await refusal(suite, suite.supervisor, 'client.merge', { survivorId: a, mergedId: a })).name,
    ).toBe('MERGE_INTO_ITSELF');
    for (const [survivorId, mergedId] of [
      [a, otherClientId],
      [otherClientId, a],
      [a, newId()],
    ])
      expect(
        (await refusal(suite, suite.supervisor, 'client.merge', { survivorId, mergedId })).name,
      ).toBe('CLIENT_NOT_FOUND');
    expectOk(await run(suite, suite.supervisor, 'client.merge', { survivorId: a, mergedId: b }));
    const again = command('client.merge', { survivorId: a, mergedId: b });
    expectOk((await sendCommands(suite.server, suite.supervisor, [again]))[0]!);
    expect(await eventsOf(suite, again.id)).toEqual([]);
  });
});
